"""Yokai in a real browser: peek at two cards and move one, all by clicking the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine.yokai as yk
from explainers.yokai_words import cell_namer
from tests.e2e.browser import click_until, close_new_game, open_page, start_new_game, wait_idle

pytestmark = pytest.mark.e2e

SEED = 77
TOKENS = """() => { const d = document.querySelector('.js-plotly-plot').data; return d[d.length - 1].customdata; }"""


def board(page):
    return page.locator(".js-plotly-plot").first


def spot(page, token: str):
    """The clickable point of the board that carries ``token``."""
    tokens = page.evaluate(TOKENS)
    assert token in tokens, (token, tokens)
    return board(page).locator(".scatterlayer .trace").last.locator(".point").nth(tokens.index(token))


def start(page, app_url: str) -> None:
    open_page(page, app_url, "yokai")
    page.get_by_role("button", name="New game").click()
    seed_box = page.get_by_role("textbox", name="Seed (optional)")
    seed_box.fill(str(SEED))
    seed_box.press("Enter")
    start_new_game(page)
    close_new_game(page)
    wait_idle(page)
    expect(board(page)).to_contain_text("step 1: peek at 2 cards (0/2)")


def test_peek_two_cards_then_move_one_by_clicking_the_board(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    start(page, app_url)
    state = yk.new_game(SEED)
    cards = yk.board(state)
    first, second = (0, 0), (2, 1)
    click_until(
        lambda: spot(page, "p0,0").click(force=True),
        lambda: expect(board(page)).to_contain_text("(1/2)", timeout=8_000),
    )
    click_until(
        lambda: spot(page, "p2,1").click(force=True),
        lambda: expect(board(page)).to_contain_text("step 2: move 1 card", timeout=8_000),
    )
    text = board(page).inner_text()
    assert "👁1" in text and "👁2" in text
    # only this seat's two peeks carry a family: the other 14 cards are face down
    assert text.count("妖") == 14
    for cell in (first, second):
        tag = {"kitsune": "Kit", "kappa": "Kap", "rokurokubi": "Rok", "oni": "Oni"}[cards[cell].family]
        assert tag in page.evaluate(
            "() => JSON.stringify(document.querySelector('.js-plotly-plot').data[1].hovertext)"
        )
    # pick the card on (0, 0) (B5: the board's margin is column A, its top row 1), then a green cell
    click_until(
        lambda: spot(page, "@0,0").click(force=True),
        lambda: expect(page.locator("[data-testid='stMain']")).to_contain_text("B5", timeout=8_000),
    )
    peeked = yk.apply(yk.apply(state, yk.Peek(first)), yk.Peek(second))
    dst = yk.legal_destinations(peeked, first)[0]
    name = cell_namer(yk.board(yk.apply(peeked, yk.Move(first, dst))))  # the board after the move
    token = f"m0,0>{dst[0]},{dst[1]}"
    expect(board(page)).to_contain_text("➜")
    click_until(
        lambda: spot(page, token).click(force=True),
        lambda: expect(page.locator("[data-testid='stMain']")).to_contain_text(
            f"Move {name(first)} → {name(dst)}", timeout=8_000
        ),
    )
