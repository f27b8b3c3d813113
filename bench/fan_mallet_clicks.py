"""What a Fan & Mallet player waits for in a real browser (``bench.browser_timings`` times it):
a hand card clicked until its path shows on the board."""

from __future__ import annotations

import time

from bench.browser import click_point, ms, opened


def card_click(browser, base: str) -> float:
    page = opened(browser, base, "fan_mallet")
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


CLICKS = {"Fan & Mallet: card click -> path on the board": card_click}
"""What ``bench.browser_timings`` times on this game's page, by its label."""
