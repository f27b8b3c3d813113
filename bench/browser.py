"""What the browser benches share: a page opened on the server, a real click on a board
marker, and the milliseconds since a start (``bench.browser_timings`` and the games' own
``bench/<game>_clicks.py``)."""

from __future__ import annotations

import time

from tests.e2e.browser import IDLE

BOARD = ".js-plotly-plot .scatterlayer"
VIEWPORT = {"width": 1440, "height": 1000}


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def opened(browser, base: str, path: str):
    """A new page of ``path`` (after the home page), its board drawn and the app idle."""
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.goto(base)
    page.wait_for_selector(IDLE)
    page.goto(f"{base}/{path}")
    page.wait_for_selector(BOARD)
    page.wait_for_selector(IDLE)
    return page


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
