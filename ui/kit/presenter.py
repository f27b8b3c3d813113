"""Presenter mode for a projector, and scripted lessons on a game page.

The toggle (or ``?present=1`` in the address, for a bookmark) gives large type, high contrast
and no sidebar. Beside the board, **Next step** (→ key) plays the lesson's next step, or
the bot's next turn when no lesson is open; the step's text shows there in large type.
"""

from __future__ import annotations

import streamlit as st

from engine.core import Game
from engine.core.quote import inert, quote_name
from ui.lessons import MAX_LESSON_CHARS, Lesson, LessonError, load_lesson, shipped_files, shipped_lesson

from . import bots
from .datafile import UploadLimit, json_uploader
from .lesson_close import closed_note, end_lesson
from .lesson_play import on_path, session_at
from .presenter_css import CSS
from .store import Keys, current, flash, kept_key, page_button, store

PRESENT_PARAM = "present"
NEXT_KEY, BACK_KEY = "Right", "Left"


def is_on(keys: Keys) -> bool:
    return bool(st.session_state.get(keys("presenting")))


def _switch(keys: Keys, widget: str) -> None:
    on = bool(st.session_state[widget])
    st.session_state[keys("presenting")] = on
    if on:  # a class watches one bot turn per step
        st.session_state[keys("pace")] = next(name for name, s in bots.PACES.items() if s is None)


def _lesson(keys: Keys) -> tuple[Lesson, int] | None:
    return st.session_state.get(keys("lesson"))


def _show(keys: Keys, lesson: Lesson, step: int) -> None:
    st.session_state[keys("lesson")] = (lesson, step)
    store(keys, session_at(lesson, step))


def picker_key(keys: Keys) -> str:
    """The Lessons picker's key: a new one each time a lesson starts, which closes it."""
    return keys(f"lessons_open_{st.session_state.get(keys('lessons_started'), 0)}")


def _start(game: Game, keys: Keys, lesson: Lesson) -> None:
    if _lesson(keys) is None:  # a lesson started from a lesson returns to the game before both
        st.session_state[keys("before_lesson")] = (
            current(keys).seats,
            bool(st.session_state.get(keys("demo"))),
        )
    # The picker closes: the board is what the class watches. Setting its state to False is not
    # enough: when this click interrupted the rerun that reported the picker open, the browser
    # never saw it "open" from the server, so "closed" is no change to it. A new key is a new
    # popover, drawn closed.
    st.session_state[keys("lessons_started")] = st.session_state.get(keys("lessons_started"), 0) + 1
    st.session_state.pop(keys("lesson_note"), None)
    _show(keys, lesson, 0)
    st.session_state[keys("tab")] = "Play"


def _start_shipped(game: Game, keys: Keys) -> None:
    _start(game, keys, shipped_lesson(st.session_state[keys("lesson_pick")]))


def _upload(game: Game, keys: Keys) -> None:
    upload = st.session_state.get(keys("lesson_upload"))
    if upload is None:
        return
    name = quote_name(upload.name)
    try:
        if upload.size > MAX_LESSON_CHARS * 4:
            raise LessonError([f"the file is too large (the limit is {MAX_LESSON_CHARS:,} characters)"])
        lesson = load_lesson(upload.getvalue(), game.INFO.id)
    except LessonError as exc:
        st.session_state[keys("tab")] = "Play"
        problems = "\n".join(f"- {inert(p)}" for p in exc.problems)
        flash(
            keys,
            "error",
            f"{name} is not a lesson this page can play, so the game on screen was kept.\n\n{problems}",
        )
        return
    _start(game, keys, lesson)


def presenter_bar(game: Game, keys: Keys) -> None:
    """Above the tabs: the presenter switch and the lesson picker (and, when on, the CSS)."""
    if keys("presenting") not in st.session_state:
        st.session_state[keys("presenting")] = st.query_params.get(PRESENT_PARAM) == "1"
        if is_on(keys):
            _switch(keys, keys("presenting"))
    on = is_on(keys)
    widget = kept_key(keys, "present", on)
    left, right, _ = st.columns([1.2, 1, 2.4], vertical_alignment="center")
    left.toggle(
        "📽 Presenter mode",
        value=on,
        key=widget,
        on_change=_switch,
        args=(keys, widget),
        help="For a projector: large type, no sidebar, one bot turn or lesson step per → key. "
        "Bookmark the page with ?present=1 to open it this way.",
    )
    # Keyed, so that starting a lesson can close it (_start).
    with right.popover("📚 Lessons", width="stretch", key=picker_key(keys), on_change="rerun"):
        _picker(game, keys)
    if on:
        st.html(CSS)
        st.query_params[PRESENT_PARAM] = "1"
    else:
        st.query_params.pop(PRESENT_PARAM, None)


