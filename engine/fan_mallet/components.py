"""Fan & Mallet's components: colours, factions, followers (spirit objects and kid ghosts), houses.

Inside the engine a follower is a card id 0..59 (white 0..29, black 30..59); the public API
speaks in :class:`Follower` and :class:`House` values.

>>> parse_follower("b:blue:kid")
Follower(faction='black', colour='blue', kind='kid', power=1)
>>> str(parse_follower("w:red:3")), str(parse_follower("b:blue:kid"))
('white red 3', 'black blue kid (bucket)')
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import IllegalAction
from engine.core.quote import quote_thing

COLOURS = ("red", "blue", "green", "yellow", "purple", "brown")
FACTIONS = ("white", "black")
KID_NAMES = {
    "red": "umbrella",
    "blue": "bucket",
    "green": "mirror",
    "yellow": "mortar",
    "purple": "cauldron",
    "brown": "hatchet",
}
_FACTION_CODES = {"w": "white", "b": "black", "white": "white", "black": "black"}


@dataclass(frozen=True)
class Follower:
    """A follower card: a spirit object (power 1..4) or a kid ghost (base power 1)."""

    faction: str
    colour: str
    kind: str = "spirit"
    power: int = 1

    def __post_init__(self) -> None:
        if self.faction not in FACTIONS:
            raise ValueError(f"A faction is white or black, not {self.faction!r}")
        if self.colour not in COLOURS:
            raise ValueError(f"A colour is one of {', '.join(COLOURS)}, not {self.colour!r}")
        if self.kind == "kid":
            if self.power != 1:
                raise ValueError("A kid ghost's base power is 1")
        elif self.kind != "spirit" or self.power not in (1, 2, 3, 4):
            raise ValueError(f"A follower is a spirit object of power 1..4 or a kid ghost, not {self.kind!r}")

    @property
    def ability(self) -> str | None:
        """The kid ghost's ability name (``"umbrella"`` …), None for a spirit object."""
        return KID_NAMES[self.colour] if self.kind == "kid" else None

    @property
    def code(self) -> str:
        """The short save code: ``"w:red:3"`` or ``"b:blue:kid"``."""
        return f"{self.faction[0]}:{self.colour}:{'kid' if self.kind == 'kid' else self.power}"

    def label(self) -> str:
        """Colour and power or ability without the faction: ``"green 4"``, ``"blue kid (bucket)"``."""
        if self.kind == "kid":
            return f"{self.colour} kid ({self.ability})"
        return f"{self.colour} {self.power}"

    def __str__(self) -> str:
        return f"{self.faction} {self.label()}"


@dataclass(frozen=True)
class House:
    """A house card: the colour of its origin spirit object and the faction it obeys.

    >>> str(House(colour="red", faction="white"))
    'red house (white)'
    """

    colour: str
    faction: str

    def __post_init__(self) -> None:
        if self.faction not in FACTIONS:
            raise ValueError(f"A faction is white or black, not {self.faction!r}")
        if self.colour not in COLOURS:
            raise ValueError(f"A colour is one of {', '.join(COLOURS)}, not {self.colour!r}")

    @property
    def code(self) -> str:
        """The short save code: ``"w:red"``."""
        return f"{self.faction[0]}:{self.colour}"

    def __str__(self) -> str:
        return f"{self.colour} house ({self.faction})"


def _all_followers() -> tuple[Follower, ...]:
    cards = []
    for faction in FACTIONS:
        for colour in COLOURS:
            cards += [Follower(faction, colour, "spirit", p) for p in (1, 2, 3, 4)]
            cards.append(Follower(faction, colour, "kid", 1))
    return tuple(cards)


FOLLOWERS: tuple[Follower, ...] = _all_followers()
"""All 60 followers; a follower's index here is its card id."""
FOLLOWER_ID: dict[Follower, int] = {f: i for i, f in enumerate(FOLLOWERS)}
HOUSES: tuple[House, ...] = tuple(House(c, f) for f in FACTIONS for c in COLOURS)
DECK_IDS: dict[str, tuple[int, ...]] = {"white": tuple(range(30)), "black": tuple(range(30, 60))}

