"""Pebbles' teaching facts for the Lab (``engine.core.facts``): who won, and how long it took."""

from __future__ import annotations

from engine.core.facts import Facts
from engine.core.loop import PlayedGame

from .rules import outcome

LABELS = {"first_seat_won": "Won by the first seat", "moves": "Moves played"}


def measure(played: PlayedGame) -> dict[str, float]:
    """Whether the first seat took the last pebble, and the moves played."""
    return {"first_seat_won": float(outcome(played.state).winner == 0), "moves": float(len(played.actions))}


FACTS = Facts(
    LABELS, measure, (("Moves per game won by the first seat", "moves", "first_seat_won", "points"),)
)
