"""Clear errors from the public functions (issue #18 item 5)."""

from __future__ import annotations

import pytest

import engine.yokai_carnival as yc
from engine.core import IllegalAction

from .helpers import ids


@pytest.mark.parametrize("seat", [5, 2, -1, "1", None, True, 1.0])
@pytest.mark.parametrize("check", [yc.strike_check, yc.general_summon_check, yc.protection])
def test_explanations_name_a_bad_seat(check, seat):
    with pytest.raises(ValueError, match="seats 0 to 1"):
        check(yc.new_game(1, 2), seat)


@pytest.mark.parametrize("index", ["0", -1, 3, None, True])
def test_preview_names_a_bad_hand_card(index):
    with pytest.raises(ValueError, match="a hand card is a number from 0 to 2"):
        yc.preview(yc.new_game(1, 2), index)


@pytest.mark.parametrize("seed", ["x", -1, 2**63, 1.5, None, True])
def test_determinize_refuses_a_bad_seed(seed):
    s = yc.new_game(1, 2)
    with pytest.raises(ValueError, match="A seed is a whole number"):
        yc.determinize(yc.view(s, 0), seed)


@pytest.mark.parametrize("token", ["s١", "s٠n", "opp１", "g٣", "line:0:١", "discard:٢", "o١٠", "s01", "S0"])
def test_a_token_has_one_spelling(token):
    with pytest.raises(IllegalAction):
        yc.decode_action(token)


def test_tengu_whose_first_card_matches_says_nothing_about_the_rest():
    s = yc.new_game(1, 2, yama=["tengu", "nue", "nue", "umibozu", "wanyudo", "kitsune", "kamaitachi"])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("tengu"), True))
    s = yc.apply(s, yc.ChooseColour("red"))
    assert [st.kind for st in yc.last_turn(s)] == ["draw", "summon", "colour", "reveal", "move"]
    assert "kamaitachi" in ids(yc.hand(s, 0))
