"""The Lab in a real browser: a run's progress bar fills and its charts appear; a larger run
cancelled midway says so and keeps its finished games as partial results."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import SOAK, open_page, wait_idle

pytestmark = pytest.mark.e2e


def set_field(page, label: str, value: str) -> None:
    field = page.get_by_label(label, exact=True)
    field.fill(value)
    field.press("Enter")
    wait_idle(page)


def choose_plan(page, app_url, games: int, seed: str) -> None:
    """Fan & Mallet, greedy against greedy (the page's default bots)."""
    open_page(page, app_url, "lab")
    set_field(page, "Number of games", str(games))
    set_field(page, "Seed", seed)
    expect(page.get_by_role("button", name="▶ Run")).to_be_enabled()


def test_a_run_fills_its_progress_bar_and_shows_the_charts(page, app_url):
    choose_plan(page, app_url, 1_000, "2026")
    main = page.locator("[data-testid='stMain']")
    page.get_by_role("button", name="▶ Run").click()
    # Long enough to watch (a few seconds): the bar counts the games as chunks come in.
    expect(main).to_contain_text(re.compile(r"[\d,]+ of 1,000 games · "))
    expect(main).to_contain_text("Finished: 1,000 games", timeout=120_000)
    wait_idle(page)
    expect(page.get_by_role("progressbar")).to_have_count(0)  # the progress box is gone
    expect(page.get_by_role("button", name="⏹ Cancel")).to_have_count(0)
    expect(page.locator("[data-testid='stMain'] .js-plotly-plot").first).to_be_visible()
    expect(page.get_by_role("button", name="⬇ Download CSV")).to_be_visible()
    page.get_by_role("tab", name="🎯 Scores").click()
    expect(main).to_contain_text("Scores of each seat")
    expect(page.get_by_role("button", name="▶ Run")).to_be_enabled()  # the form is back


@pytest.mark.skipif(
    not SOAK, reason="minutes of CPU on two cores: CI=true or DOJO_SOAK=1 (tests/lab checks cancel)"
)
def test_cancel_stops_a_large_run_and_keeps_the_finished_games(page, app_url):
    choose_plan(page, app_url, 20_000, "11")
    main = page.locator("[data-testid='stMain']")
    page.get_by_role("button", name="▶ Run").click()
    # Some chunks are in, most are not (the whole run takes minutes on two cores).
    expect(main).to_contain_text(re.compile(r"[1-9][\d,]* of 20,000 games · about"), timeout=60_000)
    page.get_by_role("button", name="⏹ Cancel").click()
    expect(main).to_contain_text(re.compile(r"Cancelled after [1-9][\d,]* of 20,000 games"))
    wait_idle(page)
    expect(main).to_contain_text("Partial results")
    expect(page.get_by_role("progressbar")).to_have_count(0)
    expect(page.locator("[data-testid='stMain'] .js-plotly-plot").first).to_be_visible()
    done = int(re.search(r"Cancelled after ([\d,]+)", main.inner_text()).group(1).replace(",", ""))
    assert 0 < done < 20_000
    download = page.get_by_role("button", name="⬇ Download CSV")
    with page.expect_download() as caught:
        download.click()
    rows = open(caught.value.path(), encoding="utf-8").read().strip().splitlines()
    assert len(rows) == done + 1  # a header and one row per finished game
