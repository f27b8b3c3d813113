"""The shell in a real browser: Home, every page, and the shared controls on the test game."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import open_page, wait_idle
from ui.registry import GAMES

pytestmark = pytest.mark.e2e


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


def test_home_lists_every_game_and_both_start_paths(page, app_url):
    open_page(page, app_url)
    text = main_text(page)
    for game in GAMES:
        assert game.title in text
        assert game.japanese in text
    assert "Start here: learning alone" in text
    assert "Start here: teaching a class" in text
    assert "Page not found" not in page.content()


def test_sidebar_navigates_to_every_page(page, app_url):
    open_page(page, app_url)
    nav = page.locator("[data-testid='stSidebarNav']")
    expected = {"Rules": "Rules", "Pebbles (test game)": "Pebbles"}
    for game in GAMES:
        if game.ready:
            expected[game.title] = game.title
    for link, heading in expected.items():
        nav.get_by_text(link, exact=True).click()
        expect(page.locator("h1").first).to_contain_text(heading)
    open_page(page, app_url, "rules")
    for game in GAMES:
        expect(page.locator("[data-testid='stMain']")).to_contain_text(game.title)


def pile(page) -> int:
    metric = page.locator("[data-testid='stMetricValue']").first
    return int(metric.inner_text())


def expect_pile(page, count: int) -> None:
    """Wait (Playwright retries) until the board shows ``count`` pebbles left."""
    expect(page.locator("[data-testid='stMetricValue']").first).to_have_text(str(count))


def click_pebble(page, take: int) -> None:
    """Click the pebble marked ``take`` on the Plotly board (a real click on an SVG point)."""
    points = page.locator(".js-plotly-plot .scatterlayer .point")
    count = points.count()
    points.nth(count - take).click(force=True)
    wait_idle(page)


def test_pebbles_click_undo_redo_replay(page, app_url):
    open_page(page, app_url)
    page.locator("[data-testid='stSidebarNav']").get_by_text("Pebbles (test game)").click()
    wait_idle(page)
    start = pile(page)
    click_pebble(page, 2)
    expect_pile(page, start - 2)
    page.get_by_role("button", name="Take 1").click()
    wait_idle(page)
    expect_pile(page, start - 3)
    page.get_by_role("button", name=re.compile("Undo")).click()
    wait_idle(page)
    expect_pile(page, start - 2)
    expect(page.locator("[data-testid='stMain']")).to_contain_text("Looking back at move 1 of 2")
    page.get_by_role("button", name=re.compile("Redo")).click()
    wait_idle(page)
    expect_pile(page, start - 3)
    # The replay slider: keyboard Home jumps to move 0.
    slider = page.get_by_role("slider", name=re.compile("Replay"))
    slider.focus()
    page.keyboard.press("Home")
    wait_idle(page)
    expect_pile(page, start)


def test_share_link_restores_the_game_elsewhere_and_bad_links_change_nothing(browser, page, app_url):
    open_page(page, app_url, "pebbles")
    start = pile(page)
    page.wait_for_url(re.compile(r"game="))
    before = page.url
    page.get_by_role("button", name="Take 3").click()
    expect_pile(page, start - 3)
    page.wait_for_url(lambda url: "game=" in url and url != before)
    link = page.url
    other = browser.new_context().new_page()
    other.goto(link)
    wait_idle(other)
    expect_pile(other, start - 3)
    expect(other.locator("[data-testid='stMain']")).to_contain_text("restored from the share link")
    other.context.close()
    # A garbled link pasted into the page: a readable error, and the game on screen stays.
    page.get_by_role("button", name=re.compile("Save")).click()
    box = page.get_by_label("Open a share link")
    box.fill(link[:-12] + "garbled!")
    box.press("Enter")
    wait_idle(page)
    main = page.locator("[data-testid='stMain']")
    expect(main).to_contain_text("could not be opened")
    expect(main).to_contain_text("damaged")
    page.keyboard.press("Escape")
    expect_pile(page, start - 3)
    # A garbled link opened directly: the same message, over a fresh game.
    fresh = browser.new_context().new_page()
    fresh.goto(re.sub(r"game=[^&]+", "game=AAAA-not-a-game", link))
    wait_idle(fresh)
    expect(fresh.locator("[data-testid='stMain']")).to_contain_text("share link could not be opened")
    expect(fresh.locator("[data-testid='stMetricValue']").first).to_be_visible()
    fresh.context.close()


def test_corrupted_save_upload_shows_error_and_keeps_the_game(page, app_url, tmp_path):
    open_page(page, app_url, "pebbles")
    start = pile(page)
    page.get_by_role("button", name="Take 2").click()
    before = start - 2
    expect_pile(page, before)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "tabletop-dojo-save", "version": 1, "game": "pebbles", "seed": 1')
    page.get_by_role("button", name=re.compile("Save")).click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(broken))
    wait_idle(page)
    expect(page.get_by_text("could not be loaded")).to_be_visible()
    expect(page.get_by_text("not valid JSON")).to_be_visible()
    page.keyboard.press("Escape")
    expect_pile(page, before)


def test_keyboard_shortcuts_undo_and_redo(page, app_url):
    open_page(page, app_url, "pebbles")
    start = pile(page)
    page.get_by_role("button", name="Take 1").click()
    expect_pile(page, start - 1)
    page.locator("h1").first.click()  # focus the page, not a widget
    page.keyboard.press("Control+z")
    expect_pile(page, start)
    page.keyboard.press("Control+y")
    expect_pile(page, start - 1)


def test_bots_play_by_themselves_at_the_chosen_pace(page, app_url):
    open_page(page, app_url, "pebbles")
    page.get_by_role("button", name=re.compile("New game")).click()
    for seat, bot in (("Left", "greedy"), ("Right", "random")):
        page.get_by_label(seat).click()
        page.get_by_role("option", name=bot, exact=True).click()
    page.get_by_role("button", name="Start new game").click()
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid='stMain']")).to_contain_text(
        "took the last pebble and wins", timeout=60_000
    )
    expect_pile(page, 0)
