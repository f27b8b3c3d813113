"""Hostile lesson files: anything a teacher's upload can hold is refused with ``LessonError``
(never another exception) in a short, inert sentence; a huge file is refused by its size;
and on the page a bad upload keeps the game on screen and shows the file's name inert."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.hostile.fuzz import (
    FUZZ,
    FUZZ_FEW,
    PAYLOADS,
    assert_inert_markdown,
    assert_refused,
    assert_size_refused,
    hostile_text,
    json_values,
    mutated,
    nested,
)
from ui.lessons import DATA, MAX_LESSON_CHARS, LessonError, load_lesson

SHIPPED = json.loads((DATA / "fan_mallet-possession.json").read_text(encoding="utf-8"))
SMALL = {**SHIPPED, "steps": SHIPPED["steps"][:3]}  # quick to replay: many examples stay cheap


@FUZZ
@given(data=st.one_of(st.binary(max_size=400), hostile_text(), json_values().map(json.dumps)))
def test_any_file_is_refused_with_a_lesson_error(data):
    assert_refused(load_lesson, data, LessonError)


@FUZZ_FEW
@given(lesson=mutated(SMALL))
def test_a_lesson_with_any_field_wrong_is_refused_or_loads(lesson):
    assert_refused(load_lesson, json.dumps(lesson), LessonError, allow_ok=True)


@FUZZ
@given(token=hostile_text(60), number=st.integers(0, 2))
def test_a_hostile_move_token_is_named_inert(token, number):
    steps = [dict(step) for step in SMALL["steps"]]
    steps[number]["action"] = token
    message = assert_refused(load_lesson, json.dumps({**SMALL, "steps": steps}), LessonError, allow_ok=True)
    if message is not None:
        assert f"step {number + 1}" in message


def test_payloads_in_every_text_field_are_refused_inert_or_kept_as_lesson_text():
    for payload in PAYLOADS:
        for field in ("format", "game", "title"):
            assert_refused(load_lesson, json.dumps({**SMALL, field: payload}), LessonError, allow_ok=True)
        step = {"text": payload, "action": payload}
        assert_refused(load_lesson, json.dumps({**SMALL, "steps": [step]}), LessonError)


def test_an_image_in_a_step_is_refused():
    step = {"text": "look ![x](http://evil.example/track.png)", "action": None}
    message = assert_refused(load_lesson, json.dumps({**SMALL, "steps": [step]}), LessonError)
    assert "may not show images" in message


def test_huge_and_deep_files_are_refused_by_size_or_depth():
    assert_size_refused(load_lesson, "x" * (MAX_LESSON_CHARS + 1), LessonError)
    assert_size_refused(load_lesson, b"{" * (MAX_LESSON_CHARS * 4 + 1), LessonError)
    assert_refused(load_lesson, nested(MAX_LESSON_CHARS // 2 - 1), LessonError)
    many = {**SMALL, "steps": [{"text": "t", "action": None}] * 5_000}
    assert "1 to 200 steps" in assert_refused(load_lesson, json.dumps(many), LessonError)


def test_a_bad_upload_on_the_page_keeps_the_game_and_names_the_file_inert(open_page):
    at = open_page("pages/fan_mallet.py")
    before = at.session_state["fan_mallet:session"]
    name = "[x](http://evil.example).json"
    at.file_uploader(key="fan_mallet:lesson_upload").set_value((name, b'{"format": 3}', "application/json"))
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["fan_mallet:session"] is before
    (error,) = [e.value for e in at.error]
    assert "is not a lesson this page can play, so the game on screen was kept" in error
    assert_inert_markdown(error, one_block=False)  # the file's name and each problem, a list
