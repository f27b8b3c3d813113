"""Bots playing by themselves in a real browser: only the Play area reruns, so the page keeps
exactly one board and no stale (faded) copy of anything, from the first move to the last."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.core import encode_link, play_game, random_bot
from engine.core.registry import game as game_of
from engine.core.registry import games
from tests.e2e.browser import one_game_unless_soak, open_page, watch_bots
from tests.random_play import few_players, quick_seats

pytestmark = pytest.mark.e2e

BOT_TURNS = 20
"""Bot decisions left to watch: enough for many clock ticks, few enough for a loaded machine."""


def near_the_end(game, players: int) -> str:
    """The save of a seeded random game with its last ``BOT_TURNS`` actions not yet played."""
    bots = [random_bot(game.legal_actions)] * players
    played = play_game(game, bots, 77, players=players)
    state = game.new_game(77, players)
    for action in played.actions[:-BOT_TURNS]:
        state = game.apply(state, action)
    return game.to_json(state)


@pytest.mark.parametrize("path", one_game_unless_soak([g.INFO.id for g in games()], keep="yokai_carnival"))
def test_a_whole_bot_game_keeps_one_board_and_nothing_stale(page, app_url, path):
    game = game_of(path)
    players = few_players(game)
    save = near_the_end(game, players)
    open_page(page, app_url, f"{path}?game={encode_link(save)}&seats={','.join(quick_seats(game, players))}")
    # The default pace (Normal, 1 s) leaves the page idle between bot turns even on a loaded
    # machine; at Fast (0.3 s) a busy CI machine never settled once in a whole Tanuki game.
    expect(page.locator("[data-testid='stMain']")).to_contain_text("normal (1 s) pace")
    seen = watch_bots(page, "Game over:", timeout_s=300)  # the board's text tells the end
    assert len(seen) >= 5, seen  # the page settled between bot turns, and was looked at then
    assert {s["charts"] for s in seen} == {1}, seen
    assert all(s["stale"] == 0 for s in seen), seen
