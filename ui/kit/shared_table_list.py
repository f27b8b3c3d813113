"""The teacher's list of the class's shared tables (Classroom page): each table's game, code,
seats, moves played, whether it is finished and when it was last played, with its link (join an
open table, replay a finished one). One read of the shared database; no seed, no seat code."""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from engine.core.registry import game as game_of
from storage.shared_table_list import Listed, class_tables

from . import shared_table as shared
from . import shared_table_link as address

K = "classroom:tables:"


def ago(seconds: float) -> str:
    """``"just now"``, ``"4 min ago"``, ``"3 h ago"``, ``"2 days ago"``.

    >>> ago(20), ago(250), ago(3 * 3600 + 5), ago(50 * 3600)
    ('just now', '4 min ago', '3 h ago', '2 days ago')
    """
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        return f"{int(seconds // 60)} min ago"
    if seconds < 48 * 3600:
        return f"{int(seconds // 3600)} h ago"
    return f"{int(seconds // 86400)} days ago"


def _row(listed: Listed, now: float) -> dict:
    table = listed.table
    game = game_of(table.game)
    free = len(table.free_seats())
    if table.finished:
        state, link_is = "finished", "replay"
    else:
        state = f"playing · {free} free seat{'s' if free != 1 else ''}" if free else "playing"
        link_is = "join" if free else "seats (a seat code gets a seat back)"
    return {
        "Game": game.INFO.title,
        "Table": table.shown,
        "Seats": " · ".join(table.holders()),  # names as typed: st.dataframe shows them as text
        "Moves": table.version,
        "State": state,
        "Last played": ago(now - listed.touched_at),
        "Link": address.link_for(table.code, game),
        "The link is for": link_is,
    }


def tables_frame(listed: list[Listed], now: float | None = None) -> pd.DataFrame:
    now = time.time() if now is None else now
    return pd.DataFrame([_row(one, now) for one in listed])


def tables_panel() -> None:
    """The list, latest first, with a button to read it again."""
    st.subheader("👥 The class's tables")
    listed = class_tables(shared.tables())
    st.button("🔄 Refresh the tables", key=K + "refresh")
    if not listed:
        st.caption(
            "No shared table yet: on a game page, 🆕 New game → 👥 Open a table gives pupils a code "
            "to play each other from their own devices."
        )
        return
    playing = sum(not one.table.finished for one in listed)
    st.markdown(f"**{playing}** playing · **{len(listed) - playing}** finished (kept two weeks for replay)")
    st.caption(
        "A link opens the table's seats: a free seat can be taken, a finished game replayed. "
        "Tables are listed without their deal or seat codes; an unfinished table idle for a day is gone."
    )
    st.dataframe(
        tables_frame(listed),
        hide_index=True,
        width="stretch",
        key=K + "list",
        column_config={"Link": st.column_config.LinkColumn("Link", display_text="open")},
    )
