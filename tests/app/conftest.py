"""AppTest helpers: open the app at a page, with the test game page switched on."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def app(monkeypatch, tmp_path):
    """A function opening ``app.py`` at a page (path as in ``st.Page``), already run once."""
    monkeypatch.setenv("DOJO_TEST_GAMES", "1")
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))

    def open_at(page: str | None = None, timeout: float = 30) -> AppTest:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=timeout)
        at.run()
        if page:
            at.switch_page(page)
            at.run()
        assert not at.exception, at.exception
        return at

    return open_at
