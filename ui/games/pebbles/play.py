"""Pebbles' Play tab: the board on the left, whose turn and a button per legal take on the right."""

from __future__ import annotations

import streamlit as st

import engine.pebbles as pebbles
from boards.pebbles import figure
from explainers.pebbles_text import board_text as as_text
from ui.kit import Table, action_buttons, board_chart, game_over_banner
from ui.kit.board_text import board_text


def board(table: Table) -> None:
    view = table.view
    if table.seating.demo:  # the full state: say so, as every board does
        st.caption("👁 Demo mode: every secret is shown.")
    can_act = table.seating.can_act
    fig = figure(view, interactive=can_act, previous=table.previous)
    board_chart(fig, table.keys, str(table.session.cursor), interactive=can_act)
    board_text(as_text(view))  # for a screen reader, right after the board
    st.metric("Pebbles left", view.pile)


def panel(table: Table) -> None:
    if table.session.over:
        winner = pebbles.outcome(table.session.state).winner
        game_over_banner(f"{pebbles.INFO.seat_name(winner)} took the last pebble and wins.")
        return
    if table.seating.can_act:
        action_buttons(table, str)
