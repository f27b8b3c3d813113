"""The page frame every game page uses: title from ``INFO``, the four tabs, the toolbar and
the Play area (board left, side panel right), which reruns by itself while bots play.

A game page is a :class:`GamePage` of small functions; ``pages/<game>.py`` calls
:func:`game_page` with it. Only the open tab runs. State changes only in widget callbacks
and on the bot clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from engine.core import Game
from explainers.rules import rule_summary

from . import bots, challenge, coach, presenter, shared_table, shared_table_link, shared_table_view
from .handover import handover, taken_by
from .links import ensure_session, sync_link
from .seating import seating
from .server import settle
from .session import HUMAN, GameSession
from .store import Keys, current, kept_change, kept_key, on_game_over, route_moves, show_flash, store
from .table import Table
from .text_table import small
from .toolbar import SetupValues, SetupWidgets, looking_back, replay_bar, toolbar
from .toolbar import stale as toolbar_stale

TABS = ["Play", "Learn", "What-if", "Rules"]


@dataclass(frozen=True)
class GamePage:
    """One game's page code: ``board`` (left), ``panel`` (right, under whose turn it is),
    ``below`` (under both), ``learn`` and ``whatif`` tabs; optional set-up widgets for New
    game and a game-over hook (a state change of the move that ended the game).
    ``seat_shown``: the label of the picker of whose board is drawn (a game without hidden
    information and several seats), in the game's word: Tanuki Matsuri's "Sheet shown"."""

    game: Game
    icon: str
    board: Callable[[Table], None]
    panel: Callable[[Table], None]
    learn: Callable[[Keys], None]
    whatif: Callable[[Keys], None]
    below: Callable[[Table], None] | None = None
    setup_widgets: SetupWidgets | None = None
    setup_values: SetupValues | None = None
    game_over: Callable[[Keys, GameSession], None] | None = None
    seat_shown: str = "Board shown"
    own_play: Callable[[Keys], bool] | None = None
    """A game's own way of playing across devices (Tanuki Matsuri's class game): it draws the
    Play tab when it returns True."""
    under_play: Callable[[Keys], None] | None = None
    """Drawn by the whole page under the Play area, not on the bots' clock: what no move
    changes (Tanuki Matsuri's class-game opener). Not at a shared table."""


def _set_opponent(keys: Keys, widget: str) -> None:
    session = current(keys)
    if len(session.seats) != 2 or not session.humans():
        return
    first = session.humans()[0]
    if not kept_change(keys, "opponent", widget, session.seats[1 - first]):
        return
    kind = st.session_state[widget]
    store(keys, session.with_seats(tuple(k if s == first else kind for s, k in enumerate(session.seats))))


def _turn(game: Game, session: GameSession, note: str | None) -> None:
    """Whose turn it is, or the game's end; ``note``: what a bot on the clock is doing, said
    in the same element (small, as a caption)."""
    info = game.INFO
    if session.over:
        why = str(game.outcome(session.state).termination)  # capitalize() would lower "Yama"
        st.markdown(f"#### Game over\n{why[:1].upper()}{why[1:]}.")
        if info.hidden_information and not challenge.hides_deal(session):
            st.caption(f"Seed of this deal: {session.seed} (New game can replay it).")
        return
    seat = session.to_move
    kind = session.seat_kind(seat)
    who = "human" if kind == HUMAN else f"{kind} bot"
    said = f"\n\n{small(note)}" if note else ""
    st.markdown(f"#### To move\n**{info.seat_name(seat)}** ({who}){said}")


def _seat_pickers(table: Table) -> None:
    game, keys, session = table.game, table.keys, table.session
    if len(session.seats) == 2 and session.humans() and not challenge.in_play(session):
        first = session.humans()[0]
        other = session.seats[1 - first]
        options = [HUMAN, *game.bots()]
        widget = kept_key(keys, "opponent", other)
        st.selectbox(
            "Play against",
            options,
            index=options.index(other),
            key=widget,
            format_func=lambda k: "a person at this screen" if k == HUMAN else bots.seat_label(game, k),
            on_change=_set_opponent,
            args=(keys, widget),
            help="Bots are listed from the easiest to the strongest. Changing takes effect at once.",
        )
    if any(kind != HUMAN for kind in session.seats):
        bots.pace_widget(keys, "panel")
    if game.INFO.hidden_information and session.humans() and not (session.over or challenge.of(session)):
        st.toggle(
            "👁 Demo mode",  # (longer, it was cut to "Demo mode: sh…" beside the board at 1280 px)
            key=keys("demo"),
            help="For a teacher: shows every hidden card, drawing the whole game.",
        )


def _chosen_seat(game: Game, keys: Keys, session: GameSession, label: str) -> int | None:
    """In a game without hidden information, any seat's board may be shown."""
    if game.INFO.hidden_information or len(session.seats) < 2:
        return None
    options = [-1, *range(len(session.seats))]
    if st.session_state.get(keys("seat_shown"), -1) not in options:
        st.session_state[keys("seat_shown")] = -1
    name = game.INFO.seat_name
    chosen = st.selectbox(
        label,
        options,
        format_func=lambda s: "whoever is to move" if s < 0 else f"{name(s)} ({session.seat_kind(s)})",
        key=keys("seat_shown"),
    )
    return None if chosen < 0 else chosen


def _play_area(page: GamePage, game: Game, keys: Keys, interval: float | None) -> None:
    bots.catch_up(keys)
    bots.tick(keys)
    if (interval is None and bots.clock(keys) is not None) or toolbar_stale(keys):
        # A bot is due (the whole page reruns once to start the clock), or a move changed
        # what the toolbar above shows (Undo after the first move, a look back ended).
        st.rerun()
    # A clock no longer needed keeps ticking harmlessly until the next full run: stopping it
    # with a full rerun from inside a clock tick could race the next tick on a busy machine.
    session = current(keys)
    # The notes over the board keep one slot, drawn even when empty: a message shown for one
    # run (a link's "Game restored…") would otherwise move the board down a place, and the next
    # run, a place higher, would mount a new board (it blinked out after a shared link opened).
    with st.container(key="play_notes"):
        show_flash(keys, toast=presenter.is_on(keys))  # here: the Play area's own callbacks flash too
        looking_back(keys)
        challenge.banner(session)
    # On a narrow screen the side panel wraps under the board (CSS in app.py) instead of
    # squeezing its buttons to "Take d…".
    left, right = st.container(key="play_split").columns([3.3, 1.2], gap="small")
    with right:
        stepped = presenter.step_panel(game, keys)  # a lesson's step (or Next step) goes first
        _turn(game, session, None if stepped else bots.pace_note(keys))
        if not stepped:
            bots.bot_controls(keys)
        chosen = _chosen_seat(game, keys, session, page.seat_shown)
    where = seating(
        session,
        unlocked=taken_by(keys, session),
        demo=bool(st.session_state.get(keys("demo"))),
        chosen=chosen,
    )
    table = Table(game, keys, session, where)
    with left:
        if where.handover_to is not None:
            handover(table)
        else:
            page.board(table)  # a board drawn from the full state says so itself (demo mode, game over)
        replay_bar(keys)
    with right:
        # A player picks an opponent first; a class watching bots (or a projector, where the
        # move's buttons must stay on screen) wants the explanation and the moves first.
        watching = not session.humans() or presenter.is_on(keys)
        if not watching:
            _seat_pickers(table)
        if where.handover_to is None:
            page.panel(table)
            coach.move_check(table)  # "How was my move?" after a human's move
        if watching:
            _seat_pickers(table)
    if page.below is not None and where.handover_to is None:
        page.below(table)
    if where.handover_to is None:
        coach.game_review(table)  # the three costliest moves, once the game is over
    if not challenge.hold_address(session):
        sync_link(keys)


def game_page(page: GamePage) -> None:
    """Draw a whole game page (the page script's only call)."""
    settle()
    game = page.game
    info = game.INFO
    keys = Keys(info.id)
    on_game_over(keys, challenge.recording(page.game_over))
    st.title(f"{page.icon} {info.title} · {info.japanese}")
    st.caption(info.blurb)
    route_moves(keys, shared_table.send)  # at a shared table, moves go to the table
    challenge.open_link(game, keys)
    shared_table_link.open_link(game, keys)
    ensure_session(game, keys)
    presenter.presenter_bar(game, keys)
    tabs = st.tabs(TABS, key=keys("tab"), on_change="rerun")
    if tabs[0].open:
        with tabs[0]:
            # A game's own cross-device play, or a shared table, draws its own Play tab.
            own = page.own_play is not None and page.own_play(keys)
            if not own and not shared_table_view.play_tab(page, keys):
                bots.catch_up(keys)
                bots.tick(keys)  # before the toolbar, which shows whether Undo can undo it
                toolbar(game, keys, page.setup_widgets, page.setup_values)
                interval = bots.clock(keys)
                st.fragment(_play_area, run_every=interval)(page, game, keys, interval)
                if page.under_play is not None:
                    page.under_play(keys)
    if tabs[1].open:
        with tabs[1]:
            page.learn(keys)
    if tabs[2].open:
        with tabs[2]:
            if shared_table_view.hides_deal(keys):
                st.info(shared_table_view.HIDES)
            else:
                challenge.sealed(current(keys), page.whatif, keys)
    if tabs[3].open:
        with tabs[3]:
            st.markdown(rule_summary(info.id) or "The rule summary is missing.")