def _picker(game: Game, keys: Keys) -> None:
    files = shipped_files(game.INFO.id)
    if files:
        st.selectbox("Lesson", files, format_func=lambda f: shipped_lesson(f).title, key=keys("lesson_pick"))
        st.button(
            "▶ Start this lesson",
            key=keys("lesson_start"),
            on_click=_start_shipped,
            args=(game, keys),
            type="primary",
            width="stretch",
        )
    json_uploader(
        "Or open a lesson file",
        UploadLimit(f"{MAX_LESSON_CHARS:,} characters", MAX_LESSON_CHARS * 4),
        key=keys("lesson_upload"),
        on_change=_upload,
        args=(game, keys),
        help="A lesson is a JSON file: a scenario (seed, players, set-up, moves) and steps with the "
        "text to show. The README says how to write one.",
    )


def _next(keys: Keys) -> None:
    opened = _lesson(keys)
    if opened is not None:
        lesson, step = opened
        if on_path(current(keys), lesson, step) and step + 1 < len(lesson.steps):
            _show(keys, lesson, step + 1)
        return
    session = current(keys)
    if session.bots_due():
        store(keys, session.bot_turn())


def _back(keys: Keys) -> None:
    lesson, step = _lesson(keys)
    _show(keys, lesson, max(0, step - 1))


def _lesson_panel(keys: Keys, lesson: Lesson, step: int) -> None:
    st.markdown(f"**📚 {inert(lesson.title)}** · Step {step + 1} of {len(lesson.steps)}")
    following = on_path(current(keys), lesson, step)
    last = step + 1 == len(lesson.steps)
    # The controls first: always on screen. No tooltips: the labels and the keys shown on the
    # buttons say it all, and a tooltip left after a click would cover the toolbar above.
    back, forward, close = st.columns([1, 1.25, 0.85])
    page_button(
        keys,
        "◀ Back",
        "lesson_back",
        _back,
        where=back,
        disabled=step == 0,
        shortcut=BACK_KEY,
        width="stretch",
    )
    page_button(
        keys,
        "Next step ▶",
        "next_step",
        _next,
        where=forward,
        disabled=last or not following,
        shortcut=NEXT_KEY,
        type="primary",
        width="stretch",
    )
    page_button(keys, "✖ Close", "lesson_end", end_lesson, where=close, width="stretch")
    with st.container(key="lesson_step"):
        st.markdown(lesson.steps[step].text)
    if not following:
        st.warning("The game has left the lesson (a move was played, undone or loaded).")
        st.button(
            f"↺ Back to step {step + 1}", key=keys("lesson_rejoin"), on_click=_show, args=(keys, lesson, step)
        )
    elif last:
        st.markdown("🏁 **End of the lesson**: play on, or ✖ Close it.")


def step_panel(game: Game, keys: Keys) -> bool:
    """Beside the board, first: the lesson's step and its controls, or in presenter mode the
    Next step button for the bot's turn. True when it drew the step control (the bots' own
    step button is then left out)."""
    opened = _lesson(keys)
    if opened is not None and opened[0].game is game:
        if game.INFO.hidden_information:
            st.session_state[keys("demo")] = True  # the class sees every card during a lesson
        _lesson_panel(keys, *opened)
        return True
    closed_note(keys)
    session = current(keys)
    if not (is_on(keys) and session.bots_due() and bots.pace(keys) is None):
        return False
    # No tooltip ("… plays its whole turn"): "To move" right under it names the seat, and a
    # tooltip left after the click covered Save / share.
    page_button(
        keys, "▶ Next step: bot move", "next_step", _next, shortcut=NEXT_KEY, type="primary", width="stretch"
    )
    return True
