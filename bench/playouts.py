"""Random playouts per second of every game, through the public protocol.

Run: ``make bench`` (or ``.venv/bin/python -m bench.playouts --seconds 3``).
"""

from __future__ import annotations

import argparse
import random
import time

from engine.core import playout
from engine.core.registry import games, infos, is_ready


def rate(game, seconds: float) -> tuple[int, float]:
    games, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        playout(game, game.new_game(seed, game.INFO.default_players), random.Random(seed))
        games, seed = games + 1, seed + 1
    return games, games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    for info in infos():
        if not is_ready(info.id):
            print(f"{info.title:<18} in preparation")
    for game in games():
        count, per_second = rate(game, args.seconds)
        print(f"{game.INFO.title:<18} {per_second:>9.1f} random playouts/s ({count} games)")


if __name__ == "__main__":
    main()
