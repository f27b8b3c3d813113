"""The Lab's pool against one process: games a second of the same plan played in-process and
on ``lab.executor.ProcessPool``, in the Lab's chunks (``chunk_size``) and in chunks four
times larger, each pool's start-up included as a teacher waits for it; then the pool's
start-up alone (the first pool of a process and a later one).

    .venv/bin/python -m bench.lab_pool                       # the default plans
    .venv/bin/python -m bench.lab_pool --game fan_mallet --bot random --games 20000

The default plans are two-seat games of the first registered game two can play (Fan &
Mallet), one plan a bot, its bots in the order the game lists them (weakest first: random,
greedy, lookahead) with ``GAMES`` games each. The three are timed one after the other,
``--rounds`` times, and each keeps its best round (other work on the machine only slows a run
down); the load average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.registry import games as registered  # noqa: E402
from lab.executor import InProcess, ProcessPool, chunk_size  # noqa: E402
from lab.plan import Plan  # noqa: E402

GAMES = (4_000, 1_000, 16)
"""Games of the default plans' bots in turn: fewer for the slower (a bot past these: 16)."""


def default_plans() -> list[tuple[str, str, int]]:
    """(game, bot, games) of the first two-seat game's bots, in its order."""
    game = next(g for g in registered() if 2 in g.INFO.players)
    return [(game.INFO.id, bot, GAMES[min(n, len(GAMES) - 1)]) for n, bot in enumerate(game.bots())]


def rate(plan: Plan, executor, chunk: int) -> float:
    """Games a second of ``plan`` on ``executor`` in chunks of ``chunk`` games (wall-clock)."""
    start = time.perf_counter()
    with executor:
        done = sum(len(batch) for batch in executor.batches(plan, chunk))
    return done / (time.perf_counter() - start)


def start_up() -> float:
    """Seconds from a new pool to its first one-game chunk back."""
    start = time.perf_counter()
    with ProcessPool() as pool:
        game, bot, _ = default_plans()[0]
        next(iter(pool.batches(Plan(game, 2, (bot, bot), 1, 1), 1)))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game")
    parser.add_argument("--bot")
    parser.add_argument("--games", type=int)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    plans = [(args.game, args.bot, args.games)] if args.game else default_plans()
    workers = ProcessPool().workers
    print(f"load average at the start {os.getloadavg()[0]:.2f}; pool of {workers}; best of {args.rounds}")
    first, later = start_up(), min(start_up() for _ in range(3))
    print(f"pool start-up: {first:.2f} s the first, {later:.2f} s a later one (best of 3)")
    print(f"{'plan':<32} {'1 process':>10} {'pool, Lab chunks':>22} {'pool, 4x chunks':>22}")
    for game_id, bot, games in plans:
        plan = Plan(game_id, 2, (bot, bot), games, 1)
        small = chunk_size(plan)
        large = 4 * small
        best = [0.0, 0.0, 0.0]
        for _ in range(args.rounds):
            for n, (executor, chunk) in enumerate(
                ((InProcess(), small), (ProcessPool(), small), (ProcessPool(), large))
            ):
                best[n] = max(best[n], rate(plan, executor, chunk))
        name = f"{game_id} {bot} ×{games:,}"
        cells = [f"{best[0]:,.1f}/s"] + [
            f"{best[n]:,.1f}/s ({chunk}/chunk)" for n, chunk in ((1, small), (2, large))
        ]
        print(f"{name:<32} {cells[0]:>10} {cells[1]:>22} {cells[2]:>22}", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
