"""First load of each game page next to the Rules page, in one Chromium run.

    .venv/bin/python -m bench.first_load --reps 3

For each page (Rules and every registered game) it times a fresh browser context opening the page's
address until the page is drawn and the app is idle: for a game, the board's Plotly SVG is
on screen; for Rules, its expanders. Cold: the first visit of that page on a freshly started
server (the server start is not timed; each cold visit gets its own server so no page pays
another's imports). Warm: a fresh context later, on a server that has served every page
once. Prints the medians, the ratio game / Rules (the target is at most 1.5) and the load
average. A benchmark, not a test: wall-clock figures depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from playwright.sync_api import sync_playwright

from engine.core.registry import games
from tests.e2e.browser import IDLE
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, start_server

BOARD = "[data-testid='stMain'] .js-plotly-plot .main-svg"


def pages() -> dict[str, tuple[str, str]]:
    """Rules, then every ready game's page: its address and what shows it is drawn."""
    rules = {"Rules": ("rules", "[data-testid='stExpander']")}
    return rules | {g.INFO.title: (g.INFO.id, BOARD) for g in games()}


def load_ms(browser, base: str, path: str, ready: str) -> float:
    """A new visitor (fresh context: empty browser cache) opens ``path`` until it is drawn and idle."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(120_000)
    start = time.perf_counter()
    page.goto(f"{base}/{path}")
    page.wait_for_selector(ready)
    page.wait_for_selector(IDLE)
    took = (time.perf_counter() - start) * 1000
    text = page.locator("[data-testid='stMain']").inner_text()
    context.close()
    if "Page not found" in text or "Traceback" in text:
        raise RuntimeError(f"/{path} did not open: {text[:300]}")
    return took


def stop(proc) -> None:
    proc.terminate()
    proc.wait(10)


def cold(browser, path: str, ready: str) -> float:
    proc, base = start_server()
    try:
        return load_ms(browser, base, path, ready)
    finally:
        stop(proc)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--reps", type=int, default=3, help="repetitions of each measurement")
    parser.add_argument("--no-cold", action="store_true", help="warm loads only (one server)")
    every = pages()
    parser.add_argument("--pages", nargs="*", choices=list(every)[1:], help="games to measure (default: all)")
    args = parser.parse_args()
    chosen = {"Rules": every["Rules"]} | {n: every[n] for n in args.pages or list(every)[1:]}
    loads = [os.getloadavg()[0]]
    cold_ms: dict[str, list[float]] = {name: [] for name in chosen}
    warm_ms: dict[str, list[float]] = {name: [] for name in chosen}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for _ in range(0 if args.no_cold else args.reps):
            for name, (path, ready) in chosen.items():
                cold_ms[name].append(cold(browser, path, ready))
                loads.append(os.getloadavg()[0])
        proc, base = start_server()
        try:
            for path, ready in chosen.values():  # every page served once
                load_ms(browser, base, path, ready)
            for _ in range(args.reps):
                for name, (path, ready) in chosen.items():
                    warm_ms[name].append(load_ms(browser, base, path, ready))
                    loads.append(os.getloadavg()[0])
        finally:
            stop(proc)
        browser.close()

    def med(times: list[float]) -> float:
        return statistics.median(times) if times else float("nan")

    print(f"{'page':<16} {'cold':>9} {'ratio':>6} {'warm':>9} {'ratio':>6}   (median of {args.reps}; ms)")
    rules_cold, rules_warm = med(cold_ms["Rules"]), med(warm_ms["Rules"])
    for name in chosen:
        c, w = med(cold_ms[name]), med(warm_ms[name])
        print(f"{name:<16} {c:>6.0f} ms {c / rules_cold:>5.2f}x {w:>6.0f} ms {w / rules_warm:>5.2f}x")
    print(f"load average (1 min) during the run: {min(loads):.1f}-{max(loads):.1f}")


if __name__ == "__main__":
    main()
