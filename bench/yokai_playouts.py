"""Yokai random playouts through the public protocol, against a Kuhn poker step.

    .venv/bin/python bench/yokai_playouts.py --games 2000

A Yokai step is ``legal_actions`` + a random choice + ``apply`` (``engine.core.playout``) on
immutable states. The reference is OpenSpiel's Python Kuhn poker
(``open_spiel/python/games/kuhn_poker.py``, ``pyspiel.load_game("python_kuhn_poker")``): a
Kuhn step (a chance deal or a bet: the chance outcomes or legal actions, a random pick,
``apply_action``) is timed in the same run. When ``pyspiel`` does not import, the state logic
ported below line for line without pyspiel stands in (it skips the pyspiel machinery, so it
is several times faster than the real thing: ``pip install open_spiel`` for the real
reference; open_spiel is deliberately not a project requirement). Both use CPU time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.yokai as yk  # noqa: E402
from bench.kuhn import kuhn_playouts, openspiel_kuhn  # noqa: E402
from engine.core import rng_for  # noqa: E402


def yokai_playouts(games: int, players: int) -> tuple[float, int, dict]:
    """CPU seconds, steps and steps by phase for ``games`` random Yokai games."""
    steps = 0
    by_phase: dict[str, list] = {}
    start = time.process_time()
    for seed in range(games):
        state = yk.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not yk.is_over(state):
            state = yk.apply(state, rng.choice(yk.legal_actions(state)))
            steps += 1
    seconds = time.process_time() - start
    # the same games again, timed by phase (a separate pass: timing every step costs time)
    for seed in range(min(games, 300)):
        state = yk.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not yk.is_over(state):
            step = yk.phase(state)
            t = time.process_time()
            state = yk.apply(state, rng.choice(yk.legal_actions(state)))
            by_phase.setdefault(step, []).append(time.process_time() - t)
    return seconds, steps, by_phase


def main() -> None:
    parser = argparse.ArgumentParser(description="Yokai random playouts vs a Kuhn poker step")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--kuhn-games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    game = openspiel_kuhn()
    k_seconds, k_steps = kuhn_playouts(args.kuhn_games, game)
    kuhn_step = k_seconds / k_steps
    y_seconds, y_steps, by_phase = yokai_playouts(args.games, args.players)
    yokai_step = y_seconds / y_steps
    if game is not None:
        print(
            'Reference: OpenSpiel\'s python Kuhn poker, the real one (pyspiel.load_game("python_kuhn_poker"))'
        )
    else:
        print(
            "Reference: pyspiel does not import, so OpenSpiel's python Kuhn poker state logic ported "
            "into this bench stands in: it skips the pyspiel machinery and runs several times faster "
            "than the real one (pip install open_spiel for the real reference)"
        )
    print(
        f"Kuhn poker: {args.kuhn_games:,} random games, {k_steps / k_seconds:,.0f} steps/s, {kuhn_step * 1e6:.2f} µs a step"
    )
    print(
        f"Yokai ({args.players} players): {args.games:,} random games in {y_seconds:.2f} s CPU: "
        f"{args.games / y_seconds:,.0f} playouts/s, {y_steps / args.games:.1f} steps a game, "
        f"{yokai_step * 1e6:.1f} µs a step = {yokai_step / kuhn_step:.1f}x a Kuhn step (target: 5x)"
    )
    for step, times in sorted(by_phase.items()):
        print(
            f"  {step:5} steps: {len(times):6} timed, {sum(times) / len(times) * 1e6:7.1f} µs each (legal_actions + apply)"
        )


if __name__ == "__main__":
    main()
