"""Fan & Mallet bot tournaments: random, greedy and lookahead pairwise, seats alternated.

    .venv/bin/python bench/fan_mallet_bots.py --games 1000 --samples 8 --workers 2

Game ``i`` of a pairing uses seed ``i``; in even games the first bot is white, in odd games black.
Games are played by ``engine.core.play_game`` (bots see their views only); the lookahead's budget
is its samples, so the same options give the same results on any machine.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.fan_mallet as fm  # noqa: E402
from engine.core import play_game  # noqa: E402

NAMES = ("random", "greedy", "lookahead")


def _bots(samples: int, depth: int) -> dict:
    out = fm.bots()
    out["lookahead"] = fm.make_lookahead(samples=samples, depth=depth)
    return out


def play_one(job: tuple) -> tuple[str, str, int, int, float, int]:
    """Play one seeded game; returns (bot a, bot b, seed, winning bot index 0/1, seconds, moves)."""
    a, b, seed, samples, depth = job
    bots = _bots(samples, depth)
    seats = (a, b) if seed % 2 == 0 else (b, a)
    start = time.perf_counter()
    played = play_game(fm, [bots[name] for name in seats], seed)
    winner_name_index = 0 if seats[fm.outcome(played.state).winner] == a else 1
    return a, b, seed, winner_name_index, time.perf_counter() - start, len(played.actions)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per pairing (default 200)")
    parser.add_argument("--samples", type=int, default=8, help="lookahead determinizations per move")
    parser.add_argument("--depth", type=int, default=3, help="lookahead plies per determinization")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--pairs", default="all", help="comma list like greedy-random,lookahead-greedy")
    args = parser.parse_args()
    pairs = (
        list(itertools.combinations(NAMES, 2))
        if args.pairs == "all"
        else [tuple(reversed(p.split("-"))) for p in args.pairs.split(",")]  # stronger-weaker
    )
    print(
        f"{args.games} games per pairing, seats alternated; lookahead samples={args.samples} "
        f"depth={args.depth}; {args.workers} workers"
    )
    with Pool(args.workers) as pool:
        for a, b in pairs:
            start = time.perf_counter()
            jobs = [(b, a, seed, args.samples, args.depth) for seed in range(args.games)]
            results = pool.map(play_one, jobs, chunksize=4)
            wins = sum(1 for r in results if r[3] == 0)  # wins of the stronger-listed bot (b)
            moves = sum(r[5] for r in results)
            think = sum(r[4] for r in results)
            rate = wins / args.games
            half = 1.96 * (rate * (1 - rate) / args.games) ** 0.5
            print(
                f"{b:>9} vs {a:<9}: {b} wins {wins}/{args.games} = {rate:.1%} (±{half:.1%} 95%), "
                f"{think / moves * 1000:.2f} ms/move, {time.perf_counter() - start:.0f} s wall",
                flush=True,
            )


if __name__ == "__main__":
    main()
