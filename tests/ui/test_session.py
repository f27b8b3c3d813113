"""Undo, redo, replay and loading on the test game, without Streamlit."""

import gc

import pytest

from engine.core import BadSave, IllegalAction
from tests.support.example import example_game
from ui.kit.session import HUMAN, load_session, new_session

GAME = example_game()
"""The example game (the test game, Pebbles)."""


def play_all(session, *takes):
    for take in takes:
        session = session.play(GAME.Take(take))
    return session


def test_undo_redo_walk_the_history():
    s = play_all(new_session(GAME, 1, 2), 1, 2, 3)
    assert s.cursor == 3 and s.state.pile == 4
    s = s.undo().undo()
    assert s.state.pile == 9 and s.can_redo()
    s = s.redo()
    assert s.state.pile == 7
    s = s.play(GAME.Take(1))  # the undone future is dropped
    assert len(s.history) == 4 and s.state.pile == 6 and not s.can_redo()


def test_undo_against_a_bot_returns_to_the_human_turn():
    s = new_session(GAME, 1, 2, seats=(HUMAN, "greedy"))
    s = s.play(GAME.Take(1))
    s = s.play(s.bot_action())
    assert s.cursor == 2
    assert s.undo().cursor == 0


def test_illegal_move_leaves_the_session_unchanged():
    s = new_session(GAME, 1, 2)
    with pytest.raises(IllegalAction):
        s.play(GAME.Take(5))
    assert s.cursor == 0 and len(s.history) == 1


def test_bot_actions_are_seeded():
    s = new_session(GAME, 3, 2, seats=("random", "random"))
    assert s.bot_action() == s.bot_action()


def test_load_rebuilds_the_whole_history():
    s = play_all(new_session(GAME, 8, 2), 1, 1, 2)
    loaded = load_session(GAME, s.save_text())
    assert loaded.cursor == 3
    assert [h.pile for h in loaded.history] == [h.pile for h in s.history]
    assert loaded.undo().state.pile == s.history[2].pile


def test_bad_load_raises_bad_save():
    with pytest.raises(BadSave):
        load_session(GAME, "{broken")


def test_new_session_refuses_bad_setups():
    with pytest.raises(ValueError, match="players"):
        new_session(GAME, 1, 7)
    with pytest.raises(ValueError, match="Unknown bot"):
        new_session(GAME, 1, 2, seats=(HUMAN, "oracle"))


def test_a_bot_turn_plays_every_decision_of_that_seat_and_nothing_more():
    import engine.tanuki_matsuri as tm

    s = new_session(tm, 5, 2, seats=("greedy", HUMAN))
    after = s.bot_turn()
    assert after.to_move == 1 and len(after.history) >= 2  # a die and the choices it set off
    assert all(tm.current_player(state) == 0 for state in after.history[:-1])
    assert after.bot_turn() is after  # the human decides now


def test_a_solo_bot_turn_is_one_decision():
    import engine.tanuki_matsuri as tm

    s = new_session(tm, 5, 1, seats=("greedy",))
    after = s.bot_turn()
    assert len(after.history) == 2 and not after.over  # one decision, not the whole game
    assert len(after.bot_turn().history) == 3


def test_instant_bots_play_until_a_human_decides_or_the_game_ends():
    s = new_session(GAME, 4, 2, seats=("greedy", "random")).bots_until_human()
    assert s.over and s.at_end
    h = new_session(GAME, 4, 3, seats=("greedy", HUMAN, "random")).bots_until_human()
    assert h.to_move == 1


def test_bots_wait_while_the_replay_looks_back():
    s = new_session(GAME, 4, 2, seats=(HUMAN, "greedy")).play(GAME.Take(1))
    assert s.bots_due()
    assert not s.goto(0).bots_due()


def test_a_deal_key_is_the_same_in_every_process():
    import subprocess
    import sys

    key = new_session(GAME, 4, 2).deal_key()
    code = (
        f"import {GAME.__name__} as game; from ui.kit.session import new_session; "
        "print(new_session(game, 4, 2).deal_key())"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": "5"}
    )
    assert other.stdout.strip() == key


def test_a_loaded_history_holds_each_state_once():
    # Rebuilding the history save by save made each state the end of its own replay: a Tanuki
    # Matsuri state keeps the states it came from, so n moves held n²/2 states (2.4 MB for a
    # 54-move game, not 0.1 MB).
    import engine.tanuki_matsuri as tm
    from engine.core import play_game
    from engine.tanuki_matsuri.state import State

    played = play_game(tm, [tm.bots()["greedy"]] * 2, seed=5, players=2)
    text = tm.to_json(played.state)
    del played
    gc.collect()
    before = sum(isinstance(o, State) for o in gc.get_objects())
    loaded = load_session(tm, text)
    gc.collect()
    held = sum(isinstance(o, State) for o in gc.get_objects()) - before
    assert len(loaded.history) > 40
    assert held == len(loaded.history)
    assert tm.to_json(loaded.state) == text and loaded.history[0].actions == ()
