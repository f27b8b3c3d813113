"""Tokens: any text given to ``decode_action`` is an action that encodes back to a token of
the same action, or is refused with ``IllegalAction``, never another error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Game, IllegalAction
from tests.property.draw import budget, edited_tokens, game_params, positions


@pytest.mark.parametrize("game", game_params())
@budget(20)
@given(data=st.data())
def test_any_text_decodes_to_an_action_or_is_refused(game: Game, data):
    position = data.draw(positions(game, max_moves=80), label="position")
    tokens = sorted({game.encode_action(a) for s in position.states for a in game.legal_actions(s)})
    texts = st.one_of(st.text(max_size=30), edited_tokens(tokens)) if tokens else st.text(max_size=30)
    for text in data.draw(st.lists(texts, min_size=1, max_size=8), label="texts"):
        try:
            action = game.decode_action(text)
        except IllegalAction as refused:
            assert str(refused).strip(), f"{text!r} is refused without a word"
            continue
        hash(action)
        token = game.encode_action(action)
        assert game.decode_action(token) == action, (
            f"{text!r} decodes to {action!r}, whose token {token!r} does not"
        )