# Per-card-id tables for the fast paths.
SEAT_OF = tuple(FACTIONS.index(f.faction) for f in FOLLOWERS)
COLOUR_BIT = tuple(1 << COLOURS.index(f.colour) for f in FOLLOWERS)
IS_KID = tuple(f.kind == "kid" for f in FOLLOWERS)
POWER = tuple(f.power for f in FOLLOWERS)
ABILITY = tuple(f.ability for f in FOLLOWERS)
HOUSE_BIT = {h: 1 << COLOURS.index(h.colour) for h in HOUSES}
FULL_MASK = (1 << len(COLOURS)) - 1
MARKERS = 7
"""Possession markers a faction has: the first to place them all wins."""


def parse_follower(value: Follower | str) -> Follower:
    """A follower from ``"w:red:3"`` / ``"b:blue:kid"`` (``white``/``black`` also accepted).

    >>> parse_follower("white:green:4").code
    'w:green:4'
    """
    if isinstance(value, Follower):
        return value
    if not isinstance(value, str):
        raise ValueError(f"A follower is written like 'w:red:3' or 'b:blue:kid', not {value!r}")
    parts = value.strip().lower().split(":")
    if len(parts) != 3 or parts[0] not in _FACTION_CODES:
        raise ValueError(f"A follower is written like 'w:red:3' or 'b:blue:kid', not {value!r}")
    faction, colour, rest = _FACTION_CODES[parts[0]], parts[1], parts[2]
    if rest == "kid":
        return FOLLOWERS[FOLLOWER_ID[Follower(faction, colour, "kid", 1)]]
    if rest not in ("1", "2", "3", "4"):
        raise ValueError(f"A spirit object's power is 1 to 4, not {rest!r} (in {value!r})")
    return FOLLOWERS[FOLLOWER_ID[Follower(faction, colour, "spirit", int(rest))]]


def parse_house(value: House | str) -> House:
    """A house from ``"w:red"`` (``white:red`` also accepted) or a :class:`House`.

    >>> parse_house("b:blue")
    House(colour='blue', faction='black')
    """
    if isinstance(value, House):
        return value
    parts = value.strip().lower().split(":") if isinstance(value, str) else []
    if len(parts) != 2 or parts[0] not in _FACTION_CODES:
        raise ValueError(f"A house is written like 'w:red' (faction:colour), not {value!r}")
    return House(colour=parts[1], faction=_FACTION_CODES[parts[0]])


def card_id(value: Follower | str) -> int:
    """The card id (0..59) of a follower."""
    return FOLLOWER_ID[parse_follower(value)]


@dataclass(frozen=True)
class Inhabit:
    """The only action: play this follower from hand (it goes where :func:`placement_preview` says).

    >>> str(Inhabit(parse_follower("b:blue:3")))
    'Play black blue 3'
    """

    follower: Follower

    def __str__(self) -> str:
        return f"Play {self.follower}"


INHABIT: tuple[Inhabit, ...] = tuple(Inhabit(f) for f in FOLLOWERS)
_BY_CODE: dict[str, Inhabit] = {a.follower.code: a for a in INHABIT}


def encode_action(action: Inhabit) -> str:
    """The action's token, its follower code: saves, board clicks and button keys use it.

    >>> encode_action(Inhabit(parse_follower("b:blue:kid")))
    'b:blue:kid'
    """
    if not isinstance(action, Inhabit) or action.follower not in FOLLOWER_ID:
        raise IllegalAction(
            f"{quote_thing(action)} is not a Fan & Mallet action (play a follower from your hand)"
        )
    return action.follower.code


def decode_action(text: object) -> Inhabit:
    """The action of a follower code token (``"w:red:3"``, ``"b:blue:kid"``); anything else
    raises :class:`~engine.core.IllegalAction`.

    >>> decode_action("w:red:3")
    Inhabit(follower=Follower(faction='white', colour='red', kind='spirit', power=3))
    >>> decode_action("w:red:5")
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: 'w:red:5' is not a Fan & Mallet move (a follower code like 'w:red:3' or 'b:blue:kid')
    """
    action = _BY_CODE.get(text) if isinstance(text, str) else None
    if action is None:
        raise IllegalAction(
            f"{text!r} is not a Fan & Mallet move (a follower code like 'w:red:3' or 'b:blue:kid')"
        )
    return action
