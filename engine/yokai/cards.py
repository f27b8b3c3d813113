"""The cards: four Yokai families of four cards, the 14 hint cards and each game's hint deck.

>>> FAMILIES[0], FAMILY_COLOURS["kappa"], len(HINT_CARDS)
('kitsune', 'green', 14)
>>> [len(hint_deck_kinds(n)) for n in (2, 3, 4)], hint_deck_kinds(3)
([3, 3, 3], (2, 4, 3))
>>> hint_name(frozenset({"oni", "kappa"}))
'kappa/oni'
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from engine.core.quote import quote_thing

FAMILIES = ("kitsune", "kappa", "rokurokubi", "oni")
FAMILY_COLOURS = {"kitsune": "red", "kappa": "green", "rokurokubi": "purple", "oni": "blue"}
CARDS_PER_FAMILY = 4
CARDS = 16
START_CELLS = tuple((i % 4, i // 4) for i in range(CARDS))
"""Card ``i`` starts at ``START_CELLS[i]``: the 4×4 grid, row by row."""

HINT_CARDS: tuple[frozenset, ...] = tuple(
    frozenset(combo) for size in (1, 2, 3) for combo in combinations(FAMILIES, size)
)
"""The 14 hint cards by id: 4 one-colour (0..3), 6 two-colour (4..9), 4 three-colour (10..13)."""
HINT_IDS = {hint: i for i, hint in enumerate(HINT_CARDS)}
KIND_IDS = tuple(tuple(i for i, h in enumerate(HINT_CARDS) if len(h) == size) for size in (1, 2, 3))
_DECK_KINDS = {2: (2, 3, 2), 3: (2, 4, 3), 4: (3, 4, 3)}


def hint_deck_kinds(players: int) -> tuple[int, int, int]:
    """How many one-, two- and three-colour hints the deck of a ``players`` game holds."""
    if isinstance(players, bool) or players not in _DECK_KINDS:
        raise ValueError(f"Yokai is played by 2 to 4 players, not {quote_thing(players)}")
    return _DECK_KINDS[players]


def kind_of(hint_id: int) -> int:
    """0, 1 or 2: the hint card's number of families minus one."""
    return len(HINT_CARDS[hint_id]) - 1


def a_family(family: str) -> str:
    """A family's name with its article: ``"an oni"``, ``"a kappa"``."""
    return ("an " if family[:1] in "aeiou" else "a ") + family


def hint_name(hint: frozenset) -> str:
    """A hint card in words: its families in the game's order, joined by '/'."""
    if not isinstance(hint, frozenset | set) or hint not in HINT_IDS:
        raise ValueError(
            f"A hint card is a set of 1 to 3 families among {', '.join(FAMILIES)}, not {quote_thing(hint)}"
        )
    return "/".join(f for f in FAMILIES if f in hint)


def parse_hint(value: object) -> int:
    """The hint id of a list of families (a scenario's hint card); ``ValueError`` otherwise."""
    if not isinstance(value, list | tuple | frozenset | set) or not all(isinstance(f, str) for f in value):
        raise ValueError(f"A hint card is a list of 1 to 3 families, not {value!r}")
    hint = frozenset(value)
    if len(hint) != len(value) or hint not in HINT_IDS:
        raise ValueError(
            f"A hint card names 1 to 3 different families among {', '.join(FAMILIES)}: {value!r}"
        )
    return HINT_IDS[hint]


@dataclass(frozen=True)
class YokaiCard:
    """One Yokai card as a seat sees it: ``id`` (0..15, stable for the game), ``family``
    (None where the seat has never seen it), ``hint`` (None or the hint's families) and
    ``peeked`` (looked at by the seat to move this turn)."""

    id: int
    family: str | None
    hint: frozenset | None = None
    peeked: bool = False
