"""Small helpers for the browser tests: they wait on the app's own idle signal and on the
element that must change, never on a fixed sleep, so they hold on a loaded machine."""

from playwright.sync_api import expect

IDLE = "[data-testid='stApp'][data-test-script-state='notRunning']"


def wait_idle(page, timeout: float = 60_000) -> None:
    """Wait until the app's script has finished running (Streamlit's own e2e convention)."""
    page.wait_for_selector(IDLE, timeout=timeout)


def open_page(page, app_url: str, path: str = "") -> None:
    """Open a page of the app. A deep link as a new session's very first request can meet
    Streamlit's "Page not found" before the page list arrives, so Home is opened first."""
    if path:
        page.goto(app_url)
        wait_idle(page)
        expect(page.locator("h1").first).to_be_visible()
    page.goto(f"{app_url}/{path}")
    wait_idle(page)
    expect(page.locator("h1").first).to_be_visible()


def take_over(page) -> None:
    """Hot seat with hidden cards: wait for the board or the "pass the device" screen, and
    if the page asks for the device, take it."""
    board = page.locator(".js-plotly-plot").first
    handover = page.get_by_role("button", name="I am ")
    expect(board.or_(handover.first).first).to_be_visible()
    if handover.count():
        handover.first.click()
        expect(board).to_be_visible()
    wait_idle(page)


def main_text(page) -> str:
    return page.locator("[data-testid='stMain']").inner_text()


WATCH = """() => ({
  charts: document.querySelectorAll("[data-testid='stMain'] .js-plotly-plot").length,
  stale: document.querySelectorAll("[data-stale='true']").length,
  idle: !!document.querySelector("[data-testid='stApp'][data-test-script-state='notRunning']"),
  text: document.querySelector("[data-testid='stMain']").innerText,
})"""


def watch_bots(page, finished: str, timeout_s: float = 240) -> list[dict]:
    """Watch bots play until ``finished`` shows on the page; return what was seen at every
    settled idle moment (number of charts, stale elements). Polls the DOM every 100 ms."""
    expect(page.locator("[data-testid='stMain'] .js-plotly-plot").first).to_be_visible()
    page.wait_for_function(
        "([finished]) => { const s = (" + WATCH.strip() + ")();"
        """
          window.__dojoSeen = window.__dojoSeen || [];
          // A settled page: idle at two polls in a row (the last removals land a frame late).
          const settled = s.idle && window.__dojoIdle;
          window.__dojoIdle = s.idle;
          if (settled) window.__dojoSeen.push({charts: s.charts, stale: s.stale});
          return settled && s.text.includes(finished);
        }""",
        arg=[finished],
        polling=100,
        timeout=timeout_s * 1000,
    )
    return page.evaluate("() => window.__dojoSeen")
