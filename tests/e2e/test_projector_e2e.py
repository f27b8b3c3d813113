"""A teacher at a 1280×720 projector: the board, the step button and the explanation of the
last move fit on the screen without scrolling, and the board marks the card just played."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import engine.fan_mallet as fm
from engine.core import encode_link
from engine.core.registry import games
from tests.e2e.browser import click_until, one_game_unless_soak, open_page, wait_idle

pytestmark = pytest.mark.e2e

CUT_OFF = """() => [...document.querySelectorAll("[data-testid='stMain'] *")].filter(e =>
    getComputedStyle(e).textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1
    && e.innerText.trim()).map(e => e.innerText.trim())"""
"""The texts on the page that Streamlit cuts short with "…" because their column is too narrow."""


def nothing_cut_short(page, timeout_s: float = 10) -> None:
    """No text on the page ends in "…" for want of room, once the app's own style is in: a
    long button label wraps by it, and it comes a moment after the page (an st.html element,
    which the browser loads lazily on a first visit)."""
    deadline = time.monotonic() + timeout_s
    while (cut := page.evaluate(CUT_OFF)) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    assert cut == []


def panel_under_board(page) -> bool:
    """The panel beside the board ("To move") starts below the board's bottom."""
    board = settled_box(page.locator(".js-plotly-plot").first)
    return settled_box(page.get_by_text("To move", exact=True))["y"] >= board["y"] + board["height"] - 1


def settled_box(locator) -> dict:
    """The element's box on screen. ``None`` means a clock tick was redrawing it at that very
    moment (the clock of the earlier pace ticks on until the next full run): look again."""
    for _ in range(50):
        expect(locator).to_be_visible()
        box = locator.bounding_box()
        if box is not None:
            return box
    raise AssertionError(f"{locator} never held still long enough to be measured")


def test_bot_against_bot_step_by_step_fits_a_1280x720_projector(browser, app_url):
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    state, rng = fm.new_game(2026), random.Random(3)
    for _ in range(24):
        state = fm.apply(state, rng.choice(fm.legal_actions(state)))
    open_page(page, app_url, f"fan_mallet?game={encode_link(fm.to_json(state))}&seats=greedy,lookahead")
    main = page.locator("[data-testid='stMain']")
    step = page.get_by_role("button", name="▶ Bot move")
    for _ in range(5):  # the bot clock may redraw the slider under the key press: try again
        page.get_by_role("slider", name="Bot pace").focus()
        page.keyboard.press("Home")  # Step by step
        try:
            expect(step).to_be_visible(timeout=8_000)
            break
        except AssertionError:
            continue
    moves = len(fm.from_json(fm.to_json(state)).log)
    slider = page.get_by_role("slider", name="Replay: move")
    click_until(
        step.click, lambda: expect(slider).not_to_have_attribute("aria-valuenow", str(moves), timeout=8_000)
    )
    board = page.locator(".js-plotly-plot").first
    expect(board).to_contain_text("last card")  # the card just played is marked on the board
    expect(main).to_contain_text("goes to house")  # and its placement is explained
    explanation = page.get_by_text("goes to house").first
    # The teacher scrolls the title away once: from the top of the board down, everything
    # the class needs is on one 1280x720 screen.
    wait_idle(page)
    board.evaluate("(el) => el.scrollIntoView({block: 'start'})")  # whichever element scrolls
    for what in (board, step, page.get_by_text("Last move", exact=True), explanation):
        box = settled_box(what)
        assert box["y"] >= -1 and box["y"] + box["height"] <= 720, (what, box)  # -1: sub-pixel scrolling
    page.context.close()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 768)], ids=["1280x720", "1024x768"])
@pytest.mark.parametrize("game", one_game_unless_soak([g.INFO.id for g in games()], keep="tanuki_matsuri"))
def test_no_label_is_cut_short_on_a_projector(browser, app_url, game, size):
    """A label too long for its column ends in "…": beside the board a class once read
    "Demo mode: sh…", "🍉 Take…", "L…" for "Line A" and three Yokai Carnival orders as one
    "Place left → right: Kitsune → …". Checked as the page opens and after each of the next
    three moves (the first its move buttons offer). On a 1024 px screen, beside the sidebar,
    the panel goes under the board, which keeps the page's width (squeezed beside the panel,
    a Yokai Carnival board drew its texts over each other)."""
    width, height = size
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    open_page(page, app_url, game)
    board = page.locator(".js-plotly-plot").first
    expect(board).to_be_visible()
    if width == 1024:
        wait_idle(page)
        deadline = time.monotonic() + 10  # (the app's style comes a moment after a first page)
        while not panel_under_board(page) and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert panel_under_board(page)
        assert settled_box(board)["width"] >= 500
    moves = page.locator("[data-testid='stMain'] [class*='-act-'] button")
    for _ in range(4):
        wait_idle(page)
        nothing_cut_short(page)
        if moves.count():
            try:
                moves.first.click(timeout=5_000)
            except PlaywrightError:  # a bot's move redrew the buttons under the click
                pass
    page.context.close()
