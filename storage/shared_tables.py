"""Shared tables: one game played from several devices, kept only in the class's shared database.

A table is a game id, its seed (it never leaves the server: left out of every repr), its set-up,
its seats and its action log (the game's own codec tokens) with a version number: the number of
moves played. A move lands only on the version it was chosen at, in one transaction that first
locks the table (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE``), so of two
moves sent at once exactly one lands and the other is refused with the new position. Every
change (a move, a seat taken or handed to a bot) also bumps ``stamp``, the one number a device
polls to know whether anything changed.

A person's seat belongs to whoever holds its seat code (8 characters from :mod:`secrets`; only
its hash is stored): it is the token a device sends with each move, and a pupil retypes it to
get the seat back after a reload. The table's host (the seat that opened it) may hand a free or
abandoned seat to a bot. Bots' moves are played by whichever device polls first: a short lease
keeps the others from computing the same decision, and the version check makes a second
attempt harmless. Finished tables are kept for the class's replay; unfinished ones idle for a
day are deleted.

The moves table is keyed by ``(code, line, number)``: ``line`` 0 is the table's one game. A
class game where every pupil picks from the same roll (Tanuki Matsuri) can give each pupil a
line of their own on the same seed, with the same version check per line; seats are rows of
their own, so thirty pupils joining never rewrite one shared row.

>>> import tempfile, pathlib
>>> tables = SharedTables(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> table, host = tables.open("fan_mallet", seed=7, seats=(PERSON, PERSON), name="Aiko")
>>> guest = tables.join(table.code, 1, "Ben")
>>> tables.lookup(table.shown.lower()).holders()
('Aiko', 'Ben')
>>> import engine.fan_mallet as fm
>>> first = fm.legal_actions(tables.state(table.code))[0]
>>> tables.play(table.code, host, 0, first).version
1
>>> try:
...     tables.play(table.code, host, 1, first)
... except Refused as refused:
...     print(refused)
It is not your turn: Black — God of poverty is to move.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from engine.core import IllegalAction, bot_decision
from engine.core.registry import game as game_of
from storage.challenges import ALPHABET, MAX_NAME, clean_text, normalize_code, shown
from storage.challenges import new_code as new_table_code
from storage.db import Schema, Store

FREE, PERSON, BOT = "free", "person", "bot"
OPEN, REFUSED, WITHDRAWN, DONE = "open", "refused", "withdrawn", "done"
"""An undo request's status (:class:`UndoRequest`; :mod:`storage.shared_table_undo` asks and answers)."""
SEAT_CODE_LENGTH = 8
AWAY_SECONDS = 30.0
"""A person's seat not seen for this long is abandoned: the host may give it to a bot."""
BOT_LEASE_SECONDS = 10.0
"""How long one device keeps the right to play a bot's turn before another may take over."""
IDLE_SECONDS = 24 * 3600.0
"""An unfinished table not played for a day is deleted."""
KEEP_FINISHED_SECONDS = 14 * 24 * 3600.0
"""A finished table is kept two weeks for the class's replay."""
OPENED_PER_HOUR = 1_000
"""At most this many tables opened in an hour on the whole server (a flood fills no disk)."""
SCHEMA = Schema(
    "shared_tables",
    """CREATE TABLE IF NOT EXISTS shared_tables (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        seed BIGINT NOT NULL,
        players INTEGER NOT NULL,
        options TEXT NOT NULL,
        host_seat INTEGER NOT NULL,
        version INTEGER NOT NULL,
        stamp INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        opened_at DOUBLE PRECISION NOT NULL,
        touched_at DOUBLE PRECISION NOT NULL,
        moved_at DOUBLE PRECISION NOT NULL,
        bot_lease DOUBLE PRECISION NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS shared_tables_by_touch ON shared_tables (touched_at)",
    """CREATE TABLE IF NOT EXISTS shared_table_seats (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        holder TEXT NOT NULL,
        bot TEXT NOT NULL,
        name TEXT NOT NULL,
        secret TEXT NOT NULL,
        seen_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS shared_table_moves (
        code TEXT NOT NULL,
        line INTEGER NOT NULL,
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        played_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (code, line, number)
    )""",
    """CREATE TABLE IF NOT EXISTS shared_table_undo (
        code TEXT PRIMARY KEY,
        undos INTEGER NOT NULL,
        status TEXT NOT NULL,
        seat INTEGER NOT NULL,
        version INTEGER NOT NULL,
        back_to INTEGER NOT NULL,
        accepted TEXT NOT NULL,
        closed_by INTEGER NOT NULL,
        asked_at DOUBLE PRECISION NOT NULL
    )""",
)
"""``shared_table_undo``: a table's undo request (:mod:`storage.shared_table_undo`), one row per
table, and ``undos``, how many times its log was taken back: a version number comes back after
an undo, so what is kept per version (states, a page's game) is kept per ``(undos, version)``."""


class Refused(Exception):
    """A request the table refused, in words a player understands; the table is unchanged.
    ``table``: the table as it is now (None if there is none), to show the new position."""

    def __init__(self, message: str, table: SharedTable | None = None) -> None:
        super().__init__(message)
        self.table = table


@dataclass(frozen=True)
class Seat:
    """Who holds a seat: ``holder`` is free, person or bot (``bot``: its name); ``name`` is
    the person's name as they typed it (plain text); ``seen_at``: their device's last sign."""

    number: int
    holder: str
    bot: str = ""
    name: str = ""
    seen_at: float = 0.0

    def away(self, now: float) -> bool:
        """A person's seat whose device has not been seen for :data:`AWAY_SECONDS`."""
        return self.holder == PERSON and now - self.seen_at > AWAY_SECONDS


@dataclass(frozen=True)
class UndoRequest:
    """The table's last undo request: ``seat`` asked, on ``version``, to take the log back to
    ``back_to`` moves; ``status`` is open, refused, withdrawn or done (``closed_by``: the seat
    that refused or withdrew it); ``accepted``: the seats that said yes."""

    status: str
    seat: int
    version: int
    back_to: int
    accepted: tuple[int, ...] = ()
    closed_by: int = -1


@dataclass(frozen=True)
class SharedTable:
    """One table as read from the database. ``seed`` stays on the server (not in the repr)."""

    code: str
    game: str
    seed: int = field(repr=False)
    players: int
    options: dict = field(hash=False)
    seats: tuple[Seat, ...]
    host_seat: int
    version: int
    stamp: int
    finished: bool
    moved_at: float = 0.0
    undos: int = 0
    undo: UndoRequest | None = None

    @property
    def asked(self) -> UndoRequest | None:
        """The undo request open on this version (a move, a refusal or an undo closes it)."""
        request = self.undo
        return request if request and request.status == OPEN and request.version == self.version else None

    @property
    def shown(self) -> str:
        """The code as people read it: ``K7P-2QX``."""
        return shown(self.code)

    def holders(self) -> tuple[str, ...]:
        """Each seat in words: the person's name (or "a person"), "<bot> bot", or "free"."""
        return tuple(
            (s.name or "a person") if s.holder == PERSON else f"{s.bot} bot" if s.holder == BOT else FREE
            for s in self.seats
        )

    def free_seats(self) -> list[int]:
        return [s.number for s in self.seats if s.holder == FREE]


def new_seat_code() -> str:
    """A fresh seat code: 8 characters of Crockford base 32 (40 bits, from :mod:`secrets`)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(SEAT_CODE_LENGTH))


def shown_seat_code(code: str) -> str:
    """``ABCD-EFGH``: a seat code as a pupil reads and retypes it."""
    return shown(code)


def normalize_seat_code(text: object) -> str | None:
    """A typed seat code in its stored form (any case, spaces and dashes ignored, O read as 0,
    I and L as 1), or None.

    >>> normalize_seat_code(" abcd-ef0h "), normalize_seat_code("abc")
    ('ABCDEF0H', None)
    """
    code = "".join(str(text)[:100].split()).replace("-", "").upper().translate(str.maketrans("OIL", "011"))
    ok = len(code) == SEAT_CODE_LENGTH and all(ch in ALPHABET for ch in code)
    return code if ok else None


def _secret(table: str, seat_code: str) -> str:
    return hashlib.sha256(f"{table}:{seat_code}".encode()).hexdigest()


_TABLE_COLUMNS = "code, game, seed, players, options, host_seat, version, stamp, finished, moved_at"
_SELECT_ALL = (
    "SELECT t.code, t.game, t.seed, t.players, t.options, t.host_seat, t.version, t.stamp, t.finished, "
    "t.moved_at, COALESCE(u.undos, 0), COALESCE(u.status, ''), COALESCE(u.seat, -1), "
    "COALESCE(u.version, -1), COALESCE(u.back_to, -1), COALESCE(u.accepted, ''), COALESCE(u.closed_by, -1), "
    "s.seat, s.holder, s.bot, s.name, s.seen_at, t.touched_at FROM shared_tables t "
    "JOIN shared_table_seats s ON s.code = t.code LEFT JOIN shared_table_undo u ON u.code = t.code "
)
"""Tables with their undo requests and seats, a row per seat (:func:`_joined` reads them)."""
_WITH_SEATS = _SELECT_ALL + "WHERE t.code = ? ORDER BY s.seat"
"""A table, its undo request and its seats in one read (one round trip to PostgreSQL)."""
_STATES: OrderedDict[tuple, object] = OrderedDict()
_STATES_KEPT = 64
"""States of recent table versions kept by this process (a state is immutable)."""
_STATES_LOCK = threading.Lock()


def _remember(key: tuple, state) -> None:
    with _STATES_LOCK:
        _STATES[key] = state
        while len(_STATES) > _STATES_KEPT:
            _STATES.popitem(last=False)


class SharedTables(Store):
    """The shared tables in the class's database (a pooled connection per call). ``where``: a
    PostgreSQL URL or an SQLite path (default: the configured database). ``clock``: the time
    in seconds (tests set it)."""

    SCHEMA = SCHEMA

    def __init__(self, where=None, clock=time.time) -> None:
        super().__init__(where)
        self.clock = clock

    # -- reading -------------------------------------------------------------------------
    def stamp(self, code: str) -> int | None:
        """The table's change counter (one small read: what a device polls), None if gone.
        Like every method here, it takes the code as typed (any case, with or without the dash)."""
        code = normalize_code(code)
        rows = self._db().query("SELECT stamp FROM shared_tables WHERE code = ?", (code,))
        return rows[0][0] if rows else None

    def lookup(self, text: str) -> SharedTable | None:
        """The table a typed code names (any case, with or without the dash), or None."""
        code = normalize_code(text)
        if code is None:
            return None
        return _joined(self._db().query(_WITH_SEATS, (code,)))

    def moves(self, code: str, since: int = 0, upto: int | None = None) -> list[str]:
        """The codec tokens of moves ``since`` … ``upto`` (exclusive; default: all) of the log."""
        rows = self._db().query(
            "SELECT action FROM shared_table_moves WHERE code = ? AND line = 0 AND number >= ? "
            "AND number < ? ORDER BY number",
            (normalize_code(code), int(since), 1 << 40 if upto is None else int(upto)),
        )
        return [row[0] for row in rows]

    def state(self, code: str, table: SharedTable | None = None):
        """The table's game state now (the full state: for the server only, never a page)."""
        table = table or self.lookup(code)
        if table is None:
            raise Refused(_NO_TABLE)
        return self._state_at(table)

    def _state_at(self, table: SharedTable):
        key = (table.code, table.seed, table.undos, table.version)
        with _STATES_LOCK:
            if key in _STATES:
                _STATES.move_to_end(key)
                return _STATES[key]
        game = game_of(table.game)
        state = game.new_game(table.seed, table.players, **table.options)
        tokens = self.moves(table.code, upto=table.version)
        if len(tokens) != table.version:
            raise Refused("This table's moves could not be read back; it cannot go on.", table)
        for token in tokens:  # moves that were legal when they landed
            state = game.apply(state, game.decode_action(token))
        _remember(key, state)
        return state

    # -- opening and seats -----------------------------------------------------------------
    def open(
        self,
        game: str,
        seed: int,
        seats,
        options: dict | None = None,
        host_seat: int | None = None,
        name: str = "",
    ) -> tuple[SharedTable, str]:
        """Open a table: ``seats`` holds ``PERSON`` (a free seat for a device) or a bot's name
        per seat; the host sits at ``host_seat`` (default: the first person's seat). Returns the
        table and the host's seat code. ``ValueError`` if the set-up does not fit the game."""
        module = game_of(game)
        seats, options = tuple(seats), dict(options or {})
        unknown = [s for s in seats if s != PERSON and s not in module.bots()]
        if unknown:
            raise ValueError(f"Unknown bot {unknown[0]!r}; this game has {', '.join(module.bots())}")
        people = [i for i, s in enumerate(seats) if s == PERSON]
        host_seat = people[0] if host_seat is None and people else host_seat
        if host_seat is None or not 0 <= host_seat < len(seats) or seats[host_seat] != PERSON:
            raise ValueError("A table needs a seat for the person who opens it.")
        module.new_game(int(seed), len(seats), **options)  # the game's own reason if it does not fit
        now = self.clock()
        db = self._db()
        self.clean()
        opened = db.query("SELECT COUNT(*) FROM shared_tables WHERE opened_at > ?", (now - 3600,))[0][0]
        if opened >= OPENED_PER_HOUR:
            raise Refused("Too many tables were opened on this server in the last hour; try again later.")
        seat_code = new_seat_code()
        while True:
            code = new_table_code()
            with db.transaction() as run:
                added = run(
                    f"INSERT INTO shared_tables ({_TABLE_COLUMNS}, opened_at, touched_at, bot_lease) "
                    "VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, 0) "
                    "ON CONFLICT DO NOTHING",
                    (code, game, int(seed), len(seats), json.dumps(options), host_seat, now, now, now),
                ).rowcount
                if added != 1:
                    continue
                for number, kind in enumerate(seats):
                    mine = number == host_seat
                    run(
                        "INSERT INTO shared_table_seats (code, seat, holder, bot, name, secret, seen_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (
                            code,
                            number,
                            PERSON if mine else FREE if kind == PERSON else BOT,
                            "" if kind == PERSON else kind,
                            clean_text(name, MAX_NAME) if mine else "",
                            _secret(code, seat_code) if mine else "",
                            now,
                        ),
                    )
            return self.lookup(code), seat_code

    def join(self, code: str, seat: int, name: str = "") -> str:
        """Take a free seat; returns its seat code. ``Refused`` if it is not free."""
        now, seat_code = self.clock(), new_seat_code()
        with self._locked(code) as (run, table):
            if not any(s.number == seat and s.holder == FREE for s in table.seats):
                raise Refused(
                    f"{self._seat_name(table, seat)} is not free any more: pick another seat.", table
                )
            run(
                "UPDATE shared_table_seats SET holder = ?, name = ?, secret = ?, seen_at = ? "
                "WHERE code = ? AND seat = ?",
                (PERSON, clean_text(name, MAX_NAME), _secret(table.code, seat_code), now, table.code, seat),
            )
            _bump(run, table.code, now)
        return seat_code

    def reclaim(self, code: str, seat_code: str) -> int:
        """The seat a seat code holds at this table (after a reload, on another device)."""
        table = self.lookup(code)
        if table is None:
            raise Refused(_NO_TABLE)
        return self._seat_of(table, seat_code)

    def seen(self, code: str, seat_code: str) -> None:
        """The device holding ``seat_code`` is still there (keeps its seat from looking abandoned)."""
        code, typed = normalize_code(code) or "", normalize_seat_code(seat_code) or ""
        self._db().execute(
            "UPDATE shared_table_seats SET seen_at = ? WHERE code = ? AND secret = ? AND holder = ?",
            (self.clock(), code, _secret(code, typed), PERSON),
        )

    def give_to_bot(self, code: str, host_code: str, seat: int, bot: str) -> SharedTable:
        """The host hands a free or abandoned seat to ``bot``."""
        now = self.clock()
        with self._locked(code) as (run, table):
            if self._seat_of(table, host_code, run) != table.host_seat:
                raise Refused("Only the player who opened the table can hand seats to bots.", table)
            if bot not in game_of(table.game).bots():
                raise Refused(f"This game has no bot called {clean_text(bot, 30)!r}.", table)
            held = next((s for s in table.seats if s.number == seat), None)
            if held is None or held.number == table.host_seat:
                raise Refused("That seat cannot be handed to a bot.", table)
            if held.holder == PERSON and not held.away(now):
                raise Refused(
                    f"{self._seat_name(table, seat)} is still playing: only a free or abandoned seat goes to a bot.",
                    table,
                )
            run(
                "UPDATE shared_table_seats SET holder = ?, bot = ?, name = '', secret = '', seen_at = ? "
                "WHERE code = ? AND seat = ?",
                (BOT, bot, now, table.code, seat),
            )
            seats = tuple(
                replace(s, holder=BOT, bot=bot, name="") if s.number == seat else s for s in table.seats
            )
            if not _settle(run, replace(table, seats=seats), now):  # a bot accepts an open undo at once
                _bump(run, table.code, now)
        return self.lookup(code)

    # -- moves -----------------------------------------------------------------------------
    def play(self, code: str, seat_code: str, version: int, action, undos: int | None = None) -> SharedTable:
        """Play ``action`` (an action or its codec token) for the seat ``seat_code`` holds, on the
        position ``version`` (the number of moves the player saw; ``undos``: the table's undo count
        the player saw, if known). Returns the table after the move; ``Refused`` (table unchanged,
        ``.table`` the position now) otherwise."""
        table = self.lookup(code)
        if table is None:
            raise Refused(_NO_TABLE)
        game = game_of(table.game)
        seat = self._seat_of(table, seat_code)
        if version != table.version or undos not in (None, table.undos):
            raise Refused(_MOVED_ON, table)
        state = self._state_at(table)
        if game.is_over(state):
            raise Refused("The game at this table is over.", table)
        mover = game.current_player(state)
        if mover != seat:
            raise Refused(f"It is not your turn: {self._seat_name(table, mover)} is to move.", table)
        try:
            if isinstance(action, str):
                action = game.decode_action(action[:1_000])
            after = game.apply(state, action)
        except IllegalAction as exc:
            raise Refused(f"Not allowed: {exc}", table) from None
        return self._land(table, seat_code, seat, [(action, after)])

    def bot_turn(self, code: str, pause: float = 0.0) -> bool:
        """If a bot is to move (and ``pause`` seconds have passed since the last move), play its
        whole turn; True if moves landed. Any device may call it: a lease keeps the others from
        deciding the same turn at once, and the version check makes a repeat harmless."""
        table = self.lookup(code)
        now = self.clock()
        if table is None or table.finished or now - table.moved_at < pause:
            return False
        if table.asked is not None:  # bots wait for the people to answer an undo request
            return False
        game, state = game_of(table.game), self._state_at(table)
        seat = game.current_player(state)
        if seat is None or table.seats[seat].holder != BOT:
            return False
        taken = self._db().execute(
            "UPDATE shared_tables SET bot_lease = ? WHERE code = ? AND version = ? AND bot_lease < ?",
            (now + BOT_LEASE_SECONDS, table.code, table.version, now),
        )
        if taken != 1:
            return False
        bot, played, number = game.bots()[table.seats[seat].bot], [], table.version
        while game.current_player(state) == seat and not game.is_over(state):
            action = bot_decision(game, state, bot, table.seed, number)
            state = game.apply(state, action)
            played.append((action, state))
            number += 1
        try:
            self._land(table, None, seat, played, lease=True)
        except Refused:
            return False
        return True

    def _land(
        self, table: SharedTable, seat_code, seat: int, played: list, lease: bool = False
    ) -> SharedTable:
        """Write moves chosen on ``table.version`` if it is still the table's version."""
        game, now = game_of(table.game), self.clock()
        with self._locked(table.code) as (run, locked):
            if (locked.undos, locked.version) != (table.undos, table.version):  # undone and played again
                raise Refused(_MOVED_ON, locked)
            if seat_code is not None and self._seat_of(locked, seat_code, run) != seat:
                raise Refused("Your seat was handed to someone else; this move was not played.", locked)
            if seat_code is None and locked.seats[seat].holder != BOT:
                raise Refused("That seat is no longer a bot's.", locked)
            for number, (action, _) in enumerate(played, start=table.version):
                run(
                    "INSERT INTO shared_table_moves (code, line, number, seat, action, played_at) "
                    "VALUES (?, 0, ?, ?, ?, ?)",
                    (table.code, number, seat, game.encode_action(action), now),
                )
            version = table.version + len(played)
            run(
                "UPDATE shared_tables SET version = ?, stamp = stamp + 1, finished = ?, touched_at = ?, "
                f"moved_at = ?{', bot_lease = 0' if lease else ''} WHERE code = ?",
                (version, int(game.is_over(played[-1][1])), now, now, table.code),
            )
        _remember((table.code, table.seed, table.undos, version), played[-1][1])
        return replace(
            locked,
            version=version,
            stamp=locked.stamp + 1,
            finished=game.is_over(played[-1][1]),
            moved_at=now,
        )

    # -- housekeeping ----------------------------------------------------------------------
    def clean(self) -> int:
        """Delete unfinished tables idle for a day and finished ones past their keeping time."""
        now = self.clock()
        where = "(finished = 0 AND touched_at < ?) OR (finished = 1 AND touched_at < ?)"
        args = (now - IDLE_SECONDS, now - KEEP_FINISHED_SECONDS)
        with self._db().transaction() as run:
            for child in ("shared_table_seats", "shared_table_moves", "shared_table_undo"):
                run(f"DELETE FROM {child} WHERE code IN (SELECT code FROM shared_tables WHERE {where})", args)
            return run(f"DELETE FROM shared_tables WHERE {where}", args).rowcount

    # -- inside a transaction ------------------------------------------------------------------
    def _locked(self, code: str):
        return _Locked(self._db(), normalize_code(code) or "")

    def _seat_of(self, table: SharedTable, seat_code, run=None) -> int:
        """The seat ``seat_code`` holds at ``table`` (read inside the transaction ``run`` if
        given), or ``Refused``. A wrong code writes nothing, so a flood of them costs reads only;
        guessing one takes about 2**39 tries."""
        typed = normalize_seat_code(seat_code)
        found = []
        if typed is not None:
            sql = "SELECT seat FROM shared_table_seats WHERE code = ? AND secret = ? AND holder = ?"
            args = (table.code, _secret(table.code, typed), PERSON)
            found = run(sql, args).fetchall() if run is not None else self._db().query(sql, args)
        if not found:
            raise Refused("This seat code does not hold a seat at this table.", table)
        return found[0][0]

    @staticmethod
    def _seat_name(table: SharedTable, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        return game_of(table.game).INFO.seat_name(seat)


_NO_TABLE = "No table has this code: it may have ended more than a day ago. Check the code."
_MOVED_ON = "The table moved on before your move arrived: here is the new position. Choose again."


class _Locked:
    """``with _Locked(db, code) as (run, table)``: a transaction holding the table's row lock
    (SQLite: the database's write lock, taken by ``BEGIN IMMEDIATE``)."""

    def __init__(self, db, code: str) -> None:
        self.db, self.code = db, code

    def __enter__(self):
        self._context = self.db.transaction()
        run = self._context.__enter__()
        lock = " FOR UPDATE" if self.db.kind == "postgresql" else ""
        if not run(f"SELECT version FROM shared_tables WHERE code = ?{lock}", (self.code,)).fetchall():
            self._context.__exit__(None, None, None)
            raise Refused(_NO_TABLE)
        return run, _joined([tuple(row) for row in run(_WITH_SEATS, (self.code,)).fetchall()])

    def __exit__(self, kind, exc, tb):
        return self._context.__exit__(kind, exc, tb)


def _bump(run, code: str, now: float) -> None:
    run("UPDATE shared_tables SET stamp = stamp + 1, touched_at = ? WHERE code = ?", (now, code))


def waiting(table: SharedTable) -> list[int]:
    """The people who have not yet accepted the table's open undo request (its asker excluded;
    bots accept at once)."""
    asked = table.asked
    if asked is None:
        return []
    return [
        s.number
        for s in table.seats
        if s.holder == PERSON and s.number != asked.seat and s.number not in asked.accepted
    ]


def _settle(run, table: SharedTable, now: float) -> bool:
    """In the table's lock, ``table`` as it is now (its seats and its request's answers): an
    open undo request that no person is left to answer lands. True if it landed (the stamp moved)."""
    asked = table.asked
    if asked is None or waiting(table):
        return False
    run(
        "DELETE FROM shared_table_moves WHERE code = ? AND line = 0 AND number >= ?",
        (table.code, asked.back_to),
    )
    run(
        "UPDATE shared_tables SET version = ?, stamp = stamp + 1, finished = 0, touched_at = ?, moved_at = ?, "
        "bot_lease = 0 WHERE code = ?",
        (asked.back_to, now, now, table.code),
    )
    run("UPDATE shared_table_undo SET status = ?, undos = undos + 1 WHERE code = ?", (DONE, table.code))
    return True


def _joined(rows: list[tuple]) -> SharedTable | None:
    """The table of the rows of one table read with :data:`_SELECT_ALL` (None if no rows)."""
    return _table(rows[0][:17], [row[17:22] for row in rows]) if rows else None


def _table(row, seats) -> SharedTable:
    code, game, seed, players, options, host_seat, version, stamp, finished, moved_at = row[:10]
    undos, status, seat, asked_at, back_to, accepted, closed_by = row[10:]
    undo = None
    if status:
        yes = tuple(int(n) for n in accepted.split(",") if n)
        undo = UndoRequest(status, int(seat), int(asked_at), int(back_to), yes, int(closed_by))
    return SharedTable(
        code,
        game,
        int(seed),
        int(players),
        json.loads(options),
        tuple(Seat(int(n), holder, bot, name, float(seen)) for n, holder, bot, name, seen in seats),
        int(host_seat),
        int(version),
        int(stamp),
        bool(finished),
        float(moved_at),
        int(undos),
        undo,
    )
