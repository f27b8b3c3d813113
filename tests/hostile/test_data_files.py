"""Hostile Tanuki Matsuri sheets and Yokai Carnival deck files: refused with the loader's own
error (``BadSheet``/``DeckError``) and a short, inert sentence; too-large files refused by
size before parsing; names that would be live Markdown refused. And the quoting helpers
themselves, on any text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import BadSheet
from engine.core.quote import inert, plain_text_problem, quote_input, quote_key, quote_name
from engine.core.registry import games
from engine.core.save import MAX_SAVE_BYTES
from engine.tanuki_matsuri.sheet import DEFAULT_SHEET, MAX_SHEET_CHARS, load_sheet, parse_sheet, sheet_to_dict
from engine.yokai_carnival.cards import DEFAULT_DECK, MAX_DECK_CHARS, DeckError, load_deck
from tests.app.helpers import open_new_game, open_save
from tests.hostile.fuzz import (
    FUZZ,
    FUZZ_FEW,
    PAYLOADS,
    FakeUpload,
    assert_inert_markdown,
    assert_refused,
    assert_size_refused,
    hostile_text,
    json_values,
    mutated,
    nested,
)
from ui.kit.datafile import MAX_DATA_FILE_BYTES, TooLarge, css_class, read_upload
from ui.lessons import MAX_LESSON_CHARS

SHEET = sheet_to_dict(DEFAULT_SHEET)
MUTATED_SHEETS = mutated(SHEET)
MUTATED_DECKS = mutated(DEFAULT_DECK)
LOADERS = [(parse_sheet, BadSheet, MAX_SHEET_CHARS), (load_deck, DeckError, MAX_DECK_CHARS)]
LOADER_IDS = ["sheet", "deck"]


@pytest.mark.parametrize(("load", "error", "limit"), LOADERS, ids=LOADER_IDS)
@FUZZ
@given(data=st.one_of(st.binary(max_size=400), hostile_text(), json_values().map(json.dumps)))
def test_any_file_is_refused_with_the_loaders_error(load, error, limit, data):
    assert_refused(load, data, error)


@FUZZ_FEW
@given(sheet=MUTATED_SHEETS)
def test_a_sheet_with_any_field_wrong_is_refused_or_loads(sheet):
    assert_refused(load_sheet, sheet, BadSheet, allow_ok=True)
    assert_refused(parse_sheet, json.dumps(sheet), BadSheet, allow_ok=True)


@FUZZ_FEW
@given(deck=MUTATED_DECKS)
def test_a_deck_with_any_field_wrong_is_refused_or_loads(deck):
    assert_refused(load_deck, json.dumps(deck), DeckError, allow_ok=True)


@pytest.mark.parametrize(("load", "error", "limit"), LOADERS, ids=LOADER_IDS)
def test_deep_nesting_is_a_clear_message(load, error, limit):
    for text in (nested(100_000), nested(100_000, '{"a":', "}"), nested(20_000)):
        assert "not valid JSON" in assert_refused(load, text, error) or len(text) > limit


@pytest.mark.parametrize(("load", "error", "limit"), LOADERS, ids=LOADER_IDS)
def test_files_just_over_the_limit_and_of_50_mb_are_refused_by_size(load, error, limit):
    assert "too large" in assert_size_refused(load, " " * (limit + 1), error)
    assert "too large" in assert_size_refused(load, b" " * (4 * limit + 1), error)
    assert "too large" in assert_size_refused(load, "[" * 50_000_000, error)
    assert "too large" in assert_size_refused(load, b"\xff" * 50_000_000, error)


def test_files_at_the_limit_are_still_read():
    sheet = json.dumps(SHEET)
    assert parse_sheet(sheet + " " * (MAX_SHEET_CHARS - len(sheet))) == DEFAULT_SHEET
    deck = json.dumps(DEFAULT_DECK)
    assert load_deck(deck + " " * (MAX_DECK_CHARS - len(deck))) == DEFAULT_DECK


def test_names_that_would_be_live_markdown_are_refused():
    for payload in ("[x](http://evil.example)", "<b>bold</b>", "see www.evil.example", "$x$", "a\nb"):
        message = assert_refused(load_sheet, dict(SHEET, name=payload), BadSheet)
        assert message.startswith("name: may not contain")
        deck = json.loads(json.dumps(DEFAULT_DECK))
        deck["yokai"][3]["text"] = payload
        deck["generals"][0]["japanese"] = payload
        message = assert_refused(load_deck, json.dumps(deck), DeckError)
        assert (
            "yokai[3].text: may not contain" in message and "generals[0].japanese: may not contain" in message
        )


def test_echoed_keys_and_values_are_quoted():
    for payload in PAYLOADS:
        bad = dict(SHEET, granny=payload)
        assert "granny: must be a whole number, not " in assert_refused(load_sheet, bad, BadSheet)
        bad = dict(SHEET, lines=[{"bonus": 1, "cells": {payload: [None]}}])
        assert "unknown fruit" in assert_refused(load_sheet, bad, BadSheet)
        deck = dict(DEFAULT_DECK, **{payload: 1})
        assert "unknown key" in assert_refused(load_deck, json.dumps(deck), DeckError)


def test_a_deck_with_thousands_of_faults_names_a_dozen():
    deck = json.loads(json.dumps(DEFAULT_DECK))
    for card in deck["yokai"]:
        card.update({f"extra{i}": i for i in range(300)})
    message = assert_refused(load_deck, json.dumps(deck), DeckError)
    assert message.endswith("and 2388 more")


# --- the quoting helpers ----------------------------------------------------------------


@FUZZ
@given(text=hostile_text(600))
def test_inert_makes_any_text_safe_markdown_and_is_idempotent(text):
    once = inert(text)
    assert_inert_markdown(once)
    assert inert(once) == once
    assert len(once) <= 2 * 401 + 1


@FUZZ
@given(value=json_values())
def test_quoted_values_and_names_are_short_and_inert(value):
    for quoted in (quote_input(value), quote_key(value), quote_name(value)):
        assert_inert_markdown(quoted)
        assert len(quoted) < 150


def test_quote_input_of_a_100k_deep_list_costs_nothing():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert quote_input(deep) == "`[[[[[[...]]]]]]`"


@FUZZ
@given(text=hostile_text())
def test_plain_text_is_inert(text):
    if plain_text_problem(text) is None:
        assert_inert_markdown(f"Deck “{text}” loaded.", one_block=False)


def test_an_upload_is_read_only_up_to_its_limit():
    huge = FakeUpload("huge.json", b"[" * 50_000_000)
    with pytest.raises(TooLarge, match="larger than 100,000 bytes"):
        read_upload(huge, MAX_DATA_FILE_BYTES)
    assert huge.bytes_read == MAX_DATA_FILE_BYTES + 1
    small = FakeUpload("small.json", b"{}")
    small.read()  # a callback may run after the widget was read: it starts again from byte 0
    assert read_upload(small, MAX_DATA_FILE_BYTES) == b"{}"


def test_a_sheet_file_holding_a_path_is_refused_without_reading_that_file(tmp_path):
    """A JSON string in an upload is a wrong value, never a file name (the hole: the server
    opened whatever path the upload named, and a NUL byte leaked ValueError)."""
    real = tmp_path / "sheet.json"
    real.write_text(json.dumps(SHEET))
    for text in (json.dumps(str(real)), '"\\u0000"', json.dumps("/etc/passwd")):
        assert assert_refused(parse_sheet, text, BadSheet) == "sheet: expected a JSON object, not str"


REAL_LIMITS = {
    "Load a save file": ("2 MB", MAX_SAVE_BYTES),
    "Custom sheet": ("100 KB", MAX_DATA_FILE_BYTES),
    "Deck file": ("100 KB", MAX_DATA_FILE_BYTES),
    "Or open a lesson file": ("200,000 characters", MAX_LESSON_CHARS * 4),
}


@pytest.mark.parametrize("ns", [g.INFO.id for g in games()])
def test_every_uploader_says_its_real_limit_not_the_servers_5_mb(open_page, ns):
    at = open_page(f"pages/{ns}.py")
    open_save(open_new_game(at, ns), ns)  # the save's uploader, and a sheet's or deck's if any
    uploaders = at.get("file_uploader")
    assert len(uploaders) >= 2  # the save file and a lesson file, and a sheet or a deck there
    for uploader in uploaders:
        label = uploader.proto.label
        name, _, said = label.partition(" (JSON, at most ")
        words, real_bytes = REAL_LIMITS[name]
        assert said == f"{words})", label
        # The browser refuses past the real limit rounded up to whole megabytes (all it can
        # count); its own "… MB per file" line, which would contradict the label, is hidden.
        assert uploader.proto.max_upload_size_mb == max(1, -(-real_bytes // 1_048_576)) < 5
        hidden = f".{css_class(uploader.key)} [data-testid='stFileUploaderDropzoneInstructions']"
        assert any(hidden in html.proto.body for html in at.get("html")), label
