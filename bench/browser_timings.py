"""What a player waits for, measured in a real Chromium against a real server.

    .venv/bin/python -m bench.browser_timings --runs 5

Prints medians (milliseconds) of: the first load of the Rules page and of a bare Plotly page
(the test game, whose cost is mostly the browser loading Plotly); then, for each game with
clicks to time (its ``bench/<game>_clicks.py`` ``CLICKS``: Fan & Mallet's hand card until its
path shows on the board, Tanuki Matsuri's die until the fruits to circle are highlighted and
its hint from click to table), the first load of its page, the page picked from Home in the
sidebar, and those clicks. A benchmark, not a test: wall-clock figures depend on the machine
and its load.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import time
from collections.abc import Callable

from playwright.sync_api import sync_playwright

from bench.browser import BOARD, VIEWPORT, ms
from engine.core.registry import TEST_GAME_MODULES, games
from tests.e2e.browser import IDLE
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, start_server

BARE = importlib.import_module(TEST_GAME_MODULES[0]).INFO
"""The test game, whose page is little more than a Plotly chart."""


def clicks_of(game_id: str) -> dict[str, Callable] | None:
    """The game's ``CLICKS`` (``bench/<game>_clicks.py``), None for a game without them."""
    name = f"bench.{game_id}_clicks"
    return importlib.import_module(name).CLICKS if importlib.util.find_spec(name) else None


def first_load(browser, base: str, path: str, ready: str) -> float:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(base)
    page.wait_for_selector(IDLE)
    start = time.perf_counter()
    page.goto(f"{base}/{path}")
    page.wait_for_selector(ready)
    page.wait_for_selector(IDLE)
    took = ms(start)
    page.context.close()
    return took


def from_home(browser, base: str, link: str) -> float:
    """Home open, then the game picked in the sidebar (the app's own navigation, no reload)."""
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(base)
    page.wait_for_selector(IDLE)
    start = time.perf_counter()
    page.locator("[data-testid='stSidebarNav']").get_by_text(link, exact=True).click()
    page.wait_for_selector(BOARD)
    page.wait_for_selector(IDLE)
    took = ms(start)
    page.context.close()
    return took


def checks(browser, base: str) -> dict[str, Callable[[], float]]:
    """Every timing, by its label, in the order printed."""
    timed = [(g.INFO, clicks_of(g.INFO.id)) for g in games()]
    timed = [(info, clicks) for info, clicks in timed if clicks]
    found = {
        "first load: Rules page": lambda: first_load(browser, base, "rules", "[data-testid='stExpander']"),
        f"first load: a bare Plotly page ({BARE.title})": lambda: first_load(browser, base, BARE.id, BOARD),
    }
    for info, _ in timed:
        found[f"first load: {info.title}"] = lambda i=info: first_load(browser, base, i.id, BOARD)
    for info, _ in timed:
        found[f"Home -> {info.title} (sidebar)"] = lambda i=info: from_home(browser, base, i.title)
    for _, clicks in timed:
        found.update({label: lambda c=click: c(browser, base) for label, click in clicks.items()})
    return found


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    proc, base = start_server()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            timings = checks(browser, base)
            for check in timings.values():  # warm the server's caches once
                check()
            print(f"{'what':<48} {'median':>8} {'max':>8}  ({args.runs} runs)")
            for label, check in timings.items():
                times = [check() for _ in range(args.runs)]
                print(f"{label:<48} {statistics.median(times):>6.0f} ms {max(times):>6.0f} ms")
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
