"""One hash per game over many seeded random games: before and after a speed change, the
hashes must be the same.

    .venv/bin/python -m bench.fingerprint --games 300 [--only yokai]

A game's hash covers, at every step of every game (each player count, seeds 0 on), the
legal actions' tokens in order and the action taken; at every step, when the game has
``last_turn``, the explanation steps of the running turn; and at the end the save
(``to_json``), the outcome and every seat's view (its compared fields, a named tuple in them
taken as the plain tuple of its values: a record's type is no game data). Random choices come from
``rng_for(seed, "fingerprint")``, so a change in the order of the legal actions changes the
hash too. It runs with ``PYTHONHASHSEED=0`` (it restarts itself so), since the repr of a
set of names follows the string hash seed.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Game, rng_for  # noqa: E402
from engine.core.registry import games  # noqa: E402


def fingerprint(game: Game, count: int) -> str:
    """The hash of ``count`` seeded random games at every player count of ``game``."""
    digest = hashlib.sha256()
    last_turn = getattr(game, "last_turn", None)

    def note(value: object) -> None:
        digest.update(repr(value).encode())
        digest.update(b"\0")

    for players in game.INFO.players:
        for seed in range(count):
            state = game.new_game(seed, players)
            rng = rng_for(seed, "fingerprint")
            while not game.is_over(state):
                actions = game.legal_actions(state)
                note([game.encode_action(a) for a in actions])
                action = rng.choice(actions)
                state = game.apply(state, action)
                note(game.encode_action(action))
                if last_turn is not None:
                    note(last_turn(state))
            note(game.to_json(state))
            note(game.outcome(state))
            for seat in range(players):
                note(_game_data(game.view(state, seat)))
    return digest.hexdigest()


def _game_data(state: object) -> object:
    """A state's compared fields (a view cannot be saved; its caches are not game data)."""
    if dataclasses.is_dataclass(state):
        return [(f.name, _plain(getattr(state, f.name))) for f in dataclasses.fields(state) if f.compare]
    return state


def _plain(value: object) -> object:
    """``value`` with every tuple or list in it, at any depth, a plain tuple or list (so a
    field's record made a named tuple hashes as before)."""
    if isinstance(value, tuple):
        return tuple(map(_plain, value))
    if isinstance(value, list):
        return list(map(_plain, value))
    return value


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # a set's repr follows the string hash seed
        os.execve(
            sys.executable,
            [sys.executable, "-m", "bench.fingerprint", *sys.argv[1:]],
            {**os.environ, "PYTHONHASHSEED": "0"},
        )
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="seeds a player count")
    parser.add_argument("--only", help="one game id")
    args = parser.parse_args()
    for game in games():
        if args.only and game.INFO.id != args.only:
            continue
        print(f"{game.INFO.id:<16} {fingerprint(game, args.games)}")


if __name__ == "__main__":
    main()
