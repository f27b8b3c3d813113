"""Yokai's What-if tab: arrange the 16 Yokai on the 4 × 4 grid (or take the game on screen),
see the win check family by family, and the score for a set of hint outcomes — the engine's
own win check and points, explained with the same tables as the Play tab."""

from __future__ import annotations

import pandas as pd
import streamlit as st

import engine.yokai as yk
import explainers.yokai as ex
from explainers.yokai_scenes import MIXED, SPLIT
from explainers.yokai_words import FAMILY_ORDER, family_label
from ui.kit import Keys, current

PRESETS = {"Four 2 × 2 squares": ex.GROUPED, "Two families split 2 + 2": SPLIT, "Every family spread": MIXED}


def _grid(layout) -> pd.DataFrame:
    """The layout as the board shows it: the top row is y = 3."""
    rows = [[family_label(layout[y * 4 + x]) for x in range(4)] for y in range(3, -1, -1)]
    return pd.DataFrame(
        rows, index=[f"y = {y}" for y in range(3, -1, -1)], columns=[f"x = {x}" for x in range(4)]
    )


def _layout(grid: pd.DataFrame) -> list[str]:
    by_label = {family_label(f): f for f in FAMILY_ORDER}
    return [by_label.get(grid.iloc[3 - y, x]) for y in range(4) for x in range(4)]


def _arrangement(keys: Keys):
    """A position to check: an edited 4 × 4 arrangement, or the game on the Play tab."""
    source = st.radio(
        "Position",
        ["Arrange the grid", "The game on the Play tab (shows every card)"],
        key=keys("wi_source"),
        horizontal=True,
    )
    if source.startswith("The game"):
        state = current(keys).state
        st.caption(
            "⚠ This shows every card of the game on the Play tab, like the demo mode: a teacher's tool."
        )
        return yk.apply(state, yk.Declare()) if yk.can_declare(state) else state
    preset = st.selectbox("Start from", list(PRESETS), key=keys("wi_preset"))
    options = [family_label(f) for f in FAMILY_ORDER]
    config = {
        c: st.column_config.SelectboxColumn(c, options=options, required=True)
        for c in _grid(PRESETS[preset]).columns
    }
    grid = st.data_editor(
        _grid(PRESETS[preset]), column_config=config, key=keys(f"wi_grid:{preset}"), width="stretch"
    )
    layout = _layout(grid)
    try:
        return yk.apply(yk.new_game(1, layout=layout), yk.Declare())
    except ValueError as exc:
        st.error(f"Not a Yokai layout: {exc}")
        return None


def draw(keys: Keys) -> None:
    st.markdown("#### Is every family grouped?")
    state = _arrangement(keys)
    if state is not None:
        if yk.is_over(state):
            st.markdown(f"**{ex.verdict(state)}**")
        st.table(ex.win_table(state), hide_index=True)
    st.markdown("#### The score of a win")
    st.caption("How many hint cards of the game end up in each case (2 players: 7 cards, 3: 9, 4: 10).")
    cols = st.columns(4)
    defaults = {"correct": 2, "misplaced": 0, "revealed": 1, "unrevealed": 4}
    counts = {
        kind: cols[i].number_input(
            ex.OUTCOME_TEXT[kind].capitalize(), 0, 10, defaults[kind], key=keys(f"wi_{kind}")
        )
        for i, kind in enumerate(ex.OUTCOMES)
    }
    total, tier, table = ex.what_if_score(counts)
    st.metric("Score of this win", total, help="Only a win scores.")
    st.markdown(f"**{ex.score_line_of(total, tier)}**")
    st.table(table, hide_index=True)
    st.table(ex.tiers_table(), hide_index=True)
    st.caption(ex.RULE_NOTES["tiers"])
