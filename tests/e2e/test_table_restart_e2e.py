"""A shared table survives a server restart: two devices play Yokai Carnival at a table, the
``streamlit run`` process stops and a new one starts on the same port with the same data
folder. The pupils' open pages reconnect by themselves (a new server session: the page opens
the table's seats from its address), each pupil retypes their seat code and the game goes on
from the same position, each device still seeing only its own hand. Two server starts cost
tens of seconds on a loaded machine: it runs in CI (``DOJO_SOAK``) only."""

from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

import engine.yokai_carnival as yc
from boards.yokai_carnival import figure
from storage.shared_tables import SharedTables
from tests.e2e.browser import SOAK
from tests.e2e.conftest import start_server, stop
from tests.e2e.table_play import (
    Device,
    drawn,
    join_table,
    open_table,
    play_first_actions,
    reclaim_seat,
)

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not SOAK, reason="two server starts: CI=true or DOJO_SOAK=1"),
]

GAME = "yokai_carnival"
BEFORE, AFTER = 3, 3  # moves played before the restart, and after it
BOARD = "() => JSON.stringify(document.querySelector('.js-plotly-plot').data)"


def test_a_table_survives_a_server_restart_with_the_same_data_folder(browser):
    data = Path(tempfile.mkdtemp())
    proc, url = start_server(data)
    devices: list[Device] = []
    try:
        devices.append(Device(browser, url))
        code = open_table(devices[0], url, GAME, 2)
        devices.append(Device(browser, url))
        join_table(devices[1], url, GAME, code, 1)
        tables = SharedTables(data / "scores.sqlite3")
        moves = play_first_actions(devices, tables, code, 0, BEFORE)
        state = tables.state(code)
        stop(proc)
        proc, again = start_server(data, port=urlsplit(url).port)
        assert again == url
        for seat, device in enumerate(devices):
            # The page reconnects to the new process by itself: a new session, so the table's
            # seats from the address, and the seat code brings the seat back.
            expect(
                device.page.get_by_role("textbox", name="Had a seat here? Type your seat code")
            ).to_be_visible(timeout=90_000)
            reclaim_seat(device, url, GAME, code, moves)
            expect(device.main()).to_contain_text(f"you play {yc.INFO.seat_name(seat)}")
            # The new process drew the position again, from the database alone: the board holds
            # every card this seat's view shows (a chart the browser had before the restart may
            # come as a reference to its cached message, so the page is read, not the messages).
            cards = {s for s in drawn(figure(yc.view(state, seat))) if s.startswith("<b>")}
            board = device.page.evaluate(BOARD)
            assert cards and not [s for s in cards if s not in board]

        moves = play_first_actions(devices, tables, code, moves, AFTER)
        assert tables.lookup(code).version == moves == BEFORE + AFTER
        for device in devices:
            device.shows(moves)
    finally:
        for device in devices:
            device.context.close()
        stop(proc)
