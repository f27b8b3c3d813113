"""What a shared table draws on a game page's Play tab: at a table, the table's bar, then the
game's own board and panel drawn from this device's seat only (or as an onlooker sees it when
the device watches without a seat) and a clock that polls the table every second; while a
table is being joined, its seats (:mod:`.shared_table_join`).
"""

from __future__ import annotations

import time

import streamlit as st

from engine.core import Game
from storage.shared_tables import BOT, FREE, shown_seat_code

from . import bots
from . import shared_table as shared
from . import shared_table_join as joining
from . import shared_table_link as address
from . import shared_table_undo as undo
from .seating import Seating, watching
from .store import Keys, current, show_flash
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
        joining.join_panel(page.game, keys)
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
