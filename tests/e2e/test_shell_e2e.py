"""The shell in a real browser: Home, every page, and the shared controls on the example game
(the test game, Pebbles: ``tests/support/example.py``)."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.browser import (
    click_until,
    close_new_game,
    main_text,
    open_page,
    start_hot_seat,
    start_new_game,
    take_over,
    wait_idle,
    watch_bots,
)
from tests.support.example import example_game
from ui.registry import GAMES

pytestmark = pytest.mark.e2e
EXAMPLE = example_game().INFO


def test_home_lists_every_game_and_both_start_paths(page, app_url):
    open_page(page, app_url)
    text = main_text(page)
    for game in GAMES:
        assert game.info.title in text
        assert game.info.japanese in text
    assert "Start here: learning alone" in text
    assert "Start here: teaching a class" in text
    assert "Page not found" not in page.content()


def test_sidebar_navigates_to_every_page(page, app_url):
    open_page(page, app_url)
    nav = page.locator("[data-testid='stSidebarNav']")
    expected = {"Rules": "Rules"}  # and every ready game, the test game too
    for game in GAMES:
        if game.ready:
            expected[game.info.title] = game.info.title
    for link, heading in expected.items():
        nav.get_by_text(link, exact=True).click()
        expect(page.locator("h1").first).to_contain_text(heading)
    open_page(page, app_url, "rules")
    for game in GAMES:
        expect(page.locator("[data-testid='stMain']")).to_contain_text(game.info.title)


def hot_seat(page) -> None:
    """Start a game between two people at this screen (the page opens against a bot)."""
    start_hot_seat(page, "Right", "Left")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()


def pile(page) -> int:
    take_over(page)
    metric = page.locator("[data-testid='stMetricValue']").first
    expect(metric).to_be_visible()
    return int(metric.inner_text())


def expect_pile(page, count: int, timeout_s: float = 60) -> None:
    """Wait until the board shows ``count`` pebbles left, taking the device whenever the hot
    seat asks for it (a click the loaded browser lost is simply made again), and until the run
    that drew it has ended: a button pressed while the Play area still reruns was lost in CI."""
    shown = page.locator("[data-testid='stMetricValue']").filter(has_text=re.compile(f"^{count}$"))
    handover = page.get_by_role("button", name="I am ")
    deadline = time.monotonic() + timeout_s
    while True:
        expect(shown.or_(handover).first).to_be_visible()
        if shown.count():
            break
        try:
            handover.first.click(timeout=5_000)
            expect(shown).to_be_visible(timeout=5_000)
            break
        except (AssertionError, PlaywrightError):
            if time.monotonic() > deadline:
                raise
    wait_idle(page)


def click_pebble(page, take: int, pile_before: int) -> None:
    """Click the pebble marked ``take`` on the Plotly board (a real click on an SVG point)."""
    take_over(page)
    points = page.locator(".js-plotly-plot .scatterlayer .point")

    def click() -> None:
        expect(points.nth(take - 1)).to_be_attached()  # the chart is drawn
        points.nth(points.count() - take).click(force=True)

    # Changed: fewer pebbles, or the board hidden while the device passes to the other player.
    click_until(click, lambda: expect(points).not_to_have_count(pile_before, timeout=8_000))


def test_the_example_game_click_undo_redo_replay(page, app_url):
    open_page(page, app_url)
    page.locator("[data-testid='stSidebarNav']").get_by_text(EXAMPLE.title, exact=True).click()
    wait_idle(page)
    hot_seat(page)
    start = pile(page)
    click_pebble(page, 2, start)
    expect_pile(page, start - 2)
    take_over(page)
    page.get_by_role("button", name="Take 1").click()
    expect_pile(page, start - 3)
    # CI lost this press twice in ~10 runs (the page stayed at move 2 of 2); six runs with the
    # server logging every press could not show it, so a lost press is made again, once seen lost.
    looking_back = page.locator("[data-testid='stMain']").get_by_text("Looking back at move 1 of 2")
    click_until(
        lambda: page.get_by_role("button", name=re.compile("Undo")).click(),
        lambda: expect(looking_back).to_be_visible(timeout=8_000),
        tries=2,
    )
    wait_idle(page)
    expect_pile(page, start - 2)
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
    open_page(page, app_url, EXAMPLE.id)
    hot_seat(page)
    start = pile(page)
    page.wait_for_url(re.compile(r"game="))
    before = page.url
    take_over(page)
    page.get_by_role("button", name="Take 3").click()
    expect_pile(page, start - 3)
    page.wait_for_url(lambda url: "game=" in url and url != before)
    link = page.url
    other = browser.new_context().new_page()
    other.goto(link)
    wait_idle(other)
    expect(other.locator("[data-testid='stMain']")).to_contain_text("restored from the share link")
    expect_pile(other, start - 3)
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
    take_over(fresh)
    expect(fresh.locator("[data-testid='stMetricValue']").first).to_be_visible()
    fresh.context.close()


def test_corrupted_save_upload_shows_error_and_keeps_the_game(page, app_url, tmp_path):
    open_page(page, app_url, EXAMPLE.id)
    hot_seat(page)
    start = pile(page)
    take_over(page)
    page.get_by_role("button", name="Take 2").click()
    before = start - 2
    expect_pile(page, before)
    broken = tmp_path / "broken.json"
    cut = json.dumps({"format": "tabletop-dojo-save", "version": 1, "game": EXAMPLE.id, "seed": 1})
    broken.write_text(cut[:-1])  # the closing brace cut off
    page.get_by_role("button", name=re.compile("Save")).click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").set_input_files(str(broken))
    wait_idle(page)
    expect(page.get_by_text("could not be opened")).to_be_visible()
    expect(page.get_by_text("not valid JSON")).to_be_visible()
    page.keyboard.press("Escape")
    expect_pile(page, before)


def test_keyboard_shortcuts_undo_and_redo(page, app_url):
    open_page(page, app_url, EXAMPLE.id)
    hot_seat(page)
    start = pile(page)
    take_over(page)
    page.get_by_role("button", name="Take 1").click()
    expect_pile(page, start - 1)
    # Each key moves the game to the other player, whose turn the hot seat hides first; a key
    # a busy browser lost (pressed mid-run) is pressed again (undo at move 0 and redo at the
    # end change nothing, so a second press is harmless).
    for key, seat, pebbles_left in (("Control+z", "Left", start), ("Control+y", "Right", start - 1)):
        wait_idle(page)
        page.locator("h1").first.click()  # focus the page, not a widget
        click_until(
            lambda key=key: page.keyboard.press(key),
            lambda seat=seat: expect(page.get_by_role("button", name=f"I am {seat}")).to_be_visible(
                timeout=8_000
            ),
        )
        expect_pile(page, pebbles_left)


def test_bots_play_by_themselves_at_the_chosen_pace(page, app_url):
    """Bots rerun only the Play area: one chart all along, and nothing stale left on screen."""
    open_page(page, app_url, EXAMPLE.id)
    page.get_by_role("button", name=re.compile("New game")).click()
    for seat, bot in (("Left", "greedy"), ("Right", "random")):
        page.get_by_label(seat).click()
        page.get_by_role("option", name=re.compile(f"^{bot}")).click()
    start_new_game(page, started=re.compile(r"\((greedy|random) bot\)"))  # "Left (greedy bot)" to move
    close_new_game(page)
    seen = watch_bots(page, "took the last pebble and wins")
    assert len(seen) >= 3, seen  # the page was idle between bot turns
    assert {s["charts"] for s in seen} == {1}, seen
    assert all(s["stale"] == 0 for s in seen), seen
    expect_pile(page, 0)
