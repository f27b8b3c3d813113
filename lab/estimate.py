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


def cores_share(workers: int, cores: int, load: float) -> float:
    """The cores' worth of CPU ``workers`` busy processes get while other work keeps ``load``
    processes runnable (the load average): each runnable process gets an equal share once
    there are more of them than cores.

    >>> cores_share(1, 2, 0.0), cores_share(2, 2, 0.0), cores_share(2, 2, 2.0), cores_share(1, 2, 7.0)
    (1.0, 2.0, 1.0, 0.25)
    """
    workers, cores = max(1, workers), max(1, cores)
    return workers * min(1.0, cores / max(cores, load + workers))


def wall_seconds(work: float, workers: int, cores: int, load: float, start: float = 0.0) -> float:
    """A run's wall-clock seconds before it starts: ``work`` CPU seconds spread over ``workers``
    processes on ``cores`` shared with ``load`` other runnable processes, plus ``start``
    seconds of start-up. Rough by nature: the costs are a few measured games of each bot.

    >>> wall_seconds(100.0, 2, 2, 0.0, start=2.5), wall_seconds(100.0, 2, 2, 6.0, start=2.5)
    (52.5, 202.5)
    """
    return work / cores_share(workers, cores, load) + start


def seconds_left(total: int, done: int, work_seconds: float, workers: int) -> float | None:
    """The time left at the run's own measured pace: the seconds its workers spent a finished
    game (start-up and waiting excluded, the machine's load included), times the games left,
    over the workers playing them. None before a first game is in.

    >>> seconds_left(200, 50, 10.0, 2)  # 0.2 s a game on each of 2 workers, 150 games left
    15.0
    >>> seconds_left(200, 0, 0.0, 2) is None, seconds_left(10, 10, 3.0, 1)
    (True, 0.0)
    """
    if done <= 0 or work_seconds <= 0:
        return None
    left = max(0, total - done)
    return work_seconds / done * left / max(1, min(workers, left or 1))
