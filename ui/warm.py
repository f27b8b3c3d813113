"""A game page's first load, shortened at both ends.

In the browser, a board needs Plotly.js (its basic bundle, 1.2 MB, ``ui/kit/board_view.py``),
fetched only when the page's first board mounts. :func:`plotly_early` sends a hidden board
component with no figure before the page's own work; the session's next run removes it.
Measured on 2026-12-03 (README, the first-load figures), it mounts in the same reveal as the
board, so it starts Plotly.js no sooner, and a page without it loaded in 0.98-1.07x the time:
kept, not proven to pay. On the server, the first run of a game page in a process imports
pandas, the engines, explainers and boards (about a second); :func:`warm_up` does those imports
once per process in a background thread, so the first visitor of a game page does not wait for
them.

``bench.first_load`` measures both (a game page's first load against the Rules page's).
"""

from __future__ import annotations

import importlib
import threading

import streamlit as st

EARLY = "dojo:plotly_early"
"""Session key: this session has had its hidden chart (one per session is enough)."""

_HIDE = "<style>.st-key-dojo_plotly_early{display:none}</style>"

_warm_lock = threading.Lock()
_warm_thread: threading.Thread | None = None


def plotly_early() -> None:
    """On a session's first run, a hidden board with no figure that makes the browser fetch
    Plotly.js as soon as it mounts (with the page's other lazily loaded elements, the board
    included); the session's next run, which does not draw it, removes it.
    (Emptied in the run that sent it, the preload never mounted: the browser draws a run's
    messages together.)
    """
    if not st.session_state.get(EARLY):
        st.session_state[EARLY] = True
        from ui.kit.board_view import preload_plotly

        # At the end of the sidebar: the hidden element still takes a gap in its column, and in
        # the main column the board sat 8 px lower on the first run than on the next.
        with st.sidebar.container(key="dojo_plotly_early"):
            st.html(_HIDE)
            preload_plotly("dojo:plotly_preload")


def modules() -> list[str]:
    """What a game page imports on its first run: each ready game's page code and board."""
    from ui.registry import GAMES

    names = ["pandas", "plotly.graph_objects", "plotly.io", "ui.kit"]
    for game in GAMES:
        if game.ready:
            names += [f"ui.games.{game.id}.{part}" for part in ("play", "learn", "whatif")]
            names.append(f"boards.{game.id}")
    return names


def _import_all() -> None:
    from boards.frozen import default_template

    for name in modules():
        importlib.import_module(name)
    default_template()  # Plotly loads its template files on first use


def warm_up(wait: bool = False) -> threading.Thread:
    """Import what game pages need, once per process, in a background thread (the first call
    starts it; later calls return the same thread). ``wait``: return once it is done."""
    global _warm_thread
    with _warm_lock:
        if _warm_thread is None:
            _warm_thread = threading.Thread(target=_import_all, name="dojo-warm-up", daemon=True)
            _warm_thread.start()
    if wait:
        _warm_thread.join()
    return _warm_thread
