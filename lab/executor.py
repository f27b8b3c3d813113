"""One interface, three backends: in-process, a local process pool, a Dask cluster.

Every backend runs the same function on the same chunks of game indices
(:func:`lab.record.play_many`), and every game's seed comes from the plan and its index
alone, so the same plan gives identical records on each of them. Building an executor is
cheap: nothing starts until :meth:`batches` is first iterated (the page asks
``executor_for(plan).name`` on every rerun).

Pool and Dask workers import ``lab`` and ``engine`` by module path: the local ones inherit the
parent's ``sys.path`` (multiprocessing's spawn/forkserver preparation data carries it); the
workers of a remote Dask cluster need the project, at the same commit, on their path.

>>> from lab.plan import Plan
>>> plan = Plan("fan_mallet", 2, ("random", "random"), games=3, seed=1)
>>> with InProcess() as executor:
...     [record.index for batch in executor.batches(plan, 2) for record in batch]
[0, 1, 2]
"""

from __future__ import annotations

import math
import multiprocessing
import os
import time
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Protocol, runtime_checkable

from .estimate import game_seconds, wall_seconds
from .plan import Plan
from .record import GameRecord, play_many

ADDRESS_VARIABLE = "DOJO_DASK_ADDRESS"
# A pool's start-up: workers importing the engine (2–3 s measured on the 2-core machine).
POOL_START_SECONDS = 2.5
# Below this a pool's start-up costs more than it saves.
IN_PROCESS_SECONDS = 2 * POOL_START_SECONDS
# A chunk's work: short enough for a smooth progress bar and a prompt cancel, and long enough
# to pay on a pool: a chunk costs the page about 0.4 ms of CPU (submit, pickles; measured:
# 600 one-game chunks, 0.24 s), nothing next to half a second of games (``bench.lab_pool``
# also times chunks four times larger).
CHUNK_SECONDS = 0.5


@runtime_checkable
class Executor(Protocol):
    """Plays a plan's games in chunks and yields each chunk's records as it finishes."""

    name: str
    workers: int  # processes playing at once
    work_seconds: float  # wall-clock seconds the workers spent playing the chunks returned so far

    def batches(self, plan: Plan, chunk: int) -> Iterator[list[GameRecord]]: ...

    def close(self) -> None: ...

    def __enter__(self) -> Executor: ...

    def __exit__(self, *exc: object) -> None: ...


def chunks(plan: Plan, chunk: int) -> list[range]:
    """The plan's game indices cut into ranges of ``chunk`` games.

    >>> chunks(Plan("yokai", 2, ("random", "random"), 5, 0), 2)
    [range(0, 2), range(2, 4), range(4, 5)]
    """
    if chunk < 1:
        raise ValueError(f"A chunk holds at least one game, not {chunk}")
    return [range(start, min(start + chunk, plan.games)) for start in range(0, plan.games, chunk)]


def timed_play(plan: Plan, indices: range | list[int]) -> tuple[list[GameRecord], float]:
    """A chunk's records and the seconds its worker spent playing them (what a pool or a
    cluster runs: the run's pace is measured where the games are played, without start-up
    or queueing)."""
    start = time.perf_counter()
    records = play_many(plan, indices)
    return records, time.perf_counter() - start


class _Closing:
    """Context manager: ``with executor:`` closes it on the way out, whatever happened."""

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:  # pragma: no cover - every backend overrides it
        raise NotImplementedError

    def _finished(self, futures: Iterable) -> Iterator[list[GameRecord]]:
        """The records of each finished chunk in ``futures`` (of :func:`timed_play`), its
        playing time added to ``work_seconds``, until the executor is closed."""
        for future in futures:
            if self._closed:
                return
            records, seconds = future.result()
            self.work_seconds += seconds
            yield records


class InProcess(_Closing):
    """Plays the chunks one after the other in this process (small runs, tests)."""

    name = "in-process"
    workers = 1

    def __init__(self) -> None:
        self._closed = False
        self.work_seconds = 0.0

    def batches(self, plan: Plan, chunk: int) -> Iterator[list[GameRecord]]:
        for part in chunks(plan, chunk):
            if self._closed:
                return
            records, seconds = timed_play(plan, part)
            self.work_seconds += seconds
            yield records

    def close(self) -> None:
        self._closed = True


