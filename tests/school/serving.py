"""``deploy/serve.py`` started for a test: nginx in front of N ``streamlit run`` processes,
everything in a temporary run folder; ``stop()`` ends it as Ctrl+C would (SIGTERM)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.school.postgres import skip_or_fail

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    from deploy.serve import free_port

    return free_port()


@dataclass
class Running:
    proc: subprocess.Popen
    run: Path
    url: str

    @property
    def ports(self) -> list[int]:
        """The streamlit processes' loopback ports, in nginx's upstream order."""
        return [
            int(p) for p in re.findall(r"server 127\.0\.0\.1:(\d+)", (self.run / "nginx.conf").read_text())
        ]

    def output(self) -> str:
        return (self.run / "serve.out").read_text(errors="replace")

    def upstreams(self, path: str) -> list[str]:
        """The process (``127.0.0.1:port``) each logged request for ``path`` went to."""
        lines = (self.run / "access.log").read_text().splitlines()
        return [re.search(r"upstream=(\S+)", line)[1] for line in lines if f'"GET {path}' in line]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise


def start(processes: int = 2, env: dict[str, str] | None = None) -> Running:
    """Start the school (skipped or, under CI, failed without nginx) and wait for it to be up."""
    if not (shutil.which("nginx") or Path("/usr/sbin/nginx").exists()):
        skip_or_fail("nginx is not installed (apt-get install nginx)")
    run = Path(tempfile.mkdtemp(prefix="dojo-serve-"))
    port = free_port()
    command = [sys.executable, "-m", "deploy.serve", "--processes", str(processes), "--port", str(port)]
    command += ["--bind", "127.0.0.1", "--first-port", "0", "--run-dir", str(run)]
    full_env = dict(os.environ, DOJO_TEST_GAMES="1", **(env or {}))
    full_env.setdefault("DOJO_HIGHSCORES", str(run / "scores.sqlite3"))
    with (run / "serve.out").open("wb") as out:
        proc = subprocess.Popen(command, cwd=ROOT, env=full_env, stdout=out, stderr=subprocess.STDOUT)
    running = Running(proc, run, f"http://127.0.0.1:{port}")
    deadline = time.monotonic() + 120
    while "is up on" not in running.output():
        if proc.poll() is not None or time.monotonic() > deadline:
            if proc.poll() is None:
                running.stop()
            raise RuntimeError(f"deploy.serve did not start:\n{running.output()}")
        time.sleep(0.3)
    return running
