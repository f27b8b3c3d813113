"""The game controls every page shares: new game, undo/redo, replay, save/load, share link, bots.

Generic over any engine module that follows the shared protocol. A page calls
:func:`ensure_session` once, :func:`toolbar` above its board, :func:`play` from its
callbacks, and :func:`bot_turns` last. The session lives under ``f"{ns}:session"`` and is
replaced only through these functions.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from types import ModuleType
from urllib.parse import parse_qs, urlsplit

import streamlit as st

from engine.core import MAX_LINK_CHARS, BadSave, IllegalAction, decode_link, encode_link

from .session import HUMAN, GameSession, load_session, new_session

PACES = {"Step by step": None, "Slow (2 s)": 2.0, "Normal (1 s)": 1.0, "Fast (0.3 s)": 0.3, "Instant": 0.0}
DEFAULT_PACE = "Normal (1 s)"
LINK_PARAM = "game"
SEATS_PARAM = "seats"


def _key(ns: str, name: str) -> str:
    return f"{ns}:{name}"


def current(ns: str) -> GameSession:
    return st.session_state[_key(ns, "session")]


def _store(ns: str, session: GameSession) -> None:
    st.session_state[_key(ns, "session")] = session


def flash(ns: str, kind: str, text: str) -> None:
    """Keep a message (``"error"``, ``"warning"``, ``"success"``) to show on the next run."""
    st.session_state[_key(ns, "flash")] = (kind, text)


def _open_token(game: ModuleType, ns: str, token: str, seats: str = "") -> None:
    """Replace the game by the one in a share-link token, or explain why it cannot be."""
    try:
        session = load_session(game, decode_link(token), seats=seats.split(",") if seats else None)
    except BadSave as exc:
        flash(ns, "error", f"This share link could not be opened, so the game on screen was kept. {exc}")
        return
    if not all(s == HUMAN or s in game.bots() for s in session.seats):
        session = session.with_seats((HUMAN,) * len(session.seats))
    _store(ns, session)
    flash(ns, "success", f"Game restored from the share link (move {session.cursor}).")


def _open_pasted_link(game: ModuleType, ns: str) -> None:
    text = st.session_state.get(_key(ns, "paste"), "").strip()
    st.session_state[_key(ns, "paste")] = ""
    if not text:
        return
    query = parse_qs(urlsplit(text).query) if "?" in text or "=" in text else {}
    if "?" not in text and "=" in text:
        query = parse_qs(text)
    token = query.get(LINK_PARAM, [text])[0]
    seats = query.get(SEATS_PARAM, [""])[0]
    _open_token(game, ns, token, seats)


def _seen_token(ns: str, token: str) -> bool:
    return hashlib.sha256(token.encode()).digest() in st.session_state.get(_key(ns, "tokens"), ())


def _remember_token(ns: str, token: str) -> None:
    """Remember a link this session wrote or opened.

    The browser may send back an older address with a click (its URL is updated a moment
    after the run that moved the game), so only a link this session never saw is a new game
    to open; an echo of our own earlier position must not rewind the game.
    """
    seen = st.session_state.setdefault(_key(ns, "tokens"), set())
    seen.add(hashlib.sha256(token.encode()).digest())


def ensure_session(game: ModuleType, ns: str, **defaults) -> GameSession:
    """The page's game: from the share link in the URL if there is a new one, else the one
    in progress, else a new game (``defaults`` go to :func:`new_session`)."""
    token = st.query_params.get(LINK_PARAM)
    if token and not _seen_token(ns, token):
        _remember_token(ns, token)
        _open_token(game, ns, token, st.query_params.get(SEATS_PARAM, ""))
    if _key(ns, "session") not in st.session_state:
        defaults.setdefault("seed", secrets.randbelow(1_000_000))
        defaults.setdefault("players", game.INFO.default_players)
        _store(ns, new_session(game, **defaults))
    return current(ns)


def play(ns: str, action) -> bool:
    """Play ``action`` for the seat to move; an illegal one is explained and changes nothing."""
    try:
        _store(ns, current(ns).play(action))
    except IllegalAction as exc:
        flash(ns, "error", f"Not allowed: {exc}")
        return False
    return True


def _undo(ns: str) -> None:
    _store(ns, current(ns).undo())


def _redo(ns: str) -> None:
    _store(ns, current(ns).redo())


def _replay(ns: str) -> None:
    _store(ns, current(ns).goto(st.session_state[_key(ns, "replay")]))


def _start_new(game: ModuleType, ns: str, extra_setup) -> None:
    players = int(st.session_state[_key(ns, "new_players")])
    seats = [st.session_state.get(_key(ns, f"new_seat_{i}"), HUMAN) for i in range(players)]
    seats = [HUMAN if s == "Human" else s for s in seats]
    try:
        setup = extra_setup() if extra_setup else {}
        session = new_session(game, int(st.session_state[_key(ns, "new_seed")]), players, seats, **setup)
    except ValueError as exc:
        flash(ns, "error", f"Could not start that game: {exc}")
        return
    _store(ns, session)
    flash(ns, "success", f"New game started (seed {session.seed}).")


def _load_upload(game: ModuleType, ns: str) -> None:
    upload = st.session_state.get(_key(ns, "upload"))
    if upload is None:
        return
    try:
        session = load_session(game, upload.getvalue(), seats=current(ns).seats)
    except BadSave as exc:
        flash(ns, "error", f"“{upload.name}” could not be loaded, so the game on screen was kept. {exc}")
        return
    _store(ns, session)
    flash(ns, "success", f"Loaded “{upload.name}” ({len(session.history) - 1} moves).")


def new_game_panel(game: ModuleType, ns: str, extra_setup=None, extra_widgets=None) -> None:
    """Seed, number of players and human or bot per seat; ``extra_widgets()`` draws a game's
    own set-up widgets and ``extra_setup()`` turns them into ``new_game`` keywords."""
    info = game.INFO
    session = current(ns)
    c1, c2 = st.columns(2)
    c1.number_input(
        "Seed",
        0,
        2**31 - 1,
        value=min(session.seed, 2**31 - 1),
        key=_key(ns, "new_seed"),
        help="The same seed deals the same game: share it to replay a game.",
    )
    if len(info.players) > 1:
        c2.number_input(
            "Players",
            info.players.start,
            info.players.stop - 1,
            value=len(session.seats),
            key=_key(ns, "new_players"),
        )
    else:
        st.session_state[_key(ns, "new_players")] = info.players.start
        c2.markdown(f"**Players:** {info.players.start}")
    options = ["Human", *game.bots()]
    players = int(st.session_state[_key(ns, "new_players")])
    cols = st.columns(min(players, 5))
    for seat in range(players):
        kind = session.seats[seat] if seat < len(session.seats) else HUMAN
        default = options.index(kind) if kind in options else 0
        cols[seat % len(cols)].selectbox(
            info.seat_name(seat), options, index=default, key=_key(ns, f"new_seat_{seat}")
        )
    if extra_widgets:
        extra_widgets()
    st.button(
        "Start new game",
        type="primary",
        key=_key(ns, "start"),
        on_click=_start_new,
        args=(game, ns, extra_setup),
    )


def _show_flash(ns: str) -> None:
    message = st.session_state.pop(_key(ns, "flash"), None)
    if message:
        kind, text = message
        {"error": st.error, "warning": st.warning, "success": st.success}.get(kind, st.info)(text)


def toolbar(game: ModuleType, ns: str, extra_setup=None, extra_widgets=None) -> GameSession:
    """One row of controls above the board: new game, undo, redo, replay, save and share."""
    session = current(ns)
    _show_flash(ns)
    new_col, undo_col, redo_col, save_col = st.columns(4, vertical_alignment="bottom")
    with new_col.popover("🆕 New game", use_container_width=True):
        new_game_panel(game, ns, extra_setup, extra_widgets)
    undo_col.button(
        "↶ Undo",
        key=_key(ns, "undo"),
        on_click=_undo,
        args=(ns,),
        disabled=not session.can_undo(),
        shortcut="Ctrl+Z",
        use_container_width=True,
        help="Take back the last move (Ctrl+Z). Against a bot, goes back to your turn.",
    )
    redo_col.button(
        "↷ Redo",
        key=_key(ns, "redo"),
        on_click=_redo,
        args=(ns,),
        disabled=not session.can_redo(),
        shortcut="Ctrl+Y",
        use_container_width=True,
        help="Play the undone move again (Ctrl+Y).",
    )
    last = len(session.history) - 1
    if last > 0:
        st.session_state[_key(ns, "replay")] = session.cursor
        st.slider(
            "Replay: move",
            0,
            last,
            key=_key(ns, "replay"),
            on_change=_replay,
            args=(ns,),
            help="Look back at any position; playing a move from there drops the later ones.",
        )
    else:
        st.caption("Replay: the game has no moves yet.")
    with save_col.popover("💾 Save / share", use_container_width=True):
        save_panel(game, ns)
    if not session.at_end:
        st.info(
            f"Looking back at move {session.cursor} of {last}. Redo or the replay slider go "
            "forward; playing a move here drops the later ones."
        )
    return current(ns)


def share_token(session: GameSession) -> str:
    return encode_link(session.save_text())


def save_panel(game: ModuleType, ns: str) -> None:
    """Download and upload a save file, and the share link with its limits and warnings."""
    session = current(ns)
    text = session.save_text()
    st.download_button(
        "⬇ Download save file",
        text,
        file_name=f"{game.INFO.id}-seed{session.seed}-move{session.cursor}.json",
        mime="application/json",
        key=_key(ns, "download"),
    )
    st.file_uploader(
        "Load a save file", type=["json"], key=_key(ns, "upload"), on_change=_load_upload, args=(game, ns)
    )
    token = encode_link(text)
    if len(token) > MAX_LINK_CHARS:
        st.warning(
            f"This game is too long for a share link ({len(token):,} characters; the limit is "
            f"{MAX_LINK_CHARS:,}). Use the save file instead."
        )
    else:
        st.markdown(
            "**Share link:** the address in your browser's bar always holds this position. "
            "Copy it, or this query:"
        )
        st.code(f"?{LINK_PARAM}={token}", language=None, wrap_lines=True)
        if game.INFO.hidden_information:
            st.warning(
                "Whoever opens or decodes this link can see every hidden card (hands and "
                "decks). Don't share it with an opponent mid-game."
            )
    st.text_input(
        "Open a share link",
        key=_key(ns, "paste"),
        on_change=_open_pasted_link,
        args=(game, ns),
        placeholder="Paste a link (or its ?game=… part) and press Enter",
    )


def sync_link(ns: str) -> None:
    """Write the position on screen into the page's URL, so a reload or a copied link restores it."""
    session = current(ns)
    token = share_token(session)
    if len(token) > MAX_LINK_CHARS:
        st.query_params.pop(LINK_PARAM, None)
        return
    _remember_token(ns, token)
    if st.query_params.get(LINK_PARAM) != token:
        st.query_params[LINK_PARAM] = token
    seats = ",".join(session.seats)
    if any(s != HUMAN for s in session.seats):
        st.query_params[SEATS_PARAM] = seats
    else:
        st.query_params.pop(SEATS_PARAM, None)


