"""Yokai Carnival's teaching facts for the Lab (``engine.core.facts``).

A Strike is always a choice (``Strike()`` or ``NoStrike()``), so the ``Strike`` actions count
them; a General only leaves Summon Waiting by a General Summon, so the Generals no longer in
the General Yama or Summon Waiting count those (a lone waiting General is summoned by the
rules, without an action).
"""

from __future__ import annotations

from engine.core.facts import Facts
from engine.core.loop import PlayedGame

from .actions import Strike
from .rules import general_yama_size, new_game, summon_waiting
from .scoring import outcome

LABELS = {"strikes": "Strikes", "general_summons": "General Summons"}


def measure(played: PlayedGame) -> dict[str, float]:
    """Strikes made and General Summons called."""
    start = new_game(played.seed, len(outcome(played.state).scores))
    generals = general_yama_size(start) + len(summon_waiting(start))
    left = general_yama_size(played.state) + len(summon_waiting(played.state))
    return {
        "strikes": float(sum(1 for action in played.actions if isinstance(action, Strike))),
        "general_summons": float(generals - left),
    }


FACTS = Facts(LABELS, measure)
