"""A shared table in the school set-up: two ``streamlit run`` processes (``deploy.serve``) on
one PostgreSQL database, and two real browsers (Playwright contexts). The host opens a Yokai
Carnival table on process 1, a pupil takes the other seat on process 2, and each move made on
one process shows on the other (the table lives only in the database). Then the host's device
reaches the other process (its own went away, or the proxy sent it elsewhere): it opens the
table's link there, retypes its seat code and plays on from the same position. It starts its
own processes (about a minute on our 2 cores): CI (``DOJO_SOAK``) only. The browser is the
suite's (``tests/e2e/conftest.py``): a second Playwright in the same test process fails."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from storage.shared_tables import SharedTables
from tests.e2e.browser import SOAK, open_page
from tests.e2e.table_play import Device, join_table, open_table, play_first_actions, reclaim_seat
from tests.school import serving
from tests.school.postgres import postgres_server, postgres_url  # noqa: F401

pytestmark = [
    pytest.mark.xdist_group("school"),
    pytest.mark.e2e,
    pytest.mark.skipif(not SOAK, reason="two processes, PostgreSQL and a browser: CI=true or DOJO_SOAK=1"),
]

GAME = "yokai_carnival"


def test_a_pupil_reaching_the_other_process_plays_on_at_the_same_table(postgres_server, browser):  # noqa: F811
    database = postgres_server.new_database()
    running = serving.start(processes=2, env={"DOJO_DATABASE_URL": database})
    devices: list[Device] = []
    try:
        first, second = (f"http://127.0.0.1:{port}" for port in running.ports)
        devices.append(Device(browser, first))
        code = open_table(devices[0], first, GAME, 2)
        devices.append(Device(browser, second))
        join_table(devices[1], second, GAME, code, 1)
        tables = SharedTables(database)
        # Each device waits for the other's moves on its own process before it plays.
        moves = play_first_actions(devices, tables, code, 0, 4)

        host = devices[0]
        open_page(host.page, second)  # a new session on the other process: no seat yet
        reclaim_seat(host, second, GAME, code, moves)
        expect(host.main()).to_contain_text("you play Player 1")
        moves = play_first_actions(devices, tables, code, moves, 4)
        assert tables.lookup(code).version == moves == 8
        for device in devices:
            device.shows(moves)
    finally:
        for device in devices:
            device.context.close()
        running.stop()
