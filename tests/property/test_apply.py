"""``apply`` never changes its input: not its save text, not its fields, not what it keeps out of
sight (a state that had every legal action applied to it plays on like an untouched twin);
states are frozen dataclasses holding only immutable values."""

from __future__ import annotations

import dataclasses
import enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Game
from tests.contract.harness import assert_unchanged, snapshot
from tests.property.draw import budget, game_params, positions

IMMUTABLE = (str, bytes, int, float, complex, bool, type(None), enum.Enum, range)


def mutable_parts(value, where: str = "state") -> list[str]:
    """Where ``value`` holds something that can change: a list, dict, set, or an object that is
    not a frozen dataclass (its public fields only: lazily kept working copies are private)."""
    if isinstance(value, IMMUTABLE):
        return []
    if isinstance(value, tuple | frozenset):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{where}[{i}]")]
    if dataclasses.is_dataclass(value) and type(value).__dataclass_params__.frozen:
        return [
            p
            for f in dataclasses.fields(value)
            for p in mutable_parts(getattr(value, f.name), f"{where}.{f.name}")
        ]
    return [f"{where} ({type(value).__name__})"]


@pytest.mark.parametrize("game", game_params())
@budget(12)
@given(data=st.data())
def test_apply_never_changes_its_input(game: Game, data):
    position = data.draw(positions(game, max_moves=80), label="position")
    used = game.new_game(position.seed, position.players)
    twin = game.new_game(position.seed, position.players)
    for move, action in enumerate(position.actions):
        # every other move, apply meets a state nothing has read yet (lazily built fields unbuilt)
        snap = snapshot(game, used, deep=True) if move % 2 == 0 else None
        for other in game.legal_actions(used):
            game.apply(used, other)
        if snap is not None:
            assert_unchanged(game, used, snap, f"apply at move {move}")
        assert used == twin, f"applying every legal action at move {move} changed the state"
        assert game.to_json(used) == game.to_json(twin)
        used, twin = game.apply(used, action), game.apply(twin, action)
    assert used == twin == position.state
    assert game.to_json(used) == game.to_json(position.state)


@pytest.mark.parametrize("game", game_params())
@budget(6)
@given(data=st.data())
def test_states_are_frozen_and_hold_only_immutable_values(game: Game, data):
    position = data.draw(positions(game, max_moves=80), label="position")
    for state in (position.states[0], position.state):
        for seen in (state, game.view(state, 0)):
            assert dataclasses.is_dataclass(seen) and type(seen).__dataclass_params__.frozen
            assert mutable_parts(seen) == [], "a state holds values that can change"
