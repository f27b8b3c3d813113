"""Yokai Carnival in a real browser: a human summons by clicking a hand card on the board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import click_until, close_new_game, open_page, start_new_game, wait_idle

pytestmark = pytest.mark.e2e

TOKENS = """() => document.querySelector('.js-plotly-plot').data.flatMap(t => t.customdata || []).filter(Boolean)"""


def board(page):
    return page.locator(".js-plotly-plot").first


def targets(page):
    """The clickable cards: the board's last trace (its ``customdata`` holds action tokens)."""
    return board(page).locator(".scatterlayer .trace").last.locator(".point")


def test_a_human_summons_by_clicking_a_hand_card(page, app_url):
    open_page(page, app_url, "yokai_carnival")
    main = page.locator("[data-testid='stMain']")
    page.get_by_role("button", name=re.compile("New game")).click()
    seed_box = page.get_by_role("textbox", name="Seed (optional)")
    seed_box.fill("7")
    seed_box.press("Enter")
    start_new_game(page)
    close_new_game(page)
    wait_idle(page)
    expect(targets(page)).to_have_count(3)
    assert sorted(page.evaluate(TOKENS)) == ["s0", "s1", "s2"]
    expect(board(page)).to_contain_text("Your hand · Player 1")
    # The first click shows what the card would do; the second summons it.
    click_until(
        lambda: targets(page).first.click(force=True),
        lambda: expect(main).to_contain_text("Preview —", timeout=8_000),
    )
    click_until(
        lambda: targets(page).first.click(force=True),
        lambda: expect(main).to_contain_text("Player 1 summons", timeout=8_000),
    )
    # the summoned card is on Player 1's line; the hand went down to 2
    expect(board(page)).to_contain_text(re.compile(r"Player 1 \(you\)\s*hand 2 · line 1"))
    expect(main).to_contain_text("Since your last turn")
