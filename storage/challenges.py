"""Class challenges: a short random code that stands for one deal (a game, its seed, who sits
where, its options), and every student's result under it. Stdlib only, no Streamlit.

The code is drawn with :mod:`secrets` and looked up here: it says nothing about the seed, so
a student holding it cannot rebuild a hidden hand. The tables live in the class's shared
database with the high scores (:mod:`storage.db`: an SQLite file, or PostgreSQL when
``DOJO_DATABASE_URL`` is set), so every process of a school sees every challenge and result;
players are told where only in words (:func:`storage.highscores.where_kept`).

>>> import tempfile, pathlib
>>> book = Challenges(pathlib.Path(tempfile.mkdtemp()) / "hs.sqlite3")
>>> c = book.create("tanuki_matsuri", seed=7, players=1, seats=("human",))
>>> book.lookup(c.shown.lower()) == c  # any case, with or without the dash
True
>>> book.record(c.code, "  Aiko\\x07 ", score=90, result="finished", won=False, moves=40, game_key="a")
True
>>> book.record(c.code, "Aiko", score=90, result="finished", won=False, moves=40, game_key="a")
False
>>> [(s.rank, s.name, s.score) for s in book.ranking(c.code)]
[(1, 'Aiko', 90.0)]
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import datetime

from storage.db import Schema, Store

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O or U
CODE_LENGTH = 6
MAX_NAME = 30
MAX_LABEL = 60
_READ_AS = str.maketrans("OIL", "011")  # what a reader may type for 0 and 1
SCHEMA = Schema(
    "challenges",
    """CREATE TABLE IF NOT EXISTS challenges (
        code TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        game TEXT NOT NULL,
        seed BIGINT NOT NULL,
        players INTEGER NOT NULL,
        seats TEXT NOT NULL,
        options TEXT NOT NULL,
        label TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS challenge_results (
        id {id},
        code TEXT NOT NULL REFERENCES challenges (code),
        played_at TEXT NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        score DOUBLE PRECISION NOT NULL,
        result TEXT NOT NULL,
        won INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        game_key TEXT NOT NULL UNIQUE
    )""",
    "CREATE INDEX IF NOT EXISTS challenge_results_by_code ON challenge_results (code)",
)


class BadName(ValueError):
    """A name that is empty once cleaned."""


@dataclass(frozen=True)
class Challenge:
    """One class challenge. ``seed`` stays on the server: it is left out of the repr."""

    code: str
    game: str
    seed: int = field(repr=False)
    players: int
    seats: tuple[str, ...]
    options: dict = field(default_factory=dict, hash=False)
    label: str = ""
    created_at: str = ""

    @property
    def shown(self) -> str:
        """The code as people read it: ``K7P-2QX``."""
        return shown(self.code)


@dataclass(frozen=True)
class Standing:
    """A student's result in a challenge (their first game), with how many games they finished."""

    rank: int
    name: str
    score: float
    result: str
    won: bool
    moves: int
    played_at: str
    attempts: int


def new_code() -> str:
    """A fresh random code (about a billion possibilities; the seed plays no part)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def normalize_code(text: str) -> str | None:
    """The stored form of a typed code (case, spaces and dashes ignored; O read as 0, I and L
    as 1), or None if it cannot be one.

    >>> normalize_code(" k7p-2qx "), normalize_code("K7P2Q"), normalize_code("<b>")
    ('K7P2QX', None, None)
    """
    code = "".join(str(text).split()).replace("-", "").upper().translate(_READ_AS)
    ok = len(code) == CODE_LENGTH and all(ch in ALPHABET for ch in code)
    return code if ok else None


def clean_text(text: str, limit: int) -> str:
    """``text`` as one plain line: control and invisible format characters dropped, runs of
    white space made one space, cut to ``limit`` characters. Stored and shown as plain text."""
    text = unicodedata.normalize("NFC", str(text)[: 20 * limit])
    kept = (" " if ch.isspace() else ch for ch in text if ch.isspace() or unicodedata.category(ch)[0] != "C")
    return " ".join("".join(kept).split())[:limit].strip()


def clean_name(text: str) -> str:
    """A student's name, cleaned; ``BadName`` if nothing is left."""
    name = clean_text(text, MAX_NAME)
    if not name:
        raise BadName(f"Please type your name (up to {MAX_NAME} letters) so your result can be recorded.")
    return name


class Challenges(Store):
    """The challenges and their results in the shared database (a pooled connection per call).
    ``where``: a PostgreSQL URL or an SQLite path (default: the configured database)."""

    SCHEMA = SCHEMA

    def create(
        self, game: str, seed: int, players: int, seats, options: dict | None = None, label: str = ""
    ) -> Challenge:
        """Store a new challenge under a fresh code (drawn again in the unlikely event it is taken)."""
        # Microseconds order the list of challenges newest first, even two made in one second.
        when = datetime.now().isoformat(timespec="microseconds")
        seats, options, label = tuple(seats), dict(options or {}), clean_text(label, MAX_LABEL)
        row = (game, int(seed), int(players), json.dumps(seats), json.dumps(options), label)
        db = self._db()
        while True:
            code = new_code()
            added = db.execute(
                "INSERT INTO challenges (code, created_at, game, seed, players, seats, options, label) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (code, when, *row),
            )
            if added == 1:
                return Challenge(code, game, int(seed), int(players), seats, options, label, when[:19])

    def lookup(self, text: str) -> Challenge | None:
        """The challenge a typed code names, or None."""
        code = normalize_code(text)
        if code is None:
            return None
        rows = self._query(f"{_SELECT} WHERE code = ?", (code,))
        return _challenge(rows[0]) if rows else None

    def recent(self, limit: int = 50) -> list[tuple[Challenge, int]]:
        """The newest challenges first, each with the number of results recorded under it."""
        rows = self._query(
            f"SELECT {_COLUMNS}, (SELECT COUNT(*) FROM challenge_results r WHERE r.code = c.code) "
            "FROM challenges c ORDER BY created_at DESC, code DESC LIMIT ?",
            (int(limit),),
        )
        return [(_challenge(row[:-1]), row[-1]) for row in rows]

    def record(
        self,
        code: str,
        name: str,
        score: float,
        result: str,
        won: bool,
        moves: int,
        game_key: str,
        played_at: str | None = None,
    ) -> bool:
        """Record a finished game under a challenge; False if this game (its key) is already in.
        ``BadName`` for an empty name, ``KeyError`` for an unknown code."""
        name = clean_name(name)
        if self.lookup(code) is None:
            raise KeyError(f"No class challenge has the code {code!r}")
        when = played_at or datetime.now().isoformat(timespec="seconds")
        row = (normalize_code(code), when, name, name.casefold(), float(score), str(result), int(bool(won)))
        added = self._db().execute(
            "INSERT INTO challenge_results "
            "(code, played_at, name, name_key, score, result, won, moves, game_key) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
            (*row, int(moves), str(game_key)),
        )
        return added == 1

    def ranking(self, code: str) -> list[Standing]:
        """Each student's first finished game (names compared ignoring case: a retry knows the
        deal, so it does not count), best score first; equal scores share a rank, the earlier
        game listed first."""
        rows = self._query(
            "SELECT name, name_key, score, result, won, moves, played_at FROM challenge_results "
            "WHERE code = ? ORDER BY played_at ASC, id ASC",
            (normalize_code(code) or "",),
        )
        first, attempts = {}, {}
        for row in rows:
            first.setdefault(row[1], row)
            attempts[row[1]] = attempts.get(row[1], 0) + 1
        ordered = sorted(first.values(), key=lambda row: -row[2])  # stable: earlier first among equals
        standings = []
        for i, (name, key, score, result, won, moves, when) in enumerate(ordered):
            rank = standings[-1].rank if standings and standings[-1].score == score else i + 1
            standings.append(Standing(rank, name, score, result, bool(won), moves, when, attempts[key]))
        return standings

    def _query(self, sql: str, args: tuple) -> list[tuple]:
        return self._db().query(sql, args)


_COLUMNS = "code, game, seed, players, seats, options, label, created_at"
_SELECT = f"SELECT {_COLUMNS} FROM challenges"


def _challenge(row) -> Challenge:
    code, game, seed, players, seats, options, label, when = row
    seats, options = tuple(json.loads(seats)), json.loads(options)
    return Challenge(code, game, seed, players, seats, options, label, when[:19])  # to the second
