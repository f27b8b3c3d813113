"""Where a warm first load's time goes, page by page, in one Chromium run.

    .venv/bin/python -m bench.first_load_timeline --pages Rules "Fan & Mallet"

For each page (on a server that has served every page once, a fresh browser context each time)
it prints, in ms since the page was asked for (on the page's own clock): when the websocket
opened, when the script run's messages came (and the longest pause between two of them), when
each script the page loads after that (Streamlit's element code, Plotly.js) was fetched, when the
first placeholder showed (an element whose code was still loading), when the board's component
mounted, when Plotly.js was evaluated, when the page was drawn (the board's SVG for a game, the
expanders for Rules) and when the app went idle. What ``bench.first_load`` times as one figure, here as its parts. A benchmark,
not a test: the times depend on the machine and its load.

What it showed on 2026-12-03 (README, "First load"): the board's component mounts together with
the page's other lazily loaded elements, in one reveal 560-620 ms after the first placeholder
(React throttles such reveals by 500 ms); Plotly.js is fetched, evaluated and drawn only after that.
"""

from __future__ import annotations

import argparse
from itertools import pairwise

from playwright.sync_api import sync_playwright

from bench.first_load import load_ms, pages, stop
from tests.e2e.browser import IDLE
from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, start_server

# In the page, from its first script on: when the websocket opened, when each of its messages
# came, and when each of these first showed (page time, ms: the resources' clock, so every mark
# and fetch of a visit is read on one clock).
WATCH = """
const MARKS = [
  ["first placeholder (an element's code still loading)", "[data-testid='stSkeleton']"],
  ["board component mounted", "[data-testid='stMain'] [data-testid='stBidiComponentRegular']"],
];
window.__dojoMarks = {};
window.__dojoMessages = [];
const Socket = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Socket(...args);
  socket.addEventListener("open", () => { window.__dojoMarks["websocket open"] = performance.now(); });
  socket.addEventListener("message", () => window.__dojoMessages.push(performance.now()));
  return socket;
};
window.WebSocket.prototype = Socket.prototype;
new MutationObserver(() => {
  for (const [what, selector] of MARKS) {
    if (!(what in window.__dojoMarks) && document.querySelector(selector)) {
      window.__dojoMarks[what] = performance.now();
    }
  }
  if (window.Plotly && !("Plotly.js evaluated" in window.__dojoMarks)) {
    window.__dojoMarks["Plotly.js evaluated"] = performance.now();
  }
}).observe(document, { subtree: true, childList: true });
"""

# The resources fetched after the websocket opened: their names, start and end (ms).
LATE = """(opened) => performance.getEntriesByType('resource')
  .filter(r => r.startTime >= opened && !r.name.includes('_stcore'))
  .map(r => [r.name.split('/').pop().split('?')[0], Math.round(r.startTime), Math.round(r.responseEnd)])"""


def timeline(browser, base: str, path: str, ready: str) -> list[tuple[int, str]]:
    """One fresh visit of ``path``: (ms, what happened), in order."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(120_000)
    events: list[tuple[int, str]] = []

    def mark(what: str) -> None:
        events.append((round(page.evaluate("performance.now()")), what))

    page.goto(f"{base}/{path}")
    page.wait_for_selector(ready)
    mark("drawn")
    page.wait_for_selector(IDLE)
    mark("idle")
    marks = page.evaluate("window.__dojoMarks")
    events += [(round(ms), what) for what, ms in marks.items()]
    for name, began, ended in page.evaluate(LATE, marks.get("websocket open", 0)):
        if name.endswith(".js"):
            events.append((began, f"fetch {name} ({ended - began} ms)"))
    events += _messages(page.evaluate("window.__dojoMessages"))
    context.close()
    return sorted(events)


def _messages(times: list[float]) -> list[tuple[int, str]]:
    """The websocket's messages as marks: the first, the one after the longest pause, the last."""
    if not times:
        return []
    marks = [(round(times[0]), "first message"), (round(times[-1]), f"last message ({len(times)} in all)")]
    pauses = [(later - earlier, n) for n, (earlier, later) in enumerate(pairwise(times), 2)]
    if pauses:
        pause, n = max(pauses)
        marks.append((round(times[n - 1]), f"message {n}, after the longest pause ({round(pause)} ms)"))
    return marks


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
