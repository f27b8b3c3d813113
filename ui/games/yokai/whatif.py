"""Yokai's What-if tab: arrange the 16 Yokai on a grid that grows as play makes it grow (or take
the game on screen), see the win check family by family, and the score for a set of hint
outcomes — the engine's own win check and points, explained with the same tables as the Play
tab, on the same board with the same cell names."""

from __future__ import annotations

import dataclasses

import pandas as pd
import streamlit as st

import engine.yokai as yk
import explainers.yokai as ex
from boards.yokai import figure
from explainers.yokai_scenes import MIXED, SPLIT
from explainers.yokai_words import FAMILY_ORDER, family_label
from ui.kit import Keys, current, show_chart

PRESETS = {"Four 2 × 2 squares": ex.GROUPED, "Two families split 2 + 2": SPLIT, "Every family spread": MIXED}
EMPTY = "· empty"
MAX_SIDE = 8
"""The editor's widest grid: 16 cards in one group reach past 4 × 4 after a few moves (an L, a
long row); 8 × 8 holds every shape a game reaches in practice."""


def _grid(layout, cols: int, rows: int) -> pd.DataFrame:
    """A preset (16 families, row by row from the bottom) in the top-left 4 × 4 of a grid."""
    table = [[EMPTY] * cols for _ in range(rows)]
    for i, family in enumerate(layout):
        x, y = i % 4, i // 4
        table[3 - y][x] = family_label(family)
    return pd.DataFrame(
        table, index=[f"row {r + 1}" for r in range(rows)], columns=[f"col {c + 1}" for c in range(cols)]
    )


def layout_of(grid: pd.DataFrame) -> tuple[list[tuple[int, int]], list[str]]:
    """The cells and families an edited grid holds (row 1 is the top row, as on the board)."""
    by_label = {family_label(f): f for f in FAMILY_ORDER}
    rows = len(grid.index)
    cells, families = [], []
    for r in range(rows):
        for c in range(len(grid.columns)):
            family = by_label.get(grid.iloc[r, c])
            if family is not None:
                cells.append((c, rows - 1 - r))
                families.append(family)
    return cells, families


def declared(cells, families):
    """The position with these cards, declared at once (the engine's win check); ValueError
    naming what is not a Yokai layout."""
    if len(cells) != 16:
        raise ValueError(f"a layout holds 16 cards, not {len(cells)}")
    for family in FAMILY_ORDER:
        if families.count(family) != 4:
            raise ValueError(f"each family has 4 cards, {family_label(family)} has {families.count(family)}")
    cards = set(cells)
    seen, todo = set(), [cells[0]]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in cards]
    if len(seen) != 16:
        raise ValueError("the 16 cards must form one group joined by their sides, as in play")
    # The engine deals a 4 × 4 grid; the same 16 cards are then put on the cells drawn here.
    state = dataclasses.replace(yk.new_game(1, layout=families), cells=tuple(cells), moves=None)
    return yk.apply(state, yk.Declare())


def _arrangement(keys: Keys):
    """A position to check: an edited arrangement, or the game on the Play tab."""
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
    c1, c2, c3 = st.columns([2, 1, 1])
    preset = c1.selectbox("Start from", list(PRESETS), key=keys("wi_preset"))
    cols = int(c2.number_input("Columns", 4, MAX_SIDE, 4, key=keys("wi_cols")))
    rows = int(c3.number_input("Rows", 4, MAX_SIDE, 4, key=keys("wi_rows")))
    st.caption(
        "Moves make the layout grow: add columns or rows, then move cards into them (pick "
        f"“{EMPTY}” for the cell a card leaves). The 16 cards must stay one group joined by their sides."
    )
    options = [EMPTY, *(family_label(f) for f in FAMILY_ORDER)]
    start = _grid(PRESETS[preset], cols, rows)
    config = {c: st.column_config.SelectboxColumn(c, options=options, required=True) for c in start.columns}
    grid = st.data_editor(
        start, column_config=config, key=keys(f"wi_grid:{preset}:{cols}x{rows}"), width="stretch"
    )
    try:
        return declared(*layout_of(grid))
    except ValueError as exc:
        st.error(f"Not a Yokai layout: {exc}")
        return None


def draw(keys: Keys) -> None:
    st.markdown("#### Is every family grouped?")
    state = _arrangement(keys)
    if state is not None:
        show_chart(figure(state, interactive=False), keys("wi_board"))
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
