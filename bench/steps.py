"""A fixed workload for instruction counts: ``N`` seeded random games of one game (or of
OpenSpiel's Kuhn poker) through the protocol, as ``bench.protocol_speed`` plays them.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -m bench.steps yokai 300
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -m bench.steps yokai 0

The second run (imports alone) taken from the first leaves the games' instructions; divided by
the steps this prints, a step's. Counts do not depend on the machine's load, so a before/after
comparison holds on a busy machine where timings do not (they weigh neither cache misses nor
branch mispredictions: check the time ratio with ``bench.protocol_speed`` as well). The same two
runs under ``valgrind --tool=cachegrind --cache-sim=yes --branch-sim=yes`` count a step's
simulated cache misses and mispredicted branches, which instruction counts leave out.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.kuhn import kuhn_playouts, openspiel_kuhn  # noqa: E402
from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import games  # noqa: E402


def playouts(game: Game, count: int, first: int = 0) -> int:
    """``count`` seeded random games (seeds ``first`` on) through the protocol, as
    ``bench.protocol_speed`` plays them; the steps played."""
    steps = 0
    for seed in range(first, first + count):
        state = game.new_game(seed, game.INFO.default_players)
        rng = rng_for(seed, "playout")
        while not game.is_over(state):
            state = game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", help="a game id, or kuhn")
    parser.add_argument("games", type=int)
    args = parser.parse_args()
    if args.game == "kuhn":
        reference = openspiel_kuhn()
        steps = kuhn_playouts(args.games, reference)[1] if args.games else 0
        print(f"{steps} steps of {'OpenSpiel' if reference is not None else 'the ported'} Kuhn poker")
        return
    game = next(g for g in games() if g.INFO.id == args.game)
    steps = playouts(game, args.games)
    print(f"{steps} steps of {game.INFO.title}")


if __name__ == "__main__":
    main()
