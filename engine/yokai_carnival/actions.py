"""Actions: small frozen values with a readable ``str`` and a short token (saves, clicks, keys).

Every action that picks a card names it by ``zone`` ("hand", "line", "discard", "revealed",
"summon_waiting"), ``seat`` (whose hand or line; None for shared zones and for
:class:`Summon`, which always plays from the mover's own hand) and ``index`` (its position in
that zone, left to right), so a board maps a click on a card to the actions that name it.
:class:`Order` lists positions in the "revealed" zone (the cards about to join a line), in
the order they are placed, leftmost first.

>>> str(Summon(1, True)), str(Pick("line", 2, 0)), str(Order((1, 0)))
('Summon hand card 2 with its ability', 'Take card 1 of line 3', 'Place in the order 2, 1')
>>> [encode_action(a) for a in (Summon(0, False), Pick("hand", 1, 2), ChooseColour("red"))]
['s0n', 'hand:1:2', 'colour:red']
>>> decode_action("line:0:3")
Pick(zone='line', seat=0, index=3)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from typing import ClassVar

from engine.core import IllegalAction
from engine.core.quote import quote_thing

from .cards import COLOURS

MAX_INDEX = 99
ZONES = ("hand", "line", "discard", "revealed", "summon_waiting")


def _whole(action: object, field: str, hi: int = MAX_INDEX) -> None:
    value = getattr(action, field)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= hi:
        raise IllegalAction(
            f"{type(action).__name__}: {field} must be a whole number from 0 to {hi}, not {value!r}"
        )


@dataclass(frozen=True)
class Summon:
    """Yokai Summon: play hand card ``index`` to your line, using its ability or not."""

    index: int
    ability: bool = True
    zone: ClassVar[str] = "hand"
    seat: ClassVar[None] = None  # always the mover's own hand

    def __post_init__(self) -> None:
        _whole(self, "index")
        if not isinstance(self.ability, bool):
            raise IllegalAction(f"Summon: ability must be True or False, not {self.ability!r}")

    def __str__(self) -> str:
        return f"Summon hand card {self.index + 1} {'with' if self.ability else 'without'} its ability"


@dataclass(frozen=True)
class Strike:
    """Strike: show the 3 same-colour hand cards and add them all to your line."""

    def __str__(self) -> str:
        return "Strike"


@dataclass(frozen=True)
class NoStrike:
    """Do not Strike now."""

    def __str__(self) -> str:
        return "No Strike"


@dataclass(frozen=True)
class Order:
    """Place the revealed cards in this order (positions in the revealed zone, leftmost first)."""

    indices: tuple[int, ...]
    zone: ClassVar[str] = "revealed"

    def __post_init__(self) -> None:
        ok = isinstance(self.indices, tuple) and 2 <= len(self.indices) <= 9
        ok = ok and all(isinstance(i, int) and not isinstance(i, bool) for i in self.indices)
        if not ok or sorted(self.indices) != list(range(len(self.indices))):
            raise IllegalAction(
                f"Order: indices must be an order of 0..n-1 (2 to 9 cards), not {self.indices!r}"
            )

    def __str__(self) -> str:
        return "Place in the order " + ", ".join(str(i + 1) for i in self.indices)


@dataclass(frozen=True)
class ChooseSeat:
    """Choose this opponent for the ability."""

    seat: int

    def __post_init__(self) -> None:
        _whole(self, "seat", 9)

    def __str__(self) -> str:
        return f"Choose player {self.seat + 1}"


@dataclass(frozen=True)
class ChooseColour:
    """Name this Yokai colour for the ability."""

    colour: str

    def __post_init__(self) -> None:
        if self.colour not in COLOURS:
            raise IllegalAction(
                f"ChooseColour: colour must be one of {', '.join(COLOURS)}, not {self.colour!r}"
            )

    def __str__(self) -> str:
        return f"Name {self.colour}"


@dataclass(frozen=True)
class ChooseGeneral:
    """General Summon: take General ``index`` of Summon Waiting."""

    index: int
    zone: ClassVar[str] = "summon_waiting"
    seat: ClassVar[None] = None

    def __post_init__(self) -> None:
        _whole(self, "index", 9)

    def __str__(self) -> str:
        return f"Summon General {self.index + 1} of Summon Waiting"


@dataclass(frozen=True)
class Pick:
    """Take one card for the ability: card ``index`` of ``zone`` (of ``seat``'s hand or line)."""

    zone: str
    seat: int | None
    index: int

    def __post_init__(self) -> None:
        if self.zone not in ("hand", "line", "discard", "revealed"):
            raise IllegalAction(f"Pick: zone must be hand, line, discard or revealed, not {self.zone!r}")
        if self.zone in ("hand", "line"):
            _whole(self, "seat", 9)
        elif self.seat is not None:
            raise IllegalAction(f"Pick: the {self.zone} belongs to no seat (seat must be None)")
        _whole(self, "index")

    def __str__(self) -> str:
        where = {"discard": "the discard pile", "revealed": "the revealed cards"}.get(self.zone)
        if where is None:
            where = f"{self.zone} {self.seat + 1}"
        return f"Take card {self.index + 1} of {where}"


@dataclass(frozen=True)
class Stop:
    """Stop an "up to N" ability early."""

    def __str__(self) -> str:
        return "Stop (take no more)"


Action = Summon | Strike | NoStrike | Order | ChooseSeat | ChooseColour | ChooseGeneral | Pick | Stop
ACTION_TYPES = (Summon, Strike, NoStrike, Order, ChooseSeat, ChooseColour, ChooseGeneral, Pick, Stop)
STRIKE, NO_STRIKE, STOP = Strike(), NoStrike(), Stop()

# One shared instance per action value: the rules build options on every move, and a shared
# action is found in the options by identity (actions are frozen, so sharing is safe).
seat_of = lru_cache(maxsize=None)(ChooseSeat)
general_of = lru_cache(maxsize=None)(ChooseGeneral)
order_of = lru_cache(maxsize=None)(Order)
COLOUR_CHOICES = {c: ChooseColour(c) for c in COLOURS}
SEATS = range(10)
LINE_PICKS = tuple(tuple(Pick("line", s, i) for i in range(MAX_INDEX + 1)) for s in SEATS)
"""``LINE_PICKS[seat][i]`` is ``Pick("line", seat, i)`` (likewise ``HAND_PICKS``)."""
HAND_PICKS = tuple(tuple(Pick("hand", s, i) for i in range(MAX_INDEX + 1)) for s in SEATS)
REVEALED_PICKS = tuple(Pick("revealed", None, i) for i in range(MAX_INDEX + 1))
DISCARD_PICKS = tuple(Pick("discard", None, i) for i in range(MAX_INDEX + 1))


@cache
def summon_options(cards: int) -> tuple[Summon, ...]:
    """The options of a Yokai Summon from a hand of ``cards`` cards, in the stable order.

    >>> summon_options(1)
    (Summon(index=0, ability=True), Summon(index=0, ability=False))
    """
    return tuple(Summon(i, ab) for i in range(cards) for ab in (True, False))


SUMMON_OPTIONS = tuple(summon_options(n) for n in range(10))
"""``SUMMON_OPTIONS[n]`` is ``summon_options(n)``."""


def firsts(hand: tuple) -> tuple[int, ...]:
    """The index of the first copy of each card in a sorted hand: equal cards are one choice.

    >>> firsts((3, 3, 5)), firsts(())
    ((0, 2), ())
    """
    return tuple(i for i in range(len(hand)) if i == 0 or hand[i - 1] != hand[i])


class _Choices(dict):
    """A sorted hand -> the options of a decision on it, one per distinct card (filled as hands
    come, bounded; looked up on every turn)."""

    def __init__(self, options) -> None:
        super().__init__()
        self.options = options

    def __missing__(self, hand: tuple) -> tuple:
        out = self.options(hand)
        if len(self) < 4096:
            self[hand] = out
        return out


SUMMON_CHOICES = _Choices(
    lambda hand: tuple(SUMMON_OPTIONS[len(hand)][2 * i + k] for i in firsts(hand) for k in (0, 1))
)
"""``SUMMON_CHOICES[hand]``: the Yokai Summon's options for that (sorted) hand: with and
without the ability, for each distinct card (two Nue are one choice: the first one's index)."""
HAND_CHOICES = tuple(_Choices(lambda hand, s=s: tuple(HAND_PICKS[s][i] for i in firsts(hand))) for s in SEATS)
"""``HAND_CHOICES[seat][hand]``: the picks of one card of that seat's (sorted) hand, one per
distinct card."""


def encode_action(action: Action) -> str:
    """The token: ``s2`` / ``s2n`` (summon with / without ability), ``strike``, ``pass``,
    ``o201`` (order), ``opp1``, ``colour:red``, ``g0``, ``line:1:4`` / ``hand:1:0`` /
    ``discard:3`` / ``revealed:0`` (pick), ``stop``."""
    if isinstance(action, Summon):
        return f"s{action.index}{'' if action.ability else 'n'}"
    if isinstance(action, Strike):
        return "strike"
    if isinstance(action, NoStrike):
        return "pass"
    if isinstance(action, Order):
        return "o" + "".join(str(i) for i in action.indices)
    if isinstance(action, ChooseSeat):
        return f"opp{action.seat}"
    if isinstance(action, ChooseColour):
        return f"colour:{action.colour}"
    if isinstance(action, ChooseGeneral):
        return f"g{action.index}"
    if isinstance(action, Pick):
        if action.seat is None:
            return f"{action.zone}:{action.index}"
        return f"{action.zone}:{action.seat}:{action.index}"
    if isinstance(action, Stop):
        return "stop"
    raise IllegalAction(f"{quote_thing(action)} is not a Yokai Carnival move")


_N = r"(0|[1-9][0-9]?)"
_TOKEN = re.compile(
    rf"s{_N}(n?)|(strike)|(pass)|o([0-8]{{2,9}})|opp([0-9])|colour:({'|'.join(COLOURS)})|g([0-9])"
    rf"|(hand|line):([0-9]):{_N}|(discard|revealed):{_N}|(stop)"
)


def decode_action(token: object) -> Action:
    """The action of a token; ``IllegalAction`` (a ``ValueError``) for anything else."""
    m = _TOKEN.fullmatch(token) if isinstance(token, str) else None
    if m is None:
        raise IllegalAction(f"{quote_thing(token)} is not a Yokai Carnival move")
    g = m.groups()
    if g[0] is not None:
        return Summon(int(g[0]), not g[1])
    if g[2]:
        return STRIKE
    if g[3]:
        return NO_STRIKE
    if g[4]:
        return Order(tuple(int(c) for c in g[4]))
    if g[5]:
        return ChooseSeat(int(g[5]))
    if g[6]:
        return ChooseColour(g[6])
    if g[7]:
        return ChooseGeneral(int(g[7]))
    if g[8]:
        return Pick(g[8], int(g[9]), int(g[10]))
    if g[11]:
        return Pick(g[11], None, int(g[12]))
    return STOP


def _fill_choices(seats: int = 5) -> None:
    """Fill :data:`SUMMON_CHOICES` and :data:`HAND_CHOICES` for every sorted hand of at most
    3 Yokai cards (and the seats of a 5-player game) when the module loads."""
    for n in range(4):
        for hand in combinations_with_replacement(range(8), n):
            SUMMON_CHOICES[hand]  # noqa: B018 (``__missing__`` fills the entry)
            for s in range(seats):
                HAND_CHOICES[s][hand]  # noqa: B018


_fill_choices()
