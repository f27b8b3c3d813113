"""Pebbles' What-if tab: who wins a pile, with the best play on both sides."""

from __future__ import annotations

import streamlit as st

from ui.kit import Keys


def draw(keys: Keys) -> None:
    pile = st.number_input("Pebbles in the pile", 1, 50, 10, key=keys("whatif_pile"))
    if pile % 4:
        st.write(f"The player to move wins: take {pile % 4} and leave {pile - pile % 4}.")
    else:
        st.write(
            "The player to move loses against best play: every take leaves a pile that is not a multiple of 4."
        )
