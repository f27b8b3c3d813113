"""Class challenges in the shared database (an SQLite file and a real PostgreSQL server, each
test on both): a random code, looked up leniently, results recorded once, each student's first
game ranked best first."""

import doctest
import sqlite3
from unittest import mock

import pytest

import storage.challenges as challenges
from storage.challenges import ALPHABET, BadName, Challenges, clean_name, new_code, normalize_code
from storage.highscores import HighScores


def test_the_module_examples_hold():
    failed, attempted = doctest.testmod(challenges)
    assert attempted and not failed


def test_a_challenge_is_kept_with_its_deal_and_found_by_its_code_in_any_spelling(place):
    book = Challenges(place)
    made = book.create("fan_mallet", seed=2**62 + 12345, players=2, seats=("human", "greedy"), label="3B")
    assert len(made.code) == 6 and set(made.code) <= set(ALPHABET)
    assert made.shown == f"{made.code[:3]}-{made.code[3:]}"
    for typed in (made.code, made.shown, made.shown.lower(), f"  {made.code[:3]} {made.code[3:]} "):
        assert book.lookup(typed) == made
    found = book.lookup(made.code)
    assert (found.game, found.seed, found.players, found.seats, found.options, found.label) == (
        "fan_mallet",
        2**62 + 12345,
        2,
        ("human", "greedy"),
        {},
        "3B",
    )
    assert "seed" not in repr(found) and str(found.seed) not in repr(found)
    assert book.lookup("ZZZ-ZZZ" if made.code != "ZZZZZZ" else "YYYYYY") is None
    assert book.lookup("<script>") is None and book.lookup("") is None
    options = book.create("yokai", 1, 3, ("human", "partner", "partner"), {"last_hint_only": True})
    assert book.lookup(options.code).options == {"last_hint_only": True}
    assert [c.code for c, _ in book.recent()] == [options.code, made.code]  # newest first


def test_read_alike_letters_are_read_as_digits():
    assert normalize_code("ab-cdo12") is None  # seven characters
    assert normalize_code("ab-cdo1") == "ABCD01"
    assert normalize_code("oil-2ab") == "0112AB"  # O→0, I→1, L→1
    assert normalize_code("uab-cde") is None  # no U in the alphabet
    assert normalize_code("k7p-2qx") == "K7P2QX"


def test_the_code_is_random_and_says_nothing_about_the_seed(new_place):
    codes = {new_code() for _ in range(1000)}
    assert len(codes) == 1000
    assert all(len(c) == 6 and set(c) <= set(ALPHABET) for c in codes)
    book = Challenges(new_place())
    same_seed = {book.create("tanuki_matsuri", 42, 1, ("human",)).code for _ in range(20)}
    assert len(same_seed) == 20  # one seed, twenty codes
    # With the random source fixed, any seed gets the same code: the seed plays no part.
    with mock.patch.object(challenges.secrets, "choice", side_effect=lambda seq: seq[7]):
        a = Challenges(new_place()).create("fan_mallet", 1, 2, ("human", "greedy"))
        b = Challenges(new_place()).create("fan_mallet", 2**63 - 1, 2, ("human", "greedy"))
    assert a.code == b.code == "777777"


def test_a_taken_code_is_drawn_again(place):
    book = Challenges(place)
    draws = iter("AAAAAA" + "AAAAAA" + "BBBBBB")
    with mock.patch.object(challenges.secrets, "choice", side_effect=lambda seq: next(draws)):
        first = book.create("tanuki_matsuri", 1, 1, ("human",))
        second = book.create("tanuki_matsuri", 2, 1, ("human",))
    assert (first.code, second.code) == ("AAAAAA", "BBBBBB")


def test_results_are_recorded_once_and_ranked_by_each_students_first_game(place):
    book = Challenges(place)
    c = book.create("tanuki_matsuri", 9, 1, ("human",))
    other = book.create("tanuki_matsuri", 9, 1, ("human",))

    def rec(name, score, key, when, code=c.code):
        return book.record(code, name, score, "finished", False, 40, key, played_at=when)

    assert rec("Bea", 80, "k1", "2026-03-01T10:00:01")
    assert not rec("Bea", 80, "k1", "2026-03-01T10:00:09")  # the same game again
    assert rec("Aiko", 95, "k2", "2026-03-01T10:00:02")
    assert rec("Chen", 80, "k3", "2026-03-01T10:00:00")  # ties Bea, but earlier
    assert rec("aiko ", 130, "k4", "2026-03-01T10:05:00")  # a retry: known dice, does not count
    assert rec("Dana", 200, "k5", "2026-03-01T10:00:00", code=other.code)
    ranking = book.ranking(c.shown.lower())
    assert [(s.rank, s.name, s.score, s.attempts) for s in ranking] == [
        (1, "Aiko", 95.0, 2),
        (2, "Chen", 80.0, 1),
        (2, "Bea", 80.0, 1),
    ]
    assert ranking[0].played_at == "2026-03-01T10:00:02" and ranking[0].moves == 40
    assert [s.name for s in book.ranking(other.code)] == ["Dana"]
    assert dict((x.code, n) for x, n in book.recent()) == {c.code: 4, other.code: 1}
    with pytest.raises(KeyError):
        book.record("ZZZZZZ" if c.code != "ZZZZZZ" else "YYYYYY", "Eve", 1, "finished", False, 1, "k9")
    with pytest.raises(BadName):
        book.record(c.code, " \x00\t ", 1, "finished", False, 1, "k9")


def test_challenges_share_the_high_score_file_without_touching_its_scores(tmp_path, monkeypatch):
    path = tmp_path / "deep" / "scores.sqlite3"
    monkeypatch.delenv("DOJO_DATABASE_URL", raising=False)
    monkeypatch.setenv("DOJO_HIGHSCORES", str(path))
    HighScores().record(7, "Festival sheet", 90, "g")
    c = Challenges().create("tanuki_matsuri", 7, 1, ("human",))
    Challenges().record(c.code, "Aiko", 90, "finished", False, 30, "g")
    assert HighScores().count() == 1 and Challenges().path == path
    tables = {
        r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    assert {"tanuki_scores", "challenges", "challenge_results"} <= tables


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("  Aiko   Tanaka ", "Aiko Tanaka"),
        ("Ai\x00ko\x1b[31m\x7f", "Aiko[31m"),
        ("line\nbreak\ttab", "line break tab"),
        ("\u202eevil\u200b", "evil"),
        ("x" * 10_000, "x" * 30),
        ("ｶﾀｶﾅ", "ｶﾀｶﾅ"),
    ],
)
def test_names_are_one_clean_short_line(typed, kept):
    assert clean_name(typed) == kept


def test_an_empty_name_is_refused_with_a_reason():
    with pytest.raises(BadName, match="type your name"):
        clean_name("\x01\u200b  ")
