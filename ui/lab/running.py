"""Playing a Lab run on the page: a progress bar with the time left, a Cancel button, the cache.

A click on any widget (Cancel, or a link elsewhere) makes Streamlit start a new run of the
page at once, in a new thread, and ask the old one to stop; the old one only stops at its
next drawing call, after the chunk it waits for. So the new run of this page, finding the
run still playing, closes its executor itself (:func:`settle`) and waits for the old thread
to wind down: that one's ``finally`` closes the executor again (safe twice), marks the run
cancelled and says it has stopped. The games finished so far are kept: every progress
report carries them (``Progress.results``), kept before the drawing call that may be
interrupted. A cancelled run is never cached.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import streamlit as st

from lab.cache import ResultCache
from lab.executor import Executor, executor_for
from lab.plan import Plan
from lab.run import Progress, Results, run
from ui.kit.store import Keys

from .timing import left

RUNNING, DONE, CACHED, CANCELLED, FAILED = "running", "done", "cached", "cancelled", "failed"
STOP_WAIT_S = 60.0  # the longest a page waits for an interrupted run to hand back its games


@dataclass
class LabRun:
    """A run on this page: its ``results`` so far (partial while it plays), and how it ended."""

    plan: Plan
    backend: str
    status: str = RUNNING
    results: Results | None = None
    error: str = ""
    executor: Executor | None = None
    cancelling: bool = False
    stopped: threading.Event = field(default_factory=threading.Event)
    views: dict = field(default_factory=dict)  # the results' tables and charts, built once

    @property
    def done(self) -> int:
        return len(self.results.records) if self.results else 0

    def end(self, status: str, results: Results | None = None, error: str = "") -> None:
        """Pure Python (no drawing call), so it is safe while Streamlit unwinds a click."""
        self.status, self.error = status, error
        self.results = results or self.results

    def cancel(self) -> None:
        """Stop the executor from another thread than the one playing (a newer page run)."""
        self.cancelling = True
        executor = self.executor  # the playing thread may drop it meanwhile
        if executor is not None:
            executor.close()


@st.cache_resource
def shared_cache() -> ResultCache:
    """One cache for every visitor of this server: a finished plan is never played twice."""
    return ResultCache()


def current(keys: Keys) -> LabRun | None:
    return st.session_state.get(keys("run"))


def request(keys: Keys, plan: Plan) -> None:
    """The Run button's callback: a plan played before shows its results at once; any other
    plays on this run of the page, under the form (greyed out meanwhile)."""
    cached = shared_cache().get(plan)
    if cached is not None:
        job = LabRun(plan, cached.backend, CACHED, cached)
        st.session_state[keys("run")] = job
    elif not plan.problems():
        st.session_state[keys("pending")] = plan


def settle(keys: Keys) -> None:
    """At the top of the page: a run still playing belongs to an older run of this page that
    a click interrupted; stop it now and wait until its games so far are kept."""
    job = current(keys)
    if job is None or job.status != RUNNING:
        return
    job.cancel()
    deadline = time.monotonic() + STOP_WAIT_S
    with st.spinner("Stopping the run…"):
        while not job.stopped.wait(0.1):
            st.session_state.get(keys("run"))  # a point where Streamlit may stop this run too
            if time.monotonic() > deadline:  # never hang the page on a stuck worker
                job.end(CANCELLED)
                break


def pending(keys: Keys) -> Plan | None:
    return st.session_state.get(keys("pending"))


def _progress_text(progress: Progress) -> str:
    return f"**{progress.done:,} of {progress.total:,} games** · {left(progress.eta)}"


def play_pending(keys: Keys) -> None:
    """Play the requested plan with a progress bar and a Cancel button, then draw the page
    again (the form un-greyed, the results below it)."""
    plan = st.session_state.pop(keys("pending"), None)
    if plan is None:
        return
    executor = executor_for(plan)
    job = LabRun(plan, executor.name, executor=executor)
    box = None
    try:  # from here on, however this run of the page ends, the job ends and says so
        st.session_state[keys("run")] = job
        box = st.empty()
        with box.container(border=True):
            st.markdown(f"**Playing {plan.games:,} games** · backend: {executor.name}")
            bar = st.progress(0.0, text=_progress_text(Progress(0, plan.games, 0.0, None)))
            st.button("⏹ Cancel", key=keys("cancel"), help="Stop now and keep the games finished so far.")

        def on_progress(progress: Progress) -> None:
            job.results = progress.results  # first: the drawing call below is where a click interrupts
            bar.progress(progress.done / max(progress.total, 1), text=_progress_text(progress))

        results = run(plan, executor, on_progress=on_progress)
    except Exception as exc:  # a broken cluster or a bot's bug: say so, keep what finished
        # (an executor closed under its feet by a newer run is a cancel, not a failure)
        job.end(CANCELLED if job.cancelling else FAILED, error=f"{type(exc).__name__}: {exc}")
    else:
        job.end(DONE if results.complete else CANCELLED, results)
        shared_cache().put(results)  # the cache keeps complete runs only
    finally:
        executor.close()
        job.executor = None
        if job.status == RUNNING:  # interrupted by a click: Cancel, or a link elsewhere
            job.end(CANCELLED)
        job.stopped.set()
    if box is not None:
        box.empty()
    st.rerun()
