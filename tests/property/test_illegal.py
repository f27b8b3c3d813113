"""Anything outside ``legal_actions`` is refused with ``IllegalAction``, says why in words, and
changes nothing: the state saves, compares and plays on as before."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from engine.core import Game, IllegalAction
from tests.contract.harness import assert_unchanged, replay, snapshot
from tests.property.draw import GAMES, budget, game_params, not_actions, positions

PYTHON_LEAKS = re.compile(r"Traceback|object at 0x|\b\w*(Error|Exception)\b")
DATA = (str, bytes, int, float, bool, type(None), tuple, list, dict)


def refusal(game: Game, state, junk) -> str:
    """The message ``apply`` refuses ``junk`` with, checking it changed nothing."""
    snap = snapshot(game, state, deep=True)
    legal = game.legal_actions(state)
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, junk)
    assert_unchanged(game, state, snap, f"refusing {junk!r}")
    assert game.legal_actions(state) == legal
    return str(refused.value)


@pytest.mark.parametrize("game", game_params())
@budget(25)
@given(data=st.data())
def test_anything_outside_legal_actions_is_refused_and_changes_nothing(game: Game, data):
    position = data.draw(positions(game, max_moves=80), label="position")
    state = position.state
    legal = game.legal_actions(state)
    junks = data.draw(st.lists(not_actions(game, position), min_size=1, max_size=6), label="junk")
    junks = [junk for junk in junks if junk not in legal]
    assume(junks)
    for junk in junks:
        refusal(game, state, junk)
    if legal:  # a refused action left nothing behind out of sight: it plays on like a twin
        action = data.draw(st.sampled_from(legal), label="then")
        twin = replay(game, position.seed, position.players, position.actions)
        assert game.to_json(game.apply(state, action)) == game.to_json(game.apply(twin, action))


class Stranger:
    """An object of no game with Python's default repr ``<…Stranger object at 0x…>``."""


def objects() -> list:
    """Things of no game with Python's default reprs (``<object object at 0x…>``, ``<class …>``)."""
    return [object(), Stranger(), *{type(a) for g in GAMES for a in g.legal_actions(g.new_game(1))}]


def check_message(message: str, junk) -> None:
    """A sentence in words; the junk it names shown as the player's data, never as a repr."""
    assert message.strip() and len(re.findall(r"[^\W\d_]{2,}", message)) >= 3, f"not a sentence: {message!r}"
    shown = message
    if isinstance(junk, DATA):  # echoing what was given (text, a number) is fine
        shown = shown.replace(repr(junk), "").replace(str(junk), "")
    assert "<" not in shown and not PYTHON_LEAKS.search(shown), f"a Python repr in: {message!r}"


@pytest.mark.parametrize("game", game_params())
@budget(25)
@given(data=st.data())
def test_refusals_say_why_in_words_not_python(game: Game, data):
    position = data.draw(positions(game, max_moves=80), label="position")
    legal = game.legal_actions(position.state)
    junks = data.draw(st.lists(not_actions(game, position), min_size=1, max_size=6), label="junk")
    junks = [junk for junk in junks if junk not in legal]
    assume(junks)
    for junk in junks:
        check_message(refusal(game, position.state, junk), junk)


@pytest.mark.parametrize("game", game_params())
@budget(6)
@given(data=st.data())
def test_refusals_of_objects_of_no_game_show_no_python_repr(game: Game, data):
    """A plain ``object()`` or an action class handed to ``apply`` (a programming slip, never
    a player's click) still gets a message in words."""
    position = data.draw(positions(game, max_moves=80), label="position")
    for thing in objects():
        check_message(refusal(game, position.state, thing), thing)
