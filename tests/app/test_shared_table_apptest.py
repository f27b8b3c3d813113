"""A shared table through AppTest: two pages (two devices) on one database. The host opens a
table from the New game panel, the guest opens its link and takes the free seat; each page
draws only its own hand, moves reach the other page, a refused move is explained, and a
reload gets the seat back with the seat code."""

from __future__ import annotations

import time

import engine.fan_mallet as fm
from storage.shared_tables import SharedTables
from tests.app.helpers import open_new_game, open_with, play_picked, press, text_of
from tests.app.test_fm_page import board_words, hand_data, session
from ui.kit import shared_table

PAGE = "pages/fan_mallet.py"
NS = "fan_mallet"


def seated(at):
    return at.session_state[f"{NS}:shared_seat"]


def open_table(app):
    host = app(PAGE)
    open_new_game(host, NS)
    host.selectbox(key=f"{NS}:new_seat_1").set_value("human")
    host.text_input(key=f"{NS}:table_name").input("Aiko")
    press(host, "👥 Open a table")
    return host


def open_link(app, code: str):
    return open_with(app, PAGE, table=code)


def poll(at):
    """What the page's one-second clock does (AppTest runs no clock): a run of the page."""
    at.run()
    assert not at.exception, at.exception
    return at


def play(at, code: str):
    play_picked(at, NS, code)


def test_two_devices_play_a_table_each_seeing_only_its_hand(app):
    host = open_table(app)
    held = seated(host)
    table = held.table
    text = text_of(host)
    assert f"Table {table.shown}" in text and f"/fan_mallet?table={table.code}" in text
    assert "Undo at a table asks the other players" in text and str(table.seed) not in text
    assert "No move yet at this table" in text
    assert host.query_params["table"] == table.code and "game" not in host.query_params
    guest = open_link(app, table.code)
    assert "Take this seat" in [b.label for b in guest.button]
    assert "Aiko" in [t.value for t in guest.text]
    guest.text_input(key=f"{NS}:table_name").input("Ben")
    press(guest, "Take this seat")
    assert seated(guest).seat == 1 and "Ben" in text_of(poll(host))
    state = session(host).state
    white = {f.code for f in fm.hand(state, "white")}
    black = {f.code for f in fm.hand(state, "black")}
    assert hand_data(host) and all(t.startswith("w:") for t in hand_data(host))
    assert not black & set(board_words(host)) and not white & set(board_words(guest))
    assert "Your turn" in text_of(host) and "Your turn" not in text_of(guest)
    # The guest cannot move for White: the page offers no card, and a forced move is refused.
    assert not guest.get("pills")
    first = fm.hand(state, "white")[0].code
    play(host, first)
    assert len(session(host).history) == 2
    poll(guest)
    assert len(session(guest).history) == 2 and "Your turn" in text_of(guest)
    assert "1 move played at this table" in text_of(guest)
    # A move sent on an old version (a second tab of the host's seat) is refused in words.
    reply = fm.hand(session(guest).state, "black")[0].code
    play(guest, reply)
    assert len(session(guest).history) == 3
    poll(host)
    # A reload: a fresh page gets White's seat back with the seat code (typed in any case).
    again = open_link(app, table.code)
    again.text_input(key=f"{NS}:seat_code_box").input(held.seat_code.lower()).run()
    assert not again.exception and seated(again).seat == 0 and len(session(again).history) == 3
    # Both pages of White's seat press a card at version 2: the second is refused in words
    # and its page shows the new position.
    play(host, fm.hand(session(host).state, "white")[0].code)
    assert SharedTables().lookup(table.code).version == 3
    play(again, fm.hand(session(again).state, "white")[-1].code)
    assert SharedTables().lookup(table.code).version == 3
    assert any("moved on" in e.value for e in again.error) and len(session(again).history) == 4
    assert "Your turn" not in text_of(again)


