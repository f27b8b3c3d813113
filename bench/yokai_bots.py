"""Yokai: how the partner-bot team does, by player count, over seeded games.

    .venv/bin/python bench/yokai_bots.py --games 1000

Game ``i`` of a player count uses seed ``i``; every seat is the partner bot, deciding from its
view only (``engine.core.play_game``). Prints the win rate, the average score of the wins, the
tiers of the wins, how games ended and the average number of turns.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.yokai as yk  # noqa: E402
from engine.core import play_game  # noqa: E402

TIERS = ("Honourable", "Glorious", "Legendary")


def run(players: int, games: int) -> str:
    partner = yk.bots()["partner"]
    wins, scores, turns, decisions = 0, [], 0, 0
    tiers: Counter = Counter()
    endings: Counter = Counter()
    start = time.process_time()
    for seed in range(games):
        played = play_game(yk, [partner] * players, seed, players=players)
        end = played.state
        decisions += len(played.actions)
        turns += end.turn + 1
        endings[end.termination.name.lower()] += 1
        points = yk.score(end)
        if points is not None:
            wins += 1
            scores.append(points)
            tiers[yk.tier(points)] += 1
    seconds = time.process_time() - start
    mean = sum(scores) / len(scores) if scores else float("nan")
    tier_text = ", ".join(f"{t} {tiers[t] / games:.1%}" for t in TIERS)
    end_text = ", ".join(f"{k} {v}" for k, v in sorted(endings.items()))
    return (
        f"{players} players, {games} games: win rate {wins / games:.1%}, average score of a win {mean:.2f}; "
        f"tiers (share of all games): {tier_text}; ended by {end_text}; "
        f"{turns / games:.1f} turns a game; {seconds / decisions * 1e3:.3f} ms CPU per decision and step"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Yokai partner-bot team results by player count")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    for players in args.players:
        print(run(players, args.games), flush=True)


if __name__ == "__main__":
    main()
