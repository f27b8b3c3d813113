"""Actions: small frozen values with a readable ``str`` and a short token for saves and clicks.

Cells are integer ``(x, y)`` pairs and may be negative (the layout spreads on a plane).

>>> str(Peek((2, 1))), str(Move((0, 0), (-1, 2))), str(Reveal()), str(Place(1, (3, 3))), str(Declare())
('Peek at (2, 1)', 'Move (0, 0) to (-1, 2)', 'Reveal a hint', 'Place revealed hint 2 on (3, 3)', 'Declare the Yokai appeased')
>>> [encode_action(a) for a in (Peek((2, 1)), Move((0, 0), (-1, 2)), Reveal(), Place(1, (3, 3)), Declare())]
['p2,1', 'm0,0>-1,2', 'r', 'h1@3,3', 'd']
>>> decode_action("m0,0>-1,2")
Move(src=(0, 0), dst=(-1, 2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.quote import quote_thing

Cell = tuple[int, int]
MAX_COORD = 999


def _whole(value: object, lo: int, hi: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def _check_cell(action: object, field: str) -> None:
    cell = getattr(action, field)
    if not (
        isinstance(cell, tuple) and len(cell) == 2 and all(_whole(v, -MAX_COORD, MAX_COORD) for v in cell)
    ):
        raise IllegalAction(
            f"{type(action).__name__}: {field} must be a cell (x, y) of whole numbers, not {cell!r}"
        )


def cell_text(cell: Cell) -> str:
    """A cell as players read it: ``(2, -1)``."""
    return f"({cell[0]}, {cell[1]})"


@dataclass(frozen=True)
class Peek:
    """Look secretly at the card on ``cell``."""

    cell: Cell

    def __post_init__(self) -> None:
        _check_cell(self, "cell")

    def __str__(self) -> str:
        return f"Peek at {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move the card on ``src`` to the empty cell ``dst``.

    (Slots: thousands are kept, shared, in ``fast``'s rows, and every legal-move list touches
    some 150 of them; without a ``__dict__`` each is smaller. 300 games: 0.5% fewer
    instructions, and about 4% less time in six alternating ``bench.protocol_speed`` pairs at
    load 5, within the noise.)"""

    src: Cell
    dst: Cell

    def __post_init__(self) -> None:
        _check_cell(self, "src")
        _check_cell(self, "dst")

    def __str__(self) -> str:
        return f"Move {cell_text(self.src)} to {cell_text(self.dst)}"


@dataclass(frozen=True)
class Reveal:
    """Turn up the top hint card of the deck."""

    def __str__(self) -> str:
        return "Reveal a hint"


@dataclass(frozen=True)
class Place:
    """Place revealed hint number ``hint`` (an index into the revealed hints, from 0) on the
    card at ``cell``."""

    hint: int
    cell: Cell

    def __post_init__(self) -> None:
        if not _whole(self.hint, 0, 13):
            raise IllegalAction(
                f"Place: hint must be a revealed hint's index from 0 to 13, not {self.hint!r}"
            )
        _check_cell(self, "cell")

    def __str__(self) -> str:
        return f"Place revealed hint {self.hint + 1} on {cell_text(self.cell)}"


@dataclass(frozen=True)
class Declare:
    """Instead of playing the turn, declare that every Yokai is appeased (the game ends)."""

    def __str__(self) -> str:
        return "Declare the Yokai appeased"


Action = Peek | Move | Reveal | Place | Declare
ACTION_TYPES = (Peek, Move, Reveal, Place, Declare)
_REVEAL = Reveal()
_DECLARE = Declare()


class _Shared(dict):
    """One shared action per key, made (and checked) on first use, so that a legal-action
    list is a run of dict lookups rather than of dataclass constructions."""

    __slots__ = ("make",)

    def __init__(self, make) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key):
        found = self[key] = self.make(key)
        return found


def _trusted_move(key: tuple[Cell, Cell]) -> Move:
    """A ``Move`` of cells the engine made itself (decoded tokens, the layout's own cells),
    built without re-running the checks: Yokai's one write into a frozen object (a ``Move``
    has slots, so no dict for ``engine.core.made``), listed in ``test_frozen_writes``. Each
    shared move is made once, but a spreading layout keeps meeting new ones (5,301 over the
    9,371 steps of ``bench.steps yokai 300``): made by the checked ``Move(src, dst)`` instead,
    a step costs 165.5k instructions instead of 157.5k (callgrind), 5% more."""
    new = object.__new__(Move)
    object.__setattr__(new, "src", key[0])
    object.__setattr__(new, "dst", key[1])
    return new


_MOVES = _Shared(_trusted_move)
PEEKS = _Shared(Peek)
"""``PEEKS[cell]``: the shared ``Peek(cell)`` (``map(PEEKS.__getitem__, cells)`` for many)."""
PLACES = tuple(_Shared(lambda cell, i=i: Place(i, cell)) for i in range(14))
"""``PLACES[i][cell]``: the shared ``Place(i, cell)``."""


def move(src: Cell, dst: Cell) -> Move:
    """The (shared) ``Move`` of ``src`` to ``dst``: cells of whole numbers within ``MAX_COORD``
    (unchecked; ``Move(src, dst)`` checks)."""
    return _MOVES[src, dst]


def peek(cell: Cell) -> Peek:
    """The (shared) ``Peek`` of ``cell``."""
    return PEEKS[cell]


def _xy(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def encode_action(action: Action) -> str:
    """A short token: ``p2,1`` (peek), ``m0,0>-1,2`` (move), ``r`` (reveal), ``h1@3,3``
    (place revealed hint 1), ``d`` (declare)."""
    kind = type(action)
    if kind is Peek:
        return f"p{_xy(action.cell)}"
    if kind is Move:
        return f"m{_xy(action.src)}>{_xy(action.dst)}"
    if kind is Reveal:
        return "r"
    if kind is Place:
        return f"h{action.hint}@{_xy(action.cell)}"
    if kind is Declare:
        return "d"
    raise IllegalAction(f"{quote_thing(action)} is not a Yokai move")


# ASCII digits only (``\d`` would take "١" too): a token has one spelling
_N = r"(0|-?[1-9][0-9]{0,2})"
_TOKEN = re.compile(rf"p{_N},{_N}|m{_N},{_N}>{_N},{_N}|(r)|h(1[0-3]|[0-9])@{_N},{_N}|(d)")


def decode_action(token: object) -> Action:
    """The action of a token; ``IllegalAction`` (a ``ValueError``) for anything else."""
    m = _TOKEN.fullmatch(token) if isinstance(token, str) else None
    if m is None:
        raise IllegalAction(f"{quote_thing(token)} is not a Yokai move")
    g = m.groups()
    if g[0] is not None:
        return peek((int(g[0]), int(g[1])))
    if g[2] is not None:
        return move((int(g[2]), int(g[3])), (int(g[4]), int(g[5])))
    if g[6] is not None:
        return _REVEAL
    if g[7] is not None:
        return PLACES[int(g[7])][int(g[8]), int(g[9])]
    return _DECLARE
