"""The one game loop: bots decide from ``view(state, seat)`` only.

The page session, the benches, the tests and the Lab all play through here, so a bot can
never be handed more than its seat may see, and the same seed gives the same game anywhere.

>>> from engine.core.registry import games
>>> g = games()[0]
>>> played = play_game(g, [g.bots()["random"]] * g.INFO.default_players, seed=7)
>>> g.is_over(played.state), g.from_json(g.to_json(played.state)) == played.state
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Action, Bot, Game, State
from .rng import rng_for

MAX_MOVES = 100_000


def bot_rng(seed: int, move: int) -> random.Random:
    """The generator a bot gets for the ``move``-th decision of a game seeded ``seed``."""
    return rng_for(seed, "bot", move)


def bot_decision(game: Game, state: State, bot: Bot, seed: int, move: int) -> Action:
    """What ``bot`` plays for the seat to move, deciding from that seat's view only."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError("The game is over: no bot has a move to make")
    return bot(game.view(state, seat), bot_rng(seed, move))


@dataclass(frozen=True)
class PlayedGame:
    """A finished (or stopped) game: its seed, final state and the actions played."""

    seed: int
    state: State
    actions: tuple


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    players: int | None = None,
    setup: dict[str, Any] | None = None,
    state: State | None = None,
    max_moves: int = MAX_MOVES,
    on_move: Callable[[State, Action, State], None] | None = None,
) -> PlayedGame:
    """Play a game to the end with one bot per seat (``bots[seat]``), each deciding from
    its view. ``state`` continues a game in progress; ``on_move(before, action, after)``
    watches every move (tests check invariants there)."""
    if state is None:
        count = players if players is not None else game.INFO.default_players
        state = game.new_game(seed, count, **(setup or {}))
    actions = []
    while not game.is_over(state):
        move = len(actions)
        if move == max_moves:
            raise RuntimeError(f"{game.INFO.title} did not end within {max_moves} moves (seed {seed})")
        seat = game.current_player(state)
        action = bot_decision(game, state, bots[seat], seed, move)
        after = game.apply(state, action)
        if on_move is not None:
            on_move(state, action, after)
        actions.append(action)
        state = after
    return PlayedGame(seed, state, tuple(actions))


def simulate(game: Game, bots: Sequence[Bot], seeds: Iterable[int], **options: Any) -> Iterator[PlayedGame]:
    """One :func:`play_game` per seed, in order (benches, the soak test, the Lab)."""
    for seed in seeds:
        yield play_game(game, bots, seed, **options)


def playout(
    game: Game, state: State, rng: random.Random, max_moves: int = MAX_MOVES, *, policy: Bot | None = None
) -> State:
    """Moves on a full state until the game is over: random legal ones (a fast random
    rollout), or ``policy``'s for every seat (it sees the full state: a rollout, not a game)."""
    moves = 0
    while not game.is_over(state):
        if moves == max_moves:
            raise RuntimeError(f"{game.INFO.title} did not end within {max_moves} moves")
        action = rng.choice(game.legal_actions(state)) if policy is None else policy(state, rng)
        state = game.apply(state, action)
        moves += 1
    return state
