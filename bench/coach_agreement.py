"""How often the Coach's verdict (good or costly) agrees with a much stronger judge.

    nice -n 10 .venv/bin/python -m bench.coach_agreement --positions 200 --workers 2 \
        --judge-worlds 2048 --judge-min 512 --judge-stop 3 --rows fm.jsonl fan_mallet
    nice -n 10 .venv/bin/python -m bench.coach_agreement --positions 200 --workers 2 \
        tanuki_matsuri yokai_carnival yokai
    nice -n 10 .venv/bin/python -m bench.coach_agreement --positions 20 yokai
    .venv/bin/python -m bench.coach_agreement --from-rows fm.jsonl

Fan & Mallet's judge plays up to 2,048 worlds: one card changes who wins in about 40% of its
sampled worlds, so the paired differences swing by about 4 markers and 128 worlds leave the
judge's own standard error near 0.35 marker, close to the costly threshold (0.5). It starts with
512 worlds and adds 256 at a time until both judges keep the threshold outside 3 of their
standard errors (``--judge-stop``), or the cap.

The games are the registered ones (or those named), each at two seats (or the fewest it
allows). Positions come from seeded games (game ``i`` uses seed ``first + i``) between the
game's strongest bot in seat 1 and its rule-of-thumb bot (the search's rollout bot) in every
other seat (a cooperative game, Yokai: a team of rule-of-thumb bots, ``partner``); one
position is drawn from each game among the decisions with two moves or more (Yokai's
declares with the families apart: ``bench.yokai_declares``). The move judged there is a
random legal move or the rule-of-thumb bot's choice, one or the other at even odds, so both
good and costly moves come up.

The coach's verdict is :func:`engine.core.coach.assess` exactly as a click gives it. The
judge is the search bot at ``--judge-playouts`` times its default budget choosing its best
move from the same view, then that move and the judged one played out in ``--judge-worlds``
sampled worlds (the same seed, so the coach's worlds come first), with the same measure and
threshold, and no early stop unless ``--judge-stop`` asks for it: costly when its best is ahead
by more than the threshold. A game whose playouts are slow declares fewer first worlds
for the coach (its ``COACHING.samples`` below the default ``SAMPLES``, Yokai 16 of 32); its
judge's playouts, worlds and first worlds are cut in the same proportion. The
*best-of* judge also plays the coach's own suggestion in those worlds and takes the better
of the two (a judge that the coach's bot cannot outplay). Printed per game: agreement with
each judge (with a 95% Wilson interval), the judged-costly share, the confusion counts, the
coach's mean samples, the agreement of the first count alone (no added worlds), and the
agreement where the judge itself is clear (its own 2 standard errors keep off the threshold:
with 128 worlds the judge is noisy too, near the threshold).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import play_game  # noqa: E402
from engine.core.coach import (  # noqa: E402
    SAMPLES,
    _legal,
    _paired,
    _play_out,
    _rollout_bot,
    assess,
    coach_bot,
    measure_of,
    samples_for,
)
from engine.core.protocol import Game  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402
from engine.core.registry import games as registered  # noqa: E402
from engine.core.rng import fresh_seed, rng_for  # noqa: E402
from engine.core.search import is_cooperative, search_bot, settings_for  # noqa: E402


def seats(game: Game) -> int:
    """The seats of the bench's games: two, or the fewest the game allows above one."""
    return next((n for n in game.INFO.players if n >= 2), game.INFO.players.start)


