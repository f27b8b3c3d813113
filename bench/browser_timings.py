"""What a player waits for, measured in a real Chromium against a real server.

    .venv/bin/python -m bench.browser_timings --runs 5

Prints medians (milliseconds) of: first load of each game page next to the Rules page and
a bare Plotly page (the test game, whose cost is mostly the browser loading Plotly); a
click on a Fan & Mallet hand card until its path shows on the board; a click on a Tanuki
die until the fruits to circle are highlighted; and the Tanuki hint from click to table.
A benchmark, not a test: wall-clock figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

import engine.tanuki_matsuri as tm
from engine.core import encode_link
from engine.core.registry import TEST_GAME_MODULES
from tests.e2e.browser import IDLE
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, start_server

ROOT = Path(__file__).resolve().parent.parent
BOARD = ".js-plotly-plot .scatterlayer"
BARE = importlib.import_module(TEST_GAME_MODULES[0]).INFO
"""The test game, whose page is little more than a Plotly chart."""


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def first_load(browser, base: str, path: str, ready: str) -> float:
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
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
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    page.goto(base)
    page.wait_for_selector(IDLE)
    start = time.perf_counter()
    page.locator("[data-testid='stSidebarNav']").get_by_text(link, exact=True).click()
    page.wait_for_selector(BOARD)
    page.wait_for_selector(IDLE)
    took = ms(start)
    page.context.close()
    return took


def click_point(page, token: str) -> None:
    """Click the board marker carrying ``token`` (a real mouse click at its position)."""
    page.wait_for_function(
        "(t) => { const gd = document.querySelector('.js-plotly-plot');"
        " return gd && gd.data && gd.data.some(d => (d.customdata || []).includes(t)); }",
        arg=token,
    )
    xy = page.evaluate(
        """(t) => { const gd = document.querySelector('.js-plotly-plot'); const r = gd.getBoundingClientRect();
        const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
        for (const d of gd.data) { const j = (d.customdata || []).indexOf(t);
          if (j >= 0) return [r.left + xa._offset + xa.l2p(d.x[j]), r.top + ya._offset + ya.l2p(d.y[j])]; } }""",
        token,
    )
    page.mouse.click(*xy)


def fm_card_click(browser, base: str) -> float:
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    page.goto(base)
    page.wait_for_selector(IDLE)
    page.goto(f"{base}/fan_mallet")
    page.wait_for_selector(BOARD)
    page.wait_for_selector(IDLE)
    token = page.evaluate(
        "() => document.querySelector('.js-plotly-plot').data.find(d => d.name === 'hand').customdata[0]"
    )
    start = time.perf_counter()
    click_point(page, token)
    page.wait_for_function(
        "() => { const gd = document.querySelector('.js-plotly-plot'); return gd && gd.innerText.includes('goes here'); }"
    )
    took = ms(start)
    page.context.close()
    return took


def tm_page(browser, base: str):
    page = browser.new_context(viewport={"width": 1440, "height": 1000}).new_page()
    state = tm.new_game(seed=1, dice=[[1, 2, 4]])
    page.goto(base)
    page.wait_for_selector(IDLE)
    page.goto(f"{base}/tanuki_matsuri?game={encode_link(tm.to_json(state))}")
    page.wait_for_selector(BOARD)
    page.wait_for_selector(IDLE)
    return page


def tm_die_click(browser, base: str) -> float:
    page = tm_page(browser, base)
    start = time.perf_counter()
    click_point(page, "d1")
    page.wait_for_function(
        "() => { const gd = document.querySelector('.js-plotly-plot');"
        " return gd && gd.data && (gd.data.find(d => d.name === 'choices') || {}).customdata; }"
    )
    took = ms(start)
    page.context.close()
    return took


def tm_hint(browser, base: str) -> float:
    page = tm_page(browser, base)
    start = time.perf_counter()
    page.get_by_role("button", name="💡 Hint").click()
    page.get_by_text("Hint: expected final scores").wait_for()
    page.locator("[data-testid='stDataFrame']").last.wait_for()
    took = ms(start)
    page.context.close()
    return took


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
            checks = {
                "first load: Rules page": lambda: first_load(
                    browser, base, "rules", "[data-testid='stExpander']"
                ),
                f"first load: a bare Plotly page ({BARE.title})": lambda: first_load(
                    browser, base, BARE.id, BOARD
                ),
                "first load: Fan & Mallet": lambda: first_load(browser, base, "fan_mallet", BOARD),
                "first load: Tanuki Matsuri": lambda: first_load(browser, base, "tanuki_matsuri", BOARD),
                "Home -> Fan & Mallet (sidebar)": lambda: from_home(browser, base, "Fan & Mallet"),
                "Home -> Tanuki Matsuri (sidebar)": lambda: from_home(browser, base, "Tanuki Matsuri"),
                "Fan & Mallet: card click -> path on the board": lambda: fm_card_click(browser, base),
                "Tanuki: die click -> fruits highlighted": lambda: tm_die_click(browser, base),
                "Tanuki: hint click -> table": lambda: tm_hint(browser, base),
            }
            for check in checks.values():  # warm the server's caches once
                check()
            print(f"{'what':<48} {'median':>8} {'max':>8}  ({args.runs} runs)")
            for label, check in checks.items():
                times = [check() for _ in range(args.runs)]
                print(f"{label:<48} {statistics.median(times):>6.0f} ms {max(times):>6.0f} ms")
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
