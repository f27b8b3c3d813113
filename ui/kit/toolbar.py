"""One row of controls above every board: new game, undo, redo, replay, save and share."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from engine.core import Game, check_seed, new_seed
from engine.core.quote import inert, quote_input
from engine.core.rng import MAX_SEED

from . import bots, challenge, shared_table_join
from .session import HUMAN, GameSession, new_session
from .sharing import save_panel
from .store import Keys, current, flash, page_button, store

SetupWidgets = Callable[[], None]
SetupValues = Callable[[], dict]

NEW_GAME = "new_game_open"
SAVE = "save_open"
"""Keys of the two popovers, which draw their insides only while open: with bots playing, the
toolbar reruns every move, and drawing both panels closed was about a fifth of a page run
(``make profile``) — the share token alone is an encryption of the whole save."""


def _seed(keys: Keys) -> int:
    text = str(st.session_state.get(keys("new_seed"), "")).strip()
    if not text:
        return new_seed()
    # isascii: int() also reads "٣" and "²"; the length check keeps int() off a 50,000-digit text
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_SEED)):
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {quote_input(text)}")
    return check_seed(int(text))


def start_new(game: Game, keys: Keys, extra_setup: SetupValues | None = None) -> None:
    """Start the game chosen in the New game panel (a callback)."""
    players = int(st.session_state.get(keys("new_players"), game.INFO.default_players))
    seats = [st.session_state.get(keys(f"new_seat_{i}"), HUMAN) for i in range(players)]
    try:
        seed = _seed(keys)
        setup = extra_setup() if extra_setup else {}
        session = new_session(game, seed, players, seats, **setup)
    except ValueError as exc:
        flash(keys, "error", f"Could not start that game: {inert(exc, 2_000)}")
        return
    st.session_state[keys("pace")] = st.session_state.get(keys("new_pace"), bots.pace_name(keys))
    store(keys, session)
    # The seed stays unsaid until the game is over: it would give away hidden cards and, in
    # every game, the dice or draws still to come.
    flash(keys, "success", "New game started.")


def new_game_panel(game: Game, keys: Keys, widgets: SetupWidgets | None, values: SetupValues | None) -> None:
    """Seed, number of players, human or bot per seat and the bot pace."""
    info = game.INFO
    session = current(keys)
    left, right = st.columns(2)
    left.text_input(
        "Seed (optional)",
        key=keys("new_seed"),
        placeholder="empty: a new random deal",
        help="The same seed deals the same game. Leave it empty for a deal nobody can predict.",
    )
    if len(info.players) > 1:
        right.number_input(
            "Players",
            info.players.start,
            info.players.stop - 1,
            value=len(session.seats),
            key=keys("new_players"),
        )
    else:
        st.session_state[keys("new_players")] = info.players.start
        right.markdown(f"**Players:** {info.players.start}")
    options = [HUMAN, *game.bots()]
    players = int(st.session_state[keys("new_players")])
    cols = st.columns(min(players, 5))
    for seat in range(players):
        kind = session.seats[seat] if seat < len(session.seats) else HUMAN
        cols[seat % len(cols)].selectbox(
            info.seat_name(seat),
            options,
            index=options.index(kind) if kind in options else 0,
            format_func=lambda k: bots.seat_label(game, k),
            key=keys(f"new_seat_{seat}"),
        )
    if players > 1 or game.bots():
        st.session_state.setdefault(keys("new_pace"), bots.pace_name(keys))
        st.select_slider("Bot pace", list(bots.PACES), key=keys("new_pace"))
    if widgets:
        widgets()
    st.button(
        "Start new game", type="primary", key=keys("start"), on_click=start_new, args=(game, keys, values)
    )
    st.divider()
    shared_table_join.open_panel(game, keys, values)


def _undo(keys: Keys) -> None:
    store(keys, current(keys).undo())


def _redo(keys: Keys) -> None:
    store(keys, current(keys).redo())


def _replay(keys: Keys) -> None:
    store(keys, current(keys).goto(st.session_state[keys("replay")]))


def replay_bar(keys: Keys) -> None:
    """The replay slider over the whole game (under the board, where the eye already is)."""
    session = current(keys)
    last = len(session.history) - 1
    if last > 0:
        # Written on every run: the slider's range grows with each move, which makes it a new
        # widget that would otherwise start at 0 and rewind the game.
        st.session_state[keys("replay")] = session.cursor
        st.slider(
            "Replay: move",
            0,
            last,
            key=keys("replay"),
            on_change=_replay,
            args=(keys,),
            disabled=challenge.in_play(session),
            help="Look back at any position; playing a move from there drops the later ones.",
        )


def _drawn_state(keys: Keys, session: GameSession) -> tuple:
    """What the toolbar shows of the game: it is drawn by the whole page, outside the bots'
    clock, so a move that changes any of it asks for a whole-page run (:func:`stale`)."""
    shown = (session.can_undo(), session.can_redo(), challenge.in_play(session))
    if st.session_state.get(keys(NEW_GAME)):
        shown += (session.seats,)  # its pickers start from this game's seats
    if st.session_state.get(keys(SAVE)):
        shown += (session.seed, len(session.history), session.cursor)  # it holds every move
    return shown


def stale(keys: Keys) -> bool:
    """True when the toolbar on screen no longer fits the game (a move on the clock enabled
    Undo, a move in the Play area ended a look back…): the page must rerun whole."""
    return st.session_state.get(keys("toolbar_shows")) != _drawn_state(keys, current(keys))


def looking_back(keys: Keys) -> None:
    """The note over the board while the replay looks back at an earlier move."""
    session = current(keys)
    if not session.at_end:
        last = len(session.history) - 1
        st.info(
            f"Looking back at move {session.cursor} of {last}. Redo or the replay slider go "
            "forward; playing a move here drops the later ones."
        )


def toolbar(
    game: Game, keys: Keys, widgets: SetupWidgets | None = None, values: SetupValues | None = None
) -> None:
    """New game, undo, redo, save/share in one row (the replay slider goes under the board).

    Drawn by the whole page, not on the bots' clock: a tick would otherwise resend its ten
    elements every move (``bench.deltas``). One keyed container holds it, so its buttons keep
    their place in the page whatever the Play area draws (a click on a button whose place
    moved between runs is lost)."""
    session = current(keys)
    st.session_state[keys("toolbar_shows")] = _drawn_state(keys, session)
    bar = st.container(key=keys("toolbar"))
    new_col, undo_col, redo_col, save_col = bar.columns(4, vertical_alignment="bottom")
    new_panel = new_col.popover("🆕 New game", width="stretch", key=keys(NEW_GAME), on_change="rerun")
    if new_panel.open:
        with new_panel:
            new_game_panel(game, keys, widgets, values)
    locked = challenge.in_play(session)
    # No tooltips: the labels and their keys say it, and one left after a click hid the title.
    for col, label, name, go, able, key in (
        (undo_col, "↶ Undo", "undo", _undo, session.can_undo(), "Ctrl+Z"),
        (redo_col, "↷ Redo", "redo", _redo, session.can_redo(), "Ctrl+Y"),
    ):
        page_button(
            keys, label, name, go, where=col, disabled=not able or locked, shortcut=key, width="stretch"
        )
    save = save_col.popover("💾 Save / share", width="stretch", key=keys(SAVE), on_change="rerun")
    if save.open:
        with save:
            challenge.sealed(session, save_panel, game, keys)
