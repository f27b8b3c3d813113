"""Bots playing by themselves in a real browser: only the Play area reruns, so the page keeps
exactly one board and no stale (faded) copy of anything, from the first move to the last."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
from engine.core import encode_link
from tests.e2e.browser import open_page, watch_bots

pytestmark = pytest.mark.e2e

GAMES = {
    "fan_mallet": (lambda: fm.to_json(fm.new_game(77)), "greedy,lookahead", "markers and wins"),
    "tanuki_matsuri": (lambda: tm.to_json(tm.new_game(77, 3)), "greedy,random,greedy", "Game over"),
}


@pytest.mark.parametrize("path", sorted(GAMES))
def test_a_whole_bot_game_keeps_one_board_and_nothing_stale(page, app_url, path):
    save, seats, finished = GAMES[path]
    open_page(page, app_url, f"{path}?game={encode_link(save())}&seats={seats}")
    main = page.locator("[data-testid='stMain']")
    fast = "fast (0.3 s) pace"
    for _ in range(5):  # the bot clock may redraw the slider under the key press: try again
        page.get_by_role("slider", name="Bot pace").focus()
        page.keyboard.press("ArrowRight")  # Normal (1 s) -> Fast (0.3 s)
        try:
            expect(main).to_contain_text(fast, timeout=8_000)
            break
        except AssertionError:
            continue
    expect(main).to_contain_text(fast)
    seen = watch_bots(page, finished, timeout_s=300)
    assert len(seen) >= 5, seen  # the page settled between bot turns, and was looked at then
    assert {s["charts"] for s in seen} == {1}, seen
    assert all(s["stale"] == 0 for s in seen), seen
