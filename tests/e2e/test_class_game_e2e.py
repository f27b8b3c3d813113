"""Tanuki Matsuri's class game in a real browser: three browser contexts, the teacher's screen
and two pupils' devices. The teacher opens the class game under the game, the pupils open its
link and join by name; the teacher rolls, each pupil makes their choices on their own sheet,
and the projector shows who has chosen. A roll the teacher has not made never reaches a
pupil's browser: every board in every websocket message a pupil received before the
teacher's next roll holds only the dice of rolls already made (and none before the first),
and neither the page's HTML nor any message holds the seed. The whole game is played and
finished into the class ranking. CI only (``DOJO_SOAK``: its own server and three browsers, most
of a minute on two cores); ``make test`` plays rolls through the real server with websocket
pupils (``tests/school/test_class_game_pupils.py``), with the same checks on what they receive."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from engine.tanuki_matsuri import class_roll
from storage.class_games import MOVED_ON, ClassGames
from tests.e2e.browser import SOAK, click_if_shown, click_until, wait_idle
from tests.e2e.conftest import start_server
from tests.e2e.table_play import Device
from tests.support.boards import figure_in

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not SOAK, reason="three browsers for a whole class game: CI=true or DOJO_SOAK=1"),
]
CODE = re.compile(r"Class game ([0-9A-Z]{3}-[0-9A-Z]{3})")
CHOICES = "[class*='st-key-tanuki_matsuri-class_act-'] button"


def dice_sent(frame: bytes) -> list[tuple[str, ...]]:
    """The dice of every sheet a websocket message draws (a board's trace named "dice")."""
    msg = ForwardMsg()
    try:
        msg.ParseFromString(frame)
    except Exception:  # not a ForwardMsg (a ping): nothing drawn
        return []
    if msg.WhichOneof("type") != "delta" or msg.delta.WhichOneof("type") != "new_element":
        return []
    element = msg.delta.new_element
    board = figure_in(element.bidi_component) if element.WhichOneof("type") == "bidi_component" else None
    if board is None:
        return []
    return [tuple(t.get("text", ())) for t in board["data"] if t.get("name") == "dice"]


def choose_roll(pupil: Device, roll: int) -> None:
    """The pupil makes every choice of ``roll`` (the first button each time)."""
    main = pupil.main()
    expect(main).to_contain_text(re.compile(rf"Roll {roll}\.|Chosen for roll {roll}|sheet is full"))
    for _ in range(40):
        wait_idle(pupil.page)
        buttons = pupil.page.locator(CHOICES)
        if not buttons.count():
            break
        made = int(re.search(r"Your choices so far: (\d+)", main.inner_text()).group(1))
        buttons.first.click()
        # The click lands (one more choice), or it hit a button of a sheet being redrawn (the
        # 1 s clock keeps the page busy) and the page says so, nothing played, or the busy
        # browser lost it and nothing changes: each time, look again (the count is read anew,
        # so a click that lands late is counted once).
        try:
            expect(main).to_contain_text(
                re.compile(rf"Your choices so far: {made + 1}(?!\d)|{re.escape(MOVED_ON)}"), timeout=10_000
            )
        except AssertionError:
            continue
    expect(main).to_contain_text(re.compile(rf"Chosen for roll {roll}|sheet is full"))


def test_a_teacher_and_two_pupils_play_rolls_and_no_roll_arrives_early(browser):
    data = Path(tempfile.mkdtemp())
    proc, url = start_server(data)
    devices: list[Device] = []
    try:
        teacher = Device(browser, url, "tanuki_matsuri")
        devices.append(teacher)
        teacher.page.get_by_text("🏫 Whole class on one roll (class game)").click()
        # The expander's content is still laying out when its button is found: 4 clicks in 100
        # on two busy cores landed on the text above it, the button moved 140 px down, and no
        # message left the browser. A click that hit nothing is made again.
        open_button = teacher.page.get_by_role("button", name="🏫 Open a class game (this screen rolls)")
        click_until(
            lambda: click_if_shown(open_button),
            lambda: expect(teacher.main()).to_contain_text("Not rolled yet", timeout=10_000),
        )
        code = CODE.search(teacher.main().inner_text()).group(1)
        assert f"roll={code.replace('-', '')}" in teacher.page.url and "game=" not in teacher.page.url
        games = ClassGames(data / "scores.sqlite3")
        seed = games.lookup(code).seed
        pupils = []
        for name in ("Aiko", "Ben"):
            pupil = Device(browser, url, f"tanuki_matsuri?roll={code}")
            devices.append(pupil)
            pupil.page.get_by_label("Your name (it goes to the class ranking)").fill(name)
            pupil.page.get_by_role("button", name="Join with my own sheet").click()
            expect(pupil.main()).to_contain_text("Waiting for the teacher's first roll")
            pupils.append(pupil)
        expect(teacher.main()).to_contain_text("2 pupils joined")
        marks = []  # (rolls made, messages each pupil had received by then)
        rolled, pages = 0, []
        while True:
            wait_idle(teacher.page)
            if "A sheet ended" in teacher.main().inner_text():
                break
            marks.append((rolled, [len(p.frames) for p in pupils]))
            teacher.page.get_by_role("button", name=re.compile(r"^🎲 Roll")).click()
            rolled += 1
            expect(teacher.main()).to_contain_text(f"Roll {rolled}:")
            for pupil in pupils:
                choose_roll(pupil, rolled)
                if rolled <= 2:
                    pages.append(pupil.page.content())
            expect(teacher.main()).to_contain_text("✓ 2 of 2 chosen")
        marks.append((rolled, [len(p.frames) for p in pupils]))
        rolls = [tuple(map(str, class_roll.roll_of(seed, {}, r))) for r in range(1, rolled + 1)]
        for i, pupil in enumerate(pupils):
            assert pupil.frames, "no websocket message was seen"
            assert any(dice_sent(f) for f in pupil.frames), "the check looks where the dice are drawn"
            for (made, start), (_, end) in zip(marks, marks[1:], strict=False):
                for frame in pupil.frames[start[i] : end[i]]:
                    early = [d for d in dice_sent(frame) if d not in rolls[: made + 1]]
                    assert not early, f"dice {early} reached a pupil before roll {made + 1} was made"
            for frame in pupil.frames[: marks[0][1][i]]:
                assert not dice_sent(frame), "dice reached a pupil before the first roll"
            assert not [f for f in pupil.frames if str(seed).encode() in f], "the seed reached a pupil"
        assert not [html for html in pages if str(seed) in html]
        teacher.page.get_by_role("button", name=re.compile("^🏁 Finish")).click()
        expect(teacher.main()).to_contain_text("Class ranking: challenge")
        for pupil in pupils:
            expect(pupil.main()).to_contain_text("Class game over")
        assert games.lookup(code).finished
    finally:
        for device in devices:
            device.context.close()
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
