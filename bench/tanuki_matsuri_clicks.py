"""What a Tanuki Matsuri player waits for in a real browser (``bench.browser_timings`` times
it): a die clicked until the fruits to circle are highlighted, and the hint from click to table."""

from __future__ import annotations

import time

import engine.tanuki_matsuri as tm
from bench.browser import click_point, ms, opened
from engine.core import encode_link


def page_of_dice(browser, base: str):
    """The page of a seeded game whose first roll is 1, 2 and 4."""
    state = tm.new_game(seed=1, dice=[[1, 2, 4]])
    return opened(browser, base, f"tanuki_matsuri?game={encode_link(tm.to_json(state))}")


def die_click(browser, base: str) -> float:
    page = page_of_dice(browser, base)
    start = time.perf_counter()
    click_point(page, "d1")
    page.wait_for_function(
        "() => { const gd = document.querySelector('.js-plotly-plot');"
        " return gd && gd.data && (gd.data.find(d => d.name === 'choices') || {}).customdata; }"
    )
    took = ms(start)
    page.context.close()
    return took


def hint(browser, base: str) -> float:
    page = page_of_dice(browser, base)
    start = time.perf_counter()
    page.get_by_role("button", name="💡 Hint").click()
    # the heading and its table are one Markdown element (ui.kit.text_table.show_table)
    shown = page.locator("[data-testid='stMarkdown']").filter(has_text="Hint: expected final scores")
    shown.locator("table").last.wait_for()
    took = ms(start)
    page.context.close()
    return took


CLICKS = {"Tanuki: die click -> fruits highlighted": die_click, "Tanuki: hint click -> table": hint}
"""What ``bench.browser_timings`` times on this game's page, by its label."""
