"""A school's server on one machine: N ``streamlit run`` processes behind Debian's nginx.

    make serve                      # one process per core, nginx on http://0.0.0.0:8080
    .venv/bin/python -m deploy.serve --processes 4 --port 8080 --first-port 8501

Each process listens on loopback only (``--first-port``, ``--first-port + 1``…; 0: free
ports). nginx runs as the user who starts this script (no root needed: a high port, its
config, pid, logs and temporary files in ``--run-dir``, nothing in /etc) and keeps every
browser on one process: on its first visit a browser gets a random ``dojo_route`` cookie, and
``hash $dojo_route consistent`` sends all of its requests, the page's websocket
(``/_stcore/stream``) included, to the same process. A school behind one NAT address is spread
over the processes all the same (``ip_hash`` would send it to one). A process that stops is
started again on its port; meanwhile nginx sends its pupils to the others (their games come
back from the address bar). Ctrl+C or SIGTERM stops nginx and every process.

What the processes share (challenges, results, high scores) is in one database: the SQLite file
of ``DOJO_HIGHSCORES``, or PostgreSQL when ``DOJO_DATABASE_URL`` is set (``storage.db``).
Every process gets the same environment, so the same database and ``DOJO_SECRET_KEY``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_RUN_DIR = ROOT / "deploy" / "run"
COOKIE = "dojo_route"
START_SECONDS = 90.0
"""How long a process may take to answer its health check (imports on a busy machine)."""

NGINX_CONF = """\
# Written by deploy/serve.py for this run; edit the template there, not this copy.
worker_processes auto;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{
    worker_connections 4096;
}}
http {{
    log_format dojo '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                    'upstream=$upstream_addr route=$dojo_route time=$request_time';
    access_log {run}/access.log dojo;
    client_body_temp_path {run}/temp/body;
    proxy_temp_path {run}/temp/proxy;
    fastcgi_temp_path {run}/temp/fastcgi;
    uwsgi_temp_path {run}/temp/uwsgi;
    scgi_temp_path {run}/temp/scgi;
    # Uploads and answers stay in memory: .streamlit/config.toml refuses uploads over 2 MB, and
    # nothing is written to disk, so the workers need no folder of their own (as root they run
    # as an unprivileged user that may not reach the run folder).
    client_max_body_size 6m;
    client_body_buffer_size 6m;
    proxy_max_temp_file_size 0;

    # Sticky sessions by cookie: a browser keeps the route it was given on its first visit;
    # anything else (no cookie, a forged one) gets a fresh random route, sent back as a cookie.
    map $cookie_{cookie} $dojo_route {{
        "~^[0-9a-f]{{32}}$" $cookie_{cookie};
        default $request_id;
    }}
    map $cookie_{cookie} $dojo_new_route {{
        "~^[0-9a-f]{{32}}$" "";
        default "{cookie}=$request_id; Path=/; HttpOnly; SameSite=Lax";
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        "" "";
    }}

    upstream dojo {{
        hash $dojo_route consistent;
{servers}
        keepalive 32;
    }}

    server {{
        listen {listen};
        add_header Set-Cookie $dojo_new_route always;
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header X-Real-IP $remote_addr;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;

        location / {{
            proxy_pass http://dojo;
        }}
        # The page's websocket: a lesson is long, an idle socket must not be cut.
        location /_stcore/stream {{
            proxy_pass http://dojo;
            proxy_read_timeout 1d;
            proxy_send_timeout 1d;
            proxy_buffering off;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def nginx_config(run: Path, listen: str, ports: list[int]) -> str:
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in ports)
    return NGINX_CONF.format(run=run, listen=listen, servers=servers, cookie=COOKIE)


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=3) as response:
            return response.read() == b"ok"
    except OSError:
        return False


def check_database(env: dict[str, str]) -> None:
    """Open the shared database the processes will use (creating its tables), so a wrong
    ``DOJO_DATABASE_URL`` or an unwritable file is said once, before any pupil arrives."""
    code = "from storage.challenges import Challenges; from storage.highscores import HighScores\n"
    code += "Challenges().recent(1); HighScores().count()"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"the shared database cannot be opened: {last}")


@dataclass
class Process:
    """One ``streamlit run`` on a loopback port, its output in ``streamlit-<port>.log``."""

    port: int
    log: Path
    proc: subprocess.Popen | None = None
    restarts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, env: dict[str, str]) -> None:
        command = [sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(self.port)]
        command += ["--server.address", "127.0.0.1", "--server.headless", "true"]
        command += ["--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
        with self.log.open("ab") as out:  # a file, never a pipe nobody reads
            self.proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


@dataclass
class School:
    """The processes and nginx of one run; ``stop()`` ends them all."""

    run: Path
    listen: str
    processes: list[Process]
    env: dict[str, str]
    nginx: subprocess.Popen | None = None
    log: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        print(text, flush=True)

    def start(self) -> None:
        check_database(self.env)
        for p in self.processes:
            p.start(self.env)
        deadline = time.monotonic() + START_SECONDS
        for p in self.processes:
            while not healthy(p.url):
                if p.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit on port {p.port} did not start: see {p.log}")
                time.sleep(0.3)
        self.start_nginx()

    def start_nginx(self) -> None:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).exists():
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        (self.run / "temp").mkdir(exist_ok=True)
        conf = self.run / "nginx.conf"
        conf.write_text(nginx_config(self.run, self.listen, [p.port for p in self.processes]))
        base = [nginx, "-p", str(self.run), "-c", str(conf), "-e", str(self.run / "error.log")]
        check = subprocess.run([*base, "-t"], capture_output=True, text=True)
        if check.returncode:
            raise RuntimeError(f"nginx refused its configuration:\n{check.stderr}")
        with (self.run / "nginx.out").open("ab") as out:
            self.nginx = subprocess.Popen([*base, "-g", "daemon off;"], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 15
        while not healthy(self.url):
            if self.nginx.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not answer on {self.url}: see {self.run / 'error.log'}")
            time.sleep(0.2)

    @property
    def url(self) -> str:
        host, port = self.listen.rsplit(":", 1)
        return f"http://{'127.0.0.1' if host in ('0.0.0.0', '*', '') else host}:{port}"

    def watch(self) -> None:
        """Start again any process that stopped; return when nginx stops."""
        while self.nginx.poll() is None:
            for p in self.processes:
                if p.proc.poll() is not None:
                    p.restarts += 1
                    self.say(f"streamlit on port {p.port} stopped ({p.proc.returncode}): starting it again")
                    p.start(self.env)
            time.sleep(1)
        raise RuntimeError(f"nginx stopped ({self.nginx.returncode}): see {self.run / 'error.log'}")

    def stop(self) -> None:
        children = [c for c in [self.nginx, *(p.proc for p in self.processes)] if c is not None]
        for child in children:
            if child.poll() is None:
                child.terminate()  # nginx: fast shutdown; streamlit: closes its sessions
        deadline = time.monotonic() + 15
        for child in children:
            try:
                child.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="default: one per core")
    parser.add_argument("--port", type=int, default=8080, help="nginx's port (default 8080)")
    parser.add_argument("--bind", default="0.0.0.0", help="nginx's address (default: every interface)")
    parser.add_argument(
        "--first-port", type=int, default=8501, help="the first process's loopback port (0: free ports)"
    )
    parser.add_argument("--run-dir", type=Path, default=DEFAULT_RUN_DIR, help="nginx's files and the logs")
    args = parser.parse_args(argv)
    if args.processes < 1:
        parser.error("--processes must be at least 1")

    run = args.run_dir.resolve()
    run.mkdir(parents=True, exist_ok=True)
    ports = [free_port() if args.first_port == 0 else args.first_port + i for i in range(args.processes)]
    env = dict(os.environ)
    # One cookie secret for every process: a signed cookie made by one is good on the others.
    env.setdefault("STREAMLIT_SERVER_COOKIE_SECRET", secrets.token_hex(32))
    school = School(
        run, f"{args.bind}:{args.port}", [Process(p, run / f"streamlit-{p}.log") for p in ports], env
    )

    def stop_on_signal(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop_on_signal)
    try:
        school.start()
        database = "PostgreSQL (DOJO_DATABASE_URL)" if env.get("DOJO_DATABASE_URL") else "SQLite"
        school.say(
            f"Tabletop Dojo is up on {school.url}/ : nginx on {args.bind}:{args.port}, "
            f"{len(ports)} streamlit processes on 127.0.0.1 ports {', '.join(map(str, ports))}; "
            f"shared data in {database}; logs and nginx files in {run}. Ctrl+C stops everything."
        )
        school.watch()
    except KeyboardInterrupt:
        school.say("Stopping nginx and the streamlit processes…")
        return 0
    except RuntimeError as exc:
        print(f"serve: {exc}", file=sys.stderr, flush=True)
        return 1
    finally:
        school.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
