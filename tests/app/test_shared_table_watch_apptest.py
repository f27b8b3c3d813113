"""Watching a shared table without a seat (a teacher, a pupil who came when every seat was
taken), through AppTest: the watcher follows the moves like a seat's device and is offered no
move. In a game with hidden cards nothing the page sends holds what only one seat's board
draws (a card of its hand), nor the seed; in a game without hidden information it draws the
board as the seat to move sees it."""

from __future__ import annotations

from google.protobuf.text_format import MessageToString

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
from boards.fan_mallet import figure
from explainers.fan_mallet_text import board_text
from storage.shared_tables import SharedTables
from tests.app.helpers import open_new_game, press, text_of
from tests.app.test_shared_table_apptest import open_link, open_table, play, poll, seated, session
from tests.e2e.table_play import SPECIFIC, as_text, drawn
from tests.support.boards import figures
from ui.kit.shared_table_view import NO_BOARD, moves_played

WATCH = "👀 Watch without a seat"
TM_PAGE, TM = "pages/tanuki_matsuri.py", "tanuki_matsuri"


def sent(at) -> str:
    """Every element the page sent, as its message's text (charts' specs included, their
    ``\\uXXXX`` escapes read back)."""
    parts: list[str] = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            parts.append(as_text(MessageToString(proto, as_utf8=True).encode()))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(parts)


def offered(at) -> list[str]:
    """The keys of the buttons and pills that would change the table (moves, seats, undo)."""
    widgets = [*at.button, *at.get("pills")]
    words = ("act:", "play", "pick", "take_", "to_bot", "undo_")
    return [w.key for w in widgets if w.key and any(word in w.key for word in words)]


def drawn_for(view) -> set[str]:
    """What the board draws from ``view`` (its chart, whether it takes clicks or not, its text
    version) and the codes of the hand it shows, long enough to name a card."""
    strings = drawn(figure(view, interactive=True)) | drawn(figure(view, interactive=False))
    strings |= {cell for row in board_text(view).rows for cell in row if len(cell) >= SPECIFIC}
    return strings | {f.code for f in fm.hand(view, ("white", "black")[view.viewer])}


def private(state) -> set[str]:
    """What either seat's board draws and the other seat's does not: its hidden cards."""
    views = [fm.view(state, seat) for seat in (0, 1)]
    return (drawn_for(views[0]) - drawn_for(views[1])) | (drawn_for(views[1]) - drawn_for(views[0]))


def open_link_at(at, code: str, page: str):
    """A device opens the table's link on ``page``."""
    at.query_params["table"] = code
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def test_a_watcher_of_fan_and_mallet_follows_the_moves_and_is_sent_no_card(app):
    host = open_table(app)
    code = seated(host).table.code
    guest = open_link(app, code)
    press(guest, "Take this seat")  # every seat is taken now
    watcher = open_link(app, code)
    assert "Take this seat" not in [b.label for b in watcher.button]
    press(watcher, WATCH)
    held = seated(watcher)
    assert held.watching and held.seat_code == "" and not held.host
    text = text_of(watcher)
    assert "you watch without a seat" in text and NO_BOARD in text and "No move yet at this table" in text
    assert not figures(watcher) and offered(watcher) == []
    table = SharedTables().lookup(code)
    # The check looks where a card would be: a seat's page is sent what only its seat sees.
    assert [s for s in private(SharedTables().state(code)) if s in sent(host)]
    for moves in range(3):
        page = sent(watcher)
        assert not [s for s in private(SharedTables().state(code)) if s in page]
        assert str(table.seed) not in page
        seat = fm.current_player(SharedTables().state(code))
        mover = poll((host, guest)[seat])
        play(mover, fm.hand(session(mover).state, ("white", "black")[seat])[0].code)
        assert SharedTables().lookup(code).version == moves + 1
        poll(watcher)
        assert moves_played(moves + 1) in text_of(watcher) and len(session(watcher).history) == moves + 2
    press(watcher, "Stop watching")
    assert "fan_mallet:shared_seat" not in watcher.session_state
    assert session(watcher).seed != table.seed  # demo mode cannot show the table's cards
    assert SharedTables().lookup(code).version == 3


def test_a_watcher_of_tanuki_matsuri_sees_the_board_and_the_undo_request_but_no_button(app):
    host = app(TM_PAGE)
    open_new_game(host, TM)
    host.number_input(key=f"{TM}:new_players").set_value(2).run()
    host.selectbox(key=f"{TM}:new_seat_1").set_value("human")
    press(host, "👥 Open a table")
    code = host.session_state[f"{TM}:shared_seat"].table.code
    press(open_link_at(app(), code, TM_PAGE), "Take this seat")
    watcher = press(open_link_at(app(), code, TM_PAGE), WATCH)
    assert figures(watcher) and offered(watcher) == [] and NO_BOARD not in text_of(watcher)
    assert str(SharedTables().lookup(code).seed) not in sent(watcher)
    next(b for b in host.button if b.key and b.key.startswith(f"{TM}:act:")).click().run()
    assert SharedTables().lookup(code).version == 1
    press(host, "↶ Ask to take back my last move")
    poll(watcher)
    text = text_of(watcher)
    assert moves_played(1) in text and "asks to take back their last move" in text
    assert offered(watcher) == [] and f"Waiting for: {tm.INFO.seat_name(1)}" in text
