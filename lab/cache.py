"""Finished runs kept by their plan: the same settings show their results again at once.

A run's records depend only on its plan, so a complete run can stand in for a new one with
the same plan; a cancelled (partial) run is never kept.

>>> from lab.executor import InProcess
>>> from lab.plan import Plan
>>> from lab.run import run
>>> cache = ResultCache(runs=2)
>>> plan = Plan("yokai", 2, ("random", "random"), 2, 1)
>>> cache.get(plan) is None
True
>>> cache.put(run(plan, InProcess()))
>>> cache.get(plan).plan == plan
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .plan import Plan
from .run import Results


class ResultCache:
    """The ``runs`` most recently used complete runs, by ``plan.key()`` (thread-safe: the
    page's sessions share one)."""

    def __init__(self, runs: int = 16) -> None:
        if runs < 1:
            raise ValueError(f"A cache keeps at least one run, not {runs}")
        self.runs = runs
        self._results: OrderedDict[str, Results] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, plan: Plan) -> Results | None:
        """The cached results of ``plan`` (now the most recently used), or None."""
        key = plan.key()
        with self._lock:
            found = self._results.get(key)
            if found is not None:
                self._results.move_to_end(key)
            return found

    def put(self, results: Results) -> None:
        """Keep a complete run, dropping the least recently used beyond ``runs``; a partial
        run is ignored."""
        if not results.complete:
            return
        key = results.plan.key()
        with self._lock:
            self._results[key] = results
            self._results.move_to_end(key)
            while len(self._results) > self.runs:
                self._results.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._results)

    def clear(self) -> None:
        with self._lock:
            self._results.clear()