def _keep_pace(ns: str) -> None:
    st.session_state[_key(ns, "pace_kept")] = st.session_state[_key(ns, "pace")]


def current_pace(ns: str) -> float | None:
    """The bot pace last chosen on this page (also while the pace widget is not drawn)."""
    return PACES[st.session_state.get(_key(ns, "pace_kept"), DEFAULT_PACE)]


def pace_control(ns: str) -> float | None:
    """The visible pace at which bots play; ``None`` means one bot move per click.

    The choice is kept outside the widget: Streamlit forgets a widget's value on a run that
    does not draw it (another tab open), and the pace must survive that.
    """
    st.session_state[_key(ns, "pace")] = st.session_state.get(_key(ns, "pace_kept"), DEFAULT_PACE)
    st.select_slider("Bot pace", list(PACES), key=_key(ns, "pace"), on_change=_keep_pace, args=(ns,))
    return current_pace(ns)


def _bot_step(ns: str) -> None:
    session = current(ns)
    if session.at_end and session.to_move_is_bot() and not session.game.is_over(session.state):
        _store(ns, session.play(session.bot_action()))


def bot_turns(ns: str, pace: float | None) -> None:
    """Let the bot to move play: at the chosen pace, or on a click of "Bot move" in step mode.

    Call last on the page, after everything is drawn, so the position shows before the pause.
    Bots wait while the replay looks back at an earlier move.
    """
    session = current(ns)
    game = session.game
    if game.is_over(session.state) or not session.to_move_is_bot():
        sync_link(ns)
        return
    seat = game.current_player(session.state)
    if not session.at_end:
        st.caption(f"{game.INFO.seat_name(seat)} is a bot: it waits while you look back.")
        st.button("▶ Let the bot play from here", key=_key(ns, "bot_resume"), on_click=_bot_step, args=(ns,))
        sync_link(ns)
        return
    if pace is None:
        st.button(
            f"▶ Bot move ({game.INFO.seat_name(seat)})",
            key=_key(ns, "bot_step"),
            on_click=_bot_step,
            args=(ns,),
            type="primary",
            shortcut="Space",
        )
        sync_link(ns)
        return
    sync_link(ns)
    if pace:
        time.sleep(pace)
    _bot_step(ns)
    st.rerun()
