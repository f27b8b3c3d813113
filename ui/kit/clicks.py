"""Clickable boards: a click on a Plotly marker carries the action's codec token in its
``customdata``; the token goes back through the game's ``decode_action``, like a button."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import plotly.graph_objects as go
import streamlit as st

from .store import Keys, play_token

CONFIG = {"displayModeBar": False}


def _clicked(keys: Keys, key: str, on_token: Callable[[str], None] | None) -> None:
    event = st.session_state.get(key)
    points = event.selection.points if event is not None else []
    token = points[0].get("customdata") if points else None
    if isinstance(token, str) and token:
        (on_token or partial(play_token, keys))(token)


def board_chart(
    fig: go.Figure,
    keys: Keys,
    version: str,
    on_token: Callable[[str], None] | None = None,
    *,
    interactive: bool = True,
) -> None:
    """Draw a clickable board. ``version`` changes with what the board shows (move, selection),
    so a click on the same marker in a new position is a new click. ``on_token`` defaults
    to playing the action. A board nobody may click now (bots playing) keeps one key, so the
    bot clock updates it in place instead of replacing it."""
    key = keys(f"board:{version}") if interactive else keys("board:watch")
    st.plotly_chart(
        fig,
        key=key,
        on_select=partial(_clicked, keys, key, on_token),
        selection_mode="points",
        theme=None,
        config=CONFIG,
    )


def show_chart(fig: go.Figure, key: str) -> None:
    """A board that only shows (Learn scenes, What-if)."""
    st.plotly_chart(fig, key=key, theme=None, config=CONFIG)
