"""Share links: the address bar always holds the position on screen, and a link opens it.

The link is the save, compressed, in the ``game`` query parameter (``seats`` says which seats
are bots). A link this session wrote or opened before is an echo, never a new game.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from engine.core import MAX_LINK_CHARS, BadSave, Game, decode_link, encode_link, new_seed

from .session import HUMAN, GameSession, default_seats, load_session, new_session
from .store import Keys, current, flash, has_session, store

LINK_PARAM = "game"
SEATS_PARAM = "seats"


def share_token(session: GameSession) -> str:
    return encode_link(session.save_text())


def load_into(game: Game, keys: Keys, read, seats, source: str) -> None:
    """Replace the game by a saved one (``read()`` gives the save text), or explain in a
    flash why it cannot be; a refused save changes nothing. ``source`` names it for people:
    "the share link", "“my-game.json”"."""
    try:
        session = load_session(game, read(), seats=seats)
    except BadSave as exc:
        flash(
            keys,
            "error",
            f"{source[0].upper()}{source[1:]} could not be opened, so the game on screen was kept. {exc}",
        )
        return
    store(keys, session)
    flash(
        keys, "success", f"Game restored from {source} (move {session.cursor} of {len(session.history) - 1})."
    )


def open_token(game: Game, keys: Keys, token: str, seats: str = "") -> None:
    """Replace the game by the one in a share-link token, or explain why it cannot be."""
    load_into(game, keys, lambda: decode_link(token), seats.split(",") if seats else None, "the share link")


def open_pasted_link(game: Game, keys: Keys) -> None:
    """Open what was pasted: a whole link, its ``?game=…`` part or a bare token."""
    text = st.session_state.get(keys("paste"), "").strip()
    st.session_state[keys("paste")] = ""
    if not text:
        return
    query = parse_qs(urlsplit(text).query) if "?" in text else parse_qs(text) if "=" in text else {}
    token = query.get(LINK_PARAM, [text])[0]
    _remember(keys, token)
    open_token(game, keys, token, query.get(SEATS_PARAM, [""])[0])


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def _remember(keys: Keys, token: str) -> None:
    """Remember a link this session wrote or opened. The browser may send back an older
    address with a click (its URL is updated a moment after the run that moved the game),
    so only a link this session never saw is a game to open: an echo must not rewind."""
    st.session_state.setdefault(keys("tokens"), set()).add(_digest(token))


def ensure_session(game: Game, keys: Keys) -> GameSession:
    """The page's game: from a new share link in the URL, else the one in progress, else a
    new game with a fresh unsearchable seed, the reader against a bot."""
    token = st.query_params.get(LINK_PARAM)
    if token and _digest(token) not in st.session_state.get(keys("tokens"), ()):
        _remember(keys, token)
        open_token(game, keys, token, st.query_params.get(SEATS_PARAM, ""))
    if not has_session(keys):
        players = game.INFO.default_players
        store(keys, new_session(game, new_seed(), players, default_seats(game, players)))
    return current(keys)


def sync_link(keys: Keys) -> None:
    """Write the position on screen into the URL, so a reload or a copied link restores it."""
    session = current(keys)
    token = share_token(session)
    if len(token) > MAX_LINK_CHARS:
        st.query_params.pop(LINK_PARAM, None)
        return
    _remember(keys, token)
    if st.query_params.get(LINK_PARAM) != token:
        st.query_params[LINK_PARAM] = token
    if any(s != HUMAN for s in session.seats):
        st.query_params[SEATS_PARAM] = ",".join(session.seats)
    else:
        st.query_params.pop(SEATS_PARAM, None)
