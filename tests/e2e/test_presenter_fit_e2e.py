"""A class at a 1280×720 projector, on every game in presenter mode: every lesson step (of
each game that ships a lesson), a human's turn and a running bot game show the board, the
step's text and the buttons the moment needs without scrolling (boxes measured against the
viewport, the page never scrolled). Starting a lesson closes the Lessons picker and pushes
nothing down; closing it returns to the players chosen before it and says so beside the board.

``make test`` checks one game of each kind (Yokai Carnival's lesson, the first three steps with
its Strike step among them; Yokai's running bot game); ``DOJO_SOAK=1`` or CI checks every
game and walks every step to the lesson's end."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.core import dump_save, encode_link
from engine.core.registry import game as game_of
from engine.core.registry import games
from tests.e2e.browser import SOAK, click_until, one_game_unless_soak, open_page, page_facts, wait_idle
from ui.lessons import shipped_files, shipped_lesson

pytestmark = pytest.mark.e2e

WIDTH, HEIGHT = 1280, 720
EVERY_STEP = SOAK

LESSONS = [g.INFO.id for g in games() if shipped_files(g.INFO.id)]
"""The games that ship a lesson (the test games ship none)."""


def quick_bot(game_id: str) -> str:
    """The game's quickest bot: its random bot (a cooperative game's team bot: its last)."""
    game = game_of(game_id)
    bots = list(game.bots())
    return bots[-1] if game.INFO.cooperative else bots[0]


SCROLLED = """() => Math.max(window.scrollY, ...Array.from(
  document.querySelectorAll("[data-testid='stMain'], [data-testid='stAppViewContainer'], [data-testid='stApp']"),
  (e) => e.scrollTop))"""


def on_screen(page, *locators) -> None:
    """Each element lies wholly inside the 1280×720 viewport of a page nobody scrolled."""
    wait_idle(page)
    assert page.evaluate(SCROLLED) == 0, "the page was scrolled"
    for locator in locators:
        box = None
        for _ in range(3):  # a rerun can swap the chart between "visible" and its measure
            expect(locator).to_be_visible()
            box = locator.bounding_box()
            if box is not None:
                break
            wait_idle(page)
        assert box is not None, locator
        inside = box["x"] >= -1 and box["y"] >= -1
        inside = inside and box["x"] + box["width"] <= WIDTH + 1 and box["y"] + box["height"] <= HEIGHT + 1
        assert inside, (locator, box)


def no_tooltip(button) -> None:
    """A button whose label says it carries no tooltip (one left after a click covered the
    toolbar, the title or the very move a hint recommends)."""
    expect(button.locator("xpath=ancestor::*[@data-testid='stTooltipHoverTarget']")).to_have_count(0)


def buttons(page, names: list[str]) -> list:
    """Every visible button whose accessible name holds one of ``names``."""
    found = []
    for name in names:
        matches = page.locator("[data-testid='stMain']").get_by_role("button", name=name)
        expect(matches.first).to_be_visible()
        found += [matches.nth(i) for i in range(matches.count())]
    return found


def board(page):
    return page.locator("[data-testid='stMain'] .js-plotly-plot").first


@pytest.fixture
def projector(browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.mark.parametrize("game", one_game_unless_soak(LESSONS, keep="yokai_carnival"))
def test_a_lesson_and_a_human_turn_fit_a_1280x720_projector(projector, app_url, game):
    page = projector
    open_page(page, app_url, f"{game}?present=1")
    facts = page_facts(game)
    on_screen(page, board(page), *buttons(page, facts.TURN_BUTTONS))
    # Measured once the page is idle and its fonts are in (a late font moved the board 3 px
    # once under CI's load, before any lesson started).
    page.evaluate("document.fonts.ready.then(() => true)")
    top = board(page).bounding_box()["y"]
    for name in ("↶ Undo", "↷ Redo"):
        no_tooltip(page.get_by_role("button", name=name))
    play_against = page.locator("[data-testid='stMain'] [data-testid='stSelectbox']").filter(
        has_text="Play against"
    )
    seats_before = play_against.inner_text() if play_against.count() else None

    lesson = shipped_lesson(shipped_files(game)[0])
    count = len(lesson.steps)
    page.get_by_role("button", name="📚 Lessons").click()
    page.get_by_role("button", name="▶ Start this lesson").click()
    counter = page.get_by_text(f"Step 1 of {count}")
    expect(counter).to_be_visible()
    expect(page.get_by_role("button", name="▶ Start this lesson")).to_be_hidden()  # the picker closed
    wait_idle(page)
    step_text = page.locator(".st-key-lesson_step")
    back, forward = page.get_by_role("button", name="◀ Back"), page.get_by_role("button", name="Next step ▶")
    close = page.get_by_role("button", name="✖ Close")
    for button in (back, forward, close):
        no_tooltip(button)
    assert abs(board(page).bounding_box()["y"] - top) < 2  # no banner pushed the board down
    walked = count if EVERY_STEP else min(count, 3)
    for k in range(walked):
        if k:
            counter = page.get_by_text(f"Step {k + 1} of {count}")
            click_until(
                lambda: page.keyboard.press("ArrowRight"), lambda c=counter: expect(c).to_be_visible()
            )
        extra = buttons(page, facts.STEP_BUTTONS.get(k, []))
        on_screen(page, board(page), step_text, back, forward, close, *extra)
    if walked == count:
        expect(forward).to_be_disabled()  # the last step

    close.click()
    note = page.get_by_text("Lesson closed: the game goes on from here")
    expect(note).to_be_visible()
    expect(counter).to_be_hidden()
    on_screen(page, board(page), note)
    assert abs(board(page).bounding_box()["y"] - top) < 2
    if seats_before is not None:  # the opponent chosen before the lesson plays again
        expect(play_against).to_have_text(seats_before)
    lesson_end(page, facts)


def lesson_end(page, facts) -> None:
    """What the game's page facts say a closed lesson leaves on screen (each fact optional):
    texts shown (``LESSON_END_SHOWN``) and gone (``LESSON_END_GONE``), and with
    ``LESSON_END_TURN`` a human's turn whose ``TURN_BUTTONS`` fit the projector."""
    for text in getattr(facts, "LESSON_END_GONE", []):
        expect(page.locator("[data-testid='stMain']")).not_to_contain_text(text)
    for text in getattr(facts, "LESSON_END_SHOWN", []):
        expect(page.get_by_text(text, exact=True)).to_be_visible()
    if getattr(facts, "LESSON_END_TURN", False):
        on_screen(page, board(page), *buttons(page, facts.TURN_BUTTONS))


@pytest.mark.parametrize("game", one_game_unless_soak([g.INFO.id for g in games()], keep="yokai"))
def test_a_running_bot_game_fits_a_1280x720_projector(projector, app_url, game):
    page = projector
    bot = quick_bot(game)
    link = encode_link(dump_save(game, 20261202, 2, {}, []))
    open_page(page, app_url, f"{game}?present=1&game={link}&seats={bot},{bot}")
    step = page.get_by_role("button", name="▶ Next step: bot move")
    slider = page.get_by_role("slider", name="Replay: move")
    for turn in range(2):  # the opening position, then after a bot's turn
        on_screen(page, board(page), step, page.get_by_text("To move", exact=True))
        no_tooltip(step)
        if turn == 0:
            click_until(step.click, lambda: expect(slider).to_be_visible())
    moves = slider.get_attribute("aria-valuenow")
    click_until(step.click, lambda: expect(slider).not_to_have_attribute("aria-valuenow", moves))
    on_screen(page, board(page), step)
