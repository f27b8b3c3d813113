"""The shared database (storage.db): SQLite in WAL mode or PostgreSQL, safe with several
processes writing at once, and a new table declared in a few lines."""

import sqlite3
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from threading import Timer

import pytest

import storage.db as db
from storage.challenges import Challenges
from storage.db import Schema, open_database


def test_the_module_examples_hold():
    import doctest

    failed, attempted = doctest.testmod(db)
    assert attempted and not failed


def test_the_sqlite_file_is_in_wal_mode_and_waits_for_other_writers(tmp_path):
    path = tmp_path / "class" / "hs.sqlite3"
    Challenges(path).create("tanuki_matsuri", 1, 1, ("human",))
    conn = sqlite3.connect(path, check_same_thread=False)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # A writer holding the lock makes the next one wait (not fail) until it commits.
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO challenges VALUES ('AAAAAA', 'x', 'yokai', 1, 2, '[]', '{}', '')")
    Timer(0.5, conn.commit).start()
    start = time.monotonic()
    made = Challenges(path).create("tanuki_matsuri", 2, 1, ("human",))
    assert time.monotonic() - start >= 0.4  # it waited for the other writer's commit
    assert {c.code for c, _ in Challenges(path).recent()} >= {"AAAAAA", made.code}
    assert len(Challenges(path).recent()) == 3


def test_a_deleted_sqlite_file_is_made_again(tmp_path):
    path = tmp_path / "hs.sqlite3"
    Challenges(path).create("tanuki_matsuri", 1, 1, ("human",))
    for file in tmp_path.iterdir():
        file.unlink()
    assert Challenges(path).recent() == []


NOTES = Schema(
    "test_notes",
    "CREATE TABLE IF NOT EXISTS test_notes (id {id}, text TEXT NOT NULL UNIQUE)",
    "CREATE INDEX IF NOT EXISTS test_notes_by_text ON test_notes (text)",
)


def test_a_new_table_is_a_schema_with_an_auto_numbered_key_on_both_databases(place):
    notes = open_database(place, schema=NOTES)
    with notes.transaction() as run:
        run("INSERT INTO test_notes (text) VALUES (?)", ("first",))
        run("INSERT INTO test_notes (text) VALUES (?)", ("second",))
    assert notes.execute("INSERT INTO test_notes (text) VALUES (?) ON CONFLICT DO NOTHING", ("first",)) == 0
    assert notes.query("SELECT id, text FROM test_notes ORDER BY id") == [(1, "first"), (2, "second")]


def test_a_failed_transaction_leaves_nothing_behind(place):
    notes = open_database(place, schema=NOTES)
    with pytest.raises(RuntimeError), notes.transaction() as run:
        run("INSERT INTO test_notes (text) VALUES (?)", ("kept?",))
        raise RuntimeError("the second half failed")
    assert notes.query("SELECT COUNT(*) FROM test_notes") == [(0,)]


def _record_many(place: str, code: str, student: int, games: int) -> int:
    book = Challenges(place)
    return sum(
        book.record(code, f"Student {student}", 10 * student + g, "finished", False, 30, f"{student}-{g}")
        for g in range(games)
    )


def test_several_processes_record_at_once_and_nothing_is_lost(place):
    """Four processes (a school's streamlit runs) record 25 results each into one challenge."""
    made = Challenges(place).create("tanuki_matsuri", 4, 1, ("human",))
    with ProcessPoolExecutor(4, mp_context=get_context("spawn")) as pool:
        added = list(pool.map(_record_many, [str(place)] * 4, [made.code] * 4, range(4), [25] * 4))
    assert added == [25, 25, 25, 25]
    ranking = Challenges(place).ranking(made.code)
    assert [(s.name, s.attempts) for s in ranking] == [(f"Student {i}", 25) for i in (3, 2, 1, 0)]
    assert [c.code for c, n in Challenges(place).recent() if n == 100] == [made.code]


def test_a_database_url_that_is_not_postgresql_is_refused_in_words(monkeypatch):
    monkeypatch.setenv("DOJO_DATABASE_URL", "sqlite:///tmp/class.db")
    with pytest.raises(ValueError, match="must be a postgresql:// address"):
        Challenges()
