"""Yokai's class challenge option, set by the teacher on Classroom: the level 3 variant."""

from __future__ import annotations

import streamlit as st

WORDS = {"last_hint_only": "level 3 variant (only the last revealed hint may be placed)"}
"""Each option in a challenge's description."""


def widgets(key: str) -> None:
    st.checkbox("Level 3 variant: only the last revealed hint may be placed", key=key + "last_hint_only")


def values(key: str) -> dict:
    """The options chosen (none when the variant is off, as a challenge without it is kept)."""
    return {"last_hint_only": True} if st.session_state.get(key + "last_hint_only") else {}
