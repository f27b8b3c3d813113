"""Executors: the same records whatever the chunking or backend; a clean cancel; the choice."""

import os
import time

import pytest

from lab import executor as executors
from lab.executor import DaskCluster, InProcess, ProcessPool, chunk_size, chunks, executor_for
from lab.plan import Plan
from lab.run import Progress, run

from .conftest import SMALL_PLANS

BIG = Plan("fan_mallet", 2, ("lookahead", "lookahead"), 5_000, 3)  # about an hour on one core


@pytest.mark.parametrize("plan", SMALL_PLANS, ids=lambda plan: plan.game)
@pytest.mark.parametrize("chunk", [2, 3, 100])
def test_in_process_records_do_not_depend_on_chunking(plan, chunk, reference):
    with InProcess() as executor:
        batches = list(executor.batches(plan, chunk))
    assert [len(batch) for batch in batches] == [len(part) for part in chunks(plan, chunk)]
    assert [record for batch in batches for record in batch] == reference[plan]


def test_the_pool_gives_the_in_process_records(reference):
    with ProcessPool(2) as pool:
        assert pool.name == "process pool (2 workers)"
        for plan in SMALL_PLANS:
            assert list(run(plan, pool).records) == reference[plan]


def _gone(processes, seconds=5.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(process.is_alive() for process in processes):
            break
        time.sleep(0.05)
    alive = []
    for process in processes:
        try:
            os.kill(process.pid, 0)
            alive.append(process.pid)
        except ProcessLookupError:
            pass
    return not alive


def test_close_stops_a_big_run_at_once():
    pool = ProcessPool(2)
    batches = pool.batches(BIG, 1)
    first = next(batches)
    workers = pool.processes()
    assert len(first) == 1 and len(workers) == 2
    started = time.monotonic()
    pool.close()
    assert _gone(workers), "the pool's workers outlived close()"
    assert time.monotonic() - started < 5
    assert list(batches) == []  # nothing more comes: the queued chunks were cancelled
    pool.close()  # twice is fine


def test_a_raising_progress_callback_closes_the_executor():
    pool = ProcessPool(2)
    seen = []

    def cancel(progress: Progress):
        seen.append(progress)
        raise KeyboardInterrupt  # what a page's rerun looks like from here

    with pytest.raises(KeyboardInterrupt):
        run(BIG, pool, on_progress=cancel)
    assert len(seen) == 1 and seen[0].total == BIG.games and seen[0].eta is not None
    assert seen[0].results.complete is False and len(seen[0].results.records) == seen[0].done
    assert pool.processes() == []


def test_closing_from_the_callback_keeps_the_games_so_far():
    executor = InProcess()
    plan = Plan("yokai", 2, ("random", "random"), 40, 2)
    results = run(plan, executor, on_progress=lambda progress: executor.close())
    assert not results.complete
    assert [record.index for record in results.records] == list(range(chunk_size(plan)))


def test_progress_counts_up_to_the_total():
    plan = Plan("fan_mallet", 2, ("random", "random"), 30, 4)
    seen = []
    results = run(plan, InProcess(), on_progress=seen.append)
    assert [p.done for p in seen] == [min(30, n * chunk_size(plan)) for n in range(1, len(seen) + 1)]
    assert seen[-1].done == seen[-1].total == 30 and seen[-1].eta == 0
    assert seen[-1].results == results.__class__(plan, results.records, seen[-1].elapsed, "in-process", True)
    assert results.complete and results.backend == "in-process"


def test_executor_for_picks_the_backend(monkeypatch):
    monkeypatch.delenv(executors.ADDRESS_VARIABLE, raising=False)
    monkeypatch.setattr(executors, "default_workers", lambda: 2)
    small = Plan("fan_mallet", 2, ("random", "greedy"), 200, 1)
    assert isinstance(executor_for(small), InProcess)
    big = executor_for(BIG)
    assert isinstance(big, ProcessPool) and big.processes() == []  # nothing started yet
    assert isinstance(executor_for(Plan("tanuki_matsuri", 1, ("hint",), 10, 1)), ProcessPool)
    dask = executor_for(small, "tcp://10.0.0.5:8786")
    assert isinstance(dask, DaskCluster) and dask.name == "dask (tcp://10.0.0.5:8786)"
    monkeypatch.setenv(executors.ADDRESS_VARIABLE, "tcp://scheduler:8786")
    assert executor_for(small).name == "dask (tcp://scheduler:8786)"
    monkeypatch.setattr(executors, "default_workers", lambda: 1)
    monkeypatch.delenv(executors.ADDRESS_VARIABLE)
    assert isinstance(executor_for(BIG), InProcess)  # one core: a pool would only add start-up


def test_chunks_are_about_half_a_second_and_at_least_eight_a_run():
    assert chunk_size(Plan("fan_mallet", 2, ("random", "random"), 20_000, 1)) > 100
    assert chunk_size(Plan("fan_mallet", 2, ("random", "random"), 16, 1)) == 2
    assert chunk_size(Plan("tanuki_matsuri", 4, ("hint",) * 4, 100, 1)) == 1
