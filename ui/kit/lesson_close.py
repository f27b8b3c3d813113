"""Closing a lesson: the game goes on from the position on screen with the players chosen
before it, and one line beside the board says so until the next move."""

from __future__ import annotations

import streamlit as st

from . import bots
from .store import Keys, current, store


def seats_after(before: tuple[str, ...], players: int) -> tuple[str, ...]:
    """The seats a game leaving a lesson gets: those chosen before the lesson, seat by seat;
    a lesson with more seats gives the extra ones the kind of the last seat before it.

    >>> seats_after(("human", "greedy"), 3)
    ('human', 'greedy', 'greedy')
    >>> seats_after(("human", "greedy"), 1)
    ('human',)
    """
    return tuple(before[min(seat, len(before) - 1)] for seat in range(players)) if before else ()


def end_lesson(keys: Keys) -> None:
    """Close the lesson: the game goes on from the position on screen, with the seats (people
    and bots) and the demo switch chosen before the lesson."""
    st.session_state.pop(keys("lesson"), None)
    session = current(keys)
    seats, demo = st.session_state.pop(keys("before_lesson"), ((), False))
    seats = seats_after(seats, len(session.seats)) or session.seats
    if seats != session.seats:
        store(keys, session.with_seats(seats))
    st.session_state[keys("demo")] = demo
    who = ", ".join(
        f"{session.game.INFO.seat_name(s)}: {bots.seat_label(session.game, k)}" for s, k in enumerate(seats)
    )
    note = f"Lesson closed: the game goes on from here ({who})."
    st.session_state[keys("lesson_note")] = (note, session.state)


def closed_note(keys: Keys) -> None:
    """Where the lesson was, until the next move: it closed, and who plays now (a line in the
    side panel, not a banner pushing the board down)."""
    note = st.session_state.get(keys("lesson_note"))
    if note is None:
        return
    text, state = note
    if current(keys).state is not state:
        st.session_state.pop(keys("lesson_note"), None)
        return
    st.markdown(text)
