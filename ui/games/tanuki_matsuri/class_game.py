"""Tanuki Matsuri's class game on one roll, on the game page: which class game this browser
holds and the callbacks that change it (:mod:`storage.class_games` keeps the game).

The teacher's screen holds the host code, a pupil's device their seat code, both in
``st.session_state`` only: the address holds ``?roll=CODE`` and nothing else, and a reload
gets the screen back by retyping the code shown on it. The page never holds a pupil's full
state: it draws the sheet as far as the class has rolled (``CLASS_GAME.sheet_shown``).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

import engine.tanuki_matsuri as tm
from engine.core import new_seed
from storage.class_games import ClassGames, Refused
from storage.shared_tables import normalize_seat_code
from ui.kit import Keys, flash
from ui.kit.links import LINK_PARAM, SEATS_PARAM
from ui.kit.shared_table import PARAM as TABLE_PARAM

PARAM = "roll"
HELD = "class_held"
JOINING = "class_joining"
DRAWN = "class_drawn"
"""Session key: the class game's stamp the page last finished drawing."""
POLL_SECONDS = 1.0
"""How often a device asks the class game whether anything it shows changed (one small read)."""


@dataclass(frozen=True)
class Held:
    """The class game this browser is at: ``secret`` is the teacher's host code (``pupil``
    None) or the pupil's seat code."""

    code: str
    secret: str
    pupil: int | None

    @property
    def teacher(self) -> bool:
        return self.pupil is None


def games() -> ClassGames:
    return ClassGames()


def held(keys: Keys) -> Held | None:
    return st.session_state.get(keys(HELD))


def joining(keys: Keys) -> str | None:
    return st.session_state.get(keys(JOINING))


def _hold(keys: Keys, code: str, secret: str, pupil: int | None) -> None:
    st.session_state.pop(keys(JOINING), None)
    st.session_state[keys(HELD)] = Held(code, secret, pupil)
    st.session_state.pop(keys(DRAWN), None)


def hold_address(keys: Keys) -> None:
    """At a class game the address bar holds ``?roll=CODE`` only (never a game's link)."""
    mine = held(keys)
    code = mine.code if mine is not None else joining(keys)
    for param in (LINK_PARAM, SEATS_PARAM, TABLE_PARAM):
        st.query_params.pop(param, None)
    if code and st.query_params.get(PARAM) != code:
        st.query_params[PARAM] = code
    st.session_state.setdefault(keys("class_opened"), set()).add(code)


def open_link(keys: Keys) -> None:
    """``?roll=CODE`` new in the address bar: the class game's join panel."""
    text = st.query_params.get(PARAM)
    opened = st.session_state.setdefault(keys("class_opened"), set())
    if not text or text in opened:
        return
    opened.add(text)
    ask(keys, text)


def ask(keys: Keys, text: str) -> None:
    """A typed code or an opened link: join that class game (or come back to it)."""
    game = games().lookup(str(text)[:200].strip().rsplit("=", 1)[-1])
    if game is None or game.game != tm.INFO.id:
        flash(keys, "error", "No class game has this code. Check it on the projector (for example K7P-2QX).")
        return
    mine = held(keys)
    if mine is not None and mine.code == game.code:
        return
    st.session_state[keys(JOINING)] = game.code


# -- the teacher ---------------------------------------------------------------------------------
def open_game(keys: Keys) -> None:
    """Open a class game with a new random seed; this screen is the teacher's, in presenter mode."""
    try:
        game, host = games().open(tm.INFO.id, new_seed())
    except (ValueError, Refused) as exc:
        flash(keys, "error", f"Could not open a class game: {str(exc)[:300]}")
        return
    _hold(keys, game.code, host, None)
    st.session_state[keys("presenting")] = True  # the projector's large type
    flash(keys, "success", f"Class game {game.shown} is open: pupils join with its code or link.")


def roll(keys: Keys, rolled: int, force: bool = False) -> None:
    mine = held(keys)
    try:
        games().roll(mine.code, mine.secret, rolled, force)
    except Refused as refused:
        flash(keys, "warning", str(refused))


def finish(keys: Keys, force: bool = False) -> None:
    mine = held(keys)
    try:
        game = games().finish(mine.code, mine.secret, force)
    except Refused as refused:
        flash(keys, "warning", str(refused))
        return
    flash(
        keys, "success", f"The scores are in the class ranking (Classroom page, challenge {game.challenge})."
    )


# -- pupils ------------------------------------------------------------------------------------
def join(keys: Keys, code: str) -> None:
    name = str(st.session_state.get(keys("class_name"), ""))
    try:
        number, seat_code = games().join(code, name)
    except Refused as refused:
        flash(keys, "error", str(refused))
        return
    _hold(keys, code, seat_code, number)
    flash(keys, "success", "You are in. Keep your seat code: it gets your sheet back after a reload.")


def reclaim(keys: Keys, code: str) -> None:
    """A retyped seat code (a pupil's sheet) or host code (the teacher's screen)."""
    typed = normalize_seat_code(st.session_state.get(keys("class_code_back"), "")) or ""
    if games().teacher(code, typed):
        _hold(keys, code, typed, None)
        return
    try:
        number = games().reclaim(code, typed)
    except Refused as refused:
        flash(keys, "error", str(refused))
        return
    _hold(keys, code, typed, number)
    flash(keys, "success", "Your sheet is back.")


def pick(keys: Keys, rolled: int, version: int, token: str) -> None:
    """A pupil's choice (a button or a click on the sheet) goes to the class game."""
    mine = held(keys)
    if mine is None or mine.teacher:
        return
    try:
        games().pick(mine.code, mine.secret, mine.pupil, rolled, version, token)
    except Refused as refused:
        flash(keys, "error", str(refused))


def leave(keys: Keys) -> None:
    """Leave the class game on this device (the code shown gets it back)."""
    for name in (HELD, JOINING, DRAWN):
        st.session_state.pop(keys(name), None)
    st.query_params.pop(PARAM, None)


def _stamp(mine: Held) -> object:
    """What a device watches: the teacher's screen, any roll, join or choice; a pupil's, a
    roll, a join, the end and their own choices."""
    return games().stamp(mine.code) if mine.teacher else games().watch(mine.code, mine.pupil)


def drawing(keys: Keys) -> object:
    """Called first thing by the run that draws the class game: what it is about to draw.
    Read before the game itself, so a change landing meanwhile is seen at the next poll."""
    mine = held(keys)
    return None if mine is None else _stamp(mine)


def drawn(keys: Keys, stamp: object) -> None:
    """Called last by that run: the page shows ``stamp`` (a run cut short never gets here)."""
    st.session_state[keys(DRAWN)] = stamp


def changed(keys: Keys) -> bool:
    """What a device does every :data:`POLL_SECONDS`: True when the class game moved on from
    what the page last finished drawing. Compared with what was drawn, not with the last poll:
    a rerun cut short by the next tick on a busy server would otherwise leave the page behind
    for good (a pupil kept "Wait for the next roll" after the teacher rolled)."""
    mine = held(keys)
    return mine is not None and _stamp(mine) != st.session_state.get(keys(DRAWN))
