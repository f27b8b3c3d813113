"""The class's shared tables for the teacher: the open ones and the finished ones kept for replay,
the latest first, in one read of the shared database (tables and seats together).

A listed table is the :class:`~storage.shared_tables.SharedTable` read by :meth:`lookup`: its
seed stays in it on the server (a page shows the game, the code, the seats, the moves and when
it was last played, never the seed nor any seat code: only their hashes are stored anyway).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from .shared_tables import IDLE_SECONDS, SharedTable, SharedTables, _table

LISTED = 60
"""At most this many tables are listed (the latest played)."""

_LIST = (
    "SELECT t.code, t.game, t.seed, t.players, t.options, t.host_seat, t.version, t.stamp, t.finished, "
    "t.moved_at, COALESCE(u.undos, 0), COALESCE(u.status, ''), COALESCE(u.seat, -1), "
    "COALESCE(u.version, -1), COALESCE(u.back_to, -1), COALESCE(u.accepted, ''), COALESCE(u.closed_by, -1), "
    "s.seat, s.holder, s.bot, s.name, s.seen_at, t.touched_at FROM shared_tables t "
    "JOIN shared_table_seats s ON s.code = t.code LEFT JOIN shared_table_undo u ON u.code = t.code "
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
        listed.append(Listed(_table(group[0][:17], [row[17:22] for row in group]), float(group[0][22])))
    return listed
