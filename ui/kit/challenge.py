"""A class challenge on a game page (the student's side): opened from ``?challenge=CODE`` or
the Classroom page, the student's name, and the result recorded when the game ends.

While the game on a page is its challenge's, the address bar holds ``?challenge=CODE``, never
the save (the save holds the seed), and Undo, the replay slider and the opponent stay locked
until the end. In a game with hidden information the seed, Save / share, demo mode and
What-if stay closed for the whole challenge game: the deal must not reach the student, nor a
classmate through them. A reload starts the challenge again: a new browser session knows only
the code. Only a game's first ending is recorded (not one reached after Undo at the end), and
the ranking counts each student's first recorded game.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, replace

import streamlit as st

from engine.core import Game
from engine.core.registry import game as game_of
from storage.challenges import MAX_NAME, BadName, Challenges, clean_name, normalize_code

from .challenge_game import Playing, describe, hides_deal, in_play, keys_of, of, result_of, score_text
from .links import LINK_PARAM, SEATS_PARAM
from .session import GameSession, new_session
from .store import Keys, flash, store

__all__ = ["banner", "hides_deal", "hold_address", "in_play", "of", "open_link", "recording", "sealed"]

PARAM = "challenge"
JOIN = "challenge:join"  # a code asked for on the Classroom page: it opens afresh
OPENED = "challenge:opened"  # codes this browser session opened from the address bar
STUDENT = "challenge:student"  # the student's cleaned name, kept across pages
NAME_BOX = "challenge:name_box"
BROWSER = "challenge:browser"  # this browser session's random id, part of a game's key


@dataclass(frozen=True)
class Finish:
    """The first ending of a challenge game, and whether it is recorded (None: no name yet)."""

    start: object
    session: GameSession
    score: float
    result: str
    won: bool
    added: bool | None = None


def sealed(session: GameSession, draw, *args) -> None:
    """``draw(*args)`` (Save / share, What-if), or why it is closed in this challenge."""
    if hides_deal(session):
        st.info("🏫 Closed in a class challenge with hidden cards: it would give the whole deal away.")
    else:
        draw(*args)


def open_link(game: Game, keys: Keys) -> None:
    """Start the challenge asked for on the Classroom page, or new in the address bar (once per
    browser session: a later run's echo of the address must not restart it)."""
    asked = st.session_state.pop(JOIN, None)
    text = asked or st.query_params.get(PARAM)
    if not text:
        return
    opened = st.session_state.setdefault(OPENED, set())
    seen = normalize_code(text) or text
    if asked is None and seen in opened:
        return
    opened.add(seen)
    challenge = Challenges().lookup(text)
    if challenge is None:
        st.query_params.pop(PARAM, None)
        flash(
            keys,
            "error",
            "No class challenge has this code, so the game on screen was kept. Check it with your teacher.",
        )
        return
    if challenge.game != game.INFO.id:
        title = game_of(challenge.game).INFO.title
        flash(
            keys,
            "error",
            f"Challenge {challenge.shown} is a {title} challenge: open it from the Classroom page.",
        )
        return
    try:
        session = new_session(game, challenge.seed, challenge.players, challenge.seats, **challenge.options)
    except ValueError as exc:
        flash(
            keys,
            "error",
            f"Challenge {challenge.shown} could not be started, so the game on screen was kept. {exc}",
        )
        return
    st.session_state.pop(keys("demo"), None)  # demo mode would show every hidden card
    store(keys, session)
    st.session_state[keys("challenge")] = Playing(challenge, session.history[0])
    hold_address(session)
    flash(keys, "success", f"Class challenge {challenge.shown} started. Good luck!")


def hold_address(session: GameSession) -> bool:
    """In a challenge game the address bar holds ``?challenge=CODE`` and no save (True);
    otherwise a challenge code leaves it (False: the share link takes over)."""
    challenge = of(session)
    if challenge is None:
        st.query_params.pop(PARAM, None)
        return False
    st.query_params.pop(LINK_PARAM, None)
    st.query_params.pop(SEATS_PARAM, None)
    if st.query_params.get(PARAM) != challenge.code:
        st.query_params[PARAM] = challenge.code
    return True


def _browser() -> str:
    return st.session_state.setdefault(BROWSER, secrets.token_hex(16))


def _record(keys: Keys) -> None:
    """Record the first ending of the page's challenge game once the student's name is known."""
    finish, playing = st.session_state.get(keys("challenge_finish")), st.session_state.get(keys("challenge"))
    name = st.session_state.get(STUDENT)
    if (
        finish is None
        or playing is None
        or finish.start is not playing.start
        or finish.added is not None
        or not name
    ):
        return
    text = f"{playing.challenge.code}\n{_browser()}\n{finish.session.save_text()}"
    added = Challenges().record(
        playing.challenge.code,
        name,
        finish.score,
        finish.result,
        finish.won,
        finish.session.cursor,
        hashlib.sha256(text.encode()).hexdigest(),
    )
    st.session_state[keys("challenge_finish")] = replace(finish, added=added)


def game_over(keys: Keys, session: GameSession) -> None:
    """A move ended a challenge game: keep its first ending and record it."""
    playing = st.session_state.get(keys("challenge"))
    finish = st.session_state.get(keys("challenge_finish"))
    if of(session) is None or (finish is not None and finish.start is playing.start):
        return
    seat = session.humans()[0] if session.humans() else 0
    st.session_state[keys("challenge_finish")] = Finish(
        playing.start, session, *result_of(session.game, session.state, seat)
    )
    _record(keys)


def recording(hook):
    """The page's own game-over hook (if any), then the challenge's."""

    def both(keys: Keys, session: GameSession) -> None:
        if hook is not None:
            hook(keys, session)
        game_over(keys, session)

    return both


def _name_changed(ns: str) -> None:
    keys = Keys(ns)
    try:
        name = clean_name(st.session_state.get(NAME_BOX, ""))
    except BadName as exc:
        flash(keys, "warning", str(exc))
        return
    st.session_state[STUDENT] = st.session_state[NAME_BOX] = name
    _record(keys)


def banner(session: GameSession) -> None:
    """The challenge above the board: what it is, the student's name and, at the end, the record."""
    challenge = of(session)
    if challenge is None:
        return
    keys = keys_of(session)
    with st.container(border=True, key=keys("challenge_banner")):
        lock = "Undo and the opponent are locked until the end. " if not session.over else ""
        st.markdown(f"🏫 **Class challenge {challenge.shown}** · {describe(challenge)}.")
        st.caption(
            f"{lock}Reloading the page starts the challenge again, but only your first finished game "
            "counts in the ranking."
        )
        st.session_state.setdefault(NAME_BOX, st.session_state.get(STUDENT, ""))
        st.text_input(
            "Your name for the class ranking",
            key=NAME_BOX,
            max_chars=MAX_NAME,
            on_change=_name_changed,
            args=(keys.ns,),
            placeholder="First name or nickname",
        )
        finish = st.session_state.get(keys("challenge_finish"))
        if session.over and finish is not None and finish.start is session.history[0]:
            _finish_note(finish, session)


def _finish_note(finish: Finish, session: GameSession) -> None:
    points = f"{score_text(finish.score)} points, {finish.result}"
    if finish.added is None:
        st.warning(f"Type your name above to record your result ({points}).")
    elif finish.added:
        st.success(
            f"Your result is in the class ranking: {points}. Your teacher sees it on the Classroom page."
        )
        st.text(f"Recorded as: {st.session_state.get(STUDENT, '')}")
    else:
        st.info(f"This game is already in the class ranking ({points}).")
    if finish.session.state is not session.state:
        st.caption("This ending was not recorded: only the first ending of a challenge counts.")
