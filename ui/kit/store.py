"""Where a page keeps its game: one namespaced key per thing in ``st.session_state``.

Every key of a game page is built by :class:`Keys`; the session is replaced only through
:func:`store` (called from widget callbacks and the bot clock), and an illegal move is
explained in a flash message and changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from engine.core import IllegalAction

from .session import GameSession


@dataclass(frozen=True)
class Keys:
    """Session-state keys of one page: ``Keys("some_game")("pick") == "some_game:pick"``."""

    ns: str

    def __call__(self, name: str) -> str:
        return f"{self.ns}:{name}"


_AFTER_GAME: dict[str, Callable[[Keys, GameSession], None]] = {}
_ROUTES: dict[str, Callable[[Keys, object], bool | None]] = {}


def route_moves(keys: Keys, route: Callable[[Keys, object], bool | None]) -> None:
    """Send this page's moves through ``route(keys, action)`` first (a shared table plays them
    on the shared database): it returns whether the move was played, or None to play it here."""
    _ROUTES[keys.ns] = route


def on_game_over(keys: Keys, hook: Callable[[Keys, GameSession], None]) -> None:
    """Run ``hook(keys, session)`` whenever a move reaches the end of this page's game (high
    scores, match points): a change made by the move, never by drawing. Hooks are
    idempotent: redoing the last move reaches the same end again."""
    _AFTER_GAME[keys.ns] = hook


def page_button(
    keys: Keys, label: str, name: str, on_click: Callable[[Keys], None], *, where=st, **options
) -> bool:
    """The page's button ``keys(name)``: a click calls ``on_click(keys)`` in its callback, so
    the run that follows shows the change. ``where``: the column or container to draw it in;
    ``options``: ``st.button``'s (``type``, ``width``, ``disabled``, ``shortcut``, ``help``)."""
    return where.button(label, key=keys(name), on_click=on_click, args=(keys,), **options)


def kept_key(keys: Keys, name: str, value: object) -> str:
    """The key of a widget showing a value kept elsewhere (the bot pace, the opponent): keyed
    by that value and created with it as its default, so the page never writes the widget's
    state. Writing it every run makes the browser take the old value on each clock tick
    (swallowing a slider the player just moved); writing it only when it differs lets a widget
    the browser mounts afresh show its default instead of the kept value.

    >>> kept_key(Keys("some_game"), "pace", "Fast (0.3 s)")
    'some_game:pace:Fast (0.3 s)'
    """
    return keys(f"{name}:{value}")


def kept_change(keys: Keys, name: str, widget: str, value: object) -> bool:
    """Whether a change reported by ``widget`` is the player's: it comes from the widget that
    shows the kept ``value`` now. A widget drawn under an older value (before a new game
    changed the seats) can still report its old value on a later run; that report must not
    undo the newer choice.

    >>> kept_change(Keys("fm"), "opponent", "fm:opponent:greedy", "human")
    False
    """
    return widget == kept_key(keys, name, value)


def current(keys: Keys) -> GameSession:
    return st.session_state[keys("session")]


def has_session(keys: Keys) -> bool:
    return keys("session") in st.session_state


def store(keys: Keys, session: GameSession) -> None:
    """Replace the page's game; a move that ends it runs the page's game-over hook."""
    before = st.session_state.get(keys("session"))
    st.session_state[keys("session")] = session
    st.session_state[keys("moved_at")] = time.monotonic()
    hook = _AFTER_GAME.get(keys.ns)
    moved = before is None or before.state is not session.state
    if hook is not None and moved and session.over and session.at_end:
        hook(keys, session)


def flash(keys: Keys, kind: str, text: str) -> None:
    """Keep a message (``"error"``, ``"warning"``, ``"success"``, ``"info"``) for the next run."""
    st.session_state[keys("flash")] = (kind, text)


def show_flash(keys: Keys, toast: bool = False) -> None:
    """The kept message, as a banner; with ``toast`` (a projector, where a banner would push
    the board down) a success or a note floats over the page for a few seconds instead."""
    message = st.session_state.pop(keys("flash"), None)
    if message:
        kind, text = message
        if toast and kind in ("success", "info"):
            st.toast(text, icon="✅" if kind == "success" else "ℹ️")
            return
        {"error": st.error, "warning": st.warning, "success": st.success}.get(kind, st.info)(text)


def play(keys: Keys, action) -> bool:
    """Play ``action`` for the seat to move; an illegal one is explained and changes nothing."""
    route = _ROUTES.get(keys.ns)
    played = route(keys, action) if route is not None else None
    if played is not None:
        return played
    try:
        store(keys, current(keys).play(action))
    except IllegalAction as exc:
        flash(keys, "error", f"Not allowed: {exc}")
        return False
    return True


def play_token(keys: Keys, token: str) -> bool:
    """Play the action named by a codec token (board clicks, button keys)."""
    session = current(keys)
    try:
        action = session.game.decode_action(token)
    except IllegalAction as exc:
        flash(keys, "error", f"Not allowed: {exc}")
        return False
    return play(keys, action)
