"""The shared game protocol (``shared`` engine contract) as a ``typing.Protocol``.

A game is a module: ``isinstance(engine.fan_mallet, Game)`` checks that it has every
function the pages, bots and tools rely on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .types import GameInfo, Outcome

State = Any
Action = Any
Bot = Callable[[State, random.Random], Action]
"""A bot decides from a seat's ``view`` and a seeded generator: ``bot(view, rng) -> action``."""


@runtime_checkable
class Game(Protocol):
    INFO: GameInfo

    def new_game(self, seed: int, players: int = ..., **setup: Any) -> State: ...
    def current_player(self, state: State) -> int | None: ...
    def legal_actions(self, state: State) -> list[Action]: ...
    def apply(self, state: State, action: Action) -> State: ...
    def is_over(self, state: State) -> bool: ...
    def outcome(self, state: State) -> Outcome: ...
    def view(self, state: State, seat: int) -> State: ...
    def determinize(self, view: State, seed: int) -> State: ...
    def bots(self) -> dict[str, Bot]: ...
    def to_json(self, state: State) -> str: ...
    def from_json(self, text: str) -> State: ...


def random_bot(view: State, rng: random.Random, game: Game) -> Action:
    """Pick uniformly among the legal actions of the seat to move."""
    return rng.choice(game.legal_actions(view))


def playout(game: Game, state: State, rng: random.Random, max_moves: int = 100_000) -> State:
    """Play random legal moves until the game is over (for tests, bots and benchmarks)."""
    for _ in range(max_moves):
        if game.is_over(state):
            return state
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    raise RuntimeError(f"{game.INFO.title} did not end within {max_moves} moves")
