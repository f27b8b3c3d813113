"""A step of every game through the public protocol, against a Kuhn poker step.

    .venv/bin/python -m bench.protocol_speed --games 300

A step is ``legal_actions`` + a random choice + ``apply`` on immutable states, from
``new_game`` to the end (``new_game`` counted, as Kuhn's ``new_initial_state`` is). The
generic search bot plays through exactly this, so this is what must be fast. Targets (issue
#19, tighter than #11's 5x for Yokai): Fan & Mallet, Tanuki Matsuri (solo) and Yokai
Carnival at most 1x a Kuhn step, Yokai at most 3.5x. CPU time; both sides are timed in the
same run, so they share the machine's load; compare figures with the load average.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_step  # noqa: E402
from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import games  # noqa: E402

TARGET = {"fan_mallet": 1.0, "tanuki_matsuri": 1.0, "yokai_carnival": 1.0, "yokai": 3.5}


def step_seconds(game: Game, count: int, players: int | None = None) -> tuple[float, float]:
    """CPU seconds of one protocol step, and steps per game, over ``count`` seeded random games."""
    players = players or game.INFO.default_players
    steps = 0
    start = time.process_time()
    for seed in range(count):
        state = game.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return (time.process_time() - start) / steps, steps / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    kuhn, real = kuhn_step()
    print(f"Kuhn poker ({'OpenSpiel' if real else 'port, pyspiel missing'}): {kuhn * 1e6:.2f} µs a step")
    for game in games():
        if args.only and game.INFO.id != args.only:
            continue
        seconds, length = step_seconds(game, args.games)
        target = TARGET.get(game.INFO.id)
        print(
            f"{game.INFO.title:<16} {seconds * 1e6:7.2f} µs a step = {seconds / kuhn:4.2f}x Kuhn "
            f"(target {target}x), {length:.1f} steps a game, {1 / (seconds * length):,.0f} playouts/s"
        )


if __name__ == "__main__":
    main()
