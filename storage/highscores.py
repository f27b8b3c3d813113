"""Tanuki Matsuri's high-score table, in the class's shared database (:mod:`storage.db`).

Where the scores are kept is said to players in words (:func:`where_kept`), never as a
server path.

The database is the SQLite file named by the ``DOJO_HIGHSCORES`` environment variable
(default ``~/.tabletop-dojo/highscores.sqlite3``; the file and its folder are created on first
use), or the PostgreSQL server of ``DOJO_DATABASE_URL`` when that is set. A finished solo game is recorded once: its ``game_key`` (a digest of the saved game) is
unique, so recording the same game again changes nothing.

>>> import tempfile, pathlib
>>> store = HighScores(pathlib.Path(tempfile.mkdtemp()) / "hs.sqlite3")
>>> store.record(seed=7, sheet="Festival sheet", score=90, game_key="a")
True
>>> store.record(seed=7, sheet="Festival sheet", score=90, game_key="a")
False
>>> [(e.seed, e.score) for e in store.top()]
[(7, 90)]
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime

from storage.db import DEFAULT_PATH, Schema, Store, database_url, default_path

__all__ = ["DEFAULT_PATH", "ENV_VAR", "Entry", "HighScores", "default_path", "game_key", "where_kept"]

ENV_VAR = "DOJO_HIGHSCORES"
SCHEMA = Schema(
    "tanuki_scores",
    """CREATE TABLE IF NOT EXISTS tanuki_scores (
        id {id},
        played_at TEXT NOT NULL,
        seed BIGINT NOT NULL,
        sheet TEXT NOT NULL,
        score INTEGER NOT NULL,
        game_key TEXT NOT NULL UNIQUE
    )""",
)


@dataclass(frozen=True)
class Entry:
    played_at: str
    seed: int
    sheet: str
    score: int


def where_kept() -> str:
    """Where the scores live, in words for a player (a server path is nobody's business)."""
    if database_url():
        return "in the school's shared database"
    if os.environ.get(ENV_VAR):
        return "in the high-score file this server was configured with"
    return "on the computer running this dashboard, in the user's home folder"


def game_key(save_text: str) -> str:
    """A stable key for one finished game (its save text: seed, setup and moves)."""
    return hashlib.sha256(save_text.encode("utf-8")).hexdigest()


class HighScores(Store):
    """The high-score table in the shared database (a pooled connection per call: safe across reruns,
    threads and processes). ``where``: a PostgreSQL URL or an SQLite path (default: the
    configured database)."""

    SCHEMA = SCHEMA

    def record(self, seed: int, sheet: str, score: int, game_key: str, played_at: str | None = None) -> bool:
        """Record a finished game; False if this game (its key) is already in the table."""
        when = played_at or datetime.now().isoformat(timespec="seconds")
        added = self._db().execute(
            "INSERT INTO tanuki_scores (played_at, seed, sheet, score, game_key) "
            "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (when, int(seed), str(sheet), int(score), game_key),
        )
        return added == 1

    def top(self, limit: int = 10, seed: int | None = None, sheet: str | None = None) -> list[Entry]:
        """The best scores (best first; earlier games first among equals), optionally for one
        seed and/or one sheet."""
        # Each filter is either off (NULL) or compared: one constant query for every case.
        rows = self._db().query(
            "SELECT played_at, seed, sheet, score FROM tanuki_scores "
            "WHERE (CAST(? AS BIGINT) IS NULL OR seed = ?) AND (CAST(? AS TEXT) IS NULL OR sheet = ?) "
            "ORDER BY score DESC, played_at ASC, id ASC LIMIT ?",
            (*(None if seed is None else int(seed),) * 2, *(sheet,) * 2, int(limit)),
        )
        return [Entry(*row) for row in rows]

    def best(self, seed: int, sheet: str) -> int | None:
        """The best score recorded for this seed on this sheet (None if never played)."""
        entries = self.top(1, seed=seed, sheet=sheet)
        return entries[0].score if entries else None

    def count(self) -> int:
        return self._db().query("SELECT COUNT(*) FROM tanuki_scores")[0][0]
