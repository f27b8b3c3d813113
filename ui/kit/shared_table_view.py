"""What a shared table draws on a game page: "Open a table" in the New game panel, the seats of
a table being joined, and the Play tab at a table (the table's bar, then the game's own board
and panel drawn from this device's seat only, or as an onlooker sees it when the device watches
without a seat, and a clock that polls the table every second).
"""

from __future__ import annotations

import time

import streamlit as st

from engine.core import Game
from storage.challenges import MAX_NAME
from storage.shared_tables import BOT, FREE, shown_seat_code

from . import bots
from . import shared_table as shared
from . import shared_table_link as address
from . import shared_table_undo as undo
from .seating import Seating, watching
from .store import Keys, current, flash, show_flash
from .table import Table

MOVES_KEY = "table_moves"
"""The key of the caption saying how many moves were played: the element a browser test waits on."""
NO_BOARD = (
    "**You watch without a seat.** In this game every view of the board holds a player's hidden "
    "cards, so it is drawn here once the game is over; until then this page follows the seats, "
    "whose turn it is and the moves played, within a second."
)
HIDES = "👥 Closed at a table with hidden cards until the game is over: it would show the other hands."


def moves_played(moves: int) -> str:
    """The caption of a table's moves, which every device shows and the browser tests wait on.

    >>> [moves_played(n) for n in (0, 1, 12)]
    ['No move yet at this table', '1 move played at this table', '12 moves played at this table']
    """
    if moves == 0:
        return "No move yet at this table"
    return f"{moves} move{'' if moves == 1 else 's'} played at this table"


def hides_deal(keys: Keys) -> bool:
    """At a table with hidden cards, before the end: What-if and Save / share stay closed."""
    if not shared.at_table(keys):
        return False
    session = current(keys)
    return session.game.INFO.hidden_information and not session.over


# -- New game panel ----------------------------------------------------------------------------
def _open(game: Game, keys: Keys, values) -> None:
    players = int(st.session_state.get(keys("new_players"), game.INFO.default_players))
    seats = [st.session_state.get(keys(f"new_seat_{i}"), "human") for i in range(players)]
    try:
        options = values() if values else {}
    except ValueError as exc:
        flash(keys, "error", f"Could not open a table: {str(exc)[:500]}")
        return
    shared.open_table(game, keys, seats, options, str(st.session_state.get(keys("table_name"), "")))


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
        on_change=lambda: shared.ask_to_join(game, keys, st.session_state.get(keys("table_code_box"), "")),
    )


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
                on_click=shared.replay,
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
                    on_click=shared.join,
                    args=(game, keys, table.code, seat.number),
                    type="primary",
                )
            else:
                right.text(holder)  # a name typed by a person: plain text only
        st.text_input(
            "Had a seat here? Type your seat code",
            key=keys("seat_code_box"),
            placeholder="ABCD-EFGH, then Enter",
            on_change=shared.reclaim,
            args=(game, keys, table.code),
        )
        if not table.finished:
            st.button(
                "👀 Watch without a seat",
                key=keys("table_watch"),
                on_click=shared.watch,
                args=(game, keys, table.code),
                type="secondary" if table.free_seats() else "primary",
                help="Follow the game as someone standing by the table: no hidden card, no move.",
            )
        st.button("Cancel", key=keys("join_cancel"), on_click=shared.leave, args=(keys,))


# -- at the table ----------------------------------------------------------------------------
def _seats(game: Game, keys: Keys, held: shared.Seated) -> None:
    now = time.time()
    for seat, holder in zip(held.table.seats, held.table.holders(), strict=True):
        name = game.INFO.seat_name(seat.number)
        you = " (you)" if seat.number == held.seat else ""
        away = " · away" if seat.away(now) and seat.number != held.seat else ""
        left, right = st.columns([2, 1], vertical_alignment="center")
        left.text(f"{name}: {'waiting for a player' if seat.holder == FREE else holder}{you}{away}")
        if held.host and seat.holder != BOT and seat.number != held.seat and (seat.holder == FREE or away):
            names = list(game.bots())
            right.selectbox(
                "Bot",
                names,
                index=len(names) // 2,
                key=keys(f"table_bot_{seat.number}"),
                label_visibility="collapsed",
                format_func=lambda k: bots.seat_label(game, k),
            )
            right.button(
                f"🤖 Give {name.split(' ')[0]} to this bot",
                key=keys(f"to_bot_{seat.number}"),
                on_click=shared.give_to_bot,
                args=(keys, seat.number),
            )


