"""How long a game takes, roughly: moves a game times the seats' cost of a decision.

The cost model is each game's ``TUNING`` (``engine/<game>/tuning.py``: ``moves`` and
``decision_ms``, measured on one core of the development machine with ``play_many`` of a few
seeded games per bot and player count); the executor choice, the chunk size and the page's
"about N s" use it, never a result. A bot without a measurement counts as a slow one
(``UNKNOWN_BOT_MS``), so a run of it goes to the pool rather than blocking the page.

>>> from engine.core.registry import games
>>> first = games()[0].INFO.id
>>> game_seconds(first, 2, ("random", "random")) < game_seconds(first, 2, ("unmeasured",) * 2)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.registry import game as registry_game
from engine.core.tuning import DEFAULT_TUNING, UNKNOWN_BOT_MS, tuning_of


def game_seconds(game_id: str, players: int, seats: Sequence[str]) -> float:
    """Estimated CPU seconds of one game of ``game_id`` with these seats' bots."""
    try:
        tuning = tuning_of(registry_game(game_id))
    except KeyError:  # a game not (or no longer) registered: the defaults, like a silent game
        tuning = DEFAULT_TUNING
    moves = tuning.game_moves(players)
    if not seats:
        return moves * UNKNOWN_BOT_MS / 1000
    decision_ms = sum(tuning.bot_ms(bot, players) for bot in seats) / len(seats)
    return moves * decision_ms / 1000
