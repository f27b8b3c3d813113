"""Hostile player names and challenge codes: a name is stored as one clean short line of plain
text and shown only as text (a table cell, ``st.text``, a text box), never as Markdown or HTML;
a hostile code is refused without being echoed and the game in progress stays."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from streamlit.testing.v1 import AppTest

import engine.tanuki_matsuri as tm
from storage.challenges import MAX_NAME, BadName, Challenges, clean_name
from tests.hostile.fuzz import FUZZ, PAYLOADS, assert_inert_markdown, assert_refused, hostile_text

ROOT = Path(__file__).resolve().parents[2]
SHOWN_AS_MARKDOWN = (
    "title",
    "header",
    "subheader",
    "markdown",
    "caption",
    "error",
    "warning",
    "success",
    "info",
)
NAMES = {
    "<script>alert(1)</script>": "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>": "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))": "[x](javascript:alert(1))",
    "A" * 10_000: "A" * MAX_NAME,
    "Ai\x00ko\x1b[31m\u202e\n\tTanaka\x7f": "Aiko[31m Tanaka",
}


@pytest.fixture
def app(monkeypatch, tmp_path):
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))

    def open_at(page: str, query: dict | None = None) -> AppTest:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
        at.run()
        at.query_params.update(query or {})
        at.switch_page(page)
        at.run()
        assert not at.exception, at.exception
        return at

    return open_at


def markdown_shown(at: AppTest) -> list[str]:
    """Every text the page renders as Markdown (and the raw HTML elements)."""
    texts = [str(el.value) for kind in SHOWN_AS_MARKDOWN for el in getattr(at, kind)]
    return texts + [el.proto.body for el in at.get("html")]


@pytest.mark.parametrize(
    ("typed", "kept"), NAMES.items(), ids=["script", "img", "md-link", "10kB", "controls"]
)
def test_a_hostile_name_is_kept_as_one_trimmed_line_of_its_own_characters(typed, kept):
    assert clean_name(typed) == kept


@FUZZ
@given(hostile_text())
def test_any_text_becomes_a_clean_short_name_or_a_plain_refusal(text):
    try:
        name = clean_name(text)
    except BadName as exc:
        assert_inert_markdown(str(exc))
        return
    assert 0 < len(name) <= MAX_NAME and name == name.strip() and clean_name(name) == name
    assert not any(unicodedata.category(ch)[0] == "C" for ch in name)
    assert "\n" not in name and "  " not in name


def test_an_empty_name_is_refused_with_an_inert_sentence():
    assert_refused(clean_name, "\x00\u200b \t\u202e", BadName)


def test_the_classroom_ranking_shows_hostile_names_as_table_cells_only(app):
    book = Challenges()
    made = book.create("tanuki_matsuri", 3, 1, ("human",), label="<b>3B</b> [x](javascript:alert(1))")
    payload_names = {p: clean_name(p) for p in PAYLOADS}
    for i, typed in enumerate([*NAMES, *payload_names]):
        book.record(made.code, typed, 50 + i, "finished", False, 40, f"game-{i}")
    at = app("pages/classroom.py")
    shown = set(at.dataframe[0].value["Name"])
    assert shown == set(NAMES.values()) | set(payload_names.values())
    for text in markdown_shown(at):
        assert "alert(1)" not in text and "onerror" not in text and "javascript" not in text, text
    assert "<b>3B</b> [x](javascript:alert(1))" in [t.value.removeprefix("Label: ") for t in at.text]


def test_a_student_named_with_html_and_markdown_sees_their_name_as_text(app):
    made = Challenges().create("tanuki_matsuri", 8, 1, ("human",))
    name = "[x](javascript:alert(1))<img>"  # the name boxes take 30 characters
    at = app("pages/classroom.py")
    at.text_input(key="classroom:code").input(made.code)
    at.text_input(key="classroom:name").input(name)
    next(b for b in at.button if b.label == "Join the challenge").click().run()
    at.switch_page("pages/tanuki_matsuri.py")
    assert at.text_input(key="challenge:name_box").value == name
    session = at.session_state["tanuki_matsuri:session"]
    while not (after := session.play(action := tm.legal_actions(session.state)[0])).over:
        session = after
    at.session_state["tanuki_matsuri:session"] = session
    at.run()
    at.button(key=f"tanuki_matsuri:act:{tm.encode_action(action)}").click().run()
    assert not at.exception, at.exception
    assert [s.name for s in Challenges().ranking(made.code)] == [name]
    assert f"Recorded as: {name}" in [t.value for t in at.text]
    for text in markdown_shown(at):
        assert "javascript" not in text and "<img>" not in text, text


def test_a_hostile_challenge_code_is_refused_without_being_echoed(app):
    at = app("pages/tanuki_matsuri.py")
    for code in ("[x](javascript:alert(1))", "<img src=x onerror=alert(1)>", "A" * 5000):
        at.query_params["challenge"] = code
        at.run()
        [error] = at.error
        assert "No class challenge has this code" in error.value
        assert_inert_markdown(error.value)
        assert "challenge" not in at.query_params and at.session_state["tanuki_matsuri:session"].cursor == 0
