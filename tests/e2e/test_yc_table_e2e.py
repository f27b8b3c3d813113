"""Yokai Carnival at one table from three devices (three browser contexts): each plays its
seat by the side panel's buttons (the first legal action), and no device ever receives a card of another seat's hand
that its own view does not know. Cards come in copies (eight of each Yokai), so a card's name
in a message proves nothing: the check compares every websocket message (and the page's HTML)
with what the board would draw for that seat had it seen every hand, less what it draws from
``view(state, seat)`` (``tests/e2e/table_play.py``), at each position of the table's log. Each
device did receive its own hand. CI only (``DOJO_SOAK``: the whole game; three browsers, half a
minute for even three moves on two cores); ``make test`` plays Yokai and Fan & Mallet tables
with the same check."""

from __future__ import annotations

from functools import cache

import pytest

import engine.yokai_carnival as yc
from boards.yokai_carnival import figure
from engine.yokai_carnival.state import remake
from storage.shared_tables import SharedTables
from tests.e2e.browser import SOAK
from tests.e2e.table_play import (
    Device,
    check_devices,
    drawn,
    join_table,
    open_table,
    play_table,
    positions,
    press_action,
    received,
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not SOAK, reason="three browsers at one table: CI=true or DOJO_SOAK=1"),
]

GAME = "yokai_carnival"
PLAYERS = 3
FIRST_MOVES = 3


def _first_choice(device: Device, state, moves: int) -> None:
    press_action(device, GAME, yc.encode_action(yc.legal_actions(state)[0]), moves)


def test_three_devices_play_yokai_carnival_and_see_only_their_own_hands(browser, app_url, app_data):
    devices: list[Device] = []
    try:
        host = Device(browser, app_url)
        devices.append(host)
        code = open_table(host, app_url, GAME, PLAYERS)
        for seat in range(1, PLAYERS):
            devices.append(Device(browser, app_url))
            join_table(devices[seat], app_url, GAME, code, seat)

        tables = SharedTables(app_data / "scores.sqlite3")
        moves, pages = play_table(devices, tables, code, FIRST_MOVES, _first_choice)
        states = positions(tables, code)
        hidden, known = _knowledge(states)
        check_devices(devices, pages, moves, hidden, known, code, tables)
        for seat, device in enumerate(devices):
            assert hidden(seat, 0), "nothing was hidden from this seat: the check would be empty"
            # The check looks where a hand would be: the device got its own hand's cards.
            first = yc.view(states[0], seat)
            own = {
                s
                for s in drawn(figure(first))
                if any(s.startswith(f"<b>{c.name}</b>") for c in yc.hand(first, seat))
            }
            assert own and not received(device, own)
    finally:
        for device in devices:
            device.context.close()


def _knowledge(states):
    """``hidden(seat, j)``: what the board would draw at position ``j`` for ``seat`` had it
    seen every hand (and every card an ability shows another seat), less what it draws
    from its own view there (``known``: with and without the move before marked)."""

    @cache
    def known(seat: int, j: int) -> frozenset[str]:
        view = yc.view(states[j], seat)
        before = yc.view(states[j - 1], seat) if j else None
        return frozenset(
            drawn(figure(view))
            | drawn(figure(view, previous=before))
            | drawn(figure(view, interactive=False))
        )

    @cache
    def hidden(seat: int, j: int) -> frozenset[str]:
        view = yc.view(states[j], seat)
        if yc.is_over(view):
            return frozenset()
        told = remake(view, hands=states[j].hands, ctx=states[j].ctx)
        return frozenset(drawn(figure(told)) - known(seat, j))

    return hidden, known
