"""Clear errors from the public functions (issue #18 item 5)."""

from __future__ import annotations

import pytest

import engine.yokai as yk
from engine.core import IllegalAction


@pytest.mark.parametrize("players", [5, 1, "2", None, True])
def test_hint_deck_kinds_names_a_bad_player_count(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        yk.hint_deck_kinds(players)


@pytest.mark.parametrize("score", ["x", None, 1.5, True])
def test_tier_names_a_bad_score(score):
    with pytest.raises(ValueError, match="A score is a whole number"):
        yk.tier(score)


@pytest.mark.parametrize("cell", [None, (0,), (0, "1"), [0, 0], (True, 0)])
def test_move_problem_names_a_bad_cell(cell):
    s = yk.new_game(1)
    with pytest.raises(ValueError, match="must be a cell"):
        yk.move_problem(s, cell, (0, 0))
    with pytest.raises(ValueError, match="must be a cell"):
        yk.move_problem(s, (0, 0), cell)


@pytest.mark.parametrize("hint", [None, "oni", frozenset(), frozenset({"oni", "x"}), frozenset(yk.FAMILIES)])
def test_hint_name_names_a_bad_hint(hint):
    with pytest.raises(ValueError, match="A hint card is a set"):
        yk.hint_name(hint)


@pytest.mark.parametrize("seed", ["x", -1, 2**63, None, True])
def test_determinize_refuses_a_bad_seed(seed):
    s = yk.new_game(1)
    with pytest.raises(ValueError, match="A seed is a whole number"):
        yk.determinize(yk.view(s, 0), seed)


@pytest.mark.parametrize("token", ["p1١,0", "p١,0", "m0,0>٠,1", "h١@0,0", "p01,0", "p-0,0", "p1,0 ", "P1,0"])
def test_a_token_has_one_spelling(token):
    with pytest.raises(IllegalAction):
        yk.decode_action(token)
