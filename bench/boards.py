"""What a board costs the server on each bot move: building its figure and turning it into
the chart's JSON, for the positions of seeded games.

    .venv/bin/python -m bench.boards --games 3

Each position of a game is a new view, so every figure is built afresh (the boards' caches
only help when the same position is drawn again). Per game: milliseconds per figure to build
it (``figure(view, interactive=True, previous=...)``), then what ``st.plotly_chart`` does
with it (``to_dict`` and ``plotly.io.to_json``), and the size of that JSON. A benchmark,
not a test: wall-clock figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import time

import plotly.io

from engine.core.registry import games


def boards() -> dict:
    """Each registered game's engine and board module (``boards/<game>.py``), by game id."""
    return {g.INFO.id: (g, importlib.import_module(f"boards.{g.INFO.id}")) for g in games()}


def positions(game, seed: int, limit: int = 200):
    """(view, previous view) of the seat to move at each position of a random seeded game."""
    rng = random.Random(seed)
    state = game.new_game(seed, game.INFO.default_players)
    before = None
    for _ in range(limit):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        view = game.view(state, seat)
        yield view, (game.view(before, seat) if before is not None else None)
        before = state
        state = game.apply(state, rng.choice(game.legal_actions(state)))


def measure(game, board, seeds) -> tuple[float, float, int, int]:
    cases = [p for seed in seeds for p in positions(game, seed)]
    figures = []
    start = time.perf_counter()
    for view, previous in cases:
        figures.append(board.figure(view, interactive=True, previous=previous))
    build = (time.perf_counter() - start) / len(cases)
    start = time.perf_counter()
    sizes = [len(plotly.io.to_json(fig.to_dict(), validate=False)) for fig in figures]
    send = (time.perf_counter() - start) / len(cases)
    return build, send, int(statistics.median(sizes)), len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=3, help="seeded games per board")
    args = parser.parse_args()
    found = boards()
    for game, board in found.values():  # the first figures pay Plotly's imports: not counted
        measure(game, board, [10_000])
    print(f"{'board':<16} {'build':>9} {'to JSON':>9} {'JSON':>9} {'figures':>8}")
    for game_id, (game, board) in found.items():
        build, send, size, n = measure(game, board, range(1, args.games + 1))
        print(f"{game_id:<16} {build * 1000:>6.2f} ms {send * 1000:>6.2f} ms {size / 1000:>6.1f} kB {n:>8}")
    print(f"load average (1 min): {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
