"""Run a plan on an executor, reporting progress after every chunk.

>>> from lab.executor import InProcess
>>> from lab.plan import Plan
>>> seen = []
>>> results = run(Plan("yokai", 2, ("random", "random"), 4, 3), InProcess(), on_progress=seen.append)
>>> results.complete, [r.index for r in results.records], seen[-1].done, seen[-1].total
(True, [0, 1, 2, 3], 4, 4)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from .estimate import seconds_left
from .executor import Executor, chunk_size
from .plan import Plan
from .record import GameRecord


@dataclass(frozen=True)
class Results:
    """A run's records (sorted by index), how long it took, where it ran, and whether every
    game of the plan is in (a cancelled run keeps the games finished so far)."""

    plan: Plan
    records: tuple[GameRecord, ...]
    seconds: float
    backend: str
    complete: bool


@dataclass(frozen=True)
class Progress:
    """How far a run is: games done of the total, seconds so far, and an estimate of the
    seconds left at the run's own measured pace (None until a first chunk is in; a pool's
    start-up does not count in it, see :func:`lab.estimate.seconds_left`). ``results`` holds the games finished so
    far (``complete`` once the last is in), so a page cancelled mid-run can keep them."""

    done: int
    total: int
    elapsed: float
    eta: float | None
    results: Results | None = None


def _results(plan: Plan, found: dict[int, GameRecord], seconds: float, backend: str) -> Results:
    records = tuple(found[index] for index in sorted(found))
    return Results(plan, records, seconds, backend, complete=len(records) == plan.games)


def run(plan: Plan, executor: Executor, *, on_progress: Callable[[Progress], None] | None = None) -> Results:
    """Play every game of ``plan`` on ``executor``; ``on_progress`` after each chunk.

    When ``on_progress`` raises (the page is being cancelled or rerun), the executor is closed
    and the exception propagates. When the executor is closed from elsewhere, the run stops
    and returns the games finished so far (``complete`` False)."""
    plan.check()
    start = time.perf_counter()
    found: dict[int, GameRecord] = {}
    try:
        for batch in executor.batches(plan, chunk_size(plan)):
            for record in batch:
                found[record.index] = record
            if on_progress is not None:
                elapsed = time.perf_counter() - start
                done = len(found)
                eta = seconds_left(plan.games, done, executor.work_seconds, executor.workers)
                so_far = _results(plan, found, elapsed, executor.name)
                on_progress(Progress(done, plan.games, elapsed, eta, so_far))
    except BaseException:
        executor.close()
        raise
    return _results(plan, found, time.perf_counter() - start, executor.name)
