"""Yokai: the coach on a declare with the families apart (issue #20's case: declaring there loses).

    .venv/bin/python -m bench.yokai_declares --declares 20

Game ``i`` uses seed ``first + i``: two ``partner`` bots play until ten turn starts have
passed and the families are apart at one; the coach judges declaring there, exactly as a
click does. Printed: how many it judged costly, their gains and the worlds it played.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.yokai as yk  # noqa: E402
from engine.core.coach import assess  # noqa: E402


def declare_position(seed: int) -> yk.State | None:
    """Ten turn starts into a game of ``partner`` bots, the first one with the families apart
    (a state where declaring loses), or None if the game ended first."""
    partner = yk.bots()["partner"]
    s = yk.new_game(seed, 2)
    rng = random.Random(seed)
    turns = 0
    while not yk.is_over(s):
        if yk.can_declare(s):
            turns += 1
            if turns >= 10 and not yk.families_grouped(s):
                return s
        s = yk.apply(s, partner(yk.view(s, yk.current_player(s)), rng))
    return None


def declare_check(seed: int) -> tuple[bool, float, int] | None:
    """The coach's verdict on declaring at :func:`declare_position`: (good?, gain, samples),
    None if the game ended first."""
    s = declare_position(seed)
    if s is None:
        return None
    a = assess(yk, yk.view(s, yk.current_player(s)), yk.Declare(), seed=seed)
    return a.good, a.gain, a.samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--declares", type=int, default=20, help="declares with the families apart to judge")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    found = [d for d in (declare_check(args.first + i) for i in range(args.declares)) if d is not None]
    costly = sum(not good for good, _, _ in found)
    print(
        f"yokai declares ten turns in, families apart: {costly}/{len(found)} judged costly; "
        f"gains {sorted(round(gain, 1) for _, gain, _ in found)}; samples {sorted({n for *_, n in found})}"
    )


if __name__ == "__main__":
    main()
