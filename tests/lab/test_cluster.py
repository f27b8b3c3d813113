"""The distributed engine: a small plan of every game on a real local Dask cluster (two worker
processes) gives exactly the in-process records.

``distributed`` is the optional extra (requirements-cluster.txt, installed by ``make test``):
under CI its absence fails this test; elsewhere the test skips and says why.
"""

import os
import time

import pytest

from lab.executor import DaskCluster
from lab.plan import Plan
from lab.run import run

from .conftest import SMALL_PLANS


def _local_cluster():
    try:
        from dask.distributed import LocalCluster
    except ImportError as error:
        reason = f"dask.distributed is not installed ({error}): pip install -r requirements-cluster.txt"
        if os.environ.get("CI") == "true":
            pytest.fail(f"The cluster test cannot run under CI: {reason}")
        pytest.skip(reason)
    return LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None)


@pytest.fixture(scope="module")
def cluster():
    with _local_cluster() as cluster:
        yield cluster


def test_a_local_cluster_gives_the_in_process_records(cluster, reference):
    with DaskCluster(cluster.scheduler_address) as executor:
        assert executor.name == f"dask ({cluster.scheduler_address})"
        for plan in SMALL_PLANS:
            results = run(plan, executor)
            assert results.complete and results.backend == executor.name
            assert list(results.records) == reference[plan]
    # two worker processes served the run
    assert len(cluster.scheduler_info["workers"]) == 2


def _tasks(dask_scheduler) -> int:
    return len(dask_scheduler.tasks)


def test_close_cancels_the_pending_work(cluster):
    plan = Plan("fan_mallet", 2, ("lookahead", "lookahead"), 400, 3)
    executor = DaskCluster(cluster.scheduler_address)
    batches = executor.batches(plan, 1)
    assert len(next(batches)) == 1
    executor.close()
    assert list(batches) == []
    executor.close()
    # the scheduler lets go of the cancelled chunks within a few seconds
    from dask.distributed import Client

    with Client(cluster.scheduler_address, set_as_default=False) as client:
        deadline = time.monotonic() + 10
        while client.run_on_scheduler(_tasks) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert client.run_on_scheduler(_tasks) == 0
