"""The Coach on a game page: "How was my move?" after a human's move, and the game review.

Nothing is computed while the page merely reruns: an assessment runs when its button is
clicked and is kept by (save text, move number), so the verdict of a move is worked out once
and shows again when the page comes back to it. Only what the seat on screen may know is
judged: with hidden cards, the move checked is the shown seat's own (a partner at the same
screen must not learn the other hand through the coach's suggestion).

The coach counts in samples; only here, on the live page, a close verdict stops adding worlds
after :func:`budget_s` seconds (the first count of worlds is always played), so a click stays
quick on a loaded machine. The review reuses the clicks' verdicts of the same game.
"""

from __future__ import annotations

import os
from functools import partial

import streamlit as st

import explainers.coach as ex
from engine.core.coach import assess_move, moves_of, review

from .challenge_game import in_play
from .session import HUMAN, GameSession
from .store import Keys
from .table import Table

KEEP = 32
"""Verdicts kept per page (a dict in session state, oldest dropped first)."""


def budget_s() -> float:
    """Seconds after which a close verdict on the page stops adding worlds (``DOJO_COACH_BUDGET_S``,
    default 1.5; a review allows twice that for all the moves it assesses in full)."""
    return float(os.environ.get("DOJO_COACH_BUDGET_S", "1.5"))


def _cache(keys: Keys) -> dict:
    return st.session_state.setdefault(keys("coach"), {})


def _keep(keys: Keys, key: tuple, value) -> None:
    cache = _cache(keys)
    cache[key] = value
    while len(cache) > KEEP:
        cache.pop(next(iter(cache)))


CHECK = (
    "🎓 How was my move?",
    "coach_check",
    "The coach plays your last move and its own choice out in the same guessed worlds, using only "
    "what you could see then.",
)
REVIEW = (
    "Game review",
    "coach_review",
    "The coach screens every move of the human player(s) and lists the three costliest, each "
    "judged from what its player could see.",
)
"""The coach's buttons: label, key name, tooltip."""


def _kept_or_button(keys: Keys, key: tuple, button: tuple[str, str, str], work):
    """What the coach found for ``key`` on an earlier click, or ``None`` after drawing the
    ``button`` whose click runs ``work()``, which keeps what it finds."""
    found = _cache(keys).get(key)
    if found is None:
        label, name, why = button
        st.button(label, key=keys(name), on_click=work, help=why)
    return found


def last_human_move(session: GameSession, seat: int | None) -> int | None:
    """The history index of the latest move before the cursor made by a human seat (by
    ``seat`` when it is given), None if there is none."""
    game = session.game
    for index in range(session.cursor - 1, -1, -1):
        mover = game.current_player(session.history[index])
        if session.seat_kind(mover) == HUMAN and (seat is None or mover == seat):
            return index
    return None


def _check(keys: Keys, key: tuple, session: GameSession, index: int) -> None:
    """Work the verdict out in the click's callback, so the run that follows shows it at once."""
    move = moves_of(session.game, session.history[: index + 2])[-1]
    _keep(keys, key, assess_move(session.game, session.history, move, seconds=budget_s()))


def clicked(keys: Keys, session: GameSession) -> list:
    """The verdicts of clicks kept for moves of the game on screen (same position after the move)."""
    history, game = session.history, session.game
    found = []
    for key, value in _cache(keys).items():
        index = key[1]
        if isinstance(index, int) and index + 1 < len(history) and key[0] == game.to_json(history[index + 1]):
            found.append(value)
    return found


def _review(keys: Keys, key: tuple, session: GameSession, seats: tuple) -> None:
    known = clicked(keys, session)
    _keep(keys, key, review(session.game, session.history, seats, known=known, seconds=2 * budget_s()))


def move_check(table: Table) -> None:
    """The "How was my move?" button under the side panel, and the verdict once asked for."""
    session, keys = table.session, table.keys
    if not session.humans() or in_play(session):  # a class challenge is the student's own play
        return
    hidden = session.game.INFO.hidden_information and table.seating.seat is not None
    index = last_human_move(session, table.seating.seat if hidden else None)
    if index is None:
        return
    key = (session.game.to_json(session.history[index + 1]), index)
    verdict = _kept_or_button(keys, key, CHECK, partial(_check, keys, key, session, index))
    if verdict is None:
        return
    name = session.game.INFO.seat_name(verdict.seat)
    st.markdown(f"#### 🎓 Coach · move {verdict.move}")
    (st.success if verdict.good else st.warning)(ex.verdict_text(verdict, name))
    st.table(ex.comparison_table(verdict), hide_index=True)


def game_review(table: Table) -> None:
    """At the end of a game with a human seat: the "Game review" button and, once asked for,
    the three costliest moves of the human seat(s)."""
    session, keys = table.session, table.keys
    humans = tuple(session.humans())
    if not session.over or not session.at_end or not humans or len(session.history) < 2:
        return
    key = (session.game.to_json(session.state), "review", humans)
    st.markdown("#### 🎓 Game review")
    if key not in _cache(keys):
        st.caption("The three costliest moves of the game, with what the coach would have played.")
    costly = _kept_or_button(keys, key, REVIEW, partial(_review, keys, key, session, humans))
    if costly is None:
        return
    st.markdown(ex.review_text(costly))
    if costly:
        st.table(ex.review_table(costly, session.game.INFO.seat_name), hide_index=True)
