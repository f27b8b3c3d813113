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
from .store import Keys, current, flash, kept_key, store

PRESENT_PARAM = "present"
NEXT_KEY, BACK_KEY = "Right", "Left"

# Large type and big targets, black on white, a thick focus ring, no sidebar and less chrome,
# so the board, the step and its explanation fit a 1280×720 projector; at 1920×1080 the text
# grows. The title moves up into the presenter bar's empty right end and the gaps shrink:
# the board gains the ~90 px its hand row and buttons need. Notes float (toasts, at the
# bottom right over the side panel's least needed end) instead of pushing the board down. (CSS zoom would scale the Plotly board too, but it breaks Streamlit's column widths.)
CSS = """<style>
[data-testid='stSidebar'],[data-testid='stSidebarCollapsedControl'],[data-testid='stExpandSidebarButton'],
[data-testid='stHeader'],[data-testid='stElementContainer']:has(h1) + [data-testid='stElementContainer']{display:none!important}
[data-testid='stApp'],[data-testid='stMain']{background:#fff;color:#000}
[data-testid='stMainBlockContainer']{padding:0.3rem 1rem 1rem;max-width:100%;position:relative}
[data-testid='stMain'] [data-testid='stVerticalBlock']{gap:0.5rem}
[data-testid='stMain'] h1{font-size:1.5rem;padding:0}
[data-testid='stMainBlockContainer']>[data-testid='stVerticalBlock']>[data-testid='stElementContainer']:has(h1){position:absolute;top:0.55rem;right:1rem;width:auto!important;max-width:48%;z-index:1}
[data-testid='stMain'] [role='tab']{height:2.1rem}
[data-testid='stMain'] [data-testid='stTabs'] [role='tabpanel']{padding-top:0.5rem}
[data-testid='stMain'] p,[data-testid='stMain'] li{font-size:1.15rem;line-height:1.35;color:#000}
[data-testid='stMain'] button p{font-size:1.1rem}[data-testid='stMain'] [data-testid='stBaseButton-primary'] p{color:#fff}
[data-testid='stMain'] [data-testid^='stBaseButton'],[data-testid='stMain'] [data-testid='stPopoverButton']{min-height:2.3rem;padding-top:0.1rem;padding-bottom:0.1rem}
[data-testid='stMain'] [data-testid='stButtonGroup'] [data-testid='stWidgetLabel']{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
[data-testid='stMain'] h4{font-size:1.2rem;padding:0.2rem 0 0}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']{width:auto!important;min-width:0}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']:first-child{flex:61 1 0%!important}
.st-key-play_split>div>[data-testid='stHorizontalBlock']>[data-testid='stColumn']:last-child{flex:39 1 0%!important}
.st-key-lesson_step{border:3px solid #000;border-radius:0.5rem;padding:0.4rem 0.7rem;background:#fffbe6}
.st-key-lesson_step p,.st-key-lesson_step li{font-size:1.3rem;line-height:1.38}
:focus-visible{outline:4px solid #000!important;outline-offset:2px}
[data-testid='stToastContainer']{top:auto!important;bottom:0.5rem!important;right:0.5rem!important}
@media (min-width:1700px) and (min-height:950px){
 [data-testid='stMain'] p,[data-testid='stMain'] li{font-size:1.45rem}
 [data-testid='stMain'] button p{font-size:1.35rem}
 [data-testid='stMain'] h1{font-size:2rem}
 [data-testid='stMain'] h4{font-size:1.6rem}
 .st-key-lesson_step p,.st-key-lesson_step li{font-size:1.7rem}}
</style>"""


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
    back.button(
        "◀ Back",
        key=keys("lesson_back"),
        on_click=_back,
        args=(keys,),
        disabled=step == 0,
        shortcut=BACK_KEY,
        width="stretch",
    )
    forward.button(
        "Next step ▶",
        key=keys("next_step"),
        on_click=_next,
        args=(keys,),
        disabled=last or not following,
        shortcut=NEXT_KEY,
        type="primary",
        width="stretch",
    )
    close.button("✖ Close", key=keys("lesson_end"), on_click=end_lesson, args=(keys,), width="stretch")
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
    st.button(
        "▶ Next step: bot move",
        key=keys("next_step"),
        on_click=_next,
        args=(keys,),
        shortcut=NEXT_KEY,
        type="primary",
        width="stretch",
    )
    return True
