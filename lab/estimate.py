"""How long a game takes, roughly: moves a game times the seats' cost of a decision.

Measured on one core of the development machine (``play_many`` of a few seeded games per
bot and player count); the executor choice, the chunk size and the page's "about N s" use
it, never a result. A bot without a measurement counts as a slow one, so a run of it goes
to the pool rather than blocking the page.

>>> round(game_seconds("fan_mallet", 2, ("random", "random")), 4)
0.0016
>>> game_seconds("tanuki_matsuri", 4, ("hint",) * 4) > 20
True
"""

from __future__ import annotations

from collections.abc import Sequence

# game -> (moves a game = a + b * players, {bot: decision ms = a + b * players})
COSTS: dict[str, tuple[tuple[float, float], dict[str, tuple[float, float]]]] = {
    "fan_mallet": (
        (58.0, 0.0),
        {"random": (0.027, 0.0), "greedy": (0.09, 0.0), "lookahead": (16.5, 0.0), "search": (245.0, 0.0)},
    ),
    "tanuki_matsuri": (
        (0.0, 50.0),
        {"random": (0.06, 0.0), "greedy": (0.07, 0.0), "hint": (7.3, 35.7), "search": (160.0, 16.0)},
    ),
    "yokai_carnival": (
        (30.0, 12.5),
        {"random": (0.08, 0.0), "greedy": (0.1, 0.0), "lookahead": (14.0, 9.0), "search": (165.0, 13.0)},
    ),
    "yokai": ((34.0, 6.5), {"random": (0.08, 0.0), "partner": (0.18, 0.0), "search": (360.0, 0.0)}),
}
UNKNOWN_GAME = ((60.0, 10.0), {})
UNKNOWN_BOT_MS = 20.0


def game_seconds(game_id: str, players: int, seats: Sequence[str]) -> float:
    """Estimated CPU seconds of one game of ``game_id`` with these seats' bots."""
    (moves_a, moves_b), bots = COSTS.get(game_id, UNKNOWN_GAME)
    moves = moves_a + moves_b * players
    if not seats:
        return moves * UNKNOWN_BOT_MS / 1000
    costs = [bots.get(bot, (UNKNOWN_BOT_MS, 0.0)) for bot in seats]
    decision_ms = sum(a + b * players for a, b in costs) / len(costs)
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
