"""The Save / share popover: the save file, loading one, and the sealed share link.

Nothing here puts the seed on the page while the game goes on: the share link is sealed
(:mod:`ui.kit.links`), and the save file, which holds the seed, is made only when its button
is pressed (Streamlit's deferred download: the page carries no copy of it). Until the game is
over that button and the file's name say that the file reveals the deal.
"""

from __future__ import annotations

import streamlit as st

from engine.core import MAX_LINK_CHARS, BadSave, Game
from engine.core.quote import quote_name
from engine.core.save import MAX_SAVE_BYTES
from storage.keys import KeyUnavailable

from .datafile import TooLarge, UploadLimit, json_uploader, read_upload
from .links import LINK_PARAM, NO_KEY, load_into, open_pasted_link, share_token
from .store import Keys, current

SAVE_LIMIT = UploadLimit(f"{MAX_SAVE_BYTES / 1_000_000:g} MB", MAX_SAVE_BYTES)

REVEALS = (
    "**This file reveals the deal.** A save holds the game's seed: whoever opens it mid-game "
    "can work out every hidden card and every die still to come. Keep it to yourself until "
    "the game is over (the share link below gives nothing away)."
)


def _load_upload(game: Game, keys: Keys) -> None:
    upload = st.session_state.get(keys("upload"))
    if upload is None:
        return
    source = f"the save file {quote_name(upload.name, 60)}"
    load_into(game, keys, lambda: _read_save(upload), current(keys).seats, source)


def _read_save(upload) -> bytes:
    try:
        return read_upload(upload, MAX_SAVE_BYTES)
    except TooLarge as exc:
        raise BadSave(f"This file is too large for a save: {exc}.") from None


def save_file_name(game: Game, session) -> str:
    """The file's name: marked while it would reveal the deal, with the seed once it is over."""
    if session.over:
        return f"{game.INFO.id}-seed{session.seed}-move{session.cursor}.json"
    return f"{game.INFO.id}-move{session.cursor}-reveals-the-deal.json"


def save_panel(game: Game, keys: Keys) -> None:
    """Download and upload a save file, and the share link with its limits."""
    session = current(keys)
    if not session.over:
        st.warning(REVEALS)
    st.download_button(
        "⬇ Download save file" if session.over else "⬇ Download save file (reveals the deal)",
        session.save_text,  # called on the click only: the page never holds the save
        file_name=save_file_name(game, session),
        mime="application/json",
        key=keys("download"),
    )
    json_uploader(
        "Load a save file", SAVE_LIMIT, key=keys("upload"), on_change=_load_upload, args=(game, keys)
    )
    try:
        token = share_token(session)
    except KeyUnavailable:
        st.warning(NO_KEY)
        token = None
    if token is not None and len(token) > MAX_LINK_CHARS:
        st.warning(
            f"This game is too long for a share link ({len(token):,} characters; the limit is "
            f"{MAX_LINK_CHARS:,}). Use the save file instead."
        )
    elif token is not None:
        st.markdown(
            "**Share link:** the address in your browser's bar always holds this position and "
            "who plays each seat. Copy it, or this query:"
        )
        st.code(f"?{LINK_PARAM}={token}", language=None, wrap_lines=True)
        st.caption(
            "The link is sealed: it shows no card and no die to whoever reads it, and opens on this "
            "Dojo server (or one sharing its key). To take a game to another server, use the save file."
        )
    st.text_input(
        "Open a share link",
        key=keys("paste"),
        on_change=open_pasted_link,
        args=(game, keys),
        placeholder="Paste a link (or its ?game=… part) and press Enter",
    )
