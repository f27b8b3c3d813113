"""ui/warm.py: the game pages' imports done ahead, and the hidden board component that starts
fetching Plotly.js early (sent on a session's first run only, and gone on its next run)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.boards import board_data
from ui.kit.board_view import PLOTLY_JS
from ui.registry import GAMES
from ui.warm import EARLY, modules, warm_up

ROOT = Path(__file__).resolve().parents[2]


def test_warm_up_imports_every_game_page_once_per_process():
    thread = warm_up(wait=True)
    assert warm_up() is thread and not thread.is_alive()
    assert all(name in sys.modules for name in modules())
    for game in GAMES:
        if game.ready:
            assert f"ui.games.{game.id}.play" in modules() and f"boards.{game.id}" in modules()


def boards(at: AppTest) -> list[dict]:
    """The data of every board component the page sent (the early one's has no figure)."""
    return board_data(e.proto for e in at.get("bidi_component"))


@pytest.mark.parametrize("game", [g for g in GAMES if g.ready], ids=lambda g: g.id)
def test_the_hidden_preload_stays_for_the_first_run_and_is_gone_on_the_next(game, monkeypatch, tmp_path):
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))
    at = AppTest.from_file(str(ROOT / game.page), default_timeout=60)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state[EARLY]
    # The preload stays in its first run (emptied in the run that sent it, it never mounted)
    sent = boards(at)
    [board] = [b for b in sent if b["figure"] is not None]
    assert len(sent) == 2 and board["figure"]["data"]
    at.run()
    assert not at.exception, at.exception
    assert len(boards(at)) == 1


def test_the_hidden_preload_is_sent_on_a_sessions_first_run_only():
    script = "import streamlit as st\nfrom ui.warm import plotly_early\nplotly_early()\nst.write('page')\n"
    at = AppTest.from_string(script, default_timeout=30)
    at.run()
    [early] = boards(at)  # hidden by its CSS
    assert early["figure"] is None and early["plotly"] == PLOTLY_JS
    at.run()
    assert not boards(at)
