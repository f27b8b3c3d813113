"""Small helpers for the browser tests."""


def wait_idle(page) -> None:
    """Wait until the app's script has finished running (Streamlit's own e2e convention)."""
    page.wait_for_selector("[data-testid='stApp'][data-test-script-state='notRunning']", timeout=30_000)
    page.wait_for_timeout(150)


def open_page(page, app_url: str, path: str = "") -> None:
    """Open a page of the app. A deep link as a new session's very first request can meet
    Streamlit's "Page not found" before the page list arrives, so Home is opened first."""
    if path:
        page.goto(app_url)
        wait_idle(page)
    page.goto(f"{app_url}/{path}")
    wait_idle(page)
