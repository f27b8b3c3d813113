"""The server process (ui/kit/server.py): a real ``streamlit run``, spoken to as a browser does
(bench/load.py's websocket client), and the two Streamlit internals the module relies on."""

import asyncio
import gc
import inspect
from concurrent.futures import ThreadPoolExecutor

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.runtime.pages_manager import PagesManager
from streamlit.runtime.scriptrunner import script_runner
from streamlit.watcher import polling_path_watcher
from websockets.asyncio.client import connect

from bench.load import Client, Run, opening_query, stop_server
from tests.e2e.conftest import start_server
from ui.kit import server


class Page(Client):
    """A client that also keeps the markdown and page set-up each run sends."""

    def __init__(self, ws) -> None:
        super().__init__(ws)
        self.seen: list[str] = []

    def _read(self, reply: ForwardMsg, run: Run) -> bool:
        kind = reply.WhichOneof("type")
        if kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
            element = reply.delta.new_element
            if element.WhichOneof("type") == "markdown":
                self.seen.append(element.markdown.body)
        elif kind == "page_config_changed":
            self.seen.append(f"page_config {reply.page_config_changed.layout}")
        return super()._read(reply, run)


async def first_visit(url: str, game_id: str) -> tuple[Page, Run]:
    stream = url.replace("http", "ws", 1) + "/_stcore/stream"
    async with connect(stream, subprotocols=["streamlit"], max_size=None) as ws:
        page = Page(ws)
        run = await page.run(page_name=game_id, query=opening_query(game_id, 7))
        return page, run


@pytest.fixture(scope="module")
def fresh_server():
    proc, url = start_server()
    yield url
    stop_server(proc)


def test_a_share_link_opened_first_runs_through_app_py(fresh_server):
    # Nobody has opened Home on this server: without the fix Streamlit ran the page alone.
    # In a thread of its own: a browser test before this one in the same worker leaves
    # Playwright's event loop running in this thread, where asyncio.run is refused.
    with ThreadPoolExecutor(1) as thread:
        page, run = thread.submit(asyncio.run, first_visit(fresh_server, "yokai")).result()
    assert run.errors == []
    assert "### 🎎 Tabletop Dojo" in page.seen  # app.py's sidebar
    assert any(s.startswith("page_config") for s in page.seen)  # app.py's wide layout
    assert any(s.startswith("#### To move") for s in page.seen) and page.fragment  # the game, its bot clock


def test_outside_a_server_settle_changes_nothing(monkeypatch):
    monkeypatch.setattr(PagesManager, "uses_pages_directory", True)
    thresholds = gc.get_threshold()
    server.settle()  # a test process: no streamlit run here
    assert PagesManager.uses_pages_directory is True and gc.get_threshold() == thresholds


def test_the_streamlit_internals_it_sets_are_still_read(monkeypatch):
    # Streamlit reads the watcher's period at every poll, and runs pages alone while the flag is set:
    # if either name changes in a new Streamlit, these settings would silently do nothing.
    assert "_POLLING_PERIOD_SECS" in inspect.getsource(polling_path_watcher.PollingPathWatcher._schedule)
    assert "PagesManager.uses_pages_directory" in inspect.getsource(script_runner.ScriptRunner._run_script)
    monkeypatch.setattr(polling_path_watcher, "_POLLING_PERIOD_SECS", 0.2)
    server.slow_config_watchers()
    assert polling_path_watcher._POLLING_PERIOD_SECS == server.CONFIG_POLL_SECONDS
