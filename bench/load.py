"""A class on one server: many sessions watch bots play at once against a real ``streamlit run``.

    make load                 # or: .venv/bin/python -m bench.load --sessions 30 --seconds 60
    .venv/bin/python -m bench.load --seconds 600 --rss-every 30    # a lesson's memory

Starts the dashboard on a free loopback port (the browser tests' ``start_server``), then opens
websocket clients that speak Streamlit's own protocol (``BackMsg`` / ``ForwardMsg`` on
``/_stcore/stream``, what the browser sends). Session *i* opens the page of Fan & Mallet,
Tanuki Matsuri, Yokai Carnival or Yokai (round-robin) from a share link whose seats are all
bots, so the page's bot clock (``st.fragment(run_every=…)``, "Normal (1 s)") asks for a rerun
of the Play area every second; each client ticks as the browser does and opens a new deal (a
full page run) whenever a game is over. The browser's clock is a ``setInterval`` started when
the page's run ends (Streamlit's ``App.tsx``, ``autoRerunIntervals``): ticks come at a fixed
rate, not one interval after each answer. A tick that falls while a run is still under way is
sent once that run ends (never two at once, none piling up). A client that waited an interval
after each answer would run every pupil's board in step with the others (each queue of runs
leaves the clients in the order it served them, so they come back together), which no class of
browsers does.

It runs in two parts on the same server: first one session alone (``--solo-seconds``, the four
games one after the other), then the class (``--sessions`` at once, ``--seconds``). It prints
the class's table, the lone session's figures and the ratio of the two 95th percentiles (how
much a class slows each pupil's board).

A rerun's time runs from the request sent to its ``script_finished``. Errors: an exception or
an error box on the page, a page not found, a closed connection or a run that never finishes.
A game's own result (a loss in Yokai, shown by the page) is no error box: the pages show
results as success or warning boxes, and "#### Game over" marks the end of a game.

Server figures (only for a server this bench starts): CPU seconds per run, from the process's
``utime + stime`` in ``/proc/<pid>/stat`` over the class's part divided by the runs the
clients asked for (reruns and page opens); memory, its RSS (``/proc/<pid>/status``) after one
warm-up session a game, then at its highest while the class is open: (RSS open - RSS before) /
sessions; with ``--rss-every S``, the RSS every S seconds over the class's part and its growth
over the second half (a server's memory must stay flat over a lesson). Exits non-zero on any
error. A bench, not in ``make test``.
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
from engine.core.registry import games  # noqa: E402

GAMES = tuple(g.INFO.id for g in games())
RUN_TIMEOUT = 120.0
"""Seconds a run may take before it counts as an error (the server is stuck, not slow)."""
WARM_UP = 999_999
"""The warm-up sessions' index (their deals are none of the measured sessions')."""
SOLO = 888_888
"""The lone session's index."""
DONE = {ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY}
TICKS = os.sysconf("SC_CLK_TCK")


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


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system, all its threads)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (name) ": state is field 3
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime: fields 14 and 15


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

    def add(self, other: Tally) -> None:
        self.sessions += other.sessions
        self.reruns += other.reruns
        self.opens += other.opens
        self.games_over += other.games_over
        self.errors += other.errors


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
            tick = time.monotonic()  # the page's clock starts when its run has ended
            while not run.errors and time.monotonic() < deadline:
                if run.game_over:
                    tally.games_over += 1
                    seed += 1
                    run = await client.run(query=opening_query(game_id, seed))
                    tally.opens.append(run.seconds)
                    tick = time.monotonic()
                elif client.fragment:
                    tick += client.interval if think is None else think
                    delay = tick - time.monotonic()
                    if delay > 0:
                        await asyncio.sleep(delay)
                    else:  # the tick fell while the last run was under way: sent now, once
                        tick = time.monotonic()
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


async def solo(url: str, seconds: float, think: float | None) -> Tally:
    """One session alone on the server, every game in turn (``seconds`` in all)."""
    tally = Tally(sessions=1)
    for game_id in GAMES:
        deadline = time.monotonic() + seconds / len(GAMES)
        await play_session(SOLO, url, game_id, deadline, think, tally, lambda: None)
    return tally


@dataclass
class Server:
    """What the class's part cost the server (none of it for a server given by ``--url``)."""

    rss_before: float | None = None
    rss_peak: float | None = None
    rss_samples: list[tuple[float, float]] = field(default_factory=list)
    cpu: float | None = None


