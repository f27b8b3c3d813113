"""The banner of a finished game, at the top of the side panel on every game page.

The game says the result in its own words (who won and why, a solo score, a shared loss);
the kit gives it one look: green with a trophy for a result someone reached, amber for a
loss everyone shares (a cooperative game lost is the game's result, not an error of the app,
so never a red error box). It never mentions demo mode: a finished game shows every hidden
card to everyone, which the board's own banner says.
"""

from __future__ import annotations

import streamlit as st

WON_ICON = "🏆"
SCORED_ICON = "🎉"  # a solo game: a score, not a win over anyone


def game_over_banner(result: str, *, won: bool = True, icon: str | None = None) -> None:
    """Show ``result`` (Markdown, the game's words) as the finished game's banner.

    ``won``: someone reached the goal (green); False: a loss the players share (amber).
    ``icon`` replaces the default trophy (e.g. :data:`SCORED_ICON` for a solo score)."""
    if won:
        st.success(result, icon=icon or WON_ICON)
    else:
        st.warning(result, icon=icon)
