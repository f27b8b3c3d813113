"""Set-up values ``new_game`` accepts, one example per keyword (the conformance suite checks
that each survives saves and share links and plays on identically)."""

from __future__ import annotations

from .components import DECK_IDS, FOLLOWERS, HOUSES


def _deck(faction: str) -> list[str]:
    return [FOLLOWERS[i].code for i in reversed(DECK_IDS[faction])]


SETUP_EXAMPLES: tuple[tuple[int, dict], ...] = (
    (2, {"houses": [h.code for h in reversed(HOUSES)]}),
    (2, {"decks": {"white": _deck("white"), "black": _deck("black")}}),
    (2, {"houses": [h.code for h in HOUSES], "decks": {"white": _deck("white"), "black": _deck("black")}}),
)
"""``(players, setup)`` pairs: the oval of houses, both decks (top first), and both at once."""
