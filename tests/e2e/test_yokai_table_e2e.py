"""Yokai as a team across two devices: two partners, each in their own browser context, play
at one table. Hints are the only channel: a partner's page never holds what the other's seat
knows and it does not (a card's family seen by the other, and the hint deck's next card,
which nobody knows; checked in the page's HTML and in every websocket message against
``view(state, seat)`` at each position, and positively: each device did receive the families
its own view knows). The memory aid is per device: turned
off on one device, that board draws its earlier cards face down while the partner's toggle
stays on. ``make test`` plays the first turn and a peek (``FIRST_MOVES``); CI (``DOJO_SOAK``)
the whole game.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest
from playwright.sync_api import expect

import engine.yokai as yk
from boards.yokai import figure
from explainers.yokai_words import word
from storage.shared_tables import SharedTables
from tests.e2e.browser import click_until
from tests.e2e.table_play import (
    Device,
    check_devices,
    drawn,
    expect_moves,
    join_table,
    keyed,
    open_table,
    play_table,
    positions,
    received,
)

pytestmark = pytest.mark.e2e

GAME = "yokai"
FIRST_MOVES = 4  # the host's first turn (two peeks, a move: the rules reveal its hint), a peek
MEMORY_AT = 3  # the host's turn is over: it turns its memory aid off
STEP_BUTTONS = {"peek": ("w_peek_go",), "move": ("w_move_go",), "hint": ("w_reveal", "w_place")}
FACE_DOWN_SEEN = "face down: seen before (memory aid off)"


def play_step(device: Device, state, moves: int) -> None:
    """Press the side panel's button for this step (a hint: reveal while the deck lasts)."""
    page = device.page
    button = next(
        b
        for name in STEP_BUTTONS[yk.phase(state)]
        if (b := keyed(page, GAME, name).get_by_role("button")).count()
    )
    click_until(
        button.click,
        lambda: expect_moves(device.page, moves + 1, timeout=8_000),
    )


def test_two_partners_play_yokai_at_one_table_and_share_only_hints(browser, app_url, app_data):
    devices: list[Device] = []
    try:
        host = Device(browser, app_url)
        devices.append(host)
        code = open_table(host, app_url, GAME, 2)
        partner = Device(browser, app_url)
        devices.append(partner)
        join_table(partner, app_url, GAME, code, 1)
        for device in devices:  # each page says it: hints are the only channel
            expect(device.main()).to_contain_text(word("communication", "en").removeprefix("🤫 "))

        tables = SharedTables(app_data / "scores.sqlite3")
        memory = []

        def before(moves: int) -> None:
            if moves == MEMORY_AT:
                memory_is_per_device(host, partner)
                memory.append(moves)

        moves, pages = play_table(devices, tables, code, FIRST_MOVES, play_step, before)
        assert memory, "the memory aid was not checked"
        states = positions(tables, code)
        assert len(states) == moves + 1
        hidden, known = _knowledge(states)
        check_devices(devices, pages, moves, hidden, known, code, tables)
        for seat, device in enumerate(devices):
            # The check looks where a family would be: the device got the first one it saw.
            first = next(j for j, s in enumerate(states) if s.seen[seat])
            seen = {s for s in drawn(figure(yk.view(states[first], seat))) if _names_family(s)}
            assert seen and not received(device, seen)
    finally:
        for device in devices:
            device.context.close()


def _names_family(text: str) -> bool:
    return text.startswith("Card at ") and "face down" not in text


def memory_is_per_device(host: Device, partner: Device) -> None:
    """The host turns the memory aid off (its turn is over): its board draws the cards it saw
    face down; the partner's toggle stays on and its board draws nothing of the host's."""
    toggle = keyed(host.page, GAME, "memory")
    expect(toggle.locator("input")).to_be_checked()
    toggle.locator("label").click()
    expect(toggle.locator("input")).not_to_be_checked()
    host.page.wait_for_function(
        f"() => JSON.stringify(document.querySelector('.js-plotly-plot').data).includes({FACE_DOWN_SEEN!r})"
    )
    expect(keyed(partner.page, GAME, "memory").locator("input")).to_be_checked()
    data = partner.page.evaluate("() => JSON.stringify(document.querySelector('.js-plotly-plot').data)")
    assert FACE_DOWN_SEEN not in data


def _knowledge(states):
    """``hidden(seat, j)``: what the board would draw at position ``j`` had ``seat`` seen every
    card and the hint deck's top card (nobody has), less ``known(seat, j)``: what it draws
    from its view there (memory aid on or off, the move before marked or not)."""

    @cache
    def known(seat: int, j: int) -> frozenset[str]:
        view = yk.view(states[j], seat)
        before = yk.view(states[j - 1], seat) if j else None
        return frozenset(
            drawn(figure(view)) | drawn(figure(view, memory=False)) | drawn(figure(view, previous=before))
        )

    @cache
    def hidden(seat: int, j: int) -> frozenset[str]:
        full, view = states[j], yk.view(states[j], seat)
        if yk.is_over(view):
            return frozenset()
        told = replace(view, families=full.families)
        if full.deck:  # the next hint as if it were revealed: its families are nobody's yet
            top = full.deck[0]
            told = replace(
                told, revealed=(*told.revealed, top), drawn=(*told.drawn, top), deck_size=len(full.deck) - 1
            )
        return frozenset(drawn(figure(told)) - known(seat, j))

    return hidden, known
