"""Fan & Mallet random playouts per second through the public protocol.

.venv/bin/python bench/fan_mallet_playouts.py --games 2000
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.fan_mallet as fm  # noqa: E402
from engine.core import playout, rng_for  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description="Fan & Mallet random playouts per second")
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    start = time.perf_counter()
    moves = 0
    for seed in range(args.games):
        end = playout(fm, fm.new_game(seed), rng_for(seed, "playout"))
        moves += len(end.log)
    seconds = time.perf_counter() - start
    print(
        f"{args.games} random games in {seconds:.2f} s: {args.games / seconds:,.0f} games/s, "
        f"{moves / seconds:,.0f} moves/s, {moves / args.games:.1f} moves/game"
    )


if __name__ == "__main__":
    main()
