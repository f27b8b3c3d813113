"""Yokai's teaching facts for the Lab (``engine.core.facts``): ``placed_hints``,
``revealed_hints``, ``hint_deck_size`` and the score steps (their total names the tier)."""

from __future__ import annotations

from engine.core.facts import Facts
from engine.core.loop import PlayedGame

from .info import Ending
from .rules import hint_deck_size, placed_hints, revealed_hints
from .scoring import outcome

LABELS = {
    "won": "Games won (every family grouped)",
    "declared": "Ended by declaring the Yokai appeased",
    "hints_placed": "Hints used (placed on a card)",
    "hints_revealed_unplaced": "Hints revealed but not placed",
    "hints_never_revealed": "Hints never revealed",
    "tier_honourable": "Honourable victory (score up to 10)",
    "tier_glorious": "Glorious victory (score 11 to 14)",
    "tier_legendary": "Legendary victory (score 15 or more)",
}


def measure(played: PlayedGame) -> dict[str, float]:
    """Won or not, declared or not, hints used or left, and the victory's tier."""
    state = played.state
    result = outcome(state)
    won = any(step.kind == "verdict" and step.value == "won" for step in result.steps)
    tier = next((step.subject for step in result.steps if step.kind == "total"), None) if won else None
    return {
        "won": float(won),
        "declared": float(result.termination is Ending.DECLARED),
        "hints_placed": float(len(placed_hints(state))),
        "hints_revealed_unplaced": float(len(revealed_hints(state))),
        "hints_never_revealed": float(hint_deck_size(state)),
        "tier_honourable": float(tier == "Honourable"),
        "tier_glorious": float(tier == "Glorious"),
        "tier_legendary": float(tier == "Legendary"),
    }


FACTS = Facts(LABELS, measure, team_win="won")
