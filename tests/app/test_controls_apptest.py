"""The shared controls on the test game, through their plain widgets (AppTest)."""

from engine.core import IllegalAction, encode_link
from tests.app.helpers import open_new_game, open_save, opponent_picker, press, text_of
from tests.support.boards import board_places
from tests.support.example import example_facts, example_game, example_page
from ui.kit.links import LINK_PARAM

GAME = example_game()
"""The example game (the test game, Pebbles)."""
PAGE = example_page()
NS = GAME.INFO.id


def unlock(at):
    """Hot seat with hidden cards: pass the device to the player to move if the page asks."""
    for button in at.button:
        if button.label.startswith("I am "):
            button.click().run()
            break
    return at


def pile(at) -> int:
    unlock(at)
    return int(next(m.value for m in at.metric if m.label == example_facts().LEFT))


def hot_seat(at):
    """A new game between two people at this screen (the page opens against a bot)."""
    open_new_game(at, NS)
    at.selectbox(key=f"{NS}:new_seat_1").set_value("human")
    return press(at, "Start new game")


def take(at, count: int):
    """A hot-seat move: pass the device to the player to move first if the page asks."""
    return press(unlock(at), f"Take {count}")


def test_play_undo_redo_and_replay(app):
    at = hot_seat(app(PAGE))
    start = pile(at)
    take(at, 2)
    take(at, 1)
    assert pile(at) == start - 3
    press(at, "↶ Undo")
    assert pile(at) == start - 2
    assert "Looking back at move 1 of 2" in text_of(at)
    press(at, "↷ Redo")
    assert pile(at) == start - 3
    at.slider(key=f"{NS}:replay").set_value(0).run()
    assert pile(at) == start
    take(at, 1)  # playing from the past drops the later moves
    assert pile(at) == start - 1
    assert at.slider(key=f"{NS}:replay").max == 1


def handover_asked(at) -> bool:
    return any(b.label.startswith("I am ") for b in at.button)


def test_a_new_deal_asks_for_the_device_again(app):
    """Nobody holds a new game's device yet: the player who held it in the last game (who may
    not be the one who pressed New game) must not see the first hand of the next deal."""
    at = hot_seat(app(PAGE))
    assert handover_asked(at)
    assert not handover_asked(unlock(at))  # the first player holds the device
    at = hot_seat(at)  # a new deal, whose first player is the same seat
    assert handover_asked(at)
    assert not handover_asked(unlock(at))
    take(at, 1)
    assert handover_asked(at)  # the other player's turn, within one game, as before


def test_illegal_move_is_explained_and_changes_nothing(app):
    at = hot_seat(app(PAGE))
    session = at.session_state[f"{NS}:session"]
    # Nothing but legal moves is offered as a button; an illegal move through the API is refused.
    labels = [b.label for b in unlock(at).button]
    assert "Take 4" not in labels and "Take 3" in labels
    try:
        session.play(GAME.Take(4))
    except IllegalAction as exc:
        assert "not 4" in str(exc)
    else:
        raise AssertionError("taking 4 pebbles must be refused")
    assert at.session_state[f"{NS}:session"] is session


def test_new_game_with_bots_plays_to_the_end(app):
    at = open_new_game(app(PAGE), NS)
    at.text_input(key=f"{NS}:new_seed").input("42")
    at.selectbox(key=f"{NS}:new_seat_0").set_value("greedy")
    at.selectbox(key=f"{NS}:new_seat_1").set_value("random")
    at.select_slider(key=f"{NS}:new_pace").set_value("Instant")
    press(at, "Start new game")
    assert "took the last pebble and wins" in text_of(at)
    session = at.session_state[f"{NS}:session"]
    assert session.seed == 42 and GAME.is_over(session.state)
    assert session.seats == ("greedy", "random")


def test_step_by_step_bots_wait_for_a_click(app):
    at = open_new_game(app(PAGE), NS)
    at.selectbox(key=f"{NS}:new_seat_0").set_value("greedy")
    at.selectbox(key=f"{NS}:new_seat_1").set_value("greedy")
    at.select_slider(key=f"{NS}:new_pace").set_value("Step by step")
    press(at, "Start new game")
    start = pile(at)
    press(at, "▶ Bot move")
    assert pile(at) < start
    assert any(b.label == "▶ Bot move" and not b.help for b in at.button)  # no tooltip left over
    assert any(c.value.startswith("Right") and "plays its whole turn" in c.value for c in at.caption)


def test_share_link_in_the_url_restores_the_game(app):
    state = GAME.new_game(5)
    for take in (1, 2):
        state = GAME.apply(state, GAME.Take(take))
    at = app()
    at.query_params[LINK_PARAM] = encode_link(GAME.to_json(state))
    at.switch_page(PAGE).run()
    assert "restored from the share link" in text_of(at)
    assert pile(at) == state.pile
    assert at.session_state[f"{NS}:session"].cursor == 2


def test_a_message_over_the_board_leaves_the_board_in_its_place(app):
    """The link's message shows for one run; the board stays where it was after it goes (the
    browser keys elements by place: a moved board is mounted anew, and blinks out meanwhile)."""
    at = app()
    at.query_params[LINK_PARAM] = encode_link(GAME.to_json(GAME.new_game(5)))
    at.query_params["seats"] = "human,greedy"  # a board at once, no device to pass
    at.switch_page(PAGE).run()
    assert "restored from the share link" in text_of(at)
    before = board_places(at)
    at.run()
    assert "restored from the share link" not in text_of(at)
    assert board_places(at) == before and len(before) == 1


def test_garbled_share_link_explains_and_keeps_the_game(app):
    at = hot_seat(app(PAGE))
    take(at, 3)
    before = pile(at)
    open_save(at, NS).text_input(key=f"{NS}:paste").input("?game=eJyrVkrLz1eyUkpKLFKqBQAd").run()
    assert "could not be opened" in text_of(at)
    assert pile(at) == before


def test_the_url_always_holds_the_position_on_screen(app):
    at = hot_seat(app(PAGE))
    take(at, 2)
    session = at.session_state[f"{NS}:session"]
    from storage.keys import link_key
    from ui.kit.sealing import unseal

    token = at.query_params[LINK_PARAM]
    token = token[0] if isinstance(token, list) else token
    assert unseal(token, link_key()) == (session.save_text(), session.seats)  # sealed: seed unreadable


def test_the_page_opens_against_a_bot_which_can_be_changed_on_the_play_tab(app):
    at = app(PAGE)
    assert at.session_state[f"{NS}:session"].seats == ("human", "greedy")
    opponent = opponent_picker(at)
    assert opponent.options == ["a person at this screen", "random (easiest)", "greedy (strongest)"]
    opponent.set_value("random").run()
    assert at.session_state[f"{NS}:session"].seats == ("human", "random")


def test_the_new_game_and_save_panels_draw_only_while_open(app):
    """Bots rerun the toolbar every move: a closed panel costs nothing."""
    at = app(PAGE)
    assert not [t for t in at.text_input if t.key in (f"{NS}:new_seed", f"{NS}:paste")]
    assert not at.get("download_button")
    open_save(at, NS)
    assert at.get("download_button") and at.text_input(key=f"{NS}:paste")
    open_new_game(at, NS).text_input(key=f"{NS}:new_seed").input("42")
    press(at, "Start new game")
    assert at.session_state[f"{NS}:session"].seed == 42
    at.session_state[f"{NS}:new_game_open"] = False  # what a click beside the panel does
    at.run()
    assert not [t for t in at.text_input if t.key == f"{NS}:new_seed"]
