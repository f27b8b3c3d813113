"""Yokai Carnival's set-up widgets for New game: the default deck or an uploaded deck file."""

from __future__ import annotations

import streamlit as st

import engine.yokai_carnival as yc
from ui.kit import Keys, flash

KEYS = Keys(yc.INFO.id)


def _on_upload() -> None:
    """Check an uploaded deck file; a bad one is refused and nothing changes."""
    upload = st.session_state.get(KEYS("deck_upload"))
    if upload is None:
        return
    try:
        text = upload.getvalue().decode("utf-8")
    except UnicodeDecodeError:
        flash(KEYS, "error", f"“{upload.name}” is not a text file, so nothing changed.")
        return
    try:
        deck = yc.load_deck(text)
    except ValueError as exc:  # DeckError names every bad field
        flash(KEYS, "error", f"“{upload.name}” is not a valid deck, so nothing changed. {exc}")
        return
    st.session_state[KEYS("custom_deck")] = (upload.name, deck)
    st.session_state[KEYS("deck_choice")] = "custom"
    flash(KEYS, "success", f"Deck “{upload.name}” loaded: press “Start new game” to play with it.")


def widgets() -> None:
    custom = st.session_state.get(KEYS("custom_deck"))
    names = {"default": "Default deck (texts reconstructed from the rulebook's colour themes)"}
    if custom is not None:
        names["custom"] = f"{custom[0]} (uploaded)"
    if st.session_state.get(KEYS("deck_choice")) not in names:
        st.session_state[KEYS("deck_choice")] = "default"
    st.radio("Deck", list(names), format_func=names.get, key=KEYS("deck_choice"))
    st.file_uploader(
        "Deck file (JSON)",
        type=["json"],
        key=KEYS("deck_upload"),
        on_change=_on_upload,
        help="A deck in the engine's deck format (the Rules tab describes it). A file with a mistake "
        "is refused with the name of every field at fault; the game on screen is kept.",
    )


def values() -> dict:
    custom = st.session_state.get(KEYS("custom_deck"))
    if st.session_state.get(KEYS("deck_choice")) == "custom" and custom is not None:
        return {"deck": custom[1]}
    return {}
