"""A real PostgreSQL server for tests: Debian's ``postgresql`` package, started in a temporary
folder on a free loopback port, stopped and removed at the end.

``initdb`` and ``postgres`` refuse to run as root: as root, both run as the ``postgres`` user the
Debian package creates (``runuser``), in a folder handed to that user. Absent locally, the tests
that need it skip and say why; under ``CI=true`` (where ``.ci/run`` installs it) they fail.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from itertools import count
from pathlib import Path

import pytest

_BINS = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
_names = count(1)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def missing_reason() -> str | None:
    if not _BINS:
        return "PostgreSQL is not installed (apt-get install postgresql: /usr/lib/postgresql/*/bin)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no postgres user to run the server as"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg package is not installed (pip install -r requirements.txt)"
    return None


def skip_or_fail(reason: str) -> None:
    """Fail under CI (the program must be there), skip with the reason elsewhere."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI must run this test: {reason}")
    pytest.skip(reason)


@dataclass
class Server:
    """A running server: ``url(name)`` of a database on it, ``new_database()`` for a fresh one."""

    folder: Path
    port: int
    bin: Path
    user: str | None

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://dojo@127.0.0.1:{self.port}/{name}"

    def new_database(self) -> str:
        import psycopg

        name = f"dojo_test_{next(_names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")  # a name made here, not from input
        return self.url(name)

    def restart(self, mode: str = "fast") -> None:
        """Stop the server (``fast``: its sessions are told and ended; ``immediate``: killed,
        recovered on start) and start it again on the same port, with the same options."""
        data, log = str(self.folder / "data"), str(self.folder / "server.log")
        _run(self, "pg_ctl", "-D", data, "-l", log, "-m", mode, "-w", "restart")

    def stop(self) -> None:
        _run(self, "pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)


def _run(server: Server, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    command = [str(server.bin / program), *args]
    if server.user:
        command = ["runuser", "-u", server.user, "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if check and done.returncode:
        raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return done


def start() -> Server:
    """initdb into a temporary folder, then start the server on a free port (about 1-2 s)."""
    folder = Path(tempfile.mkdtemp(prefix="dojo-pg-"))
    user = "postgres" if os.geteuid() == 0 else None
    if user:
        shutil.chown(folder, user)
    server = Server(folder, _free_port(), _BINS[-1].parent, user)
    data = str(folder / "data")
    try:
        _run(
            server, "initdb", "-D", data, "-U", "dojo", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "-N"
        )
        options = f"-p {server.port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        _run(server, "pg_ctl", "-D", data, "-l", str(folder / "server.log"), "-o", options, "-w", "start")
    except BaseException:
        log = folder / "server.log"
        text = log.read_text(errors="replace") if log.exists() else ""
        server.stop()
        if text:
            raise RuntimeError(f"PostgreSQL did not start:\n{text[-3000:]}") from None
        raise
    return server


@pytest.fixture(scope="session")
def postgres_server():
    """One PostgreSQL server for the test session (per xdist worker)."""
    reason = missing_reason()
    if reason:
        skip_or_fail(reason)
    server = start()
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """A fresh, empty database on the test session's PostgreSQL server."""
    return postgres_server.new_database()
