"""How much a bot's tick redraws: the websocket deltas (elements and blocks sent) per tick of
the bot clock, for each game, through a real ``streamlit run``.

    .venv/bin/python -m bench.deltas                 # 8 ticks a game
    .venv/bin/python -m bench.deltas --ticks 12 --show fan_mallet

Every delta is work for the server (building the element, diffing, serialising, sending) and
for each pupil's browser; a class of 30 multiplies it. Unlike a time, the count does not
depend on the machine's load: the same deals (``bench.load``'s share links, every seat the
middle bot) give the same counts. Each tick is sent one clock interval after the last run
ended, so every tick plays exactly one bot turn. ``--show GAME`` lists what one tick sends.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from bench.load import GAMES, Client, Run, opening_query, page_cookies  # noqa: E402
from engine.core.registry import game as registry_game  # noqa: E402

SEED = 4242


def what(reply: ForwardMsg) -> str | None:
    """The kind of one delta (``markdown``, ``block:vertical``…), None for any other message."""
    if reply.WhichOneof("type") != "delta":
        return None
    delta = reply.delta
    kind = delta.WhichOneof("type")
    if kind == "new_element":
        return delta.new_element.WhichOneof("type")
    if kind == "add_block":
        return "block:" + (delta.add_block.WhichOneof("type") or "container")
    return kind


class CountingClient(Client):
    """A :class:`bench.load.Client` that also notes the kind of every delta of a run."""

    def __init__(self, ws) -> None:
        super().__init__(ws)
        self.kinds: Counter[str] = Counter()

    def _read(self, reply: ForwardMsg, run: Run) -> bool:
        kind = what(reply)
        if kind is not None:
            self.kinds[kind] += 1
        return super()._read(reply, run)


async def ticks(url: str, game_id: str, count: int) -> tuple[list[int], Counter[str], list[str]]:
    """Open the deal and answer ``count`` ticks: deltas per tick, the kinds of the first
    tick's deltas and any errors. Stops early at the game's end (that run is not counted)."""
    stream = url.replace("http", "ws", 1) + "/_stcore/stream"
    cookies = await asyncio.to_thread(page_cookies, url)
    headers = {"Cookie": cookies} if cookies else None
    sizes: list[int] = []
    first: Counter[str] = Counter()
    async with connect(
        stream, subprotocols=["streamlit"], max_size=None, ping_interval=None, additional_headers=headers
    ) as ws:
        client = CountingClient(ws)
        run = await client.run(page_name=game_id, query=opening_query(game_id, SEED))
        while not run.errors and len(sizes) < count:
            if not client.fragment:
                run.errors.append("the bots' clock never started")
                break
            await asyncio.sleep(client.interval)  # one interval after the run: one bot turn
            client.kinds = Counter()
            run = await client.run(fragment=True)
            if run.game_over:
                break
            sizes.append(sum(client.kinds.values()))
            first = first or client.kinds
    return sizes, first, run.errors


async def measure(url: str, count: int) -> dict[str, tuple[list[int], Counter[str], list[str]]]:
    results = await asyncio.gather(*(ticks(url, g, count) for g in GAMES))
    return dict(zip(GAMES, results, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ticks", type=int, default=8, help="bot ticks a game")
    parser.add_argument("--show", choices=GAMES, action="append", default=[], help="list one tick's deltas")
    parser.add_argument("--url", help="an already running server instead of a new one")
    args = parser.parse_args()
    proc = None
    if args.url:
        url = args.url.rstrip("/")
    else:
        from tests.e2e.conftest import start_server, stop

        proc, url = start_server()
    try:
        started = time.monotonic()
        results = asyncio.run(measure(url, args.ticks))
    finally:
        if proc is not None:
            stop(proc)
    errors = 0
    print(f"{'Game':<16}{'ticks':>7}{'median':>8}{'min':>6}{'max':>6}  deltas per bot tick")
    for game_id, (sizes, first, errs) in results.items():
        title = registry_game(game_id).INFO.title
        if sizes:
            line = f"{statistics.median(sizes):>8g}{min(sizes):>6}{max(sizes):>6}  {sizes}"
            print(f"{title:<16}{len(sizes):>7}{line}")
        for error in errs:
            print(f"  error ({title}): {error[:300]}")
        errors += len(errs) + (not sizes)
        if game_id in args.show:
            print("  first tick: " + ", ".join(f"{k} {n}" for k, n in first.most_common()))
    print(f"({time.monotonic() - started:.0f} s; seed {SEED}, every seat the middle bot)")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
