"""Yokai Carnival bot tournaments: greedy vs random and lookahead vs greedy per player count.

    .venv/bin/python -m bench.yokai_carnival_bots --games 1000 --look-games 100 --samples 8 --workers 2

In a game of a pairing one seat (rotated: seat ``i % players`` in game ``i``) is the stronger
bot and every other seat the weaker one, so the stronger bot's fair share is 1/players. Game
``i`` uses seed ``i``. Games are played by ``engine.core.play_game`` (bots see their views
only); the lookahead's budget is its samples, so the same options give the same results on
any machine. Also printed: turns, General Summons and Strikes per game, and the win rate of
each seat when every seat is greedy.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.yokai_carnival as yc  # noqa: E402
from engine.core import play_game  # noqa: E402
from engine.yokai_carnival.bots import make_lookahead  # noqa: E402


def _bot(name: str, samples: int, turns: int | None):
    if name == "lookahead":
        return make_lookahead(samples=samples, turns=turns)
    return yc.bots()[name]


def play_one(job: tuple) -> tuple:
    """One seeded game: (seat of the stronger bot, winner, turns, Generals, Strikes, seconds)."""
    strong, weak, players, seed, samples, turns = job
    seat = seed % players
    names = [weak] * players
    names[seat] = strong
    start = time.perf_counter()
    played = play_game(yc, [_bot(n, samples, turns) for n in names], seed, players=players)
    s = played.state
    return seat, yc.outcome(s).winner, s.turn, s.summons, s.strikes, time.perf_counter() - start


def run(pool, strong: str, weak: str, players: int, games: int, samples: int, turns: int | None) -> None:
    start = time.perf_counter()
    jobs = [(strong, weak, players, seed, samples, turns) for seed in range(games)]
    results = pool.map(play_one, jobs, chunksize=max(1, min(16, games // 8)))
    wins = sum(1 for seat, winner, *_ in results if seat == winner)
    rate = wins / games
    half = 1.96 * (rate * (1 - rate) / games) ** 0.5
    per_seat = [0] * players
    for _, winner, *_ in results:
        per_seat[winner] += 1
    turns_ = sum(r[2] for r in results) / games
    gens = sum(r[3] for r in results) / games
    strikes = sum(r[4] for r in results) / games
    think = sum(r[5] for r in results) / games
    print(
        f"{players}p {strong:>9} vs {weak:<7}: {strong} wins {wins}/{games} = {rate:.1%} (±{half:.1%}; "
        f"fair share {1 / players:.0%}); winner's seat {per_seat}; {turns_:.1f} turns, {gens:.2f} Generals, "
        f"{strikes:.2f} Strikes per game; {think:.2f} s/game; {time.perf_counter() - start:.0f} s wall",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games per player count, greedy vs random")
    parser.add_argument(
        "--look-games", type=int, default=40, help="games per player count, lookahead vs greedy"
    )
    parser.add_argument("--samples", type=int, default=8, help="lookahead determinizations per decision")
    parser.add_argument("--turns", type=int, default=None, help="lookahead rollout turns (default: its own)")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, e.g. 2,3")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    print(
        f"greedy vs random: {args.games} games per player count; lookahead vs greedy: {args.look_games} "
        f"games, samples={args.samples}, turns={args.turns or 'default'}; {args.workers} workers"
    )
    with Pool(args.workers) as pool:
        for pairing in (("greedy", "greedy"), ("greedy", "random")):
            for players in counts if args.games else ():
                run(pool, *pairing, players, args.games, args.samples, args.turns)
        if args.look_games:
            for players in counts:
                run(pool, "lookahead", "greedy", players, args.look_games, args.samples, args.turns)


if __name__ == "__main__":
    main()
