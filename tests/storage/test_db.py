"""The shared database (storage.db): SQLite in WAL mode or PostgreSQL, safe with several
processes writing at once, a new table declared in a few lines, and the pool of connections a
process keeps (lent to one thread at a time, at most a few at once, none left in a transaction,
none kept across a fork, a server restart or a replaced file)."""

import sqlite3
import threading
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


def test_a_connection_to_a_replaced_sqlite_file_is_closed_and_leaves_the_new_file_whole(tmp_path):
    path = tmp_path / "hs.sqlite3"
    book = Challenges(path)
    book.create("tanuki_matsuri", 1, 1, ("human",))
    with book._db()._connection() as old:  # a call under way while the file is deleted and made again
        for file in tmp_path.iterdir():
            file.unlink()
        made = Challenges(path).create("tanuki_matsuri", 2, 1, ("human",))
    with book._db()._connection() as now:
        assert now is not old
    # A connection of its own (not the pool's) sees the new file's rows, still in its -wal.
    fresh = sqlite3.connect(path)
    assert fresh.execute("SELECT code FROM challenges").fetchall() == [(made.code,)]
    assert fresh.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    fresh.close()


def test_calls_reuse_a_kept_connection_and_a_transaction_holds_its_own(place):
    notes = open_database(place, schema=NOTES)
    with notes._connection() as first:
        pass
    with notes._connection() as again:
        assert again is first
    inside, done = threading.Event(), threading.Event()

    def writer() -> None:
        with notes.transaction() as run:
            run("INSERT INTO test_notes (text) VALUES (?)", ("pending",))
            inside.set()
            done.wait(10)

    thread = threading.Thread(target=writer)
    thread.start()
    assert inside.wait(10)
    assert notes.query("SELECT COUNT(*) FROM test_notes") == [(0,)]  # not committed yet
    done.set()
    thread.join(10)
    assert notes.query("SELECT COUNT(*) FROM test_notes") == [(1,)]


def test_at_most_the_pool_size_are_lent_at_once_and_a_thread_holding_one_never_waits(place, monkeypatch):
    monkeypatch.setenv("DOJO_DATABASE_POOL", "2")
    monkeypatch.setattr(db, "BUSY_SECONDS", 0.5)
    notes = open_database(place, schema=NOTES)  # a new database: its pool is made now, of 2
    held, release = threading.Barrier(3), threading.Event()

    def hold() -> None:
        with notes._connection():
            held.wait(10)
            release.wait(10)

    holders = [threading.Thread(target=hold) for _ in range(2)]
    for thread in holders:
        thread.start()
    held.wait(10)
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="All 2 connections .* stayed busy"):
        notes.query("SELECT COUNT(*) FROM test_notes")
    assert time.monotonic() - start >= 0.4  # it waited its turn first
    release.set()
    for thread in holders:
        thread.join(10)
    monkeypatch.setenv("DOJO_DATABASE_POOL", "1")
    one = open_database(place if isinstance(place, str) else place.with_name("one.sqlite3"), schema=NOTES)
    with one.transaction() as run:  # a read beside a transaction, on a pool of one: no wait
        run("INSERT INTO test_notes (text) VALUES (?)", ("mine",))
        assert one.query("SELECT COUNT(*) FROM test_notes") == [(0,)]
    assert one.query("SELECT COUNT(*) FROM test_notes") == [(1,)]


def test_a_pool_size_that_is_not_a_number_is_refused_in_words(monkeypatch):
    monkeypatch.setenv("DOJO_DATABASE_POOL", "0")
    with pytest.raises(ValueError, match="DOJO_DATABASE_POOL must be a whole number"):
        db.pool_size()


def _connection_id(place) -> int:
    with open_database(place, schema=NOTES)._connection() as conn:
        return id(conn)


def test_a_forked_process_opens_its_own_connections(place):
    notes = open_database(place, schema=NOTES)
    with notes._connection() as kept:
        pass
    with ProcessPoolExecutor(1, mp_context=get_context("fork")) as pool:
        # The parent's connection is at the same address in the child: the child must not use it.
        assert pool.submit(_connection_id, place).result() != id(kept)
    notes.execute("INSERT INTO test_notes (text) VALUES (?)", ("after",))
    with notes._connection() as again:
        assert again is kept
    assert notes.query("SELECT text FROM test_notes") == [("after",)]


def test_kept_postgresql_connections_survive_an_ended_session_and_server_restarts():
    from tests.school import postgres

    reason = postgres.missing_reason()
    if reason:
        postgres.skip_or_fail(reason)
    server = postgres.start()  # its own: it is restarted here
    try:
        import psycopg

        url = server.new_database()
        notes = open_database(url, schema=NOTES)
        notes.execute("INSERT INTO test_notes (text) VALUES (?)", ("kept",))
        pid = notes.query("SELECT pg_backend_pid()")[0][0]
        with psycopg.connect(url, autocommit=True) as admin:  # an administrator ends the session
            assert admin.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,)).fetchone() == (True,)
        assert notes.query("SELECT text FROM test_notes") == [("kept",)]
        assert notes.query("SELECT pg_backend_pid()")[0][0] != pid
        kept = [("kept",)]
        for mode in ("fast", "immediate"):
            server.restart(mode)
            assert notes.query("SELECT text FROM test_notes ORDER BY id") == kept
            assert notes.execute("INSERT INTO test_notes (text) VALUES (?)", (mode,)) == 1
            kept.append((mode,))
    finally:
        server.stop()


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
