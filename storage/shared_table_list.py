"""The class's shared tables for the teacher: the open ones and the finished ones kept for replay,
the latest first, in one read of the shared database (tables and seats together).

A listed table is the :class:`~storage.shared_tables.SharedTable` read by :meth:`lookup`: its
seed stays in it on the server (a page shows the game, the code, the seats, the moves and when
it was last played, never the seed nor any seat code: only their hashes are stored anyway).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from .shared_tables import _SELECT_ALL, IDLE_SECONDS, SharedTable, SharedTables, _joined

LISTED = 60
"""At most this many tables are listed (the latest played)."""

_LIST = _SELECT_ALL + (
    "WHERE t.code IN (SELECT code FROM shared_tables WHERE finished = 1 OR touched_at > ? "
    "ORDER BY touched_at DESC LIMIT ?) ORDER BY t.touched_at DESC, t.code, s.seat"
)


@dataclass(frozen=True)
class Listed:
    """A table as the teacher's list shows it, and when it was last played (``touched_at``)."""

    table: SharedTable
    touched_at: float


def class_tables(tables: SharedTables, limit: int = LISTED) -> list[Listed]:
    """The latest ``limit`` tables, open or finished (an unfinished table idle for a day is about
    to be cleaned: left out), latest first: one query."""
    rows = tables._db().query(_LIST, (tables.clock() - IDLE_SECONDS, int(limit)))
    listed = []
    for _, group in groupby(rows, key=lambda row: row[0]):
        group = list(group)
        listed.append(Listed(_joined(group), float(group[0][22])))
    return listed
