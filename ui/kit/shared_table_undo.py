"""Undo at a shared table: a request the others accept (:mod:`storage.shared_table_undo` says
what may be taken back). This device asks to take back its seat's last move, or answers the
request of another seat; the others see it within a second through the table's stamp."""

from __future__ import annotations

import streamlit as st

from engine.core import Game
from storage import shared_table_undo as undo
from storage.shared_tables import Refused

from . import shared_table as shared
from .store import Keys, current, flash, page_button

RULE = (
    "Undo asks the others: you may take back your own last move (and what was played after it) "
    "when every other player accepts; bots accept at once. Not once a move has shown you something "
    "hidden (a card drawn, another player's card, a peek, a roll): you would play again knowing it."
)


def _send(keys: Keys, call) -> None:
    """Send this seat's request or answer; the page shows the table as it is after it."""
    held = shared.seated(keys)
    try:
        table = call(shared.tables(), held.table.code, held.seat_code, held.table.version)
    except Refused as refused:
        flash(keys, "error", str(refused))
        table = refused.table
    if table is not None:
        shared.refresh(keys, table)


def ask(keys: Keys) -> None:
    _send(keys, undo.ask)


def answer(keys: Keys, accept: bool) -> None:
    _send(keys, lambda *args: undo.answer(*args, accept=accept))


def box(game: Game, keys: Keys) -> None:
    """The request open at the table, with this seat's answer, or the button to ask."""
    held, session = shared.seated(keys), current(keys)
    table = held.table
    asked = table.asked
    if asked is None:
        if not session.over and not held.watching:
            page_button(keys, "↶ Ask to take back my last move", "undo_ask", ask, help=RULE, width="stretch")
        return
    name = game.INFO.seat_name
    back = table.version - asked.back_to
    where = f"back {'one move' if back == 1 else f'{back} moves'}, to move {asked.back_to}"
    waiting = ", ".join(name(seat) for seat in undo.waiting(table)) or "nobody"
    with st.container(border=True, key=keys("undo_box")):
        if held.watching:
            st.markdown(
                f"↶ **{name(asked.seat)} asks to take back their last move** ({where}). Waiting for: {waiting}."
            )
            return
        if asked.seat == held.seat:
            st.markdown(f"↶ **You asked to take back your last move** ({where}). Waiting for: {waiting}.")
            st.button("Withdraw my request", key=keys("undo_withdraw"), on_click=answer, args=(keys, False))
            return
        st.markdown(
            f"↶ **{name(asked.seat)} asks to take back their last move**: the table would go {where}."
        )
        if held.seat in asked.accepted:
            st.caption(f"You accepted. Waiting for: {waiting}.")
            return
        yes, no = st.columns(2)
        yes.button("✓ Accept", key=keys("undo_yes"), on_click=answer, args=(keys, True), type="primary")
        no.button("✗ Refuse", key=keys("undo_no"), on_click=answer, args=(keys, False))
