"""What the Yokai page remembers between clicks besides the game: the card or hint picked on
the board, a destination probed that the card may not go to, the language and the memory aid.

A pick belongs to one position (the session's cursor): after any move it is forgotten.
"""

from __future__ import annotations

import streamlit as st

import engine.yokai as yk
from boards.yokai import parse_page_token
from explainers.yokai import refusal_sentence
from explainers.yokai_words import LANGUAGES, cell_namer
from ui.kit import Keys, current, flash
from ui.kit.store import kept_change, kept_key, play_token


def lang(keys: Keys) -> str:
    value = st.session_state.get(keys("lang_value"), "en")
    return value if value in LANGUAGES else "en"


def _keep_lang(keys: Keys, where: str, widget: str) -> None:
    chosen = st.session_state[widget]
    # Clicking the chosen language again unselects it (None): keep the language.
    if chosen in LANGUAGES and kept_change(keys, f"lang_{where}", widget, lang(keys)):
        st.session_state[keys("lang_value")] = chosen


def language_switch(keys: Keys, where: str) -> str:
    """English / Français, kept outside the widget (Streamlit forgets a widget not drawn)."""
    widget = kept_key(keys, f"lang_{where}", lang(keys))
    st.segmented_control(
        "Language · Langue",
        list(LANGUAGES),
        default=lang(keys),
        format_func=LANGUAGES.get,
        key=widget,
        on_change=_keep_lang,
        args=(keys, where, widget),
    )
    return lang(keys)


def memory(keys: Keys) -> bool:
    return bool(st.session_state.get(keys("memory"), True))


def pick(keys: Keys):
    """The card cell (move step) or revealed hint index (hint step) picked at this position."""
    stored = st.session_state.get(keys("pick"))
    session = current(keys)
    if not stored or stored[0] != session.cursor:
        return None
    return stored[1]


def refused(keys: Keys):
    """The destination probed for the picked card, if it was refused."""
    stored = st.session_state.get(keys("refused"))
    session = current(keys)
    if not stored or stored[0] != session.cursor or stored[1] != pick(keys):
        return None
    return stored[2]


def set_pick(keys: Keys, value) -> None:
    st.session_state[keys("pick")] = (current(keys).cursor, value)
    st.session_state.pop(keys("refused"), None)


def set_refused(keys: Keys, dst) -> None:
    session = current(keys)
    st.session_state[keys("refused")] = (session.cursor, pick(keys), dst)
    problem = yk.move_problem(session.state, pick(keys), dst)
    if problem is not None:
        name = cell_namer(yk.board(session.state))
        flash(keys, "warning", f"Not allowed: {refusal_sentence(problem, name)}")


def on_token(keys: Keys, token: str) -> None:
    """A click on the board: play an action, or pick a card / hint, or probe a refused cell."""
    parsed = parse_page_token(token)
    if parsed is None:
        play_token(keys, token)
        return
    kind, value = parsed
    session = current(keys)
    if kind == "hint":
        set_pick(keys, None if pick(keys) == value else value)
        return
    cards = yk.board(session.state)
    chosen = pick(keys)
    if value in cards:
        set_pick(keys, None if chosen == value else value)
    elif isinstance(chosen, tuple):
        set_refused(keys, value)
