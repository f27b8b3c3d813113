"""The server process: what a class on one ``streamlit run`` needs that Streamlit's options
cannot say. ``app.py`` and every game page call :func:`settle` first thing; in a real server
(not under AppTest) it puts ``app.py`` in front of every page, and once per process it tunes
the collector and the config files' watchers.

What the options can say is in ``.streamlit/config.toml``: no full collection after every
run (``runner.postScriptGC``), no source watcher (``server.fileWatcherType``). ``make
profile`` (``bench/profile_server.py``) shows where a real server's time goes.
"""

from __future__ import annotations

import gc
import importlib
import threading

import streamlit as st
from streamlit import config, runtime
from streamlit.runtime.pages_manager import PagesManager
from streamlit.watcher import polling_path_watcher

GC_THRESHOLDS = (10_000, 10, 10)
"""The collector's generation thresholds (Python's: 700, 10, 10)."""
CONFIG_POLL_SECONDS = 5.0
"""How often Streamlit looks at its config files for changes (its own period: 0.2 s)."""

_lock = threading.Lock()
_tuned = False


def serving() -> bool:
    """True in a ``streamlit run`` process (False under AppTest and in plain Python)."""
    return runtime.exists() and not config.get_option("global.appTest")


def settle() -> None:
    """``app.py`` in front of this run, and the process tuned once (a real server only)."""
    global _tuned
    if not serving():
        return
    if not _tuned:
        with _lock:
            if not _tuned:
                tune_collector()
                slow_config_watchers()
                _tuned = True
    take_the_entry()


def tune_collector() -> None:
    """Python's cyclic collector, for a server with ``runner.postScriptGC`` off.

    Streamlit's collection after every run walked every object of the process, so its cost
    grew with the engines, Plotly's validators and the boards' figure caches (half the
    server's time with 4 sessions). Without it, Python's generational collection runs, and:

    - a larger youngest generation (10,000 objects, not 700) lets most of a run's objects die
      by reference counting before any collection walks them (a board's figure and its dict
      are tens of thousands of references): 2-3x less time in the collector;
    - what every game page imports, and one board figure a game (Plotly's validators), is
      frozen once warm (``gc.freeze``, in a background thread): full collections then walk
      only what sessions made since, not the ~170,000 objects of the code.

    Cycles still go: the young generations take those of a run, a full collection those that
    lived long (figures leaving the boards' caches); ``make load --rss-every`` shows the
    server's memory flat over a lesson.
    """
    gc.set_threshold(*GC_THRESHOLDS)
    threading.Thread(target=_warm_and_freeze, name="dojo-warm-up", daemon=True).start()


def _warm_and_freeze() -> None:
    from engine.core.registry import game as engine_of
    from ui.registry import GAMES
    from ui.warm import warm_up

    warm_up(wait=True)  # every game page's imports (the same thread Home starts)
    for entry in GAMES:
        if entry.ready:
            board = importlib.import_module(f"boards.{entry.id}")
            engine = engine_of(entry.id)
            board.figure(engine.view(engine.new_game(1, engine.INFO.default_players), 0))
    gc.collect()
    gc.freeze()


def slow_config_watchers() -> None:
    """Streamlit polls ``~/.streamlit/config.toml`` and ``.streamlit/config.toml`` every
    0.2 s whatever ``server.fileWatcherType`` says: each poll wakes a thread that must take the
    GIL from a running script (7-13% of py-spy's samples with 4 sessions). A class's server
    needs no edited setting within 0.2 s: within 5 s will do."""
    polling_path_watcher._POLLING_PERIOD_SECS = CONFIG_POLL_SECONDS  # read at every poll


def take_the_entry() -> None:
    """Make ``app.py`` run in front of every page.

    A project with a ``pages/`` folder starts in Streamlit's first multipage mode, where a
    page asked for by its address (``/<game>?game=…``: a pupil's share link) runs alone,
    without ``app.py``: no page set-up, no navigation, no test page. Streamlit leaves that mode
    only when ``app.py`` calls ``st.navigation``, that is once someone opens Home. Set its flag
    as ``st.navigation`` does (``PagesManager.uses_pages_directory``, one for the process) and
    run this page again, now through ``app.py``: a page keeps its address, its hash comes from
    its URL path in both modes.
    """
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
