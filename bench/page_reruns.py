"""Median rerun cost of every page in a mid-game state, next to an empty Streamlit page.

Run: ``make bench`` (or ``.venv/bin/python -m bench.page_reruns --runs 15``). A benchmark,
not a test: it prints figures and a ratio per page (target: within 5x of the empty page).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.core.registry import game as engine_of
from ui.kit.session import new_session
from ui.registry import entries

ROOT = Path(__file__).resolve().parent.parent
EMPTY_PAGE = "import streamlit as st\nst.write('empty')\n"


def share_script_cache() -> None:
    """Compile each page once, as the real server does.

    AppTest builds a new ScriptCache for every run, so each rerun would re-parse and
    re-compile every page script (about 1 ms per 100 lines): a cost the server does not pay
    and that would make long pages look slow. One shared cache removes it for every page,
    the empty one included.
    """
    from streamlit.runtime.scriptrunner.script_cache import ScriptCache
    from streamlit.testing.v1 import app_test, local_script_runner

    shared = ScriptCache()
    local_script_runner.ScriptCache = app_test.ScriptCache = lambda: shared


def median_rerun(at: AppTest, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
        assert not at.exception, at.exception
    return statistics.median(times)


def mid_game(game, moves: int, seed: int = 1):
    """A session some moves into a seeded game (every seat human, so nothing auto-plays)."""
    session = new_session(game, seed, game.INFO.default_players)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.over:
            break
        session = session.play(rng.choice(game.legal_actions(session.state)))
    return session


def pages():
    """(label, page path, engine module or None) for every page of the app (the test games'
    too: ``main`` registers them)."""
    yield "Home", "pages/home.py", None
    yield "Rules", "pages/rules.py", None
    for game in entries():
        if game.ready:
            yield game.info.title, game.page, engine_of(game.id)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--moves", type=int, default=20, help="moves played before measuring")
    args = parser.parse_args()
    os.environ["DOJO_TEST_GAMES"] = "1"
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    share_script_cache()

    empty = AppTest.from_string(EMPTY_PAGE, default_timeout=60)
    empty.run()
    base = median_rerun(empty, args.runs)
    print(f"{'page':<24} {'median rerun':>13} {'ratio':>7}")
    print(f"{'(empty page)':<24} {base * 1000:>10.1f} ms {1:>6.1f}x")
    for label, path, game in pages():
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.run()
        at.switch_page(path)
        at.run()
        if game is not None:
            at.session_state[f"{game.INFO.id}:session"] = mid_game(game, args.moves)
            at.run()
        cost = median_rerun(at, args.runs)
        flag = "" if cost <= 5 * base else "  (over the 5x target)"
        print(f"{label:<24} {cost * 1000:>10.1f} ms {cost / base:>6.1f}x{flag}")


if __name__ == "__main__":
    main()
