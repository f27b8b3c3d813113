"""A teacher at a projector: presenter mode from a bookmark (``?present=1``), a shipped lesson
stepped through with the → key (and back with ←), each step's text on screen beside the board, and the board,
the step and its Next step button on one 1280×720 screen without scrolling."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import SOAK, click_until, open_page, wait_idle
from ui.lessons import shipped_lesson

pytestmark = pytest.mark.e2e

LESSON = "fan_mallet-possession.json"
SHOTS = Path(os.environ.get("DOJO_SHOTS", "/tmp/shots"))


def plain(markdown: str) -> str:
    """The first words of a step's text as the page shows them (markdown marks removed)."""
    return re.sub(r"[*_`]", "", markdown).split("\n")[0][:40]


def open_lesson(page, app_url: str) -> None:
    open_page(page, app_url, "fan_mallet?present=1")
    page.get_by_role("button", name="📚 Lessons").click()
    page.get_by_role("button", name="▶ Start this lesson").click()
    wait_idle(page)
    expect(page.get_by_role("button", name="▶ Start this lesson")).to_be_hidden()  # the picker closed itself


def inside_screen(locator, height: int) -> None:
    box = locator.bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] + box["height"] <= height, (locator, box)


@pytest.mark.skipif(
    not SOAK,
    reason="make test steps a lesson with the arrow key in test_presenter_fit_e2e: CI=true or DOJO_SOAK=1",
)
def test_presenter_steps_through_a_lesson_with_the_arrow_key(browser, app_url):
    lesson = shipped_lesson(LESSON)
    count = len(lesson.steps)
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    open_lesson(page, app_url)
    expect(page.locator("[data-testid='stSidebar']")).to_be_hidden()
    step_text = page.locator(".st-key-lesson_step")
    expect(step_text).to_contain_text(plain(lesson.steps[0].text))
    for k in range(1, count):
        counter = page.get_by_text(f"Step {k + 1} of {count}")
        click_until(lambda: page.keyboard.press("ArrowRight"), lambda c=counter: expect(c).to_be_visible())
        expect(step_text).to_contain_text(plain(lesson.steps[k].text))
    wait_idle(page)
    expect(page.locator("[data-testid='stMain']")).to_contain_text("Possession!")  # the game explains it too
    next_button = page.get_by_role("button", name="Next step ▶")
    expect(next_button).to_be_disabled()  # the last step
    board = page.locator(".js-plotly-plot").first
    for what in (board, step_text, next_button):
        inside_screen(what, 720)
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_text(f"Step {count - 1} of {count}")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "presenter-1280.png"))

    page.set_viewport_size({"width": 1920, "height": 1080})  # the same class on a larger projector
    expect(step_text).to_contain_text(plain(lesson.steps[count - 2].text))
    wait_idle(page)
    for what in (board, step_text, next_button):
        inside_screen(what, 1080)
    page.screenshot(path=str(SHOTS / "presenter-1920.png"))
    page.context.close()
