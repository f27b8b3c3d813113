"""The bench table: per game, random playouts per second in one process and on the pool, a
protocol step against a Kuhn poker step, and the search bot's decision time — one run.

    make bench                # or: .venv/bin/python -m bench.table --games 200 --decisions 5

Columns (every game at its default player count):

- playouts/s, 1 process: random games from ``new_game`` to the end through the public
  protocol (``legal_actions`` + a random choice + ``apply``, ``bench.protocol_speed``);
- playouts/s, pool: the same kind of games spread over a pool like the Lab's
  (``lab.executor``: forkserver, one worker a core), once the workers are up. Both playout
  rates are wall-clock, so on a machine shared with other work they show what the cores
  you get can do, and their ratio is the pool's real gain;
- µs a step and ×Kuhn: the one-process step time (CPU time) against OpenSpiel's Python Kuhn poker step
  timed in the same run (``bench.kuhn``; the line-by-line port stands in when ``pyspiel``
  does not import, and the header says so);
- search decision: the median CPU time of ``engine.core.search.search_bot(game)`` deciding
  at its default budget, for the seat to move along random games (several positions a game).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_step  # noqa: E402
from bench.protocol_speed import step_seconds  # noqa: E402
from engine.core import Game, bot_decision, rng_for  # noqa: E402
from engine.core.registry import game as registry_game  # noqa: E402
from engine.core.registry import games  # noqa: E402
from lab.executor import default_workers, pool_context  # noqa: E402


def random_playouts(game_id: str, seeds: range) -> int:
    """Steps of random games seeded ``seeds`` (what a pool worker runs; module-level to pickle)."""
    game = registry_game(game_id)
    players = game.INFO.default_players
    steps = 0
    for seed in seeds:
        state = game.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return steps


def pool_rate(pool: ProcessPoolExecutor, workers: int, game: Game, count: int) -> float:
    """Random playouts a second over the pool's ``workers`` (wall-clock)."""
    part = max(1, count // (4 * workers))
    parts = [range(start, min(start + part, count)) for start in range(0, count, part)]
    start = time.perf_counter()
    list(pool.map(random_playouts, [game.INFO.id] * len(parts), parts))
    return count / (time.perf_counter() - start)


def search_decision(game: Game, decisions: int) -> float:
    """Median CPU seconds of a default-budget search decision, at the first ``decisions``
    positions where the seat to move has a choice, along random games (seeds 0, 1, …)."""
    from engine.core.search import search_bot

    bot = search_bot(game)
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        state = game.new_game(seed, game.INFO.default_players)
        rng = rng_for(seed, "bench", "search")
        move = 0
        while not game.is_over(state) and len(times) < decisions:
            legal = game.legal_actions(state)
            if len(legal) > 1 and move % 7 == 3:  # spread the positions over the game
                start = time.process_time()
                bot_decision(game, state, bot, seed, move)
                times.append(time.process_time() - start)
            state = game.apply(state, rng.choice(legal))
            move += 1
        seed += 1
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="random games a game in one process")
    parser.add_argument(
        "--pool-games",
        type=int,
        default=4_000,
        help="random games a game on the pool (enough to outweigh dispatch)",
    )
    parser.add_argument("--decisions", type=int, default=5, help="search decisions timed a game")
    parser.add_argument("--kuhn-games", type=int, default=20_000)
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()

    chosen = [game for game in games() if not args.only or game.INFO.id == args.only]
    workers = default_workers()
    kuhn, real = kuhn_step(args.kuhn_games)
    reference = "OpenSpiel python_kuhn_poker" if real else "Kuhn port (pyspiel missing: not OpenSpiel's)"
    rows = []
    with ProcessPoolExecutor(workers, mp_context=pool_context()) as pool:
        list(pool.map(random_playouts, [g.INFO.id for g in chosen], [range(1)] * len(chosen)))  # warm up
        for game in chosen:
            start = time.perf_counter()
            step, length = step_seconds(game, args.games)
            one = args.games / (time.perf_counter() - start)
            rows.append(
                (
                    game.INFO.title,
                    one,
                    pool_rate(pool, workers, game, args.pool_games),
                    step * 1e6,
                    step / kuhn,
                    length,
                    search_decision(game, args.decisions) * 1e3,
                )
            )

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Bench, one run: {reference} {kuhn * 1e6:.2f} µs a step; pool of {workers} worker(s); "
        f"{args.games} (pool {args.pool_games}) random games and {args.decisions} search decisions a game; "
        f"load average {load:.1f} (above {workers} other work shares the cores and the wall-clock rates drop)"
    )
    header = ("Game", "playouts/s 1 proc", f"playouts/s pool ({workers})", "µs a step", "× Kuhn step")
    header += ("steps a game", "search ms (median)")
    print(f"{header[0]:<16} " + " ".join(f"{h:>{max(len(h), 10)}}" for h in header[1:]))
    for title, one, pool_rate_, micro, ratio, length, search_ms in rows:
        values = (f"{one:,.0f}", f"{pool_rate_:,.0f}", f"{micro:.2f}", f"{ratio:.2f}x", f"{length:.1f}")
        values += (f"{search_ms:,.0f}",)
        print(
            f"{title:<16} "
            + " ".join(f"{v:>{max(len(h), 10)}}" for h, v in zip(header[1:], values, strict=True))
        )


if __name__ == "__main__":
    main()
