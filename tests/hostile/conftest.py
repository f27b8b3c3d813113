"""AppTest of the whole app opened at a game page, for feeding it hostile input."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def open_page(monkeypatch, tmp_path):
    """A function opening ``app.py`` at a page (path as in ``st.Page``), already run."""
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))

    def open_at(page: str) -> AppTest:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.run()
        at.switch_page(page)
        at.run()
        assert not at.exception, at.exception
        return at

    return open_at
