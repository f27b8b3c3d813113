"""A shared table in a real browser: two browser contexts (two pupils' devices) play a whole
Fan & Mallet game at one table. The host opens the table from the New game panel, the guest
opens its link and takes the free seat; each card played on one device appears on the other.
Until the game is over, neither the page's HTML nor any websocket message a device received
holds a card of the other seat's hand or deck that has not been played yet (checked for each
move's messages against the cards still hidden after it). A third device watches without a
seat: it follows every move, and no message it received before the end holds what only one
seat's board draws (a card of a hand), nor the seed. ``make test`` plays the first
``FIRST_MOVES`` moves with the same checks; CI (``DOJO_SOAK``) plays the whole game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine.fan_mallet as fm
from storage.shared_tables import SharedTables
from tests.app.test_shared_table_watch_apptest import private
from tests.e2e.browser import SOAK, click_until
from tests.e2e.table_play import (
    Device,
    check_messages,
    expect_moves,
    join_table,
    keyed,
    open_table,
    play_table,
    positions,
)
from tests.e2e.test_fm_e2e import hand_points

pytestmark = pytest.mark.e2e

WHOLE_GAME = SOAK
FIRST_MOVES = 4  # each device moves twice: a newcomer's make test stays within its minutes


def hidden_after(tokens: list[str], faction: str, moves: int) -> set[str]:
    """The codes of ``faction``'s followers none of whose copies was played in ``moves`` moves."""
    played = {t for t in tokens[:moves]}
    return {f.code for f in fm.FOLLOWERS if f.faction == faction} - played


def play_first_card(device: Device, moves: int) -> None:
    """A click on the first hand card shows its path, a second one plays it."""
    main = device.main()
    click_until(
        lambda: hand_points(device.page).first.click(force=True),
        lambda: expect(main).to_contain_text("Preview:", timeout=8_000),
    )
    click_until(
        lambda: hand_points(device.page).first.click(force=True),
        lambda: expect_moves(device.page, moves + 1, timeout=8_000),
    )


def test_two_devices_play_fan_and_mallet_at_one_table_and_never_see_the_other_hand(
    browser, app_url, app_data
):
    devices: list[Device] = []
    watcher = None
    try:
        host = Device(browser, app_url)
        devices.append(host)
        code = open_table(host, app_url, "fan_mallet", 2)
        guest = Device(browser, app_url)
        devices.append(guest)
        join_table(guest, app_url, "fan_mallet", code, 1)
        watcher = Device(browser, app_url)
        watcher.page.goto(f"{app_url}/fan_mallet?table={code}")
        keyed(watcher.page, "fan_mallet", "table_watch").get_by_role("button").click()
        expect(watcher.main()).to_contain_text("you watch without a seat")
        watcher.shows(0)

        tables = SharedTables(app_data / "scores.sqlite3")
        moves, pages = play_table(
            devices,
            tables,
            code,
            FIRST_MOVES,
            lambda device, _, moves: play_first_card(device, moves),
            before=watcher.shows,  # the watcher follows each move, its messages marked
        )
        watcher.shows(moves)
        table = tables.lookup(code)
        tokens = tables.moves(code)
        assert len(tokens) == moves
        if WHOLE_GAME:
            assert fm.is_over(tables.state(code))

        seed = str(table.seed)
        for device, shown, html in pages:
            other = "black" if device is host else "white"
            assert not [c for c in hidden_after(tokens, other, shown) if c in html], (
                "a hidden card in the HTML"
            )
            assert seed not in html
        first = fm.new_game(table.seed, 2)
        for device, other in ((host, "black"), (guest, "white")):
            assert device.frames, "no websocket message was seen"
            # The check looks where a card would be: each device did receive its own hand.
            own = fm.hand(first, "white" if other == "black" else "black")
            assert all(any(f.code.encode() in frame for frame in device.frames) for f in own)
            marks = device.marks + [(moves, len(device.frames))]
            assert len(marks) > min(20, moves // 2)
            for (_, start), (after, end) in zip(marks, marks[1:], strict=False):
                if after >= moves:
                    break  # the finished game shows every card, as on one screen
                # Messages between two marks draw the positions between them: a card not
                # played by the later one was hidden in all of them.
                hidden = hidden_after(tokens, other, after)
                for i in range(start, end):
                    frame = device.frames[i]
                    leaked = [c for c in hidden if c.encode() in frame]
                    assert not leaked, f"{other}'s hidden {leaked} reached the other seat (message {i})"
                    assert seed.encode() not in frame, "the seed reached a device"
        # The watcher: what only one seat's board draws at a position never reached it there.
        states = positions(tables, code)
        hidden = [private(state) for state in states]
        checked = check_messages(watcher, moves, hidden.__getitem__, lambda _: (), table.finished, table.seed)
        assert checked > 5, "too few of the watcher's messages were checked"
    finally:
        for device in devices:
            device.context.close()
        if watcher is not None:
            watcher.context.close()