async def class_load(
    url: str,
    pid: int | None,
    sessions: int,
    seconds: float,
    ramp: float,
    think: float | None,
    rss_every: float = 0.0,
) -> tuple[dict[str, Tally], Server]:
    """``sessions`` at once for ``seconds`` (after arriving over ``ramp`` seconds)."""
    server = Server()
    tallies: dict[str, Tally] = defaultdict(Tally)
    all_open = asyncio.Event()
    count = [0]

    def opened() -> None:
        count[0] += 1
        if count[0] == sessions:
            all_open.set()

    if pid:
        server.rss_before = rss_mb(pid)
        cpu_start = cpu_seconds(pid)
    start = time.monotonic()
    deadline = start + ramp + seconds
    tasks = []
    for index in range(sessions):
        game_id = GAMES[index % len(GAMES)]
        tallies[game_id].sessions += 1
        coro = play_session(index, url, game_id, deadline, think, tallies[game_id], opened)
        tasks.append(asyncio.create_task(coro))
        await asyncio.sleep(ramp / sessions)  # a class arrives over a few seconds, not in one instant
    if pid:
        await asyncio.wait([asyncio.create_task(all_open.wait()), *tasks], return_when="FIRST_COMPLETED")
        next_sample = time.monotonic()
        while not all(task.done() for task in tasks) and time.monotonic() < deadline:
            rss = rss_mb(pid)
            server.rss_peak = max(server.rss_peak or 0.0, rss)
            if rss_every and time.monotonic() >= next_sample:
                server.rss_samples.append((time.monotonic() - start, rss))
                next_sample += rss_every
            await asyncio.sleep(0.5)
    await asyncio.gather(*tasks)
    if pid:
        server.cpu = cpu_seconds(pid) - cpu_start
        if rss_every:
            server.rss_samples.append((time.monotonic() - start, rss_mb(pid)))
    return tallies, server


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


def row(t: Tally) -> tuple:
    values = (t.sessions, len(t.reruns), ms(t.reruns, 50), ms(t.reruns, 95), len(t.opens))
    return (*values, ms(t.opens, 50), ms(t.opens, 95), t.games_over, len(t.errors))


def report(tallies: dict[str, Tally], server: Server, sessions: int, alone: Tally | None) -> int:
    """Print the table (a row a game, then all together, then the lone session) and the
    server's figures; return the number of errors."""
    total = Tally()
    for t in tallies.values():
        total.add(t)
    before, peak = server.rss_before, server.rss_peak
    per_session = f"{(peak - before) / sessions:.1f}" if before is not None and peak is not None else "-"
    print_row("Game", COLUMNS)
    for title, t in [(registry_game(g).INFO.title, tallies[g]) for g in GAMES if g in tallies]:
        print_row(title, (*row(t), ""))
    print_row(f"all {sessions}", (*row(total), per_session))
    if alone is not None:
        print_row("1 alone (before)", (*row(alone), ""))
        if alone.reruns and total.reruns:
            ratio = percentile(total.reruns, 95) / percentile(alone.reruns, 95)
            print(f"p95 of a rerun, {sessions} sessions / 1 session alone: {ratio:.2f}")
    runs = len(total.reruns) + len(total.opens)
    if server.cpu is not None and runs:
        print(
            f"server CPU: {server.cpu:.1f} s for {runs} runs ({len(total.reruns)} reruns + "
            f"{len(total.opens)} page opens) = {1000 * server.cpu / runs:.0f} ms a run"
        )
    if before is not None and peak is not None:
        print(
            f"server RSS: {before:.0f} MB before the sessions (after warm-up), {peak:.0f} MB at most with all open"
        )
    if server.rss_samples:
        print(
            "server RSS over the class (s: MB): "
            + ", ".join(f"{t:.0f}: {r:.0f}" for t, r in server.rss_samples)
        )
        end = server.rss_samples[-1][0]
        half = [(t, r) for t, r in server.rss_samples if t >= end / 2]
        if len(half) >= 2:
            print(
                f"RSS growth over the second half: {half[-1][1] - half[0][1]:+.1f} MB in {half[-1][0] - half[0][0]:.0f} s"
            )
    errors = total.errors + (alone.errors if alone else [])
    for error in errors[:10]:
        print(f"  error: {error[:300]}")
    if not total.reruns:
        print("  error: no rerun was made")
        return 1
    return len(errors)


async def bench(args, url: str, pid: int | None) -> int:
    await warm_up(url)
    alone = await solo(url, args.solo_seconds, args.think) if args.solo_seconds > 0 else None
    await asyncio.sleep(1)
    tallies, server = await class_load(
        url, pid, args.sessions, args.seconds, args.ramp, args.think, args.rss_every
    )
    return report(tallies, server, args.sessions, alone)


def stop_server(proc: subprocess.Popen) -> None:
    log = os.readlink(f"/proc/{proc.pid}/fd/1")
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    print(f"server log: {log}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60, help="how long the class plays")
    parser.add_argument(
        "--solo-seconds",
        type=float,
        default=60,
        help="how long one session plays alone first (0: not at all)",
    )
    parser.add_argument("--ramp", type=float, default=5, help="seconds over which the sessions arrive")
    parser.add_argument(
        "--think", type=float, help="seconds between reruns (default: the bot clock's, as a browser)"
    )
    parser.add_argument(
        "--rss-every", type=float, default=0, help="sample the server's RSS every this many seconds"
    )
    parser.add_argument("--url", help="an already running server instead of a new one (no CPU, RSS then)")
    args = parser.parse_args()

    proc = None
    if args.url:
        url, pid = args.url.rstrip("/"), None
    else:
        from tests.e2e.conftest import start_server

        proc, url = start_server()
        pid = proc.pid
    print(
        f"Load: 1 session alone for {args.solo_seconds:.0f} s, then {args.sessions} sessions for "
        f"{args.seconds:.0f} s (+{args.ramp:.0f} s arriving) on {url}; {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start (other work shares the cores)"
    )
    try:
        errors = asyncio.run(bench(args, url, pid))
    finally:
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        if proc is not None:
            stop_server(proc)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
