"""Class games on one roll: a whole class plays one game from its own devices, every pupil on
a sheet of their own, all choosing from the roll the teacher's screen makes. Kept only in the
class's shared database, like the shared tables (:mod:`storage.shared_tables`: codes, seat
codes and refusals are theirs).

A class game is a game id, its seed (it never leaves the server: left out of every repr), its
set-up, ``rolled`` (how many rolls the teacher made) and its pupils, each with a line of moves
of their own (the game's codec tokens) and a version number (the number of their moves). The
game itself says what a class game is (its ``CLASS_GAME`` declaration: a pupil's sheet, who
is still choosing, the sheet as far as the class rolled, a bot's choice); this module only
keeps order:

- a pupil's choice lands only in the open roll, on the version it was made at, for the pupil
  whose seat code it carries: in one transaction that locks the class game's row (SQLite:
  ``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE``), so a roll and a choice never
  cross, and thirty pupils choosing at once each land once;
- the teacher (the host, who holds the host code) rolls when every pupil has chosen, or
  forces the roll: the choices not made are then the greedy bot's, told as such; a pupil who
  joins late gets the rolls before theirs played by the bot too, and plays the open one;
- when a pupil's game ends in a roll (the game's end rule), the next roll is not made: the
  teacher finishes the game and every pupil's score goes to the class ranking as the results
  of a class challenge (:mod:`storage.challenges`) on the same seed.

>>> import tempfile, pathlib
>>> games = ClassGames(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> game, host = games.open("tanuki_matsuri", seed=7)
>>> aiko, aiko_code = games.join(game.code, "Aiko")
>>> games.roll(game.code, host, 0).rolled
1
>>> games.pupil(game.code, aiko).choosing
True
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace

from engine.core import IllegalAction
from engine.core.registry import game as game_of
from storage.challenges import MAX_NAME, BadName, Challenges, clean_name, normalize_code, shown
from storage.challenges import new_code as new_game_code
from storage.db import Schema, Store
from storage.shared_tables import (
    IDLE_SECONDS,
    KEEP_FINISHED_SECONDS,
    Refused,
    new_seat_code,
    normalize_seat_code,
)

SCHEMA = Schema(
    "class_games",
    """CREATE TABLE IF NOT EXISTS class_games (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        host TEXT NOT NULL,
        rolled INTEGER NOT NULL,
        stamp INTEGER NOT NULL,
        finished INTEGER NOT NULL,
        challenge TEXT NOT NULL,
        opened_at DOUBLE PRECISION NOT NULL,
        touched_at DOUBLE PRECISION NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS class_game_pupils (
        code TEXT NOT NULL,
        pupil INTEGER NOT NULL,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        secret TEXT NOT NULL,
        version INTEGER NOT NULL,
        by_bot INTEGER NOT NULL,
        PRIMARY KEY (code, pupil)
    )""",
    """CREATE TABLE IF NOT EXISTS class_game_moves (
        code TEXT NOT NULL,
        pupil INTEGER NOT NULL,
        number INTEGER NOT NULL,
        action TEXT NOT NULL,
        bot INTEGER NOT NULL,
        PRIMARY KEY (code, pupil, number)
    )""",
)
NOT_ROLLED = "The teacher has not rolled yet: wait for the dice on the projector."
OLD_ROLL = "The teacher rolled again before your choice arrived: here is the new roll."
MOVED_ON = "Your sheet moved on (another tab or device?): here it is now. Choose again."


@dataclass(frozen=True)
class Pupil:
    """A pupil as the class sees them: their number, name, version (moves made), how many of
    their choices the bot made, and — filled by :meth:`ClassGames.standings` — their sheet as
    far as the class rolled, its points, whether they have chosen and whether it ended."""

    number: int
    name: str
    version: int
    by_bot: int
    shown: object = field(default=None, repr=False)
    points: int = 0
    chosen: bool = False
    choosing: bool = False
    ended: bool = False


@dataclass(frozen=True)
class ClassGame:
    """One class game as read from the database. ``seed`` stays on the server."""

    code: str
    game: str
    seed: int = field(repr=False)
    options: dict = field(hash=False)
    rolled: int
    stamp: int
    finished: bool
    challenge: str
    pupils: tuple[Pupil, ...]

    @property
    def shown(self) -> str:
        return shown(self.code)


def offers(game: str) -> bool:
    """The game declares a class game (its ``CLASS_GAME``)."""
    return getattr(game_of(game), "CLASS_GAME", None) is not None


def _rules(game: str):
    return game_of(game).CLASS_GAME


def _secret(code: str, seat_code: str) -> str:
    return hashlib.sha256(f"class:{code}:{seat_code}".encode()).hexdigest()


_LINES: OrderedDict[tuple, tuple] = OrderedDict()
_LINES_KEPT = 512
_LINES_LOCK = threading.Lock()
"""Pupils' (actions, state) of recent versions kept by this process (states are immutable)."""


class ClassGames(Store):
    """The class games in the class's database (a pooled connection per call). ``where``: a
    PostgreSQL URL or an SQLite path (default: the configured one); ``clock``: seconds."""

    SCHEMA = SCHEMA

    def __init__(self, where=None, clock=time.time) -> None:
        super().__init__(where)
        self.where, self.clock = where, clock

    # -- reading -------------------------------------------------------------------------
    def stamp(self, code: str) -> tuple | None:
        """What a device polls: changes with every roll, join and choice (None: no such game)."""
        rows = self._db().query(
            "SELECT c.stamp, (SELECT COALESCE(SUM(p.version), 0) FROM class_game_pupils p "
            "WHERE p.code = c.code) FROM class_games c WHERE c.code = ?",
            (normalize_code(code) or "",),
        )
        return (int(rows[0][0]), int(rows[0][1])) if rows else None

    def watch(self, code: str, pupil: int) -> tuple | None:
        """What a pupil's device polls: changes with a roll, a join, the end or their own
        choice (not with each classmate's choice). None: no such game."""
        rows = self._db().query(
            "SELECT c.stamp, (SELECT p.version FROM class_game_pupils p WHERE p.code = c.code AND p.pupil = ?) "
            "FROM class_games c WHERE c.code = ?",
            (int(pupil), normalize_code(code) or ""),
        )
        return tuple(rows[0]) if rows else None

    def teacher(self, code: str, host_code: str) -> bool:
        """``host_code`` is this class game's host code (the teacher's screen after a reload)."""
        code, typed = normalize_code(str(code)[:100]) or "", normalize_seat_code(host_code) or ""
        rows = self._db().query("SELECT host FROM class_games WHERE code = ?", (code,))
        return bool(rows) and rows[0][0] == _secret(code, typed)

    def lookup(self, text: str) -> ClassGame | None:
        code = normalize_code(str(text)[:100])
        if code is None:
            return None
        return self._read(self._db().query, code)

    def line(self, game: ClassGame, pupil: int) -> tuple[list, object]:
        """A pupil's actions and full state (the server's: never a page's)."""
        mine = next((p for p in game.pupils if p.number == pupil), None)
        if mine is None:
            raise Refused("No such pupil in this class game.")
        key = (game.code, game.seed, pupil, mine.version)
        with _LINES_LOCK:
            if key in _LINES:
                _LINES.move_to_end(key)
                return _LINES[key]
        module = game_of(game.game)
        rows = self._db().query(
            "SELECT action FROM class_game_moves WHERE code = ? AND pupil = ? AND number < ? ORDER BY number",
            (game.code, pupil, mine.version),
        )
        actions = [module.decode_action(row[0]) for row in rows]
        state = _rules(game.game).start(game.seed, game.options)
        for action in actions:  # choices that were legal when they landed
            state = module.apply(state, action)
        with _LINES_LOCK:
            _LINES[key] = (actions, state)
            while len(_LINES) > _LINES_KEPT:
                _LINES.popitem(last=False)
        return actions, state

    def pupil(self, code: str, number: int, game: ClassGame | None = None) -> Pupil:
        """One pupil with their sheet as far as the class rolled (what their page draws)."""
        game = game or self.lookup(code)
        if game is None:
            raise Refused(_NO_GAME)
        return self._standing(game, next(p for p in game.pupils if p.number == number))

    def standings(self, code: str, game: ClassGame | None = None) -> list[Pupil]:
        """Every pupil with sheet, points and choice, best score first (the live ranking)."""
        game = game or self.lookup(code)
        if game is None:
            raise Refused(_NO_GAME)
        return sorted((self._standing(game, p) for p in game.pupils), key=lambda p: (-p.points, p.number))

    def dice(self, game: ClassGame) -> tuple[int, ...]:
        """The dice of the open roll (none before the first roll)."""
        return _rules(game.game).roll_of(game.seed, game.options, game.rolled) if game.rolled else ()

    def _standing(self, game: ClassGame, pupil: Pupil) -> Pupil:
        rules = _rules(game.game)
        actions, state = self.line(game, pupil.number)
        sheet = rules.sheet_shown(game.seed, game.options, actions, game.rolled)
        return Pupil(
            pupil.number,
            pupil.name,
            pupil.version,
            pupil.by_bot,
            sheet,
            rules.points(sheet),
            rules.chosen(state, game.rolled),
            rules.choosing(state, game.rolled) and not game.finished,
            rules.ended(sheet),
        )

    # -- the teacher -----------------------------------------------------------------------
    def open(self, game: str, seed: int, options: dict | None = None) -> tuple[ClassGame, str]:
        """Open a class game; returns it and the host code (the teacher's, to roll)."""
        if not offers(game):
            raise ValueError("This game has no class game on one roll.")
        options = dict(options or {})
        _rules(game).start(int(seed), options)  # the game's own reason if the set-up does not fit
        now, host = self.clock(), new_seat_code()
        db = self._db()
        self.clean()
        while True:
            code = new_game_code()
            added = db.execute(
                "INSERT INTO class_games (code, game, seed, options, host, rolled, stamp, finished, "
                "challenge, opened_at, touched_at) VALUES (?, ?, ?, ?, ?, 0, 0, 0, '', ?, ?) "
                "ON CONFLICT DO NOTHING",
                (code, game, int(seed), json.dumps(options), _secret(code, host), now, now),
            )
            if added == 1:
                return self.lookup(code), host

    def roll(self, code: str, host_code: str, rolled: int, force: bool = False) -> ClassGame:
        """The teacher's roll after roll ``rolled`` (what their screen showed). Refused while a
        pupil is still choosing, unless ``force``: the bot then chooses for them. When a pupil's
        game ended in the roll, there is no next roll: :meth:`finish` ends the class game."""
        with self._locked(code) as (run, game):
            self._host(run, game, host_code)
            if game.rolled != rolled:
                raise Refused("This roll was already made (another tab?): here is the game now.", game)
            if game.rolled:
                standings = self._standings_in(game)
                waiting = [p for p in standings if p.choosing]
                if waiting and not force:
                    raise Refused(
                        f"{_pupils(len(waiting))} still choosing: wait, or roll anyway (the bot chooses).",
                        game,
                    )
                if any(p.ended for p in standings):
                    raise Refused("A pupil's game ended in this roll: finish the class game.", game)
                for pupil in waiting:
                    self._bot_plays(run, game, pupil.number, game.rolled)
            run(
                "UPDATE class_games SET rolled = rolled + 1, stamp = stamp + 1, touched_at = ? WHERE code = ?",
                (self.clock(), game.code),
            )
        return self.lookup(code)

    def finish(self, code: str, host_code: str, force: bool = False) -> ClassGame:
        """End the class game (a pupil's game ended in this roll, or the teacher stops it):
        choices still open are the bot's with ``force``; every score goes to the class ranking."""
        with self._locked(code) as (run, game):
            self._host(run, game, host_code)
            if game.finished:  # the call that ended it records the scores (never twice)
                return game
            waiting = [p for p in self._standings_in(game) if p.choosing]
            if waiting and not force:
                raise Refused(
                    f"{_pupils(len(waiting))} still choosing: wait, or finish anyway (the bot chooses).", game
                )
            for pupil in waiting:
                self._bot_plays(run, game, pupil.number, game.rolled)
            run(
                "UPDATE class_games SET finished = 1, stamp = stamp + 1, touched_at = ? WHERE code = ?",
                (self.clock(), game.code),
            )
        return self._record(self.lookup(code))

    # -- pupils ----------------------------------------------------------------------------
    def join(self, code: str, name: str) -> tuple[int, str]:
        """A pupil joins with their name (it goes to the class ranking); returns their number
        and seat code. A late joiner's sheet catches up: the rolls before theirs are the bot's."""
        try:
            name = clean_name(name)
        except BadName as exc:
            raise Refused(str(exc)) from None
        seat_code = new_seat_code()
        with self._locked(code) as (run, game):
            if game.finished:
                raise Refused("This class game is over: its ranking is on the Classroom page.", game)
            if any(p.name.casefold() == name.casefold() for p in game.pupils):
                raise Refused(
                    "Someone of that name is already playing here: add a letter to tell you apart.", game
                )
            if len(game.pupils) >= _rules(game.game).PUPILS:
                raise Refused("This class game is full.", game)
            number = max((p.number for p in game.pupils), default=0) + 1
            run(
                "INSERT INTO class_game_pupils (code, pupil, name, name_key, secret, version, by_bot) "
                "VALUES (?, ?, ?, ?, ?, 0, 0)",
                (game.code, number, name[:MAX_NAME], name.casefold(), _secret(game.code, seat_code)),
            )
            if game.rolled > 1:
                self._bot_plays(run, _with_pupil(game, Pupil(number, name, 0, 0)), number, game.rolled - 1)
            run(
                "UPDATE class_games SET stamp = stamp + 1, touched_at = ? WHERE code = ?",
                (self.clock(), game.code),
            )
        return number, seat_code

    def reclaim(self, code: str, seat_code: str) -> int:
        """The pupil a seat code holds (after a reload, on another device)."""
        game = self.lookup(code)
        if game is None:
            raise Refused(_NO_GAME)
        return self._pupil_of(self._db().query, game, seat_code)

    def pick(self, code: str, seat_code: str, pupil: int, rolled: int, version: int, action) -> ClassGame:
        """One choice (an action or its codec token) of ``pupil`` (whose seat code it carries)
        in roll ``rolled`` on their sheet's ``version``. ``Refused`` (nothing changed, ``.table``
        the class game now) for a pick before the roll, in an old roll, on an old version, for
        another pupil or with a code that holds no seat."""
        game = self.lookup(code)
        if game is None:
            raise Refused(_NO_GAME)
        if self._pupil_of(self._db().query, game, seat_code) != pupil:
            raise Refused("This seat code is not that pupil's: nothing was played.", game)
        module, rules = game_of(game.game), _rules(game.game)
        _, state = self.line(game, pupil)
        if game.finished:
            raise Refused("The class game is over.", game)
        if rolled != game.rolled:
            raise Refused(OLD_ROLL if rolled < game.rolled else NOT_ROLLED, game)
        mine = next(p for p in game.pupils if p.number == pupil)
        if version != mine.version:
            raise Refused(MOVED_ON, game)
        if not rules.choosing(state, game.rolled):
            raise Refused(
                NOT_ROLLED if game.rolled == 0 else "You have chosen: wait for the next roll.", game
            )
        try:
            if isinstance(action, str):
                action = module.decode_action(action[:1_000])
            module.apply(state, action)
        except (IllegalAction, ValueError, TypeError) as exc:
            raise Refused(f"Not allowed: {str(exc)[:300]}", game) from None
        with self._locked(code) as (run, locked):
            now_version = next((p.version for p in locked.pupils if p.number == pupil), None)
            if locked.rolled != rolled or locked.finished:
                raise Refused(OLD_ROLL, locked)
            if now_version != version:
                raise Refused(MOVED_ON, locked)
            self._write(run, locked.code, pupil, version, [(module.encode_action(action), 0)])
        return self.lookup(code)

    # -- housekeeping ----------------------------------------------------------------------
    def clean(self) -> int:
        """Delete unfinished class games idle for a day, finished ones after two weeks."""
        now = self.clock()
        where = "(finished = 0 AND touched_at < ?) OR (finished = 1 AND touched_at < ?)"
        args = (now - IDLE_SECONDS, now - KEEP_FINISHED_SECONDS)
        with self._db().transaction() as run:
            for child in ("class_game_pupils", "class_game_moves"):
                run(f"DELETE FROM {child} WHERE code IN (SELECT code FROM class_games WHERE {where})", args)
            return run(f"DELETE FROM class_games WHERE {where}", args).rowcount

    # -- inside -----------------------------------------------------------------------------
    def _standings_in(self, game: ClassGame) -> list[Pupil]:
        return [self._standing(game, p) for p in game.pupils]

    def _bot_plays(self, run, game: ClassGame, pupil: int, upto: int) -> None:
        """The bot makes ``pupil``'s choices still open in rolls 1 … ``upto`` (inside the lock:
        the pupil's moves are read as committed, so it is called once per pupil and lock)."""
        module, rules = game_of(game.game), _rules(game.game)
        mine = next(p for p in game.pupils if p.number == pupil)
        _, state = self.line(game, pupil)
        played = []
        for rolled in range(1, upto + 1):
            while rules.choosing(state, rolled):
                action = rules.bot_move(state)
                state = module.apply(state, action)
                played.append((module.encode_action(action), 1))
        if played:
            self._write(run, game.code, pupil, mine.version, played)

    def _write(self, run, code: str, pupil: int, version: int, played: list) -> None:
        for number, (token, bot) in enumerate(played, start=version):
            run(
                "INSERT INTO class_game_moves (code, pupil, number, action, bot) VALUES (?, ?, ?, ?, ?)",
                (code, pupil, number, token, bot),
            )
        bots = sum(bot for _, bot in played)
        run(
            "UPDATE class_game_pupils SET version = version + ?, by_bot = by_bot + ? WHERE code = ? AND pupil = ?",
            (len(played), bots, code, pupil),
        )
        run("UPDATE class_games SET touched_at = ? WHERE code = ?", (self.clock(), code))

    def _record(self, game: ClassGame) -> ClassGame:
        """Every pupil's score into the class ranking, as a class challenge's results (once)."""
        if game.challenge:
            return game
        book = Challenges(self.where)
        challenge = book.create(game.game, game.seed, 1, ("human",), game.options, f"Class game {game.shown}")
        for pupil in self.standings(game.code, game):
            moves = pupil.version
            book.record(
                challenge.code,
                pupil.name,
                pupil.points,
                "finished",
                False,
                moves,
                f"class:{game.code}:{pupil.number}",
            )
        self._db().execute(
            "UPDATE class_games SET challenge = ?, stamp = stamp + 1 WHERE code = ? AND challenge = ''",
            (challenge.code, game.code),
        )
        return self.lookup(game.code)

    def _locked(self, code: str):
        return _Locked(self, normalize_code(str(code)[:100]) or "")

    def _host(self, run, game: ClassGame, host_code: str) -> None:
        typed = normalize_seat_code(host_code) or ""
        found = run("SELECT host FROM class_games WHERE code = ?", (game.code,)).fetchall()
        if not found or found[0][0] != _secret(game.code, typed):
            raise Refused("Only the teacher's screen (its host code) can roll.", game)

    @staticmethod
    def _pupil_of(query, game: ClassGame, seat_code: str) -> int:
        typed = normalize_seat_code(seat_code)
        rows = []
        if typed is not None:
            rows = query(
                "SELECT pupil FROM class_game_pupils WHERE code = ? AND secret = ?",
                (game.code, _secret(game.code, typed)),
            )
        if not rows:
            raise Refused("This seat code does not hold a sheet in this class game.", game)
        return int(rows[0][0])

    @staticmethod
    def _read(query, code: str) -> ClassGame | None:
        rows = query(
            "SELECT code, game, seed, options, rolled, stamp, finished, challenge FROM class_games WHERE code = ?",
            (code,),
        )
        if not rows:
            return None
        pupils = query(
            "SELECT pupil, name, version, by_bot FROM class_game_pupils WHERE code = ? ORDER BY pupil",
            (code,),
        )
        code, game, seed, options, rolled, stamp, finished, challenge = rows[0]
        return ClassGame(
            code,
            game,
            int(seed),
            json.loads(options),
            int(rolled),
            int(stamp),
            bool(finished),
            challenge,
            tuple(Pupil(int(n), name, int(v), int(b)) for n, name, v, b in pupils),
        )


def _pupils(n: int) -> str:
    return f"{n} pupil{'s' if n != 1 else ''}"


_NO_GAME = "No class game has this code: it may have ended more than a day ago. Check the code."


def _with_pupil(game: ClassGame, pupil: Pupil) -> ClassGame:
    return replace(game, pupils=(*game.pupils, pupil))


class _Locked:
    """``with _Locked(store, code) as (run, game)``: a transaction holding the class game's row
    lock (SQLite: the database's write lock, taken by ``BEGIN IMMEDIATE``)."""

    def __init__(self, store: ClassGames, code: str) -> None:
        self.store, self.code = store, code

    def __enter__(self):
        db = self.store._db()
        self._context = db.transaction()
        run = self._context.__enter__()
        lock = " FOR UPDATE" if db.kind == "postgresql" else ""
        if not run(f"SELECT rolled FROM class_games WHERE code = ?{lock}", (self.code,)).fetchall():
            self._context.__exit__(None, None, None)
            raise Refused(_NO_GAME)
        return run, ClassGames._read(lambda sql, args: run(sql, args).fetchall(), self.code)

    def __exit__(self, kind, exc, tb):
        return self._context.__exit__(kind, exc, tb)
