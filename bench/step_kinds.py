"""Where a game's protocol step goes, by kind of move: each kind's share of the steps, the µs
of one step of it, its share of the time and its ratio to a Kuhn poker step timed in the same
run.

    .venv/bin/python -m bench.step_kinds yokai_carnival --games 300

A step is what ``bench.protocol_speed`` times (``is_over``, ``legal_actions``, a random choice
and ``apply``; ``new_game`` left out), each timed where it happens, inside its own seeded
random game. Out of their games a move's time is another: applied again in a row from a list
of 15,000 kept states, Yokai Carnival's moves took 2.7 times as long as in a playout, and one
plain Summon repeated on one state 0.45 times (2026-12-04). The clock's own cost is taken off
each step. Kuhn rounds alternate with the game's, as in ``bench.protocol_speed``, so a change
of load weighs on both.

A kind is the action's type and its token without digits, up to the first colon (in Yokai
Carnival ``Summon s`` is a Summon with its ability, ``Summon sn`` one without, ``Pick hand``
a card taken from a hand).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_playouts, openspiel_kuhn  # noqa: E402
from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402

ROUNDS = 6
KUHN_GAMES = 12_000
"""Kuhn games timed in all (in ``ROUNDS`` slices), as ``bench.protocol_speed`` does."""
PREEMPTED = 500_000
"""A game whose wall time outran its CPU time by more than this many ns was set aside for
another process meanwhile: it is played again, the same seed and moves, and timed anew, up to
``TRIES`` times in all."""
TRIES = 3


@dataclass(frozen=True)
class Kind:
    """One kind of move: its name, how many of the steps it was, and one step of it in
    seconds (the mean over those steps)."""

    name: str
    count: int
    seconds: float


def kind_of(game: Game, action) -> str:
    """``Summon s``: the action's type and its token without digits, up to the first colon
    (``s0`` -> ``s``, ``hand:0:1`` -> ``hand``)."""
    letters = "".join(c for c in game.encode_action(action) if not c.isdigit())
    return f"{type(action).__name__} {letters.split(':')[0]}"


def clock_cost() -> float:
    """Nanoseconds between two back-to-back reads of the clock (the median of many)."""
    clock = time.perf_counter_ns
    gaps = []
    for _ in range(20_000):
        start = clock()
        gaps.append(clock() - start)
    return statistics.median(gaps)


def timed_game(game: Game, seed: int, clock: float) -> tuple[list[str], list[float]]:
    """The kind and the ns of each step of one seeded random game, each timed where it happens
    (the wall clock, less ``clock``: its own cost), as two lists (of strings and numbers, which
    the garbage collector does not follow: a (kind, ns) pair a step would be one more object
    for it to count towards a collection)."""
    now = time.perf_counter_ns
    is_over, legal_actions, apply = game.is_over, game.legal_actions, game.apply
    state = game.new_game(seed, game.INFO.default_players)
    rng = rng_for(seed, "playout")
    names, times = [], []
    while True:
        start = now()
        if is_over(state):
            return names, times
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        times.append(now() - start - clock)
        names.append(kind_of(game, action))


def step_times(game: Game, seeds: range, clock: float) -> tuple[Counter, Counter]:
    """The ns spent and the steps played, by kind of move, over the seeded random games
    ``seeds``, each step timed in its game (a game played again when ``PREEMPTED``)."""
    spent: Counter = Counter()
    counts: Counter = Counter()
    for seed in seeds:
        for _ in range(TRIES):
            wall, cpu = time.perf_counter_ns(), time.process_time_ns()
            names, times = timed_game(game, seed, clock)
            if (time.perf_counter_ns() - wall) - (time.process_time_ns() - cpu) <= PREEMPTED:
                break
        for name, took in zip(names, times, strict=True):
            spent[name] += took
            counts[name] += 1
    return spent, counts


def as_kinds(spent: Counter, counts: Counter) -> list[Kind]:
    """The kinds of move of ``step_times``' counts, the most time first."""
    # (a step quicker than the clock's median cost would read as negative: kept at 1 ns)
    found = [Kind(n, counts[n], max(spent[n] / counts[n], 1.0) / 1e9) for n in counts]
    return sorted(found, key=lambda k: -k.seconds * k.count)


def kinds(game: Game, games: int, first: int = 0, clock: float | None = None) -> list[Kind]:
    """Each kind of move of the seeded random games ``first`` to ``first + games - 1``, its
    steps timed one by one in their games, the most time first."""
    clock = clock_cost() if clock is None else clock
    return as_kinds(*step_times(game, range(first, first + games), clock))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", help="a game id")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    game = game_of(args.game)
    reference = openspiel_kuhn()
    clock = clock_cost()
    # the imports leave the collector a full collection due: 12-17 ms inside one step
    # (a General Summon's) when it fell in the timing; done here, it does not
    gc.collect()
    spent, counts, kuhn_seconds, kuhn_steps = Counter(), Counter(), 0.0, 0
    for r in range(ROUNDS):
        seconds, steps = kuhn_playouts(KUHN_GAMES // ROUNDS, reference)
        kuhn_seconds += seconds
        kuhn_steps += steps
        first, last = args.games * r // ROUNDS, args.games * (r + 1) // ROUNDS
        round_spent, round_counts = step_times(game, range(first, last), clock)
        spent.update(round_spent)  # (a Counter's update adds)
        counts.update(round_counts)
    found = as_kinds(spent, counts)
    kuhn = kuhn_seconds / kuhn_steps
    steps = sum(k.count for k in found)
    total = sum(k.seconds * k.count for k in found)
    print(
        f"Kuhn poker ({'OpenSpiel' if reference is not None else 'port, pyspiel missing'}): {kuhn * 1e6:.2f} µs a step"
    )
    print(f"{'kind of move':<24} {'steps':>6} {'a step':>9} {'time':>6} {'vs Kuhn':>8}")
    for k in found:
        print(
            f"{k.name:<24} {k.count / steps:6.1%} {k.seconds * 1e6:6.2f} µs "
            f"{k.seconds * k.count / total:6.1%} {k.seconds / kuhn:7.2f}x"
        )
    print(
        f"{'every move':<24} {1:6.1%} {total / steps * 1e6:6.2f} µs {1:6.1%} {total / steps / kuhn:7.2f}x "
        f"({steps:,} steps; the clock's {clock:.0f} ns taken off each)"
    )


if __name__ == "__main__":
    main()
