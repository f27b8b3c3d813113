"""Pebbles' Learn tab: two scenes with the kit's pager (Previous/Next above, and below)."""

from __future__ import annotations

import streamlit as st

from ui.kit import Keys, pager, pager_footer

SCENES = ("Leave a multiple of 4", "Why it works")
TEXTS = (
    "Leave a multiple of 4 pebbles to your opponent.",
    "Whatever they take, you take the rest of 4.",
)


def draw(keys: Keys) -> None:
    index = pager(keys, SCENES)
    st.write(TEXTS[index])
    pager_footer(keys, len(SCENES))
