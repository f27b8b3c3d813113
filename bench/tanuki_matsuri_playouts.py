"""Tanuki Matsuri speed: solo random playouts/s, greedy rollouts/s, hint answer time.

    .venv/bin/python bench/tanuki_matsuri_playouts.py --games 500 --positions 10 --rollouts 64

The hint runs a fixed number of rollouts per choice (``--rollouts``), as the hint bot and
the tests do; ``--time-cap`` adds the live page's time cap.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.tanuki_matsuri as tm  # noqa: E402
from engine.core import playout  # noqa: E402
from engine.tanuki_matsuri.hint import _rollout  # noqa: E402
from engine.tanuki_matsuri.state import thaw  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--rollouts", type=int, default=64, help="hint: rollouts per choice")
    ap.add_argument("--time-cap", type=float, default=None, help="hint: seconds (the live page's cap)")
    a = ap.parse_args(argv)

    t0 = time.perf_counter()
    moves = 0
    for seed in range(a.games):
        end = playout(tm, tm.new_game(seed), random.Random(seed))
        moves += len(end.actions)
    dt = time.perf_counter() - t0
    print(f"random solo playouts (public API): {a.games / dt:.0f} games/s, {moves / dt:.0f} apply/s")

    base = thaw(tm.view(tm.new_game(1), 0))
    t0 = time.perf_counter()
    for i in range(a.games):
        _rollout(base, (), 0, i)
    dt = time.perf_counter() - t0
    print(f"greedy solo rollouts (hint's inner loop): {a.games / dt:.0f} games/s")

    times, rounds, options = [], [], []
    rng = random.Random(0)
    for i in range(a.positions):
        s = tm.new_game(1000 + i)
        for _ in range(rng.randrange(0, 30)):  # somewhere in the game
            if tm.is_over(s):
                break
            s = tm.apply(s, rng.choice(tm.legal_actions(s)))
        if tm.is_over(s):
            continue
        t0 = time.perf_counter()
        h = tm.hint(s, seed=i, rollouts=a.rollouts, time_cap_s=a.time_cap)
        times.append(time.perf_counter() - t0)
        rounds.append(h.rollouts)
        options.append(len(h.choices))
    cap = f", time cap {a.time_cap}s" if a.time_cap else ""
    print(
        f"hint ({a.rollouts} rollouts{cap}): answer mean {statistics.mean(times):.2f}s, "
        f"max {max(times):.2f}s; {statistics.mean(options):.1f} options x "
        f"{statistics.mean(rounds):.0f} rollouts on average over {len(times)} positions"
    )


if __name__ == "__main__":
    main()
