"""Score distribution of solo Tanuki Matsuri players on the default sheet.

    .venv/bin/python bench/tanuki_matsuri_scores.py --games 1000 --player random
    .venv/bin/python bench/tanuki_matsuri_scores.py --games 1000 --player greedy
    .venv/bin/python bench/tanuki_matsuri_scores.py --games 200 --player hint --rollouts 24

Game ``i`` uses seed ``i`` (so players are compared on the same dice) and is played by
``engine.core.play_game``: the bot decides from its view, with the loop's seeded generator.
The hint player runs a fixed number of rollouts per choice. Runs on ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.tanuki_matsuri as tm  # noqa: E402
from engine.core import fresh_seed, play_game  # noqa: E402


def _bot(player: str, rollouts: int):
    if player != "hint":
        return tm.bots()[player]

    def hint_player(view, rng):
        return tm.hint(view, seed=fresh_seed(rng), rollouts=rollouts).best

    return hint_player


def play_one(args: tuple) -> tuple[int, int, int, str, float, int]:
    """Play game ``seed`` solo; return (seed, score, turns, ending, seconds deciding, decisions)."""
    seed, player, rollouts = args
    bot = _bot(player, rollouts)
    think = [0.0]

    def timed(view, rng):
        t0 = time.perf_counter()
        action = bot(view, rng)
        think[0] += time.perf_counter() - t0
        return action

    played = play_game(tm, [timed], seed, players=1)
    s = played.state
    ending = "+".join(what for _, what in s.end_by)
    return seed, tm.score(s, 0).total, s.turn + 1, ending, think[0], len(played.actions)


def pct(xs: list[int], p: float) -> float:
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--player", choices=["random", "greedy", "hint"], default="greedy")
    ap.add_argument("--rollouts", type=int, default=24, help="hint: rollouts per choice")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args(argv)
    jobs = [(a.first_seed + i, a.player, a.rollouts) for i in range(a.games)]
    t0 = time.perf_counter()
    with Pool(a.workers) as pool:
        rows = pool.map(play_one, jobs, chunksize=1 if a.player == "hint" else 20)
    wall = time.perf_counter() - t0
    scores = [r[1] for r in rows]
    turns = [r[2] for r in rows]
    torii = sum("torii" in r[3] for r in rows)
    decisions_time = sum(r[4] for r in rows)
    decisions = sum(r[5] for r in rows)
    out = {
        "player": a.player,
        "games": len(rows),
        "mean": statistics.mean(scores),
        "median": statistics.median(scores),
        "p10": pct(scores, 0.1),
        "p90": pct(scores, 0.9),
        "stdev": statistics.pstdev(scores),
        "turns_p10_p90": (pct(turns, 0.1), pct(turns, 0.9)),
        "torii_endings": torii / len(rows),
        "wall_s": wall,
        "think_s_per_game": decisions_time / len(rows),
        "think_ms_per_decision": 1000 * decisions_time / max(decisions, 1),
    }
    label = a.player + (f" ({a.rollouts} rollouts per choice)" if a.player == "hint" else "")
    print(
        f"{label}: {out['games']} games, mean {out['mean']:.1f}, median {out['median']:.1f}, "
        f"p10 {out['p10']:.1f}, p90 {out['p90']:.1f}, stdev {out['stdev']:.1f}; "
        f"turns p10-p90 {out['turns_p10_p90'][0]:.0f}-{out['turns_p10_p90'][1]:.0f}; "
        f"last torii ends {100 * out['torii_endings']:.0f}% of games; "
        f"{out['think_ms_per_decision']:.2f} ms per decision; wall {wall:.1f}s on {a.workers} workers"
    )
    return out


if __name__ == "__main__":
    main()
