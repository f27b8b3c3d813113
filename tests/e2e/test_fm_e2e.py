"""Fan & Mallet in a real browser: the board, clicking hand cards, and a possession from a share link."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine.fan_mallet as fm
from engine.core import encode_link
from tests.e2e.browser import click_until, open_page, start_hot_seat, wait_idle

pytestmark = pytest.mark.e2e

SEED = 2016


HAND_TOKENS = """() => document.querySelector('.js-plotly-plot').data.flatMap(t => t.customdata || [])"""


def board(page):
    """The Play tab's board (the first Plotly chart on the page)."""
    return page.locator(".js-plotly-plot").first


def hand_points(page):
    return board(page).locator(".scatterlayer .trace").last.locator(".point")


def board_text(page) -> str:
    return board(page).inner_text()


def open_fan_mallet(page, app_url: str, query: str = "") -> None:
    open_page(page, app_url)  # Home first: a deep link as the very first request can 404
    page.goto(f"{app_url}/fan_mallet{query}")
    wait_idle(page)
    expect(page.locator("h1").first).to_contain_text("Fan & Mallet")
    expect(hand_points(page)).to_have_count(6)


def hot_seat(page, seed: int) -> None:
    start_hot_seat(page, "Black — God of poverty", "White", seed)
    expect(hand_points(page)).to_have_count(6)


def test_board_shows_12_houses_and_six_hand_cards(page, app_url):
    open_fan_mallet(page, app_url)
    hot_seat(page, SEED)
    state = fm.new_game(SEED)
    text = board_text(page)
    for slot in fm.houses(state):
        assert f"{slot.index} {slot.house.colour}" in text
    assert "White's hand" in text and "Black's hand" in text and "6 hidden" in text
    black = {f.code for f in fm.hand(state, "black")}
    assert not black & set(page.evaluate(HAND_TOKENS))  # the board holds only White's view
    expect(hand_points(page)).to_have_count(6)


def test_click_a_card_shows_its_path_then_click_again_plays_it(page, app_url):
    open_fan_mallet(page, app_url)
    hot_seat(page, SEED)
    state = fm.new_game(SEED)
    cards = fm.hand(state, "white")
    index = next(
        (i for i, f in enumerate(cards) if fm.placement_preview(state, f).skipped), 0
    )  # a card that skips a house, if there is one
    preview = fm.placement_preview(state, cards[index])
    main = page.locator("[data-testid='stMain']")
    click_until(
        lambda: hand_points(page).nth(index).click(force=True),
        lambda: expect(main).to_contain_text("Preview:", timeout=8_000),
    )
    expect(main).to_contain_text(f"goes to house {preview.target}")
    expect(board(page)).to_contain_text("goes here")
    for n, _skip in enumerate(preview.skipped, start=1):
        expect(board(page)).to_contain_text(f"✗{n} ")
    # The second click on the same (now highlighted) card plays it.
    handover = page.get_by_role("button", name="I am Black")  # pass the device
    click_until(
        lambda: hand_points(page).nth(index).click(force=True),
        lambda: expect(handover).to_be_visible(timeout=8_000),
    )
    handover.click()
    expect(main).to_contain_text("Black — God of poverty")
    expect(main).to_contain_text(f"goes to house {preview.target}")
    expect(board(page)).to_contain_text("Black's hand")


def test_share_link_after_a_possession_shows_both_totals(page, app_url):
    state = fm.new_game(5)
    while not fm.possessions(state):
        state = fm.apply(state, fm.legal_actions(state)[0])
    p = fm.possessions(state)[0]
    token = encode_link(fm.to_json(state))
    open_fan_mallet(page, app_url, f"?game={token}&seats=human,greedy")
    main = page.locator("[data-testid='stMain']")
    expect(main).to_contain_text("restored from the share link")
    white, black = p.score.totals["white"], p.score.totals["black"]
    expect(main).to_contain_text(f"White {white} vs Black {black}")
    tables = page.locator("[data-testid='stMain'] table")
    expect(tables.filter(has_text="Markers placed").first).to_contain_text("White total")
    expect(tables.filter(has_text="Markers placed").first).to_contain_text("Black total")
    expect(tables.filter(has_text="What it looked at").first).to_be_visible()
    expect(board(page)).to_contain_text(f"★ {p.faction}×2")  # two rows: owner, markers
