"""The teacher's list of the class's tables (storage.shared_table_list) on SQLite and
PostgreSQL: open and finished tables, latest first, seats and moves, in one query; an
unfinished table idle for a day is left out."""

from __future__ import annotations

import engine.fan_mallet as fm
import storage.shared_tables as shared
from storage.shared_table_list import class_tables
from storage.shared_tables import PERSON, SharedTables


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_open_and_finished_tables_latest_first_in_one_query(place, monkeypatch):
    clock = Clock()
    tables = SharedTables(place, clock=clock)
    assert class_tables(tables) == []
    idle, _ = tables.open("fan_mallet", 11, (PERSON, "greedy"), name="Old")
    clock.now += shared.IDLE_SECONDS + 10
    done, host = tables.open("fan_mallet", 12, (PERSON, "greedy"), name="Aiko")
    tables.play(done.code, host, 0, fm.legal_actions(tables.state(done.code))[0])
    tables.database.execute("UPDATE shared_tables SET finished = 1 WHERE code = ?", (done.code,))
    clock.now += 60
    open_, _ = tables.open("yokai_carnival", 13, (PERSON, PERSON, "random"), name="Ben")
    tables.join(open_.code, 1, "Chen")
    reads = []
    query = tables.database.query
    monkeypatch.setattr(tables.database, "query", lambda *a: reads.append(a) or query(*a))
    listed = class_tables(tables)
    assert len(reads) == 1
    assert [one.table.code for one in listed] == [open_.code, done.code]  # the idle one is left out
    first, second = (one.table for one in listed)
    assert first.holders() == ("Ben", "Chen", "random bot") and first.version == 0 and not first.finished
    assert second.holders() == ("Aiko", "greedy bot") and second.version == 1 and second.finished
    assert listed[0].touched_at == clock.now and listed[1].touched_at == clock.now - 60
    assert len(class_tables(tables, limit=1)) == 1
