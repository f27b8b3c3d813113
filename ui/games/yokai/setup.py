"""Yokai's extra New game option: the level 3 variant (only the last revealed hint may be placed)."""

from __future__ import annotations

import streamlit as st

KEY = "yokai:new_last_hint_only"


def widgets() -> None:
    st.checkbox(
        "Level 3 variant: only the last revealed hint may be placed",
        key=KEY,
        help="Revealed hints form a stack; the hint step may place only the one on top.",
    )


def values() -> dict:
    return {"last_hint_only": bool(st.session_state.get(KEY, False))}
