"""Jobs sent at once, as devices pressing together do."""

from __future__ import annotations

import threading
from collections.abc import Callable

from storage.shared_tables import Refused


def race(jobs: list[Callable[[], object]]) -> list:
    """Run each job in its own thread, all released at once; their results, a ``Refused``
    where the store refused one."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def one(i: int) -> None:
        barrier.wait()
        try:
            results[i] = jobs[i]()
        except Refused as refused:
            results[i] = refused

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
