"""A whole class on one Tanuki Matsuri roll through a real ``streamlit run``: the teacher's
page and every pupil's page speak Streamlit's own websocket protocol (``page_client.Tab``,
the load bench's clients), each pupil in a thread of their own. The teacher opens the class
game, the pupils open its link and join by name, and for each roll the teacher presses Roll
once every pupil has chosen; each pupil presses their choices on their own sheet. A pupil's
sheet shows the open roll's dice only while they choose, never a roll not made (the chart's
dice, checked on every run), and no websocket message a pupil received holds the seed. At the
end every pupil is in the class ranking with the points the projector showed.

``make test`` plays ``PUPILS`` pupils for ``ROLLS`` rolls (about 20 s on 2 cores); CI
(``DOJO_SOAK``) plays 30 pupils for 4 rolls (a few minutes on 2 cores)."""

from __future__ import annotations

import re
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

from engine.tanuki_matsuri import class_roll
from storage.challenges import Challenges
from storage.class_games import ClassGames
from tests.e2e.browser import SOAK
from tests.e2e.conftest import start_server
from tests.school.page_client import Tab
from tests.support.boards import figures_in

pytestmark = pytest.mark.xdist_group("school")

PUPILS, ROLLS = (30, 4) if SOAK else (4, 2)
NS = "tanuki_matsuri"
WAIT = 600.0 if SOAK else 180.0
"""Seconds a page may take to show what it must (a stuck server, not a slow one)."""
CODE = re.compile(r"## 🏫 Class game ([0-9A-Z]{3}-[0-9A-Z]{3})")


class Recorded:
    """A websocket that keeps every message it received."""

    def __init__(self, ws, frames: list) -> None:
        self.ws, self.frames = ws, frames

    def recv(self, *args, **kwargs):
        data = self.ws.recv(*args, **kwargs)
        self.frames.append(data if isinstance(data, bytes) else data.encode())
        return data

    def send(self, data) -> None:
        self.ws.send(data)


def dice_drawn(tab: Tab) -> list[str] | None:
    """The dice on the sheet the page drew (None: no dice)."""
    boards = figures_in(e.proto for e in tab.elements if e.kind == "bidi_component")
    assert len(boards) == 1, [e.kind for e in tab.elements]
    traces = [t for t in boards[0]["data"] if t.get("name") == "dice"]
    return traces[0]["text"] if traces else None


def until(tab: Tab, seen, what: str) -> None:
    """Rerun the page (what its one-second clock does) until ``seen(texts)``."""
    deadline = time.monotonic() + WAIT
    while not seen(" ".join(tab.texts())):
        assert time.monotonic() < deadline, f"never saw {what}: {tab.texts()}"
        time.sleep(0.25)
        tab.rerun()


class Pupil(threading.Thread):
    """One pupil's device: join, then choose on every roll until ``ROLLS`` are chosen."""

    def __init__(self, base: str, code: str, name: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.code, self.name, self.seed = base, code, name, seed
        self.frames: list[bytes] = []
        self.choices, self.error = 0, None

    def run(self) -> None:
        try:
            with Tab(self.base, NS, query=f"roll={self.code}") as tab:
                tab.ws = Recorded(tab.ws, self.frames)
                tab.set(f"{NS}:class_name", self.name)
                tab.press(f"{NS}:class_join")
                if any("Waiting for the teacher's first roll" in t for t in tab.texts()):
                    assert dice_drawn(tab) is None
                self.play(tab)
        except BaseException as exc:  # reported by the main thread
            self.error = exc

    def play(self, tab: Tab) -> None:
        deadline = time.monotonic() + WAIT * ROLLS
        while time.monotonic() < deadline:
            assert not tab.errors(), tab.errors()
            text = " ".join(tab.texts())
            choices = [e for e in tab.elements if e.kind == "button" and f"-{NS}:class_act:" in e.id]
            rolled = (
                re.search(r"Roll (\d+)\.", text) if choices else re.search(r"Chosen for roll (\d+)", text)
            )
            if choices:
                roll = int(rolled.group(1))
                assert dice_drawn(tab) == list(map(str, class_roll.roll_of(self.seed, {}, roll)))
                tab.press(choices[0].id.split("-", 2)[2])
                self.choices += 1
                continue
            assert dice_drawn(tab) is None, text  # between rolls: no dice, not the next roll's
            if rolled and int(rolled.group(1)) >= ROLLS or "sheet is full" in text:
                return
            time.sleep(0.25)
            tab.rerun()
        raise AssertionError(f"{self.name} never chose roll {ROLLS}")


def test_a_class_of_pupils_plays_rolls_through_the_real_server():
    data = Path(tempfile.mkdtemp())
    proc, base = start_server(data)
    try:
        with Tab(base, NS) as teacher:
            teacher.press(f"{NS}:class_open")
            code = next(m[1] for t in teacher.texts() if (m := CODE.search(t)))
            games = ClassGames(data / "scores.sqlite3")
            seed = games.lookup(code).seed
            pupils = [Pupil(base, code, f"Pupil {i + 1}", seed) for i in range(PUPILS)]
            for pupil in pupils:
                pupil.start()
            until(teacher, lambda t: f"{PUPILS} pupils joined" in t, "every pupil joined")
            for roll in range(1, ROLLS + 1):
                teacher.press(f"{NS}:class_roll")
                until(teacher, lambda t, r=roll: f"Roll {r}:" in t, f"roll {roll}")
                until(
                    teacher, lambda t: f"✓ {PUPILS} of {PUPILS} chosen" in t, f"every choice of roll {roll}"
                )
            for pupil in pupils:
                pupil.join(WAIT)
                assert pupil.error is None, f"{pupil.name}: {pupil.error!r}"
                assert not [f for f in pupil.frames if str(seed).encode() in f], "the seed reached a pupil"
            shown = {p.name: p.points for p in games.standings(code)}
            teacher.press(f"{NS}:class_stop")
            until(teacher, lambda t: "Class ranking" in t, "the scores in the class ranking")
        game = games.lookup(code)
        assert game.finished and game.rolled == ROLLS
        choices = {p.name: p.choices for p in pupils}
        assert {p.name: p.version for p in game.pupils} == choices  # each press landed once
        assert all(p.by_bot == 0 for p in game.pupils)  # every choice was a pupil's own
        ranking = Challenges(data / "scores.sqlite3").ranking(game.challenge)
        assert {s.name: s.score for s in ranking} == shown and len(shown) == PUPILS
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
