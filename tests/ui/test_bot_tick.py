"""A bot's tick on a real ``streamlit run`` (bench/load.py's websocket client): it redraws the
Play area only, and the toolbar drawn by the whole page still follows the game."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.asyncio.client import connect

from bench.deltas import what
from bench.load import Client, Run, opening_query, stop_server
from tests.e2e.conftest import start_server

UNDO = "↶ Undo"


class Watch(Client):
    """A client that keeps, per run, the buttons sent (label: disabled) and the delta count."""

    def __init__(self, ws) -> None:
        super().__init__(ws)
        self.buttons: dict[str, bool] = {}
        self.deltas = 0

    def _read(self, reply: ForwardMsg, run: Run) -> bool:
        if what(reply) is not None:
            self.deltas += 1
            element = reply.delta.new_element
            if reply.delta.WhichOneof("type") == "new_element" and element.WhichOneof("type") == "button":
                self.buttons[element.button.label] = element.button.disabled
        return super()._read(reply, run)

    async def tick(self) -> tuple[dict[str, bool], int]:
        await asyncio.sleep(self.interval)  # a whole interval: the bot plays its turn
        self.buttons, self.deltas = {}, 0
        run = await self.run(fragment=True)
        assert run.errors == [] and not run.game_over
        return self.buttons, self.deltas


async def watch(url: str) -> list[tuple[dict[str, bool], int]]:
    """The page open, then three ticks of its bot clock: (buttons, deltas) of each run."""
    stream = url.replace("http", "ws", 1) + "/_stcore/stream"
    async with connect(stream, subprotocols=["streamlit"], max_size=None) as ws:
        page = Watch(ws)
        run = await page.run(page_name="yokai", query=opening_query("yokai", 7))
        assert run.errors == [] and page.fragment, "the bots' clock started"
        runs = [(page.buttons, page.deltas)]
        for _ in range(3):
            runs.append(await page.tick())
        return runs


def test_a_tick_redraws_the_play_area_and_the_toolbar_only_when_it_changes():
    proc, url = start_server()
    try:
        # In a thread of its own: a browser test before this one in the same worker leaves
        # Playwright's event loop running in this thread, where asyncio.run is refused.
        with ThreadPoolExecutor(1) as thread:
            opened, first, second, third = thread.submit(asyncio.run, watch(url)).result()
    finally:
        stop_server(proc)
    assert opened[0][UNDO] is True  # move 0: nothing to undo
    # The first bot move makes Undo possible: the whole page reruns and the toolbar says so.
    assert first[0][UNDO] is False
    # Later moves change nothing the toolbar shows: a tick sends the Play area alone.
    for buttons, deltas in (second, third):
        assert UNDO not in buttons
        assert deltas < opened[1] / 2, (deltas, opened[1])
