"""Sealed share links in a real browser: after a few moves against a bot, neither the address
bar, nor the page's HTML, nor any websocket message the browser received holds the seed or
the save; the copied link opens the same position with the same bot in a new browser, and
again after the server restarts with the same data folder (its kept key). The restart runs in
CI (``DOJO_SOAK``); in ``make test``, ``tests/ui/test_links.py`` checks that a key is made once
in the data folder and that processes starting at once agree on it."""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from engine.core import BadSave, decode_link, parse_save
from storage.keys import kept_key
from tests.e2e.browser import SOAK, click_until, open_page, wait_idle
from tests.e2e.conftest import start_server, stop
from tests.e2e.test_fm_e2e import HAND_TOKENS, hand_points
from ui.kit.sealing import unseal

pytestmark = pytest.mark.e2e

MOVES = 2  # White's cards played (the bot answers each)
PLAIN_LINK = re.compile(rb"eN[A-Za-z0-9_-]{30,}")
"""What a plain (unsealed) link looks like: zlib's header in URL-safe base64, and more."""


def link_token(page) -> str:
    return parse_qs(urlsplit(page.url).query)["game"][0]


def moves_in_link(page, key: bytes) -> int:
    return len(parse_save(unseal(link_token(page), key)[0]).actions)


def play_a_card(page, key: bytes) -> None:
    """White plays its first hand card (a click shows its path, a second one plays it), and
    the page settles with the bot's answer in the address bar."""
    main = page.locator("[data-testid='stMain']")
    before, moves = link_token(page), moves_in_link(page, key)
    click_until(
        lambda: hand_points(page).first.click(force=True),
        lambda: expect(main).to_contain_text("Preview:", timeout=8_000),
    )
    click_until(
        lambda: hand_points(page).first.click(force=True),
        lambda: page.wait_for_function(
            "(t) => new URLSearchParams(location.search).get('game') !== t", arg=before, timeout=8_000
        ),
    )
    deadline = time.monotonic() + 60
    while moves_in_link(page, key) < moves + 2:  # White's card, then the bot's answer
        assert time.monotonic() < deadline, "the bot did not answer within 60 s"
        page.wait_for_timeout(200)
    wait_idle(page)


def opponent(page) -> str:
    """The opponent the "Play against" box shows ("greedy", …; "a person at this screen")."""
    return page.get_by_role("combobox", name="Play against").input_value()


def test_a_sealed_link_shows_no_seed_and_outlives_the_browser_and_the_server(browser):
    data = Path(tempfile.mkdtemp())
    proc, url = start_server(data, secret_key=None)  # the key is made and kept in `data`
    contexts = []
    try:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        frames: list[bytes] = []
        page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda payload: frames.append(payload if isinstance(payload, bytes) else payload.encode()),
            ),
        )
        open_page(page, url, "fan_mallet")
        expect(hand_points(page)).to_have_count(6)
        page.wait_for_url(re.compile(r"game=s1\."))
        key = kept_key(data)  # made by the server on its first link
        for _ in range(MOVES):
            play_a_card(page, key)
        page.get_by_role("button", name=re.compile("Save")).click()
        expect(page.get_by_text("This file reveals the deal.")).to_be_visible()
        wait_idle(page)

        token = link_token(page)
        save_text, seats = unseal(token, key)
        save = parse_save(save_text)
        assert len(save.actions) >= 2 * MOVES and seats[0] == "human" and seats[1] != "human"
        seed = str(save.seed)
        html = page.content()
        assert frames, "no websocket message was seen"
        for where, text in [("the address bar", page.url.encode()), ("the page's HTML", html.encode())] + [
            (f"websocket message {i}", frame) for i, frame in enumerate(frames)
        ]:
            assert seed.encode() not in text, f"the seed is in {where}"
            assert b'"format":"tabletop-dojo-save"' not in text, f"a save is in {where}"
            assert save_text.encode()[:60] not in text, f"the save is in {where}"
            for plain in PLAIN_LINK.findall(text):  # an unsealed link would inflate to the save
                with pytest.raises(BadSave):
                    decode_link(plain.decode())
        # The popover's share link is the sealed one. Read as text: the code block's highlighter
        # may cut the token into spans (a digit after "s1." reads as a number), so not the raw HTML.
        shown = "".join(page.get_by_test_id("stCode").inner_text().split())
        assert f"?game={token}" in shown
        page.keyboard.press("Escape")
        hands, against = page.evaluate(HAND_TOKENS), opponent(page)
        copied = page.url
        path = copied.removeprefix(url)  # "/fan_mallet?game=s1.…"

        # A new browser (no cookies, no session) opens the copied link: same position, same bot.
        other = browser.new_context(viewport={"width": 1400, "height": 1000})
        contexts.append(other)
        fresh = other.new_page()
        fresh.set_default_timeout(20_000)
        open_page(fresh, url)
        fresh.goto(copied)
        wait_idle(fresh)
        main = fresh.locator("[data-testid='stMain']")
        expect(main).to_contain_text(f"Game restored from the share link (move {len(save.actions)}")
        expect(hand_points(fresh)).to_have_count(6)
        assert fresh.evaluate(HAND_TOKENS) == hands
        assert opponent(fresh) == against and against not in ("", "a person at this screen")
        expect(fresh.get_by_role("button", name=re.compile("^I am "))).to_have_count(0)  # no pass-the-device
        assert link_token(fresh) == token

        if not SOAK:  # the restart below runs in CI (a second server start costs half a minute)
            return
        # The server restarts with the same data folder: the kept key opens the same link.
        stop(proc)
        proc, url = start_server(data, secret_key=None)
        again = other.new_page()
        again.set_default_timeout(20_000)
        open_page(again, url)
        again.goto(url + path)
        wait_idle(again)
        expect(again.locator("[data-testid='stMain']")).to_contain_text(
            f"Game restored from the share link (move {len(save.actions)}"
        )
        expect(hand_points(again)).to_have_count(6)
        assert again.evaluate(HAND_TOKENS) == hands
        assert opponent(again) == against
        assert link_token(again) == token
    finally:
        for context in contexts:
            context.close()
        stop(proc)
