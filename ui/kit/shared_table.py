"""A shared table on a game page: one game played from several devices, each drawing only its
own seat's view (:mod:`storage.shared_tables` keeps the table; this module keeps which seat
this browser holds, or that it watches without one, and brings the page's game up to the
table's log).

The page's game (``current(keys)``) is rebuilt on this server from the table's log; the
browser only ever receives what the page draws from ``view(state, seat)``. A device holds its
seat by a seat code kept in ``st.session_state``; after a reload the pupil retypes it (shown
on the page), so no secret sits in the address bar, which holds only ``?table=CODE``.
A move goes to the table with the version it was chosen at (:func:`send`, the page's move
route): refused, it is explained and the new position shown. A device may also *watch* a table
without a seat (a teacher, a pupil who came when every seat was taken): it follows the table
like a seat's device and sends nothing; :func:`ui.kit.seating.watching` says what it draws.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace

import streamlit as st

from engine.core import Game, new_seed
from storage.shared_table_undo import news as undo_news
from storage.shared_tables import BOT, Refused, SharedTable, SharedTables
from storage.shared_tables import shown_seat_code as shown

from .session import HUMAN, GameSession, default_seats, new_session
from .store import Keys, current, flash, store

PARAM = "table"
POLL_SECONDS = 1.0
"""How often a device asks the table whether anything changed (one small read)."""
BOT_PAUSE = 1.0
"""Seconds a bot waits after the last move, so every device sees each move land."""
SEEN_EVERY = 10.0
"""How often a device tells the table it is still there (a seat not seen for 30 s is abandoned)."""
SEATED = "shared_seat"
JOINING = "shared_join"


@dataclass(frozen=True)
class Seated:
    """The seat this browser holds (``seat`` None: it watches without one, with no seat code):
    the table as last read, the seat code, and the first state of the page's game built from
    the table (a page game growing from it is the table's)."""

    table: SharedTable
    seat: int | None
    seat_code: str
    start: object
    seen_at: float = 0.0

    @property
    def watching(self) -> bool:
        return self.seat is None

    @property
    def host(self) -> bool:
        return self.seat == self.table.host_seat


def tables() -> SharedTables:
    return SharedTables()


def seated(keys: Keys) -> Seated | None:
    return st.session_state.get(keys(SEATED))


def at_table(keys: Keys) -> bool:
    """The page's game is the table's (not a game started or loaded since)."""
    held = seated(keys)
    return held is not None and keys("session") in st.session_state and current(keys).history[0] is held.start


def joining(keys: Keys) -> str | None:
    """The code of a table this browser opened but holds no seat at yet."""
    return st.session_state.get(keys(JOINING))


def session_of(game: Game, table: SharedTable, session: GameSession | None = None) -> GameSession:
    """The page's game at the table's version: ``session``'s history carried on with the new
    moves when it is the same game, else rebuilt from the start."""
    kinds = tuple(s.bot if s.holder == BOT else HUMAN for s in table.seats)
    if session is None or session.seed != table.seed or len(session.history) - 1 > table.version:
        session = new_session(game, table.seed, table.players, kinds, **table.options)
    history = list(session.history)
    for token in tables().moves(table.code, since=len(history) - 1, upto=table.version):
        history.append(game.apply(history[-1], game.decode_action(token)))
    return replace(session, history=tuple(history), cursor=len(history) - 1, seats=kinds)


def take(keys: Keys, game: Game, table: SharedTable, seat: int | None, seat_code: str) -> None:
    """This device sits at ``seat`` (None: watches), the page's game becoming the table's."""
    session = session_of(game, table)
    st.session_state.pop(keys(JOINING), None)
    st.session_state.pop(keys("demo"), None)  # demo mode would show every hidden card
    st.session_state[keys(SEATED)] = Seated(table, seat, seat_code, session.history[0], time.time())
    store(keys, session)


def refresh(keys: Keys, table: SharedTable | None = None) -> bool:
    """Bring the page's game up to the table (when its stamp changed, or to ``table`` as a
    refusal returned it); True if anything changed."""
    held = seated(keys)
    if held is None or not at_table(keys):
        return False
    if table is None:
        stamp = tables().stamp(held.table.code)
        if stamp is None:  # cleaned: an unfinished game does not stay (demo mode shows all)
            leave(keys)
            flash(keys, "warning", f"Table {held.table.shown} is closed: it was idle for a day.")
            return True
        if stamp == held.table.stamp:
            return False
        table = tables().lookup(held.table.code)
    if news := undo_news(held.table, table):
        flash(keys, "info", news)
    kept = current(keys) if table.undos == held.table.undos else None  # else a version came back
    session = session_of(current(keys).game, table, kept)
    st.session_state[keys(SEATED)] = replace(held, table=table, start=session.history[0])
    store(keys, session)
    return True


def send(keys: Keys, action) -> bool | None:
    """The page's move route: at a table a move goes to the table (None elsewhere: played here)."""
    held = seated(keys)
    if held is None or not at_table(keys):
        return None
    if held.watching:
        flash(keys, "error", "You are watching this table without a seat: your device plays no move.")
        return False
    session = current(keys)
    try:
        table = tables().play(
            held.table.code, held.seat_code, len(session.history) - 1, action, undos=held.table.undos
        )
    except Refused as refused:
        flash(keys, "error", str(refused))
        if refused.table is not None:
            refresh(keys, refused.table)
        return False
    refresh(keys, table)
    return True


def poll(keys: Keys) -> bool:
    """What a device does every :data:`POLL_SECONDS`: play a bot's turn if one is due, say it
    is still there now and then, and catch up with the table; True if the position changed."""
    held = seated(keys)
    if held is None or not at_table(keys):
        return False
    session = current(keys)
    if session.bots_due():
        tables().bot_turn(held.table.code, pause=BOT_PAUSE)
    now = time.time()
    if not held.watching and now - held.seen_at > SEEN_EVERY:
        tables().seen(held.table.code, held.seat_code)
        st.session_state[keys(SEATED)] = replace(held, seen_at=now)
    return refresh(keys)


# -- callbacks -------------------------------------------------------------------------------
def ask_to_join(game: Game, keys: Keys, text: str) -> None:
    """A typed code or an opened link: show that table's seats (no seat is taken yet)."""
    table = tables().lookup(str(text)[:200].strip().rsplit("=", 1)[-1])
    if table is None:
        flash(keys, "error", "No table has this code. Check it (for example K7P-2QX).")
        return
    if table.game != game.INFO.id:
        flash(keys, "error", f"Table {table.shown} plays another game: open its link instead.")
        return
    held = seated(keys)
    if held is not None and held.table.code == table.code:
        st.session_state.pop(keys(JOINING), None)
        if not at_table(keys):
            take(keys, game, table, held.seat, held.seat_code)
        return
    st.session_state[keys(JOINING)] = table.code


def give_to_bot(keys: Keys, seat: int) -> None:
    held = seated(keys)
    bot = st.session_state.get(keys(f"table_bot_{seat}"), "")
    try:
        refresh(keys, tables().give_to_bot(held.table.code, held.seat_code, seat, bot))
    except Refused as refused:
        flash(keys, "error", str(refused))


def leave(keys: Keys) -> None:
    """Leave the table on this device; the seat stays its holder's (the seat code gets it back).
    An unfinished table's game does not stay on the page: demo mode would show every card."""
    held = seated(keys)
    if held is not None and at_table(keys) and not current(keys).over:
        game, players = current(keys).game, current(keys).game.INFO.default_players
        store(keys, new_session(game, new_seed(), players, default_seats(game, players)))
        back = "its link" if held.watching else f"your seat code {shown(held.seat_code)}"
        flash(keys, "info", f"You left table {held.table.shown}; {back} brings you back.")
    for name in (SEATED, JOINING):
        st.session_state.pop(keys(name), None)
    st.query_params.pop(PARAM, None)


def keep_here(keys: Keys) -> None:
    """A finished table's game becomes this page's own (replay, save file)."""
    session = current(keys)
    leave(keys)
    store(keys, replace(session, history=session.history, seats=(HUMAN,) * len(session.seats)))
