"""Share links: the address bar always holds the position on screen, and a link opens it.

The link is sealed (:mod:`ui.kit.sealing`): the save and which seats are bots, encrypted and
authenticated under the server's key (:mod:`storage.keys`), in the ``game`` query parameter.
Reading it gives away nothing (no seed, no hidden card, no future die); it opens on this
server after a reload, in another browser and after a restart, and on every process sharing
the key. Older plain links (the save, compressed; seats in ``seats``) still open, and the
address bar then holds the sealed link. A link this session wrote or opened before is an
echo, never a new game.
"""

from __future__ import annotations

import hashlib
import unicodedata
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from engine.core import MAX_LINK_CHARS, BadSave, Game, decode_link, new_seed
from engine.core.quote import inert, quote_input
from engine.core.save import MAX_SAVE_CHARS
from storage.keys import KeyUnavailable, link_key

from .sealing import is_sealed, seal, unseal
from .session import HUMAN, GameSession, default_seats, load_session, new_session
from .store import Keys, current, flash, has_session, store

LINK_PARAM = "game"
SEATS_PARAM = "seats"
MAX_PASTE_CHARS = MAX_SAVE_CHARS + 1_000
"""Pasted text longer than this is refused before it is parsed (a link's token is at most
``MAX_SAVE_CHARS``; pages only write links up to ``MAX_LINK_CHARS``)."""
MAX_SEATS_CHARS = 200
NO_KEY = (
    "Share links are off on this server: it has no key to seal them (whoever runs it can set "
    "DOJO_SECRET_KEY or make its data folder writable). The save file still works."
)


def share_token(session: GameSession) -> str:
    """The sealed link of the position on screen; ``KeyUnavailable`` if the server has no key."""
    return seal(session.save_text(), session.seats, link_key())


def load_into(game: Game, keys: Keys, read, seats, source: str, note: str = "") -> None:
    """Replace the game by a saved one (``read()`` gives the save text), or explain in a
    flash why it cannot be; a refused save changes nothing. ``source`` names it for people:
    "the share link", "“my-game.json”"."""
    try:
        session = load_session(game, read(), seats=seats)
    except BadSave as exc:
        _refused(keys, source, exc)
        return
    store(keys, session)
    flash(
        keys,
        "success",
        f"Game restored from {source} (move {session.cursor} of {len(session.history) - 1}).{note}",
    )


def _refused(keys: Keys, source: str, exc: BadSave) -> None:
    flash(
        keys,
        "error",
        f"{source[0].upper()}{source[1:]} could not be opened, so the game on screen was kept. {inert(exc, 2_000)}",
    )


def _opened(token: str, seats: str) -> tuple[str, list[str] | None, str]:
    """The save text of a link, its seats (None: unreadable) and the seats as written: a
    sealed link holds its own seats, an older plain one has them in ``seats``."""
    if is_sealed(token):
        try:
            key = link_key()
        except KeyUnavailable:
            raise BadSave(NO_KEY) from None
        text, sealed_seats = unseal(token, key)
        return text, list(sealed_seats), ",".join(sealed_seats)
    fits = isinstance(seats, str) and len(seats) <= MAX_SEATS_CHARS
    return decode_link(token), seats.split(",") if fits and seats else None, seats


def _unreadable(text: str) -> bool:
    """Control, format, private or unassigned characters, and the replacement character a
    browser puts for bytes that were not UTF-8: nothing a seat's name holds, nothing to echo."""
    return any(unicodedata.category(c)[0] == "C" or c == "\ufffd" for c in text)


def seats_problem(game: Game, written: object) -> str:
    r"""Why a link's seats (``seats=``) cannot be used, in words, without echoing what was
    written when it holds characters no seat name has (``\x00``, ``\ufffd``) or is too long.

    >>> from types import SimpleNamespace
    >>> some_game = SimpleNamespace(bots=lambda: ("random", "greedy"))  # what it asks of a game
    >>> seats_problem(some_game, "\x00\ufffd,,bogus")
    "The link's seats hold characters no seat name has (3 seats written, 1 of them empty); its players are human, random, greedy"
    >>> seats_problem(some_game, "human,bogus")
    "The link's seats name no player of this game ('bogus'); its players are human, random, greedy"
    """
    names = ", ".join([HUMAN, *game.bots()])
    if not isinstance(written, str) or len(written) > MAX_SEATS_CHARS:
        return f"The link's seats are too long to be seats of this game; its players are {names}"
    parts = written.split(",")
    if _unreadable(written):
        empty = sum(1 for part in parts if not part.strip())
        counted = f"{len(parts)} seat{'s' if len(parts) != 1 else ''} written"
        return (
            f"The link's seats hold characters no seat name has ({counted}"
            f"{f', {empty} of them empty' if empty else ''}); its players are {names}"
        )
    unknown = [part for part in parts if part != HUMAN and part not in game.bots()]
    shown = ", ".join(
        quote_input(part, 30) if part else "an empty seat" for part in dict.fromkeys(unknown[:3])
    )
    return f"The link's seats name no player of this game ({shown}); its players are {names}"


def open_token(game: Game, keys: Keys, token: str, seats: str = "") -> None:
    """Replace the game by the one in a share-link token, or explain why it cannot be. Seats
    the game has no bot for are played by people, and the message says so."""
    try:
        text, wanted, written = _opened(token, seats)
    except BadSave as exc:
        _refused(keys, "the share link", exc)
        return
    note = ""
    if written and (wanted is None or any(s != HUMAN and s not in game.bots() for s in wanted)):
        note = f" {seats_problem(game, written)}, so people play every seat."
        wanted = None
    load_into(game, keys, lambda: text, wanted, "the share link", note)


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
    """Write the sealed link of the position on screen into the URL (the seats are inside
    it), so a reload or a copied link restores it; a link too long, or a server without a
    key, leaves none."""
    st.query_params.pop(SEATS_PARAM, None)
    try:
        token = share_token(current(keys))
    except KeyUnavailable:
        token = ""
    if not token or len(token) > MAX_LINK_CHARS:
        st.query_params.pop(LINK_PARAM, None)
        return
    _remember(keys, token)
    if st.query_params.get(LINK_PARAM) != token:
        st.query_params[LINK_PARAM] = token