def default_workers() -> int:
    """The cores this process may use (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


def pool_context() -> multiprocessing.context.BaseContext:
    # Never fork: the Streamlit server has threads, and a forked child inherits their locks.
    # (A forkserver preloading the engine started later pools faster, but one browser test
    # then saw the pool broken at once on a loaded machine: not kept.)
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


class ProcessPool(_Closing):
    """A local ``concurrent.futures`` process pool (forkserver, or spawn where there is none)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers if workers is not None else default_workers()
        if self.workers < 1:
            raise ValueError(f"A pool has at least one worker, not {self.workers}")
        self.name = f"process pool ({self.workers} worker{'s' if self.workers > 1 else ''})"
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self.work_seconds = 0.0

    def batches(self, plan: Plan, chunk: int) -> Iterator[list[GameRecord]]:
        if self._closed:
            return
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=pool_context())
        pending = {self._pool.submit(timed_play, plan, part) for part in chunks(plan, chunk)}
        try:
            while pending and not self._closed:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                yield from self._finished(done)
        finally:
            for future in pending:
                future.cancel()

    def processes(self) -> list[multiprocessing.process.BaseProcess]:
        """The pool's worker processes now (empty before the first batch and after close)."""
        pool = self._pool
        # concurrent.futures keeps them in a private dict: the only way to see (and stop) them.
        return list((pool._processes or {}).values()) if pool is not None else []

    def close(self) -> None:
        """Cancel the queued chunks and stop the workers now, without waiting for the chunks
        they are playing (their games are thrown away)."""
        self._closed = True
        workers = self.processes()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        pool.shutdown(wait=False, cancel_futures=True)
        # concurrent.futures (before 3.14) has no public way to stop a chunk a worker is playing.
        for process in workers:
            if process.is_alive():
                process.terminate()
        for process in workers:
            process.join(timeout=5)


class DaskCluster(_Closing):
    """A ``dask.distributed`` cluster at ``address`` (``tcp://host:8786``). Needs the optional
    extra: ``pip install -r requirements-cluster.txt``."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.name = f"dask ({address})"
        self._client = None
        self._futures: list = []
        self._closed = False
        self.workers = 1  # until connected: then the cluster's threads
        self.work_seconds = 0.0

    def batches(self, plan: Plan, chunk: int) -> Iterator[list[GameRecord]]:
        if self._closed:
            return
        from dask.distributed import Client, as_completed

        if self._client is None:
            self._client = Client(self.address, set_as_default=False, timeout="20s")
            self.workers = max(1, sum(self._client.nthreads().values()))
        self._futures = [
            self._client.submit(timed_play, plan, list(part), pure=False) for part in chunks(plan, chunk)
        ]
        try:
            yield from self._finished(as_completed(self._futures, loop=self._client.loop))
        finally:
            self._cancel()

    def _cancel(self) -> None:
        futures, self._futures = self._futures, []
        if futures and self._client is not None and self._client.status == "running":
            self._client.cancel(futures)

    def close(self) -> None:
        """Cancel this run's futures and disconnect (the cluster itself stays up)."""
        self._closed = True
        self._cancel()
        client, self._client = self._client, None
        if client is not None:
            client.close()


def cluster_address() -> str | None:
    """The Dask scheduler address from ``DOJO_DASK_ADDRESS``, or None when it is not set."""
    address = os.environ.get(ADDRESS_VARIABLE, "").strip()
    return address or None


def machine_load() -> float:
    """The one-minute load average (0 where the system does not tell it)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):  # Windows
        return 0.0


def estimate_seconds(plan: Plan, workers: int = 1, *, load: float = 0.0) -> float:
    """A rough wall-clock estimate of the plan on ``workers`` processes (from measured costs)
    while other work keeps ``load`` processes runnable, a pool's start-up included.

    >>> plan = Plan("fan_mallet", 2, ("lookahead", "lookahead"), 100, 1)
    >>> round(estimate_seconds(plan)), round(estimate_seconds(plan, 2)), round(estimate_seconds(plan, 2, load=2.0))
    (96, 50, 98)
    """
    work = game_seconds(plan.game, plan.players, plan.seats) * plan.games
    start = POOL_START_SECONDS if workers > 1 else 0.0
    return wall_seconds(work, workers, max(workers, default_workers()), load, start)


def executor_for(plan: Plan, address: str | None = None) -> Executor:
    """Dask when a cluster address is given or configured; otherwise in-process when the run is
    small (or there is one core), else the process pool.

    >>> executor_for(Plan("fan_mallet", 2, ("random", "random"), 100, 1), address=None).name
    'in-process'
    """
    address = address or cluster_address()
    if address:
        return DaskCluster(address)
    if default_workers() == 1 or estimate_seconds(plan) < IN_PROCESS_SECONDS:
        return InProcess()
    return ProcessPool()


def chunk_size(plan: Plan) -> int:
    """Games a chunk: about :data:`CHUNK_SECONDS` of work, and at least 8 chunks a run (4 a
    worker of a 2-core pool: its last chunks end close together).

    >>> chunk_size(Plan("fan_mallet", 2, ("lookahead", "lookahead"), 100, 1))
    1
    """
    per_game = game_seconds(plan.game, plan.players, plan.seats)
    return max(1, min(int(CHUNK_SECONDS / per_game), math.ceil(plan.games / 8)))
