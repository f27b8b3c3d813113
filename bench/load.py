"""A class on one server: many sessions watch bots play at once against a real ``streamlit run``.

    make load                 # or: .venv/bin/python -m bench.load --sessions 30 --seconds 60

Starts the dashboard on a free loopback port (the browser tests' ``start_server``), then opens
``--sessions`` websocket clients that speak Streamlit's own protocol (``BackMsg`` /
``ForwardMsg`` on ``/_stcore/stream``, what the browser sends). Session *i* opens the page of
Fan & Mallet, Tanuki Matsuri, Yokai Carnival or Yokai (round-robin) from a share link whose
seats are all bots, so the page's bot clock (``st.fragment(run_every=…)``, "Normal (1 s)")
asks for a rerun of the Play area every second; each client answers it as the browser does,
one rerun after the other, and opens a new deal (a full page run) whenever a game is over.

A rerun's time runs from the request sent to its ``script_finished``. Errors: an exception or
an error box on the page, a page not found, a closed connection or a run that never
finishes. The server's memory is its RSS (``/proc/<pid>/status``) after one warm-up session
a game (imports and caches paid once), then at its highest while every session is open:
(RSS open - RSS before) / sessions. Exits non-zero on any error. A bench, not in ``make test``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from streamlit.proto.Alert_pb2 import Alert  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import WebSocketException  # noqa: E402

from engine.core import encode_link  # noqa: E402
from engine.core.registry import game as registry_game  # noqa: E402

GAMES = ("fan_mallet", "tanuki_matsuri", "yokai_carnival", "yokai")
RUN_TIMEOUT = 120.0
"""Seconds a run may take before it counts as an error (the server is stuck, not slow)."""
WARM_UP = 999_999
"""The warm-up sessions' index (their deals are none of the measured sessions')."""
DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}


def opening_query(game_id: str, seed: int) -> str:
    """The share link of a new deal with every seat a bot (the game's middle-strength one)."""
    game = registry_game(game_id)
    players = game.INFO.default_players
    names = list(game.bots())
    token = encode_link(game.to_json(game.new_game(seed, players)))
    return urlencode({"game": token, "seats": ",".join([names[len(names) // 2]] * players)})


def page_cookies(url: str) -> str:
    """The cookies the page's first answer sets (a balancer's sticky route among them), as a
    browser sends them back with its websocket."""
    with urllib.request.urlopen(f"{url}/", timeout=RUN_TIMEOUT) as response:
        pairs = [c.split(";", 1)[0].strip() for c in response.headers.get_all("Set-Cookie") or []]
    return "; ".join(pairs)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class Run:
    """What one script run sent back."""

    seconds: float
    errors: list[str] = field(default_factory=list)
    game_over: bool = False


@dataclass
class Tally:
    """One game's figures over all its sessions."""

    sessions: int = 0
    reruns: list[float] = field(default_factory=list)
    opens: list[float] = field(default_factory=list)
    games_over: int = 0
    errors: list[str] = field(default_factory=list)


class Client:
    """One browser tab's side of the websocket: it sends reruns and reads the page back."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.query = ""
        self.page_hash = ""
        self.fragment = ""
        self.interval = 0.0

    async def run(self, *, page_name: str = "", query: str | None = None, fragment: bool = False) -> Run:
        if query is not None:
            self.query = query
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_script_hash = self.page_hash
        state.page_name = page_name
        if fragment:
            state.fragment_id = self.fragment
            state.is_auto_rerun = True
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        run = Run(0.0)
        async with asyncio.timeout(RUN_TIMEOUT):
            while True:
                reply = ForwardMsg()
                reply.ParseFromString(await self.ws.recv())
                if self._read(reply, run):
                    break
        run.seconds = time.perf_counter() - start
        return run

    def _read(self, reply: ForwardMsg, run: Run) -> bool:
        """Note what ``reply`` says; True once the run has finished."""
        kind = reply.WhichOneof("type")
        if kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
            element = reply.delta.new_element
            what = element.WhichOneof("type")
            if what == "exception":
                run.errors.append(f"exception {element.exception.type}: {element.exception.message}")
            elif what == "alert" and element.alert.format == Alert.ERROR:
                run.errors.append(f"error box: {element.alert.body}")
            elif what == "markdown" and element.markdown.body.startswith("#### Game over"):
                run.game_over = True
        elif kind == "navigation":
            self.page_hash = reply.navigation.page_script_hash  # the browser reruns this page
        elif kind == "page_info_changed":
            self.query = reply.page_info_changed.query_string  # the address bar follows the game
        elif kind == "auto_rerun":
            self.fragment, self.interval = reply.auto_rerun.fragment_id, reply.auto_rerun.interval
        elif kind == "stop_auto_rerun":
            self.fragment = ""
        elif kind == "page_not_found":
            run.errors.append(f"page not found: {reply.page_not_found.page_name}")
        elif kind == "script_finished":
            if reply.script_finished == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                run.errors.append("the page script did not compile")
                return True
            return reply.script_finished in DONE
        return False


async def play_session(
    index: int, url: str, game_id: str, deadline: float, think: float | None, tally: Tally, opened
) -> None:
    """Open a deal, answer the bot clock until ``deadline``, open a new deal after each game."""
    seed = 1000 * index
    stream = url.replace("http", "ws", 1) + "/_stcore/stream"
    try:
        cookies = await asyncio.to_thread(page_cookies, url)  # the page first, as a browser
        headers = {"Cookie": cookies} if cookies else None
        # No keep-alive pings: a browser sends none, and a busy server's late pong is no error.
        async with connect(
            stream, subprotocols=["streamlit"], max_size=None, ping_interval=None, additional_headers=headers
        ) as ws:
            client = Client(ws)
            run = await client.run(page_name=game_id, query=opening_query(game_id, seed))
            tally.opens.append(run.seconds)
            opened()
            while not run.errors and time.monotonic() < deadline:
                if run.game_over:
                    tally.games_over += 1
                    seed += 1
                    run = await client.run(query=opening_query(game_id, seed))
                    tally.opens.append(run.seconds)
                elif client.fragment:
                    await asyncio.sleep(client.interval if think is None else think)
                    run = await client.run(fragment=True)
                    tally.reruns.append(run.seconds)
                else:
                    run.errors.append("the bots' clock never started: nobody is playing")
            tally.errors += run.errors
    except (OSError, TimeoutError, WebSocketException) as exc:
        tally.errors.append(f"session {index}: {type(exc).__name__} {exc}")
        opened()


async def warm_up(url: str) -> None:
    """One short session a game: the first visit pays the imports and caches, not a session."""
    for game_id in GAMES:
        tally = Tally()
        await play_session(WARM_UP, url, game_id, time.monotonic() + 2, None, tally, lambda: None)
        if tally.errors:
            raise RuntimeError(f"warm-up on {game_id} failed: {tally.errors[0]}")


async def load(url: str, pid: int | None, sessions: int, seconds: float, ramp: float, think: float | None):
    await warm_up(url)
    await asyncio.sleep(1)
    before = rss_mb(pid) if pid else None
    tallies: dict[str, Tally] = defaultdict(Tally)
    all_open = asyncio.Event()
    count = [0]

    def opened() -> None:
        count[0] += 1
        if count[0] == sessions:
            all_open.set()

    deadline = time.monotonic() + ramp + seconds
    tasks = []
    for index in range(sessions):
        game_id = GAMES[index % len(GAMES)]
        tallies[game_id].sessions += 1
        coro = play_session(index, url, game_id, deadline, think, tallies[game_id], opened)
        tasks.append(asyncio.create_task(coro))
        await asyncio.sleep(ramp / sessions)  # a class arrives over a few seconds, not in one instant
    peak = None
    if pid:
        await asyncio.wait([asyncio.create_task(all_open.wait()), *tasks], return_when="FIRST_COMPLETED")
        while not all(task.done() for task in tasks) and time.monotonic() < deadline:
            peak = max(peak or 0.0, rss_mb(pid))
            await asyncio.sleep(0.5)
    await asyncio.gather(*tasks)
    return tallies, before, peak


def percentile(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def ms(values: list[float], q: int) -> str:
    """The ``q``-th percentile of ``values`` (seconds) in whole milliseconds."""
    return f"{1000 * percentile(values, q):.0f}" if values else "-"


COLUMNS = ("sessions", "reruns", "median ms", "p95 ms", "page opens", "open median ms", "open p95 ms")
COLUMNS += ("games over", "errors", "RSS MB/session")


def print_row(title: str, values) -> None:
    print(f"{title:<16}" + "".join(f"{v!s:>{len(c) + 2}}" for c, v in zip(COLUMNS, values, strict=True)))


def report(tallies: dict[str, Tally], before: float | None, peak: float | None, sessions: int) -> int:
    """Print the table (a row a game, then all together); return the number of errors."""
    total = Tally()
    for t in tallies.values():
        total.sessions += t.sessions
        total.reruns += t.reruns
        total.opens += t.opens
        total.games_over += t.games_over
        total.errors += t.errors
    per_session = f"{(peak - before) / sessions:.1f}" if before is not None and peak is not None else "-"
    print_row("Game", COLUMNS)
    rows = [(registry_game(g).INFO.title, tallies[g]) for g in GAMES if g in tallies] + [("all", total)]
    for title, t in rows:
        values = (t.sessions, len(t.reruns), ms(t.reruns, 50), ms(t.reruns, 95), len(t.opens))
        values += (ms(t.opens, 50), ms(t.opens, 95), t.games_over, len(t.errors))
        print_row(title, (*values, per_session if t is total else ""))
    if before is not None and peak is not None:
        print(
            f"server RSS: {before:.0f} MB before the sessions (after warm-up), {peak:.0f} MB at most with all open"
        )
    for error in total.errors[:10]:
        print(f"  error: {error[:300]}")
    if not total.reruns:
        print("  error: no rerun was made")
        return 1
    return len(total.errors)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60, help="how long every session plays")
    parser.add_argument("--ramp", type=float, default=5, help="seconds over which the sessions arrive")
    parser.add_argument(
        "--think", type=float, help="seconds between reruns (default: the bot clock's, as a browser)"
    )
    parser.add_argument("--url", help="an already running server instead of a new one (no RSS then)")
    args = parser.parse_args()

    proc = None
    if args.url:
        url, pid = args.url.rstrip("/"), None
    else:
        from tests.e2e.conftest import start_server

        proc, url = start_server()
        pid = proc.pid
    load_avg = os.getloadavg()[0]
    print(
        f"Load: {args.sessions} sessions for {args.seconds:.0f} s (+{args.ramp:.0f} s arriving) on {url}; "
        f"{os.cpu_count()} cores, load average {load_avg:.1f} at the start (other work shares the cores)"
    )
    try:
        tallies, before, peak = asyncio.run(
            load(url, pid, args.sessions, args.seconds, args.ramp, args.think)
        )
        errors = report(tallies, before, peak, args.sessions)
    finally:
        if proc is not None:
            log = os.readlink(f"/proc/{proc.pid}/fd/1")
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
            print(f"server log: {log}")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
