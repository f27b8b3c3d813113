"""Every store's behaviour on both databases: an SQLite file and a real PostgreSQL server."""

import pytest

from tests.school.postgres import postgres_server, postgres_url  # noqa: F401

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def new_place(request, tmp_path, monkeypatch):
    """A function giving a fresh, empty database each call: an SQLite path or a PostgreSQL URL."""
    monkeypatch.delenv("DOJO_DATABASE_URL", raising=False)
    if request.param == "sqlite":
        files = iter(tmp_path / f"db{i}" / "hs.sqlite3" for i in range(1000))
        return lambda: next(files)
    server = request.getfixturevalue("postgres_server")
    return server.new_database


@pytest.fixture
def place(new_place):
    """A fresh, empty database on each backend."""
    return new_place()