def table_bar(game: Game, keys: Keys) -> None:
    held = shared.seated(keys)
    link = f"`{address.link_for(held.table.code, game)}`"
    with st.container(border=True, key=keys("table_bar")):
        if held.watching:
            st.markdown(f"👥 **Table {held.table.shown}** · 👀 you watch without a seat · link: {link}")
        else:
            st.markdown(
                f"👥 **Table {held.table.shown}** · you play **{game.INFO.seat_name(held.seat)}** · "
                f"link for the others: {link}"
            )
            st.caption(
                f"Your seat code: **{shown_seat_code(held.seat_code)}**. After a reload, open the table's "
                "link and type it to get your seat back. Undo at a table asks the other players."
            )
        _seats(game, keys, held)
        leave = "Stop watching" if held.watching else "Leave the table"
        st.button(leave, key=keys("table_leave"), on_click=shared.leave, args=(keys,))


def _turn(game: Game, keys: Keys) -> None:
    session, held = current(keys), shared.seated(keys)
    with st.container(key=keys(MOVES_KEY)):
        st.caption(moves_played(session.cursor))
    if session.over:
        why = str(game.outcome(session.state).termination)
        st.markdown(f"#### Game over\n{why[:1].upper()}{why[1:]}.")
        return
    seat = session.to_move
    if seat == held.seat:
        st.markdown("#### Your turn")
    else:
        holder = held.table.holders()[seat]
        st.markdown(f"#### To move\n**{game.INFO.seat_name(seat)}** ({holder})")


def _play(page, keys: Keys) -> None:
    game = page.game
    shared.refresh(keys)
    if not shared.at_table(keys):
        st.rerun()  # the table closed or was left: the page's own game takes over
    show_flash(keys)
    table_bar(game, keys)
    session, held = current(keys), shared.seated(keys)
    if held.watching:
        where = watching(session)
    elif session.over and game.INFO.hidden_information:
        where = Seating(None, None, False, True)  # the end shows every card, as on one screen
    else:
        where = Seating(held.seat, None, session.to_move == held.seat and not session.over, False)
    left, right = st.container(key="play_split").columns([3.3, 1.2], gap="small")
    with right:
        _turn(game, keys)
        undo.box(game, keys)
    if where is None:  # watching a game whose every view holds a hand: no board until it is over
        with left:
            st.info(NO_BOARD, icon="🙈")
        address.hold_address(keys)
        return
    table = Table(game, keys, session, where)
    with right:
        page.panel(table)
        if session.over:
            st.button(
                "Keep this game on my page (replay, save file)",
                key=keys("table_keep"),
                on_click=shared.keep_here,
                args=(keys,),
            )
    with left:
        page.board(table)
    if page.below is not None:
        page.below(table)
    address.hold_address(keys)


def _watch(keys: Keys) -> None:
    if shared.poll(keys):
        st.rerun()


def play_tab(page, keys: Keys) -> bool:
    """Draw the Play tab (``page``: the :class:`ui.kit.frame.GamePage`) of a table being joined or played (True), or nothing (False)."""
    if shared.at_table(keys):
        st.fragment(_play)(page, keys)
        st.fragment(_watch, run_every=shared.POLL_SECONDS)(keys)
        return True
    if shared.joining(keys):
        join_panel(page.game, keys)
        return True
    held = shared.seated(keys)
    if held is not None:
        st.button(
            f"👥 Back to table {held.table.shown}",
            key=keys("table_back"),
            on_click=shared.ask_to_join,
            args=(page.game, keys, held.table.code),
        )
    return False
