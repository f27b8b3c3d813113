"""Set-up values ``new_game`` accepts, one example per keyword (the conformance suite checks
that each survives saves and share links and plays on identically)."""

from __future__ import annotations

import copy

from .cards import DEFAULT_DECK


def _edited_deck() -> dict:
    """The default deck as a teacher might edit it to match a printed one: renamed cards."""
    deck = copy.deepcopy(DEFAULT_DECK)
    deck["name"] = "Our printed deck"
    deck["yokai"][0]["name"] = "Wanyudo (printed)"
    deck["generals"][0]["name"] = "Nurarihyon (printed)"
    return deck


SETUP_EXAMPLES: tuple[tuple[int, dict], ...] = (
    (2, {"yama": ["tengu", "nue", "kitsune", "umibozu"]}),
    (3, {"generals": ["daitengu", "otakemaru", "nurarihyon"]}),
    (2, {"deck": _edited_deck()}),
    (
        2,
        {
            "position": {"lines": [[], []], "hands": [["umibozu", "nue", "nue"], ["tengu"]], "to_move": 0},
            "yama": ["kitsune", "tengu", "wanyudo"],
        },
    ),
)
"""``(players, setup)`` pairs: the Yama's top, the General Yama's top, an edited deck, and a
position with cards placed."""
