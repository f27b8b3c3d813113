"""Two people on one server at once: each browser keeps its own game, and the address bar's
share link brings a game back after a reload and (CI, ``DOJO_SOAK``) on a freshly started
server; ``make test`` checks a restart once, in ``test_links_e2e``."""

from __future__ import annotations

import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from playwright.sync_api import expect
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from websockets.sync.client import connect

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
from engine.core import encode_link
from storage.keys import derived_key
from tests.e2e.browser import SOAK, click_until, open_page, wait_idle
from tests.e2e.conftest import E2E_SECRET_KEY, start_server
from tests.e2e.test_fm_e2e import HAND_TOKENS, hand_points
from tests.e2e.test_tm_e2e import click_token, expect_clickable
from ui.kit.sealing import seal, unseal
from ui.kit.session import load_session

pytestmark = pytest.mark.e2e

FM_SEED = 2016
FM_SEATS = ("human", "greedy")
CARD = 2  # the White hand card the Fan & Mallet player plays


KEY = derived_key(E2E_SECRET_KEY)  # the test servers' key: links are sealed


def link_token(page) -> str:
    return parse_qs(urlsplit(page.url).query)["game"][0]


def link_save(page) -> str:
    """The save inside the address bar's sealed link."""
    return unseal(link_token(page), KEY)[0]


def expect_link(page, token: str) -> None:
    """Wait until the address bar holds ``token`` (it follows the game a moment after a run)."""
    page.wait_for_function("(t) => new URLSearchParams(location.search).get('game') === t", arg=token)


def start_warm_server():
    """A second server that has already drawn the Fan & Mallet page once (through Streamlit's
    own websocket protocol), so its first visitor does not wait for the imports."""
    proc, url = start_server()
    msg = BackMsg()
    msg.rerun_script.page_name = "fan_mallet"
    try:
        with connect(url.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"]) as ws:
            ws.send(msg.SerializeToString())
            reply = ForwardMsg()
            while reply.WhichOneof("type") != "script_finished":
                reply.ParseFromString(ws.recv(timeout=60))
    except BaseException:
        stop(proc)
        raise
    return proc, url


def open_side_by_side(app_url: str, visits) -> None:
    """Open each ``(page, path)`` at the same time, the two players arriving together (Home
    first in every tab: a deep link as a new session's very first request can 404)."""
    for step in ("home", "game"):
        for page, path in visits:
            page.goto(f"{app_url}/{path if step == 'game' else ''}")
        for page, _ in visits:
            wait_idle(page)
            expect(page.locator("h1").first).to_be_visible()


def fan_mallet_after_one_round() -> tuple[str, str]:
    """The opening's share link, and the save after White plays card ``CARD`` and the greedy
    bot answers (bots decide from the seed, so the answer is known)."""
    opening = fm.to_json(fm.new_game(FM_SEED))
    session = load_session(fm, opening, seats=FM_SEATS)
    session = session.play(fm.legal_actions(session.state)[CARD]).bot_turn()
    return encode_link(opening), session.save_text()


def tanuki_after(tokens: list[str]) -> tuple[str, str]:
    """A scripted Tanuki Matsuri deal's share link, and its save after the sheet clicks ``tokens``."""
    state = opening = tm.new_game(seed=1, dice=[[1, 2, 2]])
    for token in tokens:
        state = tm.apply(state, next(a for a in tm.legal_actions(state) if tm.encode_action(a) == token))
    return encode_link(tm.to_json(opening)), tm.to_json(state)


def test_two_sessions_keep_their_own_games_and_the_link_outlives_the_server(browser, app_url):
    fm_link, fm_save = fan_mallet_after_one_round()
    tm_link, tm_save = tanuki_after(["d1", "F1"])
    fm_query = "?" + urlencode({"game": fm_link, "seats": ",".join(FM_SEATS)})
    contexts = [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(3)]
    # The "restarted" server boots while the two players play (it takes seconds to start).
    with ThreadPoolExecutor(1) as starter:
        second = starter.submit(start_warm_server) if SOAK else None
        try:
            fan, tanuki, later = (context.new_page() for context in contexts)
            for page in (fan, tanuki, later):
                page.set_default_timeout(20_000)
            open_side_by_side(
                app_url, [(fan, f"fan_mallet{fm_query}"), (tanuki, f"tanuki_matsuri?game={tm_link}")]
            )
            expect(hand_points(fan)).to_have_count(6)
            fan_main = fan.locator("[data-testid='stMain']")
            tanuki_main = tanuki.locator("[data-testid='stMain']")
            expect(tanuki_main).to_contain_text("Game restored from the share link (move 0 of 0)")

            # The two players take turns at their own screens: each move lands in its own game only.
            click_until(
                lambda: hand_points(fan).nth(CARD).click(force=True),
                lambda: expect(fan_main).to_contain_text("Preview:", timeout=8_000),
            )
            expect_clickable(tanuki, ["d1", "d2", "d2"], "dice")
            click_token(tanuki, "d1")
            click_until(
                lambda: hand_points(fan).nth(CARD).click(force=True),
                lambda: fan.wait_for_function(
                    "(t) => new URLSearchParams(location.search).get('game') !== t",
                    arg=fm_link,
                    timeout=8_000,
                ),
            )
            click_token(tanuki, "F1")
            expect_link(fan, seal(fm_save, FM_SEATS, KEY))  # White's card, then the bot's answer
            expect_link(tanuki, seal(tm_save, ("human",), KEY))
            wait_idle(fan)
            assert link_save(fan) == fm_save
            assert link_save(tanuki) == tm_save
            expect(tanuki_main).to_contain_text("Fruit bonus (strawberry)")  # mid-turn, as left

            # A reload is a new session: the address bar brings the position back.
            tanuki.reload()
            wait_idle(tanuki)
            expect(tanuki_main).to_contain_text("Game restored from the share link (move 2 of 2)")
            expect_clickable(tanuki, ["A5", "D5", "E5", "F5", "G5"], "choices")
            assert link_token(tanuki) == seal(tm_save, ("human",), KEY)

            if second is None:
                return
            # Another server process (a restart, or another one behind the load balancer) opens
            # the link copied from the first page and shows the same position.
            proc, second_url = second.result()
            copied = fan.url
            open_page(later, second_url)  # Home first: a deep link as the first request can 404
            later.goto(second_url + copied.removeprefix(app_url))
            wait_idle(later)
            later_main = later.locator("[data-testid='stMain']")
            expect(later_main).to_contain_text("Game restored from the share link (move 2 of 2)")
            expect(later.locator(".js-plotly-plot").first).to_be_visible()
            assert later.evaluate(HAND_TOKENS) == fan.evaluate(HAND_TOKENS)  # the same board
            expect(later.get_by_role("slider", name=re.compile("Replay"))).to_have_value("2")
            assert link_save(later) == fm_save
            assert link_save(fan) == fm_save  # the first server's game is untouched
        finally:
            for context in contexts:
                context.close()
            if (
                second is not None and second.exception() is None
            ):  # waits for the start; ours to stop, never app_url's
                stop(second.result()[0])


def stop(proc) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
