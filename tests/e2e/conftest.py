"""A real browser against a real server: ``streamlit run`` on a free port, Debian's Chromium.

Under CI a missing browser fails the run; elsewhere the browser tests skip and say why.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _browser_missing_reason() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"Debian's Chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed"
    return None


E2E_SECRET_KEY = "tabletop-dojo e2e test servers"
"""Every test server seals share links with this key, like the processes of one school set-up."""


def start_server(
    data: Path | None = None, secret_key: str | None = E2E_SECRET_KEY, port: int | None = None
) -> tuple[subprocess.Popen, str]:
    """``streamlit run app.py`` on a free port with the test game page, once it answers its
    health check (the benches use it too). ``data`` is its data folder (default: a new one);
    ``secret_key=None`` leaves ``DOJO_SECRET_KEY`` unset (the key is kept in ``data``);
    ``port``: the port of a server that stopped (a restart: open pages reconnect to it)."""
    port = port or _free_port()
    scratch = Path(data) if data is not None else Path(tempfile.mkdtemp())
    env = dict(os.environ, DOJO_TEST_GAMES="1", DOJO_HIGHSCORES=str(scratch / "scores.sqlite3"))
    env.pop("DOJO_SECRET_KEY", None)
    if secret_key is not None:
        env["DOJO_SECRET_KEY"] = secret_key
    command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)]
    command += ["--server.headless", "true", "--browser.gatherUsageStats", "false"]
    # No file watcher: the test run writes caches into the project, and the watcher's
    # "Inotify queue overflowed" lines (tens of KB) would only fill the log.
    command += ["--server.fileWatcherType", "none"]
    # The server's output goes to a file, never to a pipe nobody reads: a full pipe (64 KB of
    # log lines) froze both test servers mid-run once, and every later page load timed out.
    log = scratch / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as response:
                if response.read() == b"ok":
                    return proc, base
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(
        f"streamlit did not answer /_stcore/health within 60 s:\n{log.read_text(errors='replace')}"
    )


def stop(proc: subprocess.Popen) -> None:
    """Stop a server :func:`start_server` started (killed if it does not stop in 10 s)."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def app_data():
    """The data folder of the dashboard the browser tests share (its database: shared tables)."""
    return Path(tempfile.mkdtemp())


@pytest.fixture(scope="session")
def app_url(app_data):
    """Start the dashboard (with the test game page) and yield its base URL."""
    reason = _browser_missing_reason()
    if reason:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Browser tests cannot run under CI: {reason}")
        pytest.skip(f"Browser tests skipped: {reason}")
    proc, base = start_server(app_data)
    yield base
    stop(proc)


@pytest.fixture(scope="session")
def browser(app_url):
    from playwright.sync_api import expect, sync_playwright

    # Two test workers and a server share two cores: give each expectation room.
    expect.set_options(timeout=30_000)  # a first Plotly.js load took over 15 s at load 14

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield browser
        browser.close()


FAILURES = Path(os.environ.get("DOJO_E2E_FAILURES", Path(tempfile.gettempdir()) / "dojo-e2e-failures"))
"""Where a failed browser test leaves a screenshot of each page it had open."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test reports what each open page showed (address, whether the script
    was idle, the boards and their click targets, the main area's text) and leaves a
    screenshot in ``FAILURES``: a failure seen once under CI's load can then be read."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser")
    if report.when != "call" or not report.failed or browser is None:
        return
    pages = [p for context in browser.contexts for p in context.pages if not p.is_closed()]
    for n, page in enumerate(pages):
        report.sections.append(
            (f"page {n + 1} of {len(pages)} at the failure", _page_state(page, item.name, n))
        )


PAGE_STATE = """() => ({
    idle: !!document.querySelector("[data-testid='stApp'][data-test-script-state='notRunning']"),
    boards: document.querySelectorAll('.js-plotly-plot').length,
    targets: [...document.querySelectorAll('.js-plotly-plot')].map(
        b => [...b.querySelectorAll('.scatterlayer .trace')].slice(-1).map(t => t.querySelectorAll('.point').length)[0] ?? 0),
    main: (document.querySelector("[data-testid='stMain']") || document.body).innerText.slice(0, 2000),
})"""
"""What ``_page_state`` reads in the page, in one evaluation (nothing to wait on)."""


def _page_state(page, test: str, n: int) -> str:
    from playwright.sync_api import Error as PlaywrightError

    url = page.url
    lines = [f"url: {url[:150]}{'…' if len(url) > 150 else ''}"]
    try:
        state = page.evaluate(PAGE_STATE)
        # The text on one line, its lines marked: a board's text is a word a line, and CI's
        # log shows a failure's first lines only (a board filled them, and a second failure
        # went unseen).
        text = " ⏎ ".join(line.strip() for line in state["main"].splitlines() if line.strip())
        lines += [
            f"script idle: {state['idle']}",
            f"boards: {state['boards']}, points in each board's last trace: {state['targets']}",
            f"main area's text: {text}",
        ]
        FAILURES.mkdir(parents=True, exist_ok=True)
        shot = FAILURES / f"{test}-{n + 1}.png".replace("/", "_")
        page.screenshot(path=shot, full_page=True, timeout=10_000)
        lines.append(f"screenshot: {shot}")
    except PlaywrightError as e:
        why = str(e).strip().split("\n", 1)[0]
        lines.append(f"(the page could not be read: {why})")
    return "\n".join(lines)


@pytest.fixture
def page(browser, app_url):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()
