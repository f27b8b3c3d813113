"""How long one search-bot decision takes at its default budget, per game and player count.

    .venv/bin/python -m bench.search_time                      # every game and player count
    .venv/bin/python -m bench.search_time yokai_carnival:2 tanuki_matsuri:1 --games 2

Positions: the start and the quarter, half and three-quarter marks of ``--games`` seeded games
played by the random bot. Prints the median and slowest decision in wall-clock time and in
CPU time of this process (on a shared machine the wall clock also counts other work).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import play_game, rng_for  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402
from engine.core.registry import games  # noqa: E402
from engine.core.search import search_bot, settings_for  # noqa: E402


def positions(game, players: int, games_played: int) -> list:
    out = []
    for seed in range(games_played):
        played = play_game(game, [game.bots()["random"]] * players, seed, players=players)
        state, states = game.new_game(seed, players), []
        for action in played.actions:
            states.append(state)
            state = game.apply(state, action)
        out += [states[len(states) * k // 4] for k in range(4)]
    return out


def measure(game, players: int, games_played: int) -> str:
    bot = search_bot(game)
    walls, cpus = [], []
    for i, state in enumerate(positions(game, players, games_played)):
        view = game.view(state, game.current_player(state))
        wall, cpu = time.perf_counter(), time.process_time()
        bot(view, rng_for(i, "search time"))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    budget = settings_for(game, players).playouts
    return (
        f"{game.INFO.title} {players}p ({budget} playouts, {len(walls)} positions): "
        f"wall median {statistics.median(walls) * 1e3:.0f} ms, max {max(walls) * 1e3:.0f} ms; "
        f"CPU median {statistics.median(cpus) * 1e3:.0f} ms, max {max(cpus) * 1e3:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Search-bot decision time at the default budget")
    parser.add_argument("--games", type=int, default=3, help="seeded games to take positions from")
    parser.add_argument("lineups", nargs="*", help="game:players (default: every game and count)")
    args = parser.parse_args()
    if args.lineups:
        lineups = [(game_of(g), int(n)) for g, n in (item.split(":") for item in args.lineups)]
    else:
        lineups = [(g, n) for g in games() for n in g.INFO.players]
    for game, players in lineups:
        print(measure(game, players, args.games), flush=True)


if __name__ == "__main__":
    main()
