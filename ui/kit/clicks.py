"""Clickable boards: a click on a Plotly marker carries the action's codec token in its
``customdata``; the token goes back through the game's ``decode_action``, like a button."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import plotly.graph_objects as go
import streamlit as st

from .board_view import clicked, draw_board
from .store import Keys, play_token

CONFIG = {"displayModeBar": False, "responsive": True}


def _clicked(keys: Keys, on_token: Callable[[str], None] | None) -> None:
    click = clicked(keys("board"))
    # A click made on a board older than the one now in the session (a bot moved meanwhile)
    # answers a position that is gone: it is dropped, as a stale button press is.
    if click is not None and click[1] == st.session_state.get(keys("board:version")):
        (on_token or partial(play_token, keys))(click[0])


def board_chart(
    fig: go.Figure,
    keys: Keys,
    version: str,
    on_token: Callable[[str], None] | None = None,
    *,
    interactive: bool = True,
) -> None:
    """Draw a clickable board. ``version`` changes with what the board shows (move, selection):
    a click counts only on the board of the current version. ``on_token`` defaults to playing the
    action. A board nobody may click now (bots playing) ignores clicks. The board keeps one key,
    so a new position updates it in place."""
    st.session_state[keys("board:version")] = version
    draw_board(
        fig.to_dict(),
        key=keys("board"),
        config=CONFIG,
        version=version,
        on_click=partial(_clicked, keys, on_token) if interactive else None,
    )


def show_chart(fig: go.Figure, key: str) -> None:
    """A board that only shows (Learn scenes, What-if)."""
    draw_board(fig.to_dict(), key=key, config=CONFIG)
