"""Undo by request at a shared table through AppTest: two pages (two devices) at one Tanuki
Matsuri table. White asks to take back a move, Black accepts on its own page, and both pages
go back; a refusal leaves the move where it was and says so on both."""

from __future__ import annotations

import pytest

from storage.shared_tables import SharedTables
from tests.app.helpers import open_new_game, press, text_of
from tests.app.test_shared_table_apptest import poll
from ui.kit import shared_table

PAGE = "pages/tanuki_matsuri.py"
NS = "tanuki_matsuri"
SEED = 7
"""Its first roll offers White a choice of dice (no move before Black's shows a roll)."""


@pytest.fixture(autouse=True)
def known_deal(monkeypatch):
    monkeypatch.setattr(shared_table, "new_seed", lambda: SEED)
    monkeypatch.setenv("DOJO_HINT_BUDGET_S", "0.05")


def seated(at):
    return at.session_state[f"{NS}:shared_seat"]


def open_link(app, code: str):
    at = app()
    at.query_params["table"] = code
    at.switch_page(PAGE)
    return poll(at)


def history(at) -> int:
    return len(at.session_state[f"{NS}:session"].history) - 1


def act(at) -> None:
    next(b for b in at.button if (b.key or "").startswith(f"{NS}:act:")).click().run()
    assert not at.exception, at.exception


def two_devices(app):
    host = app(PAGE)
    open_new_game(host, NS)
    host.number_input(key=f"{NS}:new_players").set_value(2).run()
    host.selectbox(key=f"{NS}:new_seat_1").set_value("human")
    press(host, "👥 Open a table")
    code = seated(host).table.code
    guest = open_link(app, code)
    press(guest, "Take this seat")
    return host, guest, code


def test_asked_on_one_device_accepted_on_the_other_both_go_back(app):
    host, guest, code = two_devices(app)
    assert "Undo at a table asks the other players" in text_of(host)
    act(host)
    assert history(host) == 1 and history(poll(guest)) == 1
    press(host, "↶ Ask to take back my last move")
    assert "You asked to take back your last move" in text_of(host)
    assert SharedTables().lookup(code).asked.seat == 0
    poll(guest)
    assert "asks to take back their last move" in text_of(guest)
    assert "✓ Accept" in [b.label for b in guest.button]
    assert "✓ Accept" not in [b.label for b in host.button]  # the asker cannot accept its own
    press(guest, "✓ Accept")
    assert history(guest) == 0 and "Everyone accepted" in text_of(guest)
    poll(host)
    assert history(host) == 0 and "Everyone accepted" in text_of(host) and "Your turn" in text_of(host)
    table = SharedTables().lookup(code)
    assert table.version == 0 and table.undos == 1
    act(host)  # played again: both pages follow the new log
    assert history(host) == 1 and history(poll(guest)) == 1


def test_a_refused_request_leaves_the_move_and_says_so_on_both(app):
    host, guest, code = two_devices(app)
    press(guest, "↶ Ask to take back my last move")
    assert any("not played a move" in e.value for e in guest.error)
    act(host)
    press(host, "↶ Ask to take back my last move")
    press(poll(guest), "✗ Refuse")
    assert "refused the undo" in text_of(guest) and history(guest) == 1
    poll(host)
    assert "refused the undo" in text_of(host) and history(host) == 1
    press(host, "↶ Ask to take back my last move")
    assert any("ask again after the next move" in e.value for e in host.error)
    assert SharedTables().lookup(code).version == 1
