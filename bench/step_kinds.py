"""Where a game's protocol step goes, by kind of move: each kind's share of the steps, the µs
of one ``apply`` of it and its share of ``apply``'s time.

    .venv/bin/python -m bench.step_kinds yokai_carnival --games 300

The moves come from seeded random games, played as ``bench.protocol_speed`` plays them. A
kind is the action's type and its token without digits, up to the first colon (in Yokai
Carnival ``Summon s`` is a Summon with its ability, ``Summon sn`` one without, ``Pick hand``
a card taken from a hand). Each kind's moves are then applied again
from their states, best of 5 CPU timings. They are applied out of their games' order, so a
memo that warms along a game (Yokai Carnival's unconfirmed colours of each line) is colder
here: compare kinds with each other, and the whole step with ``bench.protocol_speed``.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402

REPEATS = 5


@dataclass(frozen=True)
class Kind:
    """One kind of move: its name, how many of the steps it was, and one ``apply`` in CPU
    seconds (best of ``REPEATS``)."""

    name: str
    count: int
    seconds: float


def kind_of(game: Game, action) -> str:
    """``Summon s``: the action's type and its token without digits, up to the first colon
    (``s0`` -> ``s``, ``hand:0:1`` -> ``hand``)."""
    letters = "".join(c for c in game.encode_action(action) if not c.isdigit())
    return f"{type(action).__name__} {letters.split(':')[0]}"


def moves_by_kind(game: Game, games: int) -> dict[str, list]:
    """Every (state, action) of ``games`` seeded random games, by kind."""
    out: dict[str, list] = {}
    for seed in range(games):
        state = game.new_game(seed, game.INFO.default_players)
        rng = rng_for(seed, "playout")
        while not game.is_over(state):
            action = rng.choice(game.legal_actions(state))
            out.setdefault(kind_of(game, action), []).append((state, action))
            state = game.apply(state, action)
    return out


def kinds(game: Game, games: int) -> list[Kind]:
    """Each kind of move of ``games`` seeded random games, the most time first."""
    apply = game.apply
    out = []
    for name, moves in moves_by_kind(game, games).items():
        best = float("inf")
        for _ in range(REPEATS):
            start = time.process_time()
            for state, action in moves:
                apply(state, action)
            best = min(best, time.process_time() - start)
        out.append(Kind(name, len(moves), best / len(moves)))
    return sorted(out, key=lambda k: -k.seconds * k.count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", help="a game id")
    parser.add_argument("--games", type=int, default=300)
    args = parser.parse_args()
    found = kinds(game_of(args.game), args.games)
    steps = sum(k.count for k in found)
    total = sum(k.seconds * k.count for k in found)
    print(f"{'kind of move':<24} {'steps':>6} {'apply':>9} {'time':>6}")
    for k in found:
        print(
            f"{k.name:<24} {k.count / steps:6.1%} {k.seconds * 1e6:6.2f} µs {k.seconds * k.count / total:6.1%}"
        )
    print(f"{'every move':<24} {1:6.1%} {total / steps * 1e6:6.2f} µs ({steps:,} steps)")


if __name__ == "__main__":
    main()
