"""Bots at a visible pace: a clock reruns only the Play area (``st.fragment``), one bot turn
per tick, so the page never reruns whole and nothing stale stays on screen.

"Step by step" waits for a click (Space) per bot turn, for a class; "Instant" plays every
bot turn at once. Bots wait while the replay looks back at an earlier move.
"""

from __future__ import annotations

import time

import streamlit as st

from engine.core import Game

from .session import HUMAN
from .store import Keys, current, kept_change, kept_key, page_button, store

PACES = {"Step by step": None, "Slow (2 s)": 2.0, "Normal (1 s)": 1.0, "Fast (0.3 s)": 0.3, "Instant": 0.0}
DEFAULT_PACE = "Normal (1 s)"


def bot_labels(game: Game) -> dict[str, str]:
    """Each bot's name for a picker, weakest first: ``{"random": "random (easiest)", …}``."""
    names = list(game.bots())
    labels = {name: name for name in names}
    if len(names) > 1:
        labels[names[0]] += " (easiest)"
        labels[names[-1]] += " (strongest)"
    return labels


def seat_label(game: Game, kind: str) -> str:
    return "Human" if kind == HUMAN else bot_labels(game).get(kind, kind)


def pace_name(keys: Keys) -> str:
    name = st.session_state.get(keys("pace"), DEFAULT_PACE)
    return name if name in PACES else DEFAULT_PACE


def pace(keys: Keys) -> float | None:
    """Seconds between bot turns (0: at once), or None for one bot turn per click."""
    return PACES[pace_name(keys)]


def _keep_pace(keys: Keys, where: str, widget: str) -> None:
    if kept_change(keys, f"pace_{where}", widget, pace_name(keys)):
        st.session_state[keys("pace")] = st.session_state[widget]


def pace_widget(keys: Keys, where: str) -> None:
    """The pace picker; its choice is kept outside the widget, which Streamlit forgets on a
    run that does not draw it (another tab open)."""
    name = pace_name(keys)
    widget = kept_key(keys, f"pace_{where}", name)
    st.select_slider(
        "Bot pace", list(PACES), value=name, key=widget, on_change=_keep_pace, args=(keys, where, widget)
    )


def clock(keys: Keys) -> float | None:
    """How often the Play area must rerun by itself: the pace while a bot is due, else never."""
    seconds = pace(keys)
    return seconds if seconds and current(keys).bots_due() else None


def catch_up(keys: Keys) -> None:
    """At the "Instant" pace, bots play every turn until a human decides or the game ends."""
    session = current(keys)
    if pace(keys) == 0 and session.bots_due():
        store(keys, session.bots_until_human())


def tick(keys: Keys) -> None:
    """On the clock: the bot to move plays its turn once the pace has elapsed."""
    session = current(keys)
    seconds = pace(keys)
    if not seconds or not session.bots_due():
        return
    if time.monotonic() - st.session_state.get(keys("moved_at"), 0.0) < 0.8 * seconds:
        return
    store(keys, session.bot_turn())


def _step(keys: Keys) -> None:
    session = current(keys)
    if session.bots_due():
        store(keys, session.bot_turn())


def _resume(keys: Keys) -> None:
    """Play on from a looked-back position: the bot moves, and the later moves are dropped."""
    session = current(keys)
    if session.to_move_is_bot() and not session.over:
        store(keys, session.play(session.bot_action()))


def bot_controls(keys: Keys) -> None:
    """The step button in step-by-step mode, or the note that bots wait during a look back
    (the note of a bot playing on the clock is :func:`pace_note`)."""
    session = current(keys)
    game = session.game
    if session.over or not session.to_move_is_bot():
        return
    who = game.INFO.seat_name(session.to_move)
    if not session.at_end:
        st.caption(f"{who} is a bot: it waits while you look back.")
        page_button(keys, "▶ Let the bot play from here", "bot_resume", _resume)
    elif pace(keys) is None:
        page_button(keys, "▶ Bot move", "bot_step", _step, type="primary", shortcut="Space", width="stretch")
        # Said under the button, not in a tooltip: a tooltip stays after the click and covers
        # Save / share above it.
        st.caption(f"{who} plays its whole turn (Space).")


def pace_note(keys: Keys) -> str | None:
    """ "⏳ … is playing at the normal (1 s) pace." while a bot plays on the clock, else None.
    Said under whose turn it is, in the same element: each tick redraws both."""
    session = current(keys)
    if session.over or not session.to_move_is_bot() or not session.at_end or pace(keys) is None:
        return None
    who = session.game.INFO.seat_name(session.to_move)
    kind = session.seat_kind(session.to_move)
    return f"⏳ {who} ({kind} bot) is playing at the {pace_name(keys).lower()} pace."
