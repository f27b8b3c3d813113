"""Time per call of the shared database's stores, on an SQLite file and a real PostgreSQL.

    .venv/bin/python -m bench.db_calls                 # both databases, 300 calls each
    .venv/bin/python -m bench.db_calls --calls 500 --threads 8 --only postgresql

PostgreSQL is Debian's package, started unprivileged on a free loopback port by the tests'
own helper (``tests/school/postgres.py``: ``fsync=off``, trust auth over TCP), so a connect
here is the cheapest it gets; a school's server across the network pays more per round trip.

The shared table is opened for the first registered game two people can play (Fan & Mallet),
the class games for the first that declares a class game (its ``CLASS_GAME``: Tanuki Matsuri).
Calls timed, each one what a page does (median and 90th percentile, wall-clock µs):

- ``table stamp``: a device's poll of a shared table (once a second per device);
- ``table lookup``: the table with its seats (each redraw);
- ``class watch``: a pupil's device polling the class game;
- ``class pick``: one pupil's choice (a transaction locking the class game's row, then the
  game read back), pupils of a 30-pupil class choosing in turn, the teacher rolling when all chose;
- ``polls, N threads``: the table stamp polled by N threads at once, each making as many calls
  as above (wall time / all their calls).

``connects/call`` counts ``sqlite3.connect`` / ``psycopg.connect`` per call: the deterministic
part of the figure (wall-clock time on a shared machine is noisy; the load is printed). ``CPU``
is this process's CPU time a call (not the PostgreSQL server's).
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.protocol import Game  # noqa: E402
from engine.core.registry import games as registered  # noqa: E402
from storage.class_games import ClassGames, offers  # noqa: E402
from storage.shared_tables import PERSON, SharedTables  # noqa: E402

PUPILS = 30
_connects = [0]


def table_game() -> Game:
    """The first registered game two people can play at a shared table."""
    return next(g for g in registered() if 2 in g.INFO.players)


def class_game() -> Game:
    """The first registered game that declares a class game."""
    return next(g for g in registered() if offers(g.INFO.id))


def count_connects() -> None:
    """Count every new connection either driver opens (wrapping their ``connect``)."""
    import psycopg

    for module in (sqlite3, psycopg):
        opened = module.connect

        def counted(*args, _opened=opened, **kwargs):
            _connects[0] += 1
            return _opened(*args, **kwargs)

        module.connect = counted


def timed(call: Callable[[], object], calls: int) -> tuple[list[float], float, float]:
    """Each call's seconds, and a call's connects and CPU seconds (this process's) on average."""
    before, cpu, times = _connects[0], time.process_time(), []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times, (_connects[0] - before) / calls, (time.process_time() - cpu) / calls


def class_picks(games: ClassGames) -> Callable[[], tuple[float, int, float]]:
    """A function making the next choice of a 30-pupil class game (rolling when all chose,
    opening a new class game when one ends): the pick's seconds, connects and CPU seconds."""
    state, module = {}, class_game()

    def new_game() -> None:
        game, host = games.open(module.INFO.id, 7)
        pupils = [games.join(game.code, f"Pupil {n}") for n in range(PUPILS)]
        games.roll(game.code, host, 0)
        state.update(code=game.code, host=host, pupils=pupils, turn=0)

    def pick() -> object:
        while True:
            game = games.lookup(state["code"])
            for _ in range(PUPILS):
                number, seat_code = state["pupils"][state["turn"] % PUPILS]
                mine = next(p for p in game.pupils if p.number == number)
                _, line = games.line(game, number)
                if module.CLASS_GAME.choosing(line, game.rolled):
                    action = module.legal_actions(line)[0]
                    before, cpu, start = _connects[0], time.process_time(), time.perf_counter()
                    games.pick(state["code"], seat_code, number, game.rolled, mine.version, action)
                    seconds = time.perf_counter() - start
                    return seconds, _connects[0] - before, time.process_time() - cpu
                state["turn"] += 1
            if any(p.ended for p in games.standings(state["code"], game)):
                new_game()
            else:
                games.roll(state["code"], state["host"], game.rolled)

    new_game()
    return pick


def pick_times(games: ClassGames, calls: int) -> tuple[list[float], float, float]:
    """The pick alone (the lookups choosing what to pick, and the rolls, are not counted)."""
    pick = class_picks(games)
    times, connects, cpu = zip(*(pick() for _ in range(calls)), strict=True)
    return list(times), sum(connects) / calls, sum(cpu) / calls


def threaded(call: Callable[[], object], threads: int, calls: int) -> float:
    """Seconds a call when ``threads`` threads make ``calls`` calls each at once."""
    barrier = threading.Barrier(threads + 1)

    def worker() -> None:
        barrier.wait()
        for _ in range(calls):
            call()

    workers = [threading.Thread(target=worker) for _ in range(threads)]
    for w in workers:
        w.start()
    barrier.wait()
    start = time.perf_counter()
    for w in workers:
        w.join()
    return (time.perf_counter() - start) / (threads * calls)


def bench(kind: str, where, calls: int, threads: int) -> None:
    tables, games = SharedTables(where), ClassGames(where)
    table, _ = tables.open(table_game().INFO.id, 7, (PERSON, PERSON))
    game, _ = games.open(class_game().INFO.id, 7)
    pupil, _ = games.join(game.code, "Aiko")
    rows = [
        ("table stamp", *timed(lambda: tables.stamp(table.code), calls)),
        ("table lookup", *timed(lambda: tables.lookup(table.code), calls)),
        ("class watch", *timed(lambda: games.watch(game.code, pupil), calls)),
        ("class pick", *pick_times(games, calls)),
    ]
    for name, times, connects, cpu in rows:
        q = statistics.quantiles(times, n=10)
        print(
            f"{kind:<10} {name:<16} median {statistics.median(times) * 1e6:7.0f} µs"
            f"  p90 {q[-1] * 1e6:7.0f} µs  CPU {cpu * 1e6:6.0f} µs  connects/call {connects:.2f}"
        )
    per_call = threaded(lambda: tables.stamp(table.code), threads, calls)
    print(f"{kind:<10} {f'polls, {threads} threads':<16} {per_call * 1e6:8.0f} µs a call (wall / calls)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--only", choices=("sqlite", "postgresql"))
    args = parser.parse_args()
    os.environ.pop("DOJO_DATABASE_URL", None)
    count_connects()
    print(f"load {open('/proc/loadavg').read().split()[:3]} (1, 5, 15 min), {os.cpu_count()} cores")
    if args.only != "postgresql":
        with tempfile.TemporaryDirectory() as folder:
            bench("sqlite", Path(folder) / "class.sqlite3", args.calls, args.threads)
    if args.only != "sqlite":
        from tests.school import postgres

        reason = postgres.missing_reason()
        if reason:
            sys.exit(f"no PostgreSQL: {reason}")
        server = postgres.start()
        try:
            bench("postgresql", server.new_database(), args.calls, args.threads)
        finally:
            server.stop()
    print(f"load {open('/proc/loadavg').read().split()[:3]} (1, 5, 15 min)")


if __name__ == "__main__":
    main()
