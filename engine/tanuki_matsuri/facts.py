"""Tanuki Matsuri's teaching facts for the Lab (``engine.core.facts``): the log events
(``LogEvent.lost`` marks an effect that could not be applied) and ``outcome.termination``
(which end condition fired)."""

from __future__ import annotations

from engine.core.facts import Facts
from engine.core.loop import PlayedGame

from .info import Ending
from .scoring import outcome

LABELS = {
    "effects_lost": "Effects lost (nothing left to circle), all players",
    "effects_lost_per_player": "Effects lost per player",
    "end_last_torii": "Ended: the last torii was circled",
    "end_last_flower": "Ended: the last flower was circled",
    "end_last_torii_and_flower": "Ended: the last torii and the last flower together",
}


def measure(played: PlayedGame) -> dict[str, float]:
    """Effects lost (in all, per player) and which end condition fired."""
    state = played.state
    lost = sum(1 for event in state.log if event.lost)  # the game's log, as the page shows it
    result = outcome(state)
    end = result.termination
    return {
        "effects_lost": float(lost),
        "effects_lost_per_player": lost / len(result.scores),
        "end_last_torii": float(end is Ending.LAST_TORII),
        "end_last_flower": float(end is Ending.LAST_FLOWER),
        "end_last_torii_and_flower": float(end is Ending.LAST_TORII_AND_FLOWER),
    }


FACTS = Facts(LABELS, measure)
