"""Any sequence of legal moves keeps every invariant: the protocol's (``tests/contract``), each
game's own (``tests/engine``), and views that never hold the seed."""

from __future__ import annotations

import dataclasses
import enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Game
from tests.contract.harness import check_action, check_position
from tests.property.draw import Position, budget, game_params, positions
from tests.property.game_checks import game_check

LONG_SEED = 2**32
"""A seed this large cannot turn up in a view by chance (a card number, a score…)."""


def check_play(game: Game, position: Position) -> None:
    """The invariants of every position passed, every legal action's token, and the game's
    own check of every move."""
    check = game_check(game.INFO.id)
    seen: set = set()
    for before, action, after in zip(position.states, position.actions, position.states[1:], strict=False):
        legal = check_position(game, before, position.players)
        assert action in legal
        for a in legal:
            if a not in seen:
                check_action(game, a)
                seen.add(a)
        check(before, action, after)
    check_position(game, position.state, position.players)


def reachable(obj) -> list:
    """Everything reachable from ``obj``: fields, attributes (lazily built ones too), items."""
    seen, todo, out = set(), [obj], []
    while todo:
        o = todo.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        out.append(o)
        if isinstance(o, str | bytes | int | float | type | enum.Enum) or o is None:
            continue
        if isinstance(o, dict):
            todo.extend(o.keys())
            todo.extend(o.values())
        elif isinstance(o, tuple | list | set | frozenset):
            todo.extend(o)
        else:
            todo.extend(getattr(o, "__dict__", {}).values())
            names = [f.name for f in dataclasses.fields(o)] if dataclasses.is_dataclass(o) else []
            names += [n for cls in type(o).__mro__ for n in getattr(cls, "__slots__", ())]
            todo.extend(getattr(o, n) for n in names if hasattr(o, n))
    return out


def check_views_hide_the_seed(game: Game, position: Position) -> None:
    for seat in range(position.players):
        view = game.view(position.state, seat)
        assert getattr(view, "seed", None) is None, f"the view of seat {seat} holds the seed"
        if position.seed >= LONG_SEED:
            found = [o for o in reachable(view) if type(o) is int and o == position.seed]
            assert not found, f"the seed {position.seed} is reachable from the view of seat {seat}"


@pytest.mark.parametrize(("game", "players"), game_params(with_players=True))
@budget(6)
@given(data=st.data())
def test_legal_moves_keep_every_invariant(game, players, data):
    """Up to 80 drawn legal moves from a drawn seed, for every game and player count."""
    position = data.draw(positions(game, players, max_moves=80), label="position")
    check_play(game, position)
    check_views_hide_the_seed(game, position)


@pytest.mark.parametrize("game", game_params())
@budget(6)
@given(data=st.data())
def test_whole_games_of_drawn_moves_end_and_keep_every_invariant(game, data):
    position = data.draw(positions(game, max_moves=None), label="position")
    assert game.is_over(position.state), "a game of drawn legal moves ends"
    check_play(game, position)
    check_views_hide_the_seed(game, position)
