"""The Lab's time estimates: before a run a rough guess that counts the machine's load, during
a run the run's own measured pace (a pool's start-up never counts as a game's time)."""

from __future__ import annotations

import time

import pytest

from lab.estimate import cores_share, seconds_left, wall_seconds
from lab.executor import InProcess, chunk_size, estimate_seconds
from lab.plan import Plan
from lab.run import run


def test_a_busy_machine_gives_a_run_a_share_of_its_cores():
    assert cores_share(2, 2, 0.0) == 2.0  # idle: a core a worker
    assert cores_share(4, 2, 0.0) == 2.0  # never more than the cores
    assert cores_share(2, 2, 2.0) == 1.0  # two other busy processes: half of each core
    assert wall_seconds(60.0, 1, 2, 3.0) == pytest.approx(120.0)  # 4 runnable on 2 cores
    plan = Plan("tanuki_matsuri", 2, ("hint", "hint"), 200, 1)
    assert estimate_seconds(plan, 2, load=4.0) > 2 * estimate_seconds(plan, 2, load=0.0) - 3


def test_the_time_left_follows_the_measured_pace_not_the_start_up():
    # The case: a pool of 2 whose workers took 6 s to start, then chunks of one game of
    # 0.3 s. The old estimate (elapsed / done × left) said 1,254 s after the first game.
    first = seconds_left(total=200, done=1, work_seconds=0.3, workers=2)
    assert first == pytest.approx(0.3 * 199 / 2)
    # The pace changes (another class starts a run): the estimate follows the games measured.
    assert seconds_left(200, 100, 60.0, 2) == pytest.approx(0.6 * 100 / 2)
    assert seconds_left(200, 199, 60.0, 2) == pytest.approx(60.0 / 199)  # one game left: one worker
    assert seconds_left(200, 200, 60.0, 2) == 0.0
    assert seconds_left(200, 0, 0.0, 2) is None


class SlowStart(InProcess):
    """In-process, after a second of start-up (a pool's workers importing the engine)."""

    def batches(self, plan, chunk):
        time.sleep(1.0)
        yield from super().batches(plan, chunk)


def test_a_run_reports_its_own_pace_from_the_first_chunk_on():
    plan = Plan("fan_mallet", 2, ("random", "random"), 16, 4)
    seen = []
    executor = SlowStart()
    run(plan, executor, on_progress=seen.append)
    first = seen[0]
    assert first.done == chunk_size(plan) == 2 and first.elapsed >= 1.0
    # Elapsed / done × left would be at least 7 s here; the games themselves take milliseconds.
    assert first.eta < 0.25 * first.elapsed / first.done * (first.total - first.done)
    assert executor.work_seconds < first.elapsed + sum(p.elapsed for p in seen[1:])
    assert [p.eta for p in seen][-1] == 0.0
