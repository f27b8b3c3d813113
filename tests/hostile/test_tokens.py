"""A move token has one spelling: digits other than ASCII (Arabic-Indic, full-width...),
leading zeros or a plus sign are refused by every game's ``decode_action`` (issue #18)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, rng_for
from engine.core.registry import games

OTHER_DIGITS = ("٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "०१२३४५६७८९")


def _tokens(game) -> set[str]:
    tokens: set[str] = set()
    state = game.new_game(3, game.INFO.default_players)
    rng = rng_for(3, "tokens")
    while not game.is_over(state) and len(tokens) < 200:
        actions = game.legal_actions(state)
        tokens.update(game.encode_action(a) for a in actions)
        state = game.apply(state, rng.choice(actions))
    return tokens


def _respellings(token: str) -> list[str]:
    out = []
    for digits in OTHER_DIGITS:
        out.append("".join(digits[int(c)] if c.isascii() and c.isdigit() else c for c in token))
    for i, c in enumerate(token):
        if c.isdigit() and (i == 0 or not token[i - 1].isdigit()):
            out += [token[:i] + "0" + token[i:], token[:i] + "+" + token[i:]]
            break
    return [t for t in out if t != token]


@pytest.mark.parametrize("game", games(), ids=lambda g: g.INFO.id)
def test_a_token_has_one_spelling(game):
    tokens = _tokens(game)
    assert tokens
    for token in sorted(tokens):
        for other in _respellings(token):
            try:
                action = game.decode_action(other)
            except IllegalAction:
                continue
            assert game.encode_action(action) == other, f"{game.INFO.id}: {other!r} read as {token!r}"
