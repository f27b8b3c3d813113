"""Opening and joining a shared table on a game page: "Open a table" in the New game panel, and
the seats of a table being joined (take a free seat, get one back by its seat code, watch
without a seat, or replay a finished table), with their callbacks. :mod:`.shared_table` keeps
the seat this browser holds; :mod:`.shared_table_view` draws the table once it is taken.
"""

from __future__ import annotations

import json
from dataclasses import replace

import streamlit as st

from engine.core import Game, new_seed
from storage.challenges import MAX_NAME
from storage.shared_tables import FREE, PERSON, Refused, normalize_seat_code

from . import shared_table as shared
from . import shared_table_link as address
from .session import HUMAN
from .store import Keys, flash, show_flash, store


# -- callbacks -------------------------------------------------------------------------------
def open_table(game: Game, keys: Keys, seats, options: dict, name: str) -> None:
    """Open a table with a new random deal; ``seats`` holds human (a seat for a device) or a
    bot's name per seat; this device takes the first human seat."""
    try:
        json.dumps(options)
        table, seat_code = shared.tables().open(
            game.INFO.id, new_seed(), [PERSON if s == HUMAN else s for s in seats], options, name=name
        )
    except (ValueError, TypeError, Refused) as exc:
        flash(keys, "error", f"Could not open a table: {str(exc)[:500]}")
        return
    shared.take(keys, game, table, table.host_seat, seat_code)
    flash(keys, "success", f"Table {table.shown} is open. Give the others its code or link.")


def _sit(game: Game, keys: Keys, code: str, ask, done: str) -> None:
    """Sit at the seat ``ask()`` gets from the table (``(seat, seat code)``), or say why not."""
    try:
        seat, seat_code = ask()
    except Refused as refused:
        flash(keys, "error", str(refused))
        return
    shared.take(keys, game, shared.tables().lookup(code), seat, seat_code)
    flash(keys, "success", done)


def join(game: Game, keys: Keys, code: str, seat: int) -> None:
    name = str(st.session_state.get(keys("table_name"), ""))
    done = "You have a seat. Keep your seat code: it gets your seat back after a reload."
    _sit(game, keys, code, lambda: (seat, shared.tables().join(code, seat, name)), done)


def reclaim(game: Game, keys: Keys, code: str) -> None:
    typed = normalize_seat_code(st.session_state.get(keys("seat_code_box"), "")) or ""
    _sit(game, keys, code, lambda: (shared.tables().reclaim(code, typed), typed), "Your seat is back.")


def watch(game: Game, keys: Keys, code: str) -> None:
    """Follow the table on this device without a seat: it sees what an onlooker may see."""
    table = shared.tables().lookup(code)
    if table is None:
        flash(keys, "error", "This table is closed (tables idle for a day are cleaned).")
        return
    shared.take(keys, game, table, None, "")
    flash(keys, "success", f"You are watching table {table.shown}: moves appear here as they are played.")


def replay(game: Game, keys: Keys, code: str) -> None:
    """A finished table's game on this page, to replay (kept two weeks for the class)."""
    table = shared.tables().lookup(code)
    if table is None or not table.finished:
        return
    st.session_state.pop(keys(shared.JOINING), None)
    store(keys, replace(shared.session_of(game, table), seats=(HUMAN,) * table.players))
    flash(keys, "success", f"The finished game of table {table.shown}: the replay slider goes through it.")


# -- New game panel ----------------------------------------------------------------------------
def _open(game: Game, keys: Keys, values) -> None:
    players = int(st.session_state.get(keys("new_players"), game.INFO.default_players))
    seats = [st.session_state.get(keys(f"new_seat_{i}"), "human") for i in range(players)]
    try:
        options = values() if values else {}
    except ValueError as exc:
        flash(keys, "error", f"Could not open a table: {str(exc)[:500]}")
        return
    open_table(game, keys, seats, options, str(st.session_state.get(keys("table_name"), "")))


def open_panel(game: Game, keys: Keys, values=None) -> None:
    """Under New game: open a table with the seats chosen above, or join one by its code."""
    if shared.at_table(keys) or shared.joining(keys):
        st.rerun()  # the click reran only the Play area's fragment: the whole page draws the table
    st.markdown("**👥 Play across devices**")
    st.caption(
        "**Open a table**: each player joins from their own device with its code or link and sees only "
        "their own seat. Human seats above are seats for people (you take the first one), bot seats play "
        "by themselves. A table always deals a new random game (a typed seed is not used); Undo there is "
        "a request the other players accept."
    )
    st.text_input("Your name at the table (optional)", key=keys("table_name"), max_chars=MAX_NAME)
    st.button("👥 Open a table", key=keys("open_table"), on_click=_open, args=(game, keys, values))
    st.text_input(
        "Join a table: its code",
        key=keys("table_code_box"),
        placeholder="K7P-2QX, then Enter",
        on_change=_join_typed,
        args=(game, keys),
    )


def _join_typed(game: Game, keys: Keys) -> None:
    """The code typed in the box, once there is one. An empty box asks for nothing: under load
    the browser reported one as a change after a new game was started with no code typed, and
    the page said "No table has this code" (1 start in 5 with three busy cores)."""
    text = str(st.session_state.get(keys("table_code_box")) or "").strip()
    if text:
        shared.ask_to_join(game, keys, text)


# -- joining ---------------------------------------------------------------------------------
def join_panel(game: Game, keys: Keys) -> None:
    """The seats of the table being joined: take a free one, or get yours back by its seat code."""
    show_flash(keys)
    table = shared.tables().lookup(shared.joining(keys))
    if table is None:
        st.session_state.pop(keys(shared.JOINING), None)
        st.error("This table is closed (tables idle for a day are cleaned).")
        return
    address.hold_address(keys)
    with st.container(border=True, key=keys("table_join_box")):
        st.markdown(f"### 👥 Table {table.shown} · {game.INFO.title}")
        if table.finished:
            st.button(
                "▶ Replay this finished game",
                key=keys("table_replay"),
                on_click=replay,
                args=(game, keys, table.code),
                type="primary",
            )
        st.text_input("Your name at the table (optional)", key=keys("table_name"), max_chars=MAX_NAME)
        for seat, holder in zip(table.seats, table.holders(), strict=True):
            left, right = st.columns([2, 1], vertical_alignment="center")
            left.markdown(f"**{game.INFO.seat_name(seat.number)}**")
            if seat.holder == FREE:
                right.button(
                    "Take this seat",
                    key=keys(f"take_{seat.number}"),
                    on_click=join,
                    args=(game, keys, table.code, seat.number),
                    type="primary",
                )
            else:
                right.text(holder)  # a name typed by a person: plain text only
        st.text_input(
            "Had a seat here? Type your seat code",
            key=keys("seat_code_box"),
            placeholder="ABCD-EFGH, then Enter",
            on_change=reclaim,
            args=(game, keys, table.code),
        )
        if not table.finished:
            st.button(
                "👀 Watch without a seat",
                key=keys("table_watch"),
                on_click=watch,
                args=(game, keys, table.code),
                type="secondary" if table.free_seats() else "primary",
                help="Follow the game as someone standing by the table: no hidden card, no move.",
            )
        st.button("Cancel", key=keys("join_cancel"), on_click=shared.leave, args=(keys,))
