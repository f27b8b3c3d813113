"""A step of every game through the public protocol, against a Kuhn poker step.

    .venv/bin/python -m bench.protocol_speed --games 300

A step is ``legal_actions`` + a random choice + ``apply`` on immutable states, from
``new_game`` to the end (``new_game`` counted, as Kuhn's ``new_initial_state`` is). The
generic search bot plays through exactly this, so this is what must be fast. Each game's
target is its ``TUNING.step_vs_kuhn`` (issue #19: 1x a Kuhn step, Yokai 3.5x). CPU time;
both sides are timed in the same run, in alternating rounds (a slice of Kuhn games, then a
slice of the game's seeds), so that a change in the machine's load while the bench runs
weighs on both sides alike: each game's ratio is against the Kuhn rounds timed next to it. Compare figures with the load average.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_playouts, openspiel_kuhn  # noqa: E402
from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import games  # noqa: E402
from engine.core.tuning import tuning_of  # noqa: E402

ROUNDS = 6
KUHN_GAMES = 12_000
"""Kuhn games timed next to each game (in ``ROUNDS`` slices): about as long as 300 games."""


def step_seconds(game: Game, count: int, players: int | None = None, first: int = 0) -> tuple[float, float]:
    """CPU seconds of one protocol step, and steps per game, over ``count`` seeded random games
    (seeds ``first`` on)."""
    players = players or game.INFO.default_players
    steps = 0
    start = time.process_time()
    for seed in range(first, first + count):
        state = game.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return (time.process_time() - start) / steps, steps / count


def paired_steps(game: Game, count: int, kuhn: object | None) -> tuple[float, float, float]:
    """CPU seconds of a step of ``game`` and of a Kuhn step, timed in alternating rounds, and
    the game's steps per game. The game's seeds are 0 to ``count - 1`` as in one run, each
    played once (a memo that warms over a run warms the same way)."""
    game_seconds = game_steps = kuhn_seconds = kuhn_steps = 0.0
    for r in range(ROUNDS):
        seconds, steps = kuhn_playouts(KUHN_GAMES // ROUNDS, kuhn)
        kuhn_seconds += seconds
        kuhn_steps += steps
        first, last = count * r // ROUNDS, count * (r + 1) // ROUNDS
        if last == first:  # (fewer games than rounds)
            continue
        step, length = step_seconds(game, last - first, first=first)
        game_seconds += step * length * (last - first)
        game_steps += length * (last - first)
    return game_seconds / game_steps, kuhn_seconds / kuhn_steps, game_steps / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    reference = openspiel_kuhn()
    print(f"Kuhn poker: {'OpenSpiel' if reference is not None else 'port, pyspiel missing'}")
    for game in games():
        if args.only and game.INFO.id != args.only:
            continue
        gc.collect()  # (a full collection left due by the imports or the game before, not inside the timing)
        seconds, kuhn, length = paired_steps(game, args.games, reference)
        target = tuning_of(game).step_vs_kuhn
        print(
            f"{game.INFO.title:<16} {seconds * 1e6:7.2f} µs a step = {seconds / kuhn:4.2f}x Kuhn "
            f"({kuhn * 1e6:.2f} µs; target {target}x), {length:.1f} steps a game, "
            f"{1 / (seconds * length):,.0f} playouts/s"
        )


if __name__ == "__main__":
    main()