def test_the_host_gives_the_empty_seat_to_a_bot_which_then_plays(app):
    host = open_table(app)
    code = seated(host).table.code
    press(host, "🤖 Give Black to this bot")
    assert SharedTables().lookup(code).holders()[1].endswith(" bot")
    play(host, fm.hand(session(host).state, "white")[0].code)
    assert len(session(host).history) == 2
    time.sleep(shared_table.BOT_PAUSE + 0.1)
    poll(host)  # the page's clock (AppTest runs it with the page): the bot's turn is due
    assert len(session(host).history) == 3 and "Your turn" in text_of(host)


def test_leaving_an_unfinished_table_leaves_none_of_its_game_on_the_page(app):
    host = open_table(app)
    code = seated(host).table.code
    press(host, "Leave the table")
    assert f"{NS}:shared_seat" not in host.session_state and "table" not in host.query_params
    assert session(host).seed != SharedTables().lookup(code).seed  # demo mode cannot show its cards
    assert "your seat code" in text_of(host)


def test_a_wrong_or_hostile_table_code_is_refused_in_one_sentence_and_the_game_kept(app):
    for typed in ("ZZZ-ZZZ", "<script>alert(1)</script>", "x" * 5_000, "%00"):
        at = open_link(app, typed)
        assert at.session_state[f"{NS}:session"] is not None and f"{NS}:shared_seat" not in at.session_state
        errors = [e.value for e in at.error]
        assert errors == ["No table has this code. Check it (for example K7P-2QX)."], errors
        assert typed not in text_of(at)  # nothing typed is echoed back
    # Typed in the New game panel: a wrong code is refused; a box left blank asks for nothing
    # (the browser can report an empty box as a change: no error may follow it).
    at = open_new_game(app(PAGE), NS)
    at.text_input(key=f"{NS}:table_code_box").input("ZZZ-ZZZ").run()
    assert [e.value for e in at.error] == ["No table has this code. Check it (for example K7P-2QX)."]
    for blank in ("", "   "):
        at.text_input(key=f"{NS}:table_code_box").input(blank).run()  # (the wrong code above: a change)
        assert not at.error and f"{NS}:shared_seat" not in at.session_state, [e.value for e in at.error]
    # A seat code that holds no seat is refused on the table's own page.
    host = open_table(app)
    guest = open_link(app, seated(host).table.code)
    guest.text_input(key=f"{NS}:seat_code_box").input("ABCD-EFGH").run()
    assert f"{NS}:shared_seat" not in guest.session_state
    assert any("does not hold a seat" in e.value for e in guest.error)


def test_a_finished_table_is_kept_for_the_class_to_replay(app):
    host = open_table(app)
    code = seated(host).table.code
    press(host, "🤖 Give Black to this bot")
    tables, table = SharedTables(), SharedTables().lookup(code)
    state = tables.state(code)
    host_code = seated(host).seat_code
    while not table.finished:  # White plays its first card, the bot answers
        if fm.current_player(state) == 0:
            table = tables.play(code, host_code, table.version, fm.legal_actions(state)[0])
        else:
            assert tables.bot_turn(code)
            table = tables.lookup(code)
        state = tables.state(code, table)
    watcher = open_link(app, code)  # the teacher, later, on another device
    press(watcher, "▶ Replay this finished game")
    replayed = session(watcher)
    assert fm.is_over(replayed.state) and len(replayed.history) == table.version + 1
    assert at_end_slider(watcher) == table.version


def at_end_slider(at) -> int:
    return at.slider(key=f"{NS}:replay").value


def test_a_table_cleaned_while_open_leaves_none_of_its_game_on_the_page(app):
    host = open_table(app)
    table = seated(host).table
    SharedTables().database.execute("DELETE FROM shared_tables WHERE code = ?", (table.code,))
    poll(host)
    assert f"{NS}:shared_seat" not in host.session_state and session(host).seed != table.seed
    assert any("is closed" in w.value for w in host.warning)
