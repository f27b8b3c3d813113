"""``make serve``'s script for real: Debian's nginx in front of two ``streamlit run`` processes,
sticky by cookie, websockets through, a class of sessions through the proxy, and everything
stopped with the script."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest

from tests.school import serving

ROOT = Path(__file__).resolve().parents[2]
# One worker starts the school once for the module (make test runs with --dist loadgroup).
pytestmark = pytest.mark.xdist_group("school")
LONG = os.environ.get("DOJO_SOAK") == "1" or os.environ.get("CI", "").lower() == "true"


@pytest.fixture(scope="module")
def school():
    running = serving.start(processes=2)
    yield running
    running.stop()


def get(url: str, cookie: str | None = None):
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.headers.get_all("Set-Cookie") or [], response.read()


def route_of(set_cookies: list[str]) -> str | None:
    found = [re.match(r"dojo_route=([0-9a-f]+);", c) for c in set_cookies]
    return next((m[1] for m in found if m), None)


def bench(url: str, *args: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "bench.load", "--url", url, *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900)


def errors_in(table: str) -> int:
    """The ``errors`` column of bench.load's ``all`` row."""
    header = next(line for line in table.splitlines() if line.startswith("Game"))
    total = next(line for line in table.splitlines() if line.startswith("all "))
    columns = re.split(r"\s{2,}", header.strip())
    # Cells are split as the header is, by two spaces or more: the row's label ("all 60") holds one.
    return int(re.split(r"\s{2,}", total.strip())[columns.index("errors")])


def games_in(table: str) -> int:
    """How many games bench.load played (its table's rows between the header and ``all``)."""
    lines = [line for line in table.splitlines() if line.strip()]
    start = next(i for i, line in enumerate(lines) if line.startswith("Game"))
    end = next(i for i, line in enumerate(lines) if line.startswith("all "))
    return end - start - 1


def test_a_browser_gets_a_route_cookie_and_keeps_reaching_one_process(school):
    status, cookies, body = get(f"{school.url}/_stcore/health")
    route = route_of(cookies)
    assert status == 200 and body == b"ok" and route and len(route) == 32
    assert any("HttpOnly" in c and "Path=/" in c for c in cookies if c.startswith("dojo_route="))
    for _ in range(12):
        status, again, _ = get(f"{school.url}/_stcore/health", f"dojo_route={route}")
        assert status == 200 and route_of(again) is None  # a known route is kept, not replaced
    mine = school.upstreams("/_stcore/health")[-12:]
    assert len(set(mine)) == 1, mine


def test_browsers_behind_one_address_are_spread_over_the_processes(school):
    """Every request here comes from 127.0.0.1 (one school NAT): ip_hash would pick one process."""
    before = len(school.upstreams("/_stcore/health"))
    routes = {route_of(get(f"{school.url}/_stcore/health")[1]) for _ in range(40)}
    assert len(routes) == 40  # a fresh random route per new browser
    spread = Counter(school.upstreams("/_stcore/health")[before:])
    assert set(spread) == {f"127.0.0.1:{p}" for p in school.ports}, spread


def test_a_forged_route_cookie_is_replaced(school):
    _, cookies, _ = get(f"{school.url}/_stcore/health", "dojo_route=../../etc; other=1")
    assert route_of(cookies)


def test_a_short_class_plays_through_the_proxy_without_error(school):
    done = bench(school.url, "--sessions", "6", "--seconds", "5", "--ramp", "1", "--solo-seconds", "0")
    assert done.returncode == 0 and errors_in(done.stdout) == 0, done.stdout + done.stderr
    streams = school.upstreams("/_stcore/stream")
    assert len(streams) >= 6 + 4 and set(streams) <= {f"127.0.0.1:{p}" for p in school.ports}


@pytest.mark.skipif(not LONG, reason="60 sessions for 30 s: only with DOJO_SOAK=1 or under CI")
def test_sixty_sessions_on_two_processes_through_the_proxy_without_error(school):
    """A class of 60, each session asking for a bot move every 5 s (a pupil's pace: at the bots'
    own 1 s the two processes would take both of CI's cores from the browser tests beside them)."""
    before = len(school.upstreams("/_stcore/stream"))
    done = bench(
        school.url,
        "--sessions",
        "60",
        "--seconds",
        "30",
        "--ramp",
        "10",
        "--think",
        "5",
        "--solo-seconds",
        "0",
    )
    print(done.stdout)
    assert done.returncode == 0 and errors_in(done.stdout) == 0, done.stdout + done.stderr
    spread = Counter(school.upstreams("/_stcore/stream")[before:])
    assert sum(spread.values()) == 60 + games_in(done.stdout)  # the sessions and a warm-up one a game
    assert set(spread) == {f"127.0.0.1:{p}" for p in school.ports}, spread


def test_a_stopped_process_is_started_again_and_its_pupils_go_elsewhere_meanwhile(school):
    port = school.ports[0]
    pid = next(
        int(p.name)
        for p in Path("/proc").iterdir()
        if p.name.isdigit() and f"--server.port\0{port}\0".encode() in (p / "cmdline").read_bytes()
    )
    os.kill(pid, 9)
    for _ in range(10):  # nginx passes every request to the process still up
        assert get(f"{school.url}/_stcore/health")[0] == 200
    deadline = time.monotonic() + 90
    while True:
        try:
            if get(f"http://127.0.0.1:{port}/_stcore/health")[2] == b"ok":
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, school.output()
        time.sleep(0.5)
    assert f"streamlit on port {port} stopped" in school.output()


def test_stopping_the_script_stops_nginx_and_every_process():
    running = serving.start(processes=1)
    nginx_pid = int((running.run / "nginx.pid").read_text())
    ports = running.ports
    assert running.stop() == 0
    assert not Path(f"/proc/{nginx_pid}").exists()
    for port in [*ports, int(running.url.rsplit(":", 1)[1])]:
        with pytest.raises(OSError):
            get(f"http://127.0.0.1:{port}/_stcore/health")
    assert "Stopping nginx" in running.output()


def test_a_database_it_cannot_open_is_said_before_anything_starts(tmp_path):
    from tests.school.serving import free_port

    env = dict(os.environ, DOJO_DATABASE_URL=f"postgresql://dojo@127.0.0.1:{free_port()}/dojo")
    command = [sys.executable, "-m", "deploy.serve", "--processes", "1", "--port", str(free_port())]
    command += ["--first-port", "0", "--run-dir", str(tmp_path)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "the shared database cannot be opened" in done.stderr, done.stderr
    assert not list(tmp_path.glob("streamlit-*.log")) and not (tmp_path / "nginx.pid").exists()
