"""Actions: small frozen values with a readable ``str`` and a short JSON token for saves.

Columns are numbered 1..5 like the dice (1 watermelon … 5 strawberry); lines are 0-based
indices shown as letters. Fields are checked on construction: a near miss such as
``TakeDie(True)`` or ``TakeDie(3.0)`` raises ``IllegalAction`` (a ``ValueError``).

>>> str(TakeDie(3)), str(ChooseLine(2, 3)), str(ChooseTanuki(2)), str(CrossTanuki(4))
('Take die 3', 'Circle banana on line C', 'Tanuki bonus → column 2 (pineapple)', 'Cross out a tanuki in column 4 (fig)')
>>> decode_action(encode_action(ChooseLine(2, 3)))
ChooseLine(line=2, column=3)
>>> TakeDie(True)
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: TakeDie: value must be a whole number from 1 to 6, not True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.quote import quote_thing

from .sheet import FRUITS, MAX_LINES, line_label


def _whole(action: object, field: str, lo: int, hi: int) -> None:
    value = getattr(action, field)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        name = type(action).__name__
        raise IllegalAction(f"{name}: {field} must be a whole number from {lo} to {hi}, not {value!r}")


@dataclass(frozen=True)
class TakeDie:
    """Take the die showing ``value``; ``flower`` is set when no open die can be used, so the
    die is taken only to circle a flower."""

    value: int
    flower: bool = False

    def __post_init__(self) -> None:
        _whole(self, "value", 1, 6)
        if not isinstance(self.flower, bool):
            raise IllegalAction(f"TakeDie: flower must be True or False, not {self.flower!r}")

    def __str__(self) -> str:
        if self.flower:
            return f"Take die {self.value} (no die can be used: circle a flower)"
        return f"Take die {self.value}"


@dataclass(frozen=True)
class ChooseLine:
    """Circle the next fruit of ``column`` (1..5) on ``line`` (0-based)."""

    line: int
    column: int

    def __post_init__(self) -> None:
        _whole(self, "line", 0, MAX_LINES - 1)
        _whole(self, "column", 1, 5)

    def __str__(self) -> str:
        return f"Circle {FRUITS[self.column - 1]} on line {line_label(self.line)}"


@dataclass(frozen=True)
class ChooseTanuki:
    """Tanuki bonus: circle a tanuki in ``column`` (1..5)."""

    column: int

    def __post_init__(self) -> None:
        _whole(self, "column", 1, 5)

    def __str__(self) -> str:
        return f"Tanuki bonus → column {self.column} ({FRUITS[self.column - 1]})"


@dataclass(frozen=True)
class CrossTanuki:
    """Tanuki penalty: cross out a circled tanuki in ``column`` (1..5)."""

    column: int

    def __post_init__(self) -> None:
        _whole(self, "column", 1, 5)

    def __str__(self) -> str:
        return f"Cross out a tanuki in column {self.column} ({FRUITS[self.column - 1]})"


Action = TakeDie | ChooseLine | ChooseTanuki | CrossTanuki
ACTION_TYPES = (TakeDie, ChooseLine, ChooseTanuki, CrossTanuki)

# Every action made once: the rules' options are built from these (index: die value, or
# column then line, or column, all as the rules number them).
TAKE = (None, *(TakeDie(v) for v in range(1, 7)))
TAKE_FOR_FLOWER = (None, *(TakeDie(v, True) for v in range(1, 7)))
LINE_CHOICES = tuple(tuple(ChooseLine(line, c + 1) for line in range(MAX_LINES)) for c in range(5))
TANUKI_CHOICES = tuple(ChooseTanuki(c + 1) for c in range(5))
CROSS_CHOICES = tuple(CrossTanuki(c + 1) for c in range(5))


def encode_action(action: Action) -> str:
    """A short token: ``"d3"``, ``"d3f"`` (for a flower), ``"C3"`` (line C, column 3),
    ``"t2"`` (tanuki bonus), ``"x4"`` (penalty)."""
    if isinstance(action, TakeDie):
        return f"d{action.value}{'f' if action.flower else ''}"
    if isinstance(action, ChooseLine):
        return f"{line_label(action.line)}{action.column}"
    if isinstance(action, ChooseTanuki):
        return f"t{action.column}"
    if isinstance(action, CrossTanuki):
        return f"x{action.column}"
    raise IllegalAction(f"{quote_thing(action)} is not a Tanuki Matsuri move")


_TOKEN = re.compile(r"(?:d([1-6])(f?)|([A-Z])([1-5])|t([1-5])|x([1-5]))")


def decode_action(token: object) -> Action:
    """The action of a token; ``IllegalAction`` (a ``ValueError``) for anything else."""
    m = _TOKEN.fullmatch(token) if isinstance(token, str) else None
    if m is None:
        raise IllegalAction(f"{quote_thing(token)} is not a Tanuki Matsuri move")
    if m.group(1):
        return TakeDie(int(m.group(1)), bool(m.group(2)))
    if m.group(3):
        return ChooseLine(ord(m.group(3)) - ord("A"), int(m.group(4)))
    if m.group(5):
        return ChooseTanuki(int(m.group(5)))
    return CrossTanuki(int(m.group(6)))
