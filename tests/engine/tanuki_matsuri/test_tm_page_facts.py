"""The browser tests' facts of Tanuki Matsuri's page (``page.py``) hold on both ways a new game
opens: a roll with dice to choose from, and a triple whose die is taken by itself (1 in 36:
the presenter test once met one and looked for "Take die" in vain)."""

import pytest

import engine.tanuki_matsuri as tm
from explainers.tanuki_matsuri_text import board_text
from tests.engine.tanuki_matsuri import page
from ui.games.tanuki_matsuri.play import choice_label


@pytest.mark.parametrize(
    "roll, first", [([3, 3, 6], "Take die"), ([1, 4, 6], "Take die"), ([5, 5, 5], "Line ")]
)
def test_a_new_games_text_and_buttons_match_the_facts(roll, first):
    state = tm.new_game(7, 1, dice=[roll])
    text = board_text(tm.view(state, 0), 0).plain()
    turn, seat_sees = page.START_TEXT
    assert turn.search(text), text
    assert seat_sees.search(text), text
    labels = [choice_label(a) for a in tm.legal_actions(state)]
    assert labels and all(first in label for label in labels), labels
    assert all(page.TURN_BUTTONS[0].search(label) for label in labels), labels
