"""Tanuki Matsuri's local high-score table: a small SQLite file (stdlib only, no Streamlit).

Where the scores are kept is said to players in words (:func:`where_kept`), never as a
server path.

The file's path comes from the ``DOJO_HIGHSCORES`` environment variable (default
``~/.tabletop-dojo/highscores.sqlite3``); the file and its folder are created on first use.
A finished solo game is recorded once: its ``game_key`` (a digest of the saved game) is
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
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

ENV_VAR = "DOJO_HIGHSCORES"
DEFAULT_PATH = Path("~/.tabletop-dojo/highscores.sqlite3")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS tanuki_scores (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    played_at TEXT NOT NULL,
    seed INTEGER NOT NULL,
    sheet TEXT NOT NULL,
    score INTEGER NOT NULL,
    game_key TEXT NOT NULL UNIQUE
)
"""


@dataclass(frozen=True)
class Entry:
    played_at: str
    seed: int
    sheet: str
    score: int


def default_path() -> Path:
    """``$DOJO_HIGHSCORES`` or ``~/.tabletop-dojo/highscores.sqlite3``."""
    return Path(os.environ.get(ENV_VAR) or DEFAULT_PATH).expanduser()


def where_kept() -> str:
    """Where the scores live, in words for a player (a server path is nobody's business)."""
    if os.environ.get(ENV_VAR):
        return "in the high-score file this server was configured with"
    return "on the computer running this dashboard, in the user's home folder"


def game_key(save_text: str) -> str:
    """A stable key for one finished game (its save text: seed, setup and moves)."""
    return hashlib.sha256(save_text.encode("utf-8")).hexdigest()


class HighScores:
    """The high-score table in one SQLite file (opened per call: safe across reruns/threads)."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_path()

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, timeout=5)
        conn.execute(_SCHEMA)
        return conn

    def record(self, seed: int, sheet: str, score: int, game_key: str, played_at: str | None = None) -> bool:
        """Record a finished game; False if this game (its key) is already in the table."""
        when = played_at or datetime.now().isoformat(timespec="seconds")
        conn = self._connect()
        try:
            with conn:
                cur = conn.execute(
                    "INSERT OR IGNORE INTO tanuki_scores (played_at, seed, sheet, score, game_key) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (when, int(seed), str(sheet), int(score), game_key),
                )
            return cur.rowcount == 1
        finally:
            conn.close()

    def top(self, limit: int = 10, seed: int | None = None, sheet: str | None = None) -> list[Entry]:
        """The best scores (best first; earlier games first among equals), optionally for one
        seed and/or one sheet."""
        where, args = [], []
        if seed is not None:
            where.append("seed = ?")
            args.append(int(seed))
        if sheet is not None:
            where.append("sheet = ?")
            args.append(sheet)
        sql = "SELECT played_at, seed, sheet, score FROM tanuki_scores"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY score DESC, played_at ASC, id ASC LIMIT ?"
        conn = self._connect()
        try:
            rows = conn.execute(sql, (*args, int(limit))).fetchall()
        finally:
            conn.close()
        return [Entry(*row) for row in rows]

    def best(self, seed: int, sheet: str) -> int | None:
        """The best score recorded for this seed on this sheet (None if never played)."""
        entries = self.top(1, seed=seed, sheet=sheet)
        return entries[0].score if entries else None

    def count(self) -> int:
        conn = self._connect()
        try:
            return conn.execute("SELECT COUNT(*) FROM tanuki_scores").fetchone()[0]
        finally:
            conn.close()