def share(count: int, game: Game) -> int:
    """``count`` cut in the proportion of the game's first worlds to the default (at least 1)."""
    return max(1, count * samples_for(game) // SAMPLES)


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def position(gid: str, seed: int):
    """(view, move) of game ``seed``: a drawn decision of a bot game and the move judged there."""
    g = game_of(gid)
    bots = g.bots()
    strong, rule = coach_bot(g), _rollout_bot(g)
    players = seats(g)
    lineup = [rule] * players if is_cooperative(g) else [strong] + [rule] * (players - 1)
    history = []
    play_game(g, lineup, seed, players=players, on_move=lambda before, a, after: history.append(before))
    rng = rng_for(seed, "coach-bench")
    choices = [s for s in history if len(g.legal_actions(s)) > 1]
    state = rng.choice(choices)
    seat = g.current_player(state)
    view = g.view(state, seat)
    legal = g.legal_actions(view)
    move = rng.choice(legal) if rng.random() < 0.5 else rule(view, random.Random(fresh_seed(rng)))
    del bots
    return g, view, move, fresh_seed(rng)


def judged(played: list, best: list, same: bool, costly: float) -> tuple[bool, bool]:
    """The judge's verdict (good?), by the coach's own rule on the judge's worlds (no early
    stop), and whether it is clear: the threshold outside 2 standard errors of its gain."""
    if same:
        return True, True
    diffs = [b.value - a.value for a, b in zip(played, best, strict=True)]
    n = len(diffs)
    gain = sum(diffs) / n
    stderr = (sum((d - gain) ** 2 for d in diffs) / max(1, n - 1) / n) ** 0.5
    if all(r.ends == 1 and not r.won for r in played) and not all(r.ends == 1 for r in best):
        return gain < 0, True  # a certain loss against a line that plays on
    return gain <= costly, abs(gain - costly) > 2 * stderr


def judge_one(args: tuple) -> dict:
    gid, seed, judge_playouts, judge_worlds, judge_min, judge_stop = args
    g, view, move, coach_seed = position(gid, seed)
    start, cpu = time.perf_counter(), time.process_time()
    coach = assess(g, view, move, seed=coach_seed)
    coach_s, coach_cpu = time.perf_counter() - start, time.process_time() - cpu
    first = assess(g, view, move, seed=coach_seed, grow=1)
    # the judge: the search's best at a large budget, the coach's own choice, and the judged
    # move, all played in the same worlds (the coach's seed: its worlds come first)
    rng = random.Random(coach_seed)
    bot_rng = random.Random(fresh_seed(rng))
    players = len(g.outcome(g.determinize(view, 1)).scores)
    budget = settings_for(g, players).playouts * judge_playouts
    legal = g.legal_actions(view)
    searched = _legal(legal, search_bot(g, playouts=budget)(view, random.Random(fresh_seed(bot_rng))), g)
    own = coach.suggestion.action
    moves = list(dict.fromkeys([coach.played.action, searched, own]))
    measure = measure_of(g)
    results = [[] for _ in moves]
    seat, tried = g.current_player(view), 0
    while tried < judge_worlds:  # up to the cap, or until both judges are sure (judge_stop)
        count = min(judge_min if tried == 0 else JUDGE_BATCH, judge_worlds - tried)
        _play_out(g, view, moves, seat, count, rng, measure, results)
        tried += count
        if _sure(g, moves, results, coach.played.action, searched, own, measure.costly, judge_stop):
            break
    rows = dict(zip(moves, results, strict=True))
    played = rows[coach.played.action]
    judge, clear = judged(played, rows[searched], searched == coach.played.action, measure.costly)
    mean = {m: sum(r.value for r in rows[m]) / len(played) for m in moves}
    top = max((searched, own), key=lambda m: mean[m])
    best, best_clear = judged(played, rows[top], top == coach.played.action, measure.costly)
    return {
        "coach": coach.good,
        "first": first.good,
        "judge": judge,
        "best": best,
        "judge_clear": clear,
        "best_clear": best_clear,
        "samples": coach.samples,
        "seconds": coach_s,
        "cpu": coach_cpu,
        "same": coach.same,
        "gain": coach.gain,
        "stderr": coach.stderr,
        "judge_gain": _gain(played, rows[searched]),
        "best_gain": _gain(played, rows[top]),
        "judge_worlds": len(played),
    }


JUDGE_BATCH = 256
"""Worlds the judge adds at a time past its first ``--judge-min``."""


def _sure(g, moves, results, played, searched, own, costly: float, stop: float) -> bool:
    """Both judges (the search's move, and the better of it and the coach's own) keep the
    threshold outside ``stop`` standard errors of their gain (0: never sure, play the cap)."""
    if not stop:
        return False
    rows = dict(zip(moves, results, strict=True))
    n = len(rows[played])
    mean = {m: sum(r.value for r in rows[m]) / n for m in moves}
    top = max((searched, own), key=lambda m: mean[m])
    for other in {searched, top}:
        if other == played:
            continue
        gain, stderr = _gain(rows[played], rows[other])
        if abs(gain - costly) <= stop * stderr:
            return False
    return True


def _gain(played: list, other: list) -> tuple[float, float]:
    """The judge's gain of ``other`` over ``played`` and its standard error, over its worlds."""
    return _paired([b.value - a.value for a, b in zip(played, other, strict=True)])


def report(gid: str, rows: list[dict]) -> None:
    n = len(rows)
    print(
        f"{gid}: {n} positions, coach samples mean {sum(r['samples'] for r in rows) / n:.0f}, "
        f"click {1000 * sum(r['seconds'] for r in rows) / n:.0f} ms mean wall, "
        f"{1000 * sorted(r['cpu'] for r in rows)[n // 2]:.0f} ms median CPU, "
        f"{1000 * max(r['cpu'] for r in rows):.0f} ms most CPU; "
        f"judge worlds mean {sum(r.get('judge_worlds', 0) for r in rows) / n:.0f}"
    )
    for judge in ("judge", "best"):
        agree = sum(r["coach"] == r[judge] for r in rows)
        low, high = wilson(agree, n)
        costly = sum(not r[judge] for r in rows)
        both_costly = sum(not r["coach"] and not r[judge] for r in rows)
        coach_only = sum(not r["coach"] and r[judge] for r in rows)
        judge_only = sum(r["coach"] and not r[judge] for r in rows)
        own = sum(r["coach"] and not r[judge] and r["same"] for r in rows)
        first = sum(r["first"] == r[judge] for r in rows)
        sure = [r for r in rows if r[f"{judge}_clear"]]
        sure_agree = sum(r["coach"] == r[judge] for r in sure)
        sure_low, sure_high = wilson(sure_agree, len(sure))
        name = "search judge" if judge == "judge" else "best-of judge"
        print(
            f"  {name:13}: agree {agree}/{n} = {agree / n:.1%} [{low:.1%}, {high:.1%}]; judged costly {costly}; "
            f"both costly {both_costly}, coach only {coach_only}, judge only {judge_only} "
            f"({own} the coach's own choice); "
            f"first count alone {first / n:.1%}; where the judge is clear (threshold outside its 2 "
            f"standard errors): {sure_agree}/{len(sure)} = {sure_agree / max(1, len(sure)):.1%} "
            f"[{sure_low:.1%}, {sure_high:.1%}]"
        )
    sys.stdout.flush()


class _InProcess:
    """``pool.map`` in this process (one worker)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def map(self, fn, jobs):
        return map(fn, jobs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[g.INFO.id for g in registered()])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--judge-playouts", type=int, default=4, help="times the search's default budget")
    parser.add_argument("--judge-worlds", type=int, default=128, help="the judge's worlds, at most")
    parser.add_argument(
        "--judge-min", type=int, help="the judge's first worlds (default: all of --judge-worlds)"
    )
    parser.add_argument(
        "--judge-stop",
        type=float,
        default=0.0,
        help="past --judge-min, stop adding worlds once both judges keep the threshold outside "
        "this many standard errors (0: never)",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rows", help="also write every position's figures to this file (JSON lines)")
    parser.add_argument(
        "--from-rows", help="print the figures of a --rows file (a run still going, or done) and stop"
    )
    args = parser.parse_args()
    if args.from_rows:
        kept: dict[str, list[dict]] = {}
        for line in Path(args.from_rows).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            kept.setdefault(row["game"], []).append(row)
        for gid, rows in kept.items():
            report(gid, rows)
        return
    print(
        f"coach: first {', '.join(f'{g} {samples_for(game_of(g))}' for g in args.games)} worlds; "
        f"judge: search x{args.judge_playouts} playouts, {args.judge_worlds} worlds"
        + (f" at most, from {args.judge_min}, sure at {args.judge_stop:g} stderr" if args.judge_stop else "")
    )
    for gid in args.games:
        g = game_of(gid)
        worlds = share(args.judge_worlds, g)
        least = worlds if args.judge_min is None else share(min(worlds, args.judge_min), g)
        playouts = share(args.judge_playouts, g)
        jobs = [
            (gid, args.first + i, playouts, worlds, least, args.judge_stop) for i in range(args.positions)
        ]
        start = time.perf_counter()
        rows = []
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else _InProcess() as pool:
            for job, row in zip(jobs, pool.map(judge_one, jobs), strict=True):
                rows.append(row)
                if args.rows:  # as they come, so a long run can be read while it goes
                    with open(args.rows, "a", encoding="utf-8") as out:
                        out.write(json.dumps({"game": gid, "seed": job[1], **row}) + "\n")
        report(gid, rows)
        print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
