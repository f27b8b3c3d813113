"""The school set-up's fixtures: a real PostgreSQL server (``postgres.py``)."""

from tests.school.postgres import postgres_server, postgres_url  # noqa: F401
