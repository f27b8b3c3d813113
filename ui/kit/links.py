"""Share links: the address bar always holds the position on screen, and a link opens it.

The link is the save, compressed, in the ``game`` query parameter (``seats`` says which seats
are bots). A link this session wrote or opened before is an echo, never a new game.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from engine.core import MAX_LINK_CHARS, BadSave, Game, decode_link, encode_link, new_seed
from engine.core.quote import inert, quote_input
from engine.core.save import MAX_SAVE_CHARS

from .session import HUMAN, GameSession, default_seats, load_session, new_session
from .store import Keys, current, flash, has_session, store

LINK_PARAM = "game"
SEATS_PARAM = "seats"
MAX_PASTE_CHARS = MAX_SAVE_CHARS + 1_000
"""Pasted text longer than this is refused before it is parsed (a link's token is at most
``MAX_SAVE_CHARS``; pages only write links up to ``MAX_LINK_CHARS``)."""
MAX_SEATS_CHARS = 200


def share_token(session: GameSession) -> str:
    return encode_link(session.save_text())


def load_into(game: Game, keys: Keys, read, seats, source: str, note: str = "") -> None:
    """Replace the game by a saved one (``read()`` gives the save text), or explain in a
    flash why it cannot be; a refused save changes nothing. ``source`` names it for people:
    "the share link", "“my-game.json”"."""
    try:
        session = load_session(game, read(), seats=seats)
    except BadSave as exc:
        flash(
            keys,
            "error",
            f"{source[0].upper()}{source[1:]} could not be opened, so the game on screen was kept. {inert(exc, 2_000)}",
        )
        return
    store(keys, session)
    flash(
        keys,
        "success",
        f"Game restored from {source} (move {session.cursor} of {len(session.history) - 1}).{note}",
    )


def open_token(game: Game, keys: Keys, token: str, seats: str = "") -> None:
    """Replace the game by the one in a share-link token, or explain why it cannot be. Seats
    the game has no bot for are played by people, and the message says so."""
    wanted = seats.split(",") if isinstance(seats, str) and seats and len(seats) <= MAX_SEATS_CHARS else None
    note = ""
    if seats and (wanted is None or any(s != HUMAN and s not in game.bots() for s in wanted)):
        note = f" The link's seats ({quote_input(seats)}) are not players of this game, so people play every seat."
        wanted = None
    load_into(game, keys, lambda: decode_link(token), wanted, "the share link", note)


def open_pasted_link(game: Game, keys: Keys) -> None:
    """Open what was pasted: a whole link, its ``?game=…`` part or a bare token."""
    text = str(st.session_state.get(keys("paste"), "")).strip()
    st.session_state[keys("paste")] = ""
    if not text:
        return
    if len(text) > MAX_PASTE_CHARS:
        flash(
            keys,
            "error",
            f"That text is too long for a share link ({len(text):,} characters), so the game on screen was kept.",
        )
        return
    try:
        query = parse_qs(urlsplit(text).query) if "?" in text else parse_qs(text) if "=" in text else {}
    except ValueError:  # urlsplit: "Invalid IPv6 URL" for a stray "[" after "//"
        query = {}
    token = query.get(LINK_PARAM, [text])[0]
    _remember(keys, token)
    open_token(game, keys, token, query.get(SEATS_PARAM, [""])[0])


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


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
