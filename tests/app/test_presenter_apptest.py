"""Presenter mode and scripted lessons through the page's widgets: a shipped lesson played to
its end with Next step (each step's text beside the board, the game moving), a bookmarked
``?present=1`` page whose Next step plays the bot's turn, and a lesson left by hand."""

from __future__ import annotations

import pytest

from engine.core.registry import games
from tests.app.helpers import text_of
from ui.lessons import shipped_files, shipped_lesson


def step_text(at) -> str:
    """The text in the lesson's step box (the markdown right after "Step k of n")."""
    values = [m.value for m in at.markdown]
    head = next(i for i, v in enumerate(values) if " · Step " in v)
    return values[head + 1]


def start_lesson(at, ns: str):
    at.button(key=f"{ns}:lesson_start").click().run()
    assert not at.exception, at.exception
    return at


def next_step(at, ns: str):
    at.button(key=f"{ns}:next_step").click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("page", "ns"), [(f"pages/{g.INFO.id}.py", g.INFO.id) for g in games() if shipped_files(g.INFO.id)]
)
def test_a_shipped_lesson_plays_through_to_its_end(app, page, ns):
    at = app(page)
    lesson = shipped_lesson(shipped_files(ns)[0])
    count = len(lesson.steps)
    start_lesson(at, ns)
    for k, step in enumerate(lesson.steps):
        if k:
            next_step(at, ns)
        session = at.session_state[f"{ns}:session"]
        # the game moved with each step's move, its history running from the deal
        assert session.cursor == len(lesson.lead) + lesson.moves_before(k)
        assert session.state is lesson.position(k)
        assert step_text(at) == step.text
        assert f"Step {k + 1} of {count}" in text_of(at)
        assert "Pass the device" not in text_of(at)  # the class sees the board at every step
    assert at.button(key=f"{ns}:next_step").disabled
    assert "End of the lesson" in text_of(at)
    at.button(key=f"{ns}:lesson_back").click().run()
    assert f"Step {count - 1} of {count}" in text_of(at)
    assert at.session_state[f"{ns}:session"].state is lesson.position(count - 2)


def test_a_bookmarked_presenter_page_steps_the_bots(app):
    at = app()
    at.query_params["present"] = "1"
    at.switch_page("pages/fan_mallet.py")
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["fan_mallet:presenting"] is True
    assert at.toggle[0].label == "📽 Presenter mode" and at.toggle[0].value is True
    assert not [b for b in at.button if b.label == "▶ Bot move"]  # Next step replaces it
    # The page opened with a human seat: make both seats bots through the picker.
    at.selectbox(key="fan_mallet:opponent:greedy").set_value("lookahead").run()
    session = at.session_state["fan_mallet:session"]
    if not session.bots_due():  # the human at seat 0 plays one card so the bot is to move
        at.pills(key="fan_mallet:pick").set_value(at.pills(key="fan_mallet:pick").options[0]).run()
        at.button(key="fan_mallet:play").click().run()
        session = at.session_state["fan_mallet:session"]
    assert session.bots_due()
    next_step(at, "fan_mallet")
    after = at.session_state["fan_mallet:session"]
    assert after.cursor == session.cursor + 1 and "Last move" in text_of(at)
    at.toggle[0].set_value(False).run()
    assert at.session_state["fan_mallet:presenting"] is False


def test_a_lesson_left_by_hand_can_be_rejoined(app):
    at = app("pages/tanuki_matsuri.py")
    ns = "tanuki_matsuri"
    start_lesson(at, ns)
    next_step(at, ns)
    next_step(at, ns)
    at.button(key=f"{ns}:undo").click().run()
    assert "The game has left the lesson" in text_of(at)
    assert at.button(key=f"{ns}:next_step").disabled
    at.button(key=f"{ns}:lesson_rejoin").click().run()
    assert "The game has left the lesson" not in text_of(at)
    assert at.session_state[f"{ns}:session"].cursor == 2
    at.button(key=f"{ns}:lesson_end").click().run()
    assert " · Step " not in text_of(at) and at.session_state[f"{ns}:session"].cursor == 2


def test_closing_a_lesson_returns_to_the_players_chosen_before_it(app):
    """The page opens as a human against the greedy bot with demo mode off; a lesson makes
    every seat human and shows every hand; closing it returns to the seats and the demo
    switch of before, says so beside the board (no banner above it), and "Last move" explains
    the card the board marks, as it did during the lesson."""
    ns = "fan_mallet"
    at = app("pages/fan_mallet.py")
    before = at.session_state[f"{ns}:session"].seats
    assert before == ("human", "greedy") and not at.session_state[f"{ns}:demo"]
    at.session_state[f"{ns}:lessons_open_0"] = True  # the teacher opened the picker
    start_lesson(at, ns)
    # Starting a lesson closes it: the picker is a new popover, closed.
    assert f"{ns}:lessons_open_0" not in at.session_state
    assert at.session_state[f"{ns}:lessons_open_1"] is False
    assert not at.success and not at.info  # no banner pushing the board down
    assert at.session_state[f"{ns}:session"].seats == ("human", "human") and at.session_state[f"{ns}:demo"]
    assert "No card has been played yet" not in text_of(at)  # the scenario's last card is explained
    next_step(at, ns)
    at.button(key=f"{ns}:lesson_end").click().run()
    assert not at.exception, at.exception
    session = at.session_state[f"{ns}:session"]
    assert session.seats == before and not at.session_state[f"{ns}:demo"]
    assert not at.success and not at.info
    assert "Lesson closed: the game goes on from here" in text_of(at)
    assert "No card has been played yet" not in text_of(at) and "goes to house" in text_of(at)
    assert session.state is shipped_lesson(shipped_files(ns)[0]).position(1)  # the game goes on from there
