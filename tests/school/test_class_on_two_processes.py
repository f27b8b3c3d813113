"""One class on two ``streamlit run`` processes sharing one PostgreSQL database (what several
machines do with ``DOJO_DATABASE_URL``): a teacher creates a challenge on process 1's
Classroom page, a student plays it to the end on process 2's game page, and both processes'
Classroom pages show the one ranking. Every step goes through a page, over Streamlit's own
websocket protocol (``page_client.Tab``)."""

from __future__ import annotations

import re

import pytest

from storage.challenges import Challenges
from tests.school import serving
from tests.school.page_client import Tab

# One worker starts the school once for the module (make test runs with --dist loadgroup).
pytestmark = pytest.mark.xdist_group("school")


@pytest.fixture(scope="module")
def two_processes(postgres_server):
    url = postgres_server.new_database()
    running = serving.start(processes=2, env={"DOJO_DATABASE_URL": url})
    yield running, url
    running.stop()


def create_challenge(base: str, label: str) -> str:
    """The teacher's side: pick Tanuki Matsuri, type a label, press Create; the code shown."""
    with Tab(base, "classroom") as teacher:
        options = list(teacher.element("classroom:game").proto.options)
        teacher.set("classroom:game", next(o for o in options if "Tanuki Matsuri" in o))
        teacher.rerun()
        teacher.set("classroom:label", label)
        teacher.press("classroom:create")
        shown = [m[1] for t in teacher.texts() if (m := re.fullmatch(r"# ([0-9A-Z]{3}-[0-9A-Z]{3})", t))]
        assert shown, teacher.texts()
        return shown[0]


def play_challenge(base: str, code: str, name: str) -> int:
    """The student's side: open the challenge link, type a name, press the first choice until
    the game ends; the final score."""
    with Tab(base, "tanuki_matsuri", query=f"challenge={code}") as student:
        assert any(f"Class challenge {code}" in t for t in student.texts()), student.texts()
        student.set("challenge:name_box", name)
        student.rerun()
        for _ in range(200):
            moves = [e for e in student.elements if e.kind == "button" and "-tanuki_matsuri:act:" in e.id]
            if not moves:
                break
            student.press(moves[0].id.split("-", 2)[2])
        assert not student.errors(), student.errors()
        assert any("Your result is in the class ranking" in t for t in student.texts()), student.texts()
        assert any(t.startswith("#### Score breakdown") for t in student.texts())  # the game is over
        return int(next(e.proto.body for e in student.elements if e.kind == "metric"))


def ranking_on(base: str, code: str) -> list[tuple]:
    """The teacher's ranking table on one process's Classroom page."""
    with Tab(base, "classroom") as teacher:
        picker = teacher.element("classroom:picked").proto
        assert any(o.startswith(code) for o in picker.options), list(picker.options)
        [table] = teacher.tables()
        return [
            tuple(row) for row in table[["Rank", "Name", "Score", "Games played"]].itertuples(index=False)
        ]


def test_a_challenge_made_on_one_process_is_played_on_the_other_and_ranked_on_both(two_processes):
    running, url = two_processes
    first, second = (f"http://127.0.0.1:{p}" for p in running.ports)
    shown = create_challenge(first, "Class 3B")
    score = play_challenge(second, shown, "Aiko")
    assert ranking_on(first, shown) == ranking_on(second, shown) == [(1, "Aiko", score, 1)]
    [(made, results)] = Challenges(url).recent()
    assert (made.shown, made.game, made.label, results) == (shown, "tanuki_matsuri", "Class 3B", 1)
