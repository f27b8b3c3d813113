"""Which seat a page shows, and when the device must be passed (pure Python, no Streamlit)."""

import engine.tanuki_matsuri as tm
from tests.support.example import example_game
from ui.kit.seating import seating, view_of
from ui.kit.session import HUMAN, default_seats, new_session

GAME = example_game()
"""The example game (the test game, Pebbles)."""


def test_one_human_against_a_bot_always_sees_their_own_view():
    s = new_session(GAME, 1, 2, seats=(HUMAN, "greedy"))
    where = seating(s)
    assert (where.seat, where.handover_to, where.can_act, where.demo) == (0, None, True, False)
    s = s.play(GAME.Take(1))  # the bot's turn: still the human's view, no moves offered
    where = seating(s)
    assert (where.seat, where.can_act) == (0, False)
    view = view_of(s, where)
    assert view.lucky[1] is None and view.lucky[0] is not None  # the bot's secret stays hidden


def test_two_humans_pass_the_device_between_turns():
    s = new_session(GAME, 1, 2)
    assert seating(s).handover_to == 0  # nobody has taken the device yet
    assert seating(s, unlocked=0).seat == 0
    s = s.play(GAME.Take(2))
    where = seating(s, unlocked=0)
    assert (where.seat, where.handover_to, where.can_act) == (None, 1, False)
    assert seating(s, unlocked=1).seat == 1


def test_bots_alone_a_finished_game_and_the_demo_switch_show_everything():
    bots = new_session(GAME, 1, 2, seats=("greedy", "random"))
    assert seating(bots).demo and seating(bots).seat is None
    assert view_of(bots, seating(bots)) is bots.state
    human = new_session(GAME, 1, 2, seats=(HUMAN, "greedy"))
    assert seating(human, demo=True).demo
    over = human.bots_until_human()
    while not over.over:
        over = over.play(GAME.legal_actions(over.state)[0]).bots_until_human()
    assert seating(over).demo


def test_open_games_show_the_chosen_sheet_or_the_seat_to_move():
    s = new_session(tm, 3, 3, seats=(HUMAN, "greedy", HUMAN))
    assert seating(s).seat == 0 and seating(s).can_act
    where = seating(s, chosen=2)
    assert (where.seat, where.can_act, where.handover_to) == (2, False, None)
    assert tm.viewer(view_of(s, where)) == 2


def test_a_page_opens_with_the_reader_against_the_middle_bot():
    assert default_seats(GAME, 2) == (HUMAN, "greedy")
    assert default_seats(tm, 1) == (HUMAN,)
