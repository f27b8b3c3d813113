"""Where a warm first load's time goes, page by page, in one Chromium run.

    .venv/bin/python -m bench.first_load_timeline --pages Rules "Fan & Mallet"

For each page (on a server that has served every page once, a fresh browser context each time)
it prints, in ms since the page was asked for: when the websocket opened, when each script the
page loads after that (Streamlit's element code, Plotly.js) was fetched, when the page was drawn
(the board's SVG for a game, the expanders for Rules) and when the app went idle. What
``bench.first_load`` times as one figure, here as its parts. A benchmark, not a test: the times
depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import time

from playwright.sync_api import sync_playwright

from bench.first_load import load_ms, pages, stop
from tests.e2e.browser import IDLE
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, start_server

# The resources fetched after the websocket opened: their names, start and end (ms).
LATE = """(opened) => performance.getEntriesByType('resource')
  .filter(r => r.startTime >= opened && !r.name.includes('_stcore'))
  .map(r => [r.name.split('/').pop().split('?')[0], Math.round(r.startTime), Math.round(r.responseEnd)])"""


def timeline(browser, base: str, path: str, ready: str) -> list[tuple[int, str]]:
    """One fresh visit of ``path``: (ms, what happened), in order."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(120_000)
    start = time.perf_counter()
    events: list[tuple[int, str]] = []

    def mark(what: str) -> None:
        events.append((round((time.perf_counter() - start) * 1000), what))

    page.on("websocket", lambda _: mark("websocket open"))
    page.goto(f"{base}/{path}")
    page.wait_for_selector(ready)
    mark("drawn")
    page.wait_for_selector(IDLE)
    mark("idle")
    opened = next((ms for ms, what in events if what == "websocket open"), 0)
    for name, began, ended in page.evaluate(LATE, opened):
        if name.endswith(".js"):
            events.append((began, f"fetch {name} ({ended - began} ms)"))
    context.close()
    return sorted(events)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    every = pages()
    parser.add_argument("--pages", nargs="*", choices=list(every), help="pages (default: all)")
    args = parser.parse_args()
    chosen = {name: every[name] for name in args.pages or list(every)}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        proc, base = start_server()
        try:
            for path, ready in every.values():  # every page served once: a warm server
                load_ms(browser, base, path, ready)
            for name, (path, ready) in chosen.items():
                print(name)
                for ms, what in timeline(browser, base, path, ready):
                    print(f"  {ms:>6} ms  {what}")
        finally:
            stop(proc)
        browser.close()


if __name__ == "__main__":
    main()
