"""Tanuki Matsuri's class game on one roll through AppTest: a teacher's page and two pupils'
pages (three devices) on one database. The teacher opens it under the game, the pupils open
its link and join by name; the teacher's Roll opens one roll, each pupil's sheet shows that
roll's dice only while they choose (never the next roll's, never before the roll), the
projector shows who has chosen and the ranking, a reload gets a sheet back by its seat code,
and at the end the scores are in the class ranking."""

from __future__ import annotations

import engine.tanuki_matsuri as tm
from storage.challenges import Challenges
from storage.class_games import ClassGames
from tests.app.helpers import press, text_of
from tests.support.boards import figures

PAGE = "pages/tanuki_matsuri.py"
NS = "tanuki_matsuri"


def poll(at):
    """What the page's one-second clock does (AppTest runs no clock): a run of the page."""
    at.run()
    assert not at.exception, at.exception
    return at


def held(at):
    return at.session_state[f"{NS}:class_held"]


def open_link(app, code: str, name: str):
    at = app()
    at.query_params["roll"] = code
    at.switch_page(PAGE)
    at.run()
    assert not at.exception, at.exception
    at.text_input(key=f"{NS}:class_name").input(name)
    return press(at, "Join with my own sheet")


def dice_shown(at) -> list[str] | None:
    """The dice on the pupil's sheet (None: no dice drawn)."""
    [board] = figures(at)
    traces = [t for t in board["data"] if t.get("name") == "dice"]
    return traces[0]["text"] if traces else None


def choose_all(at) -> int:
    """Press the first choice until the roll's choices are made; how many were pressed."""
    pressed = 0
    while True:
        buttons = [b for b in at.button if b.key and b.key.startswith(f"{NS}:class_act:")]
        if not buttons:
            return pressed
        buttons[0].click().run()
        assert not at.exception, at.exception
        pressed += 1


def test_a_teacher_and_two_pupils_play_rolls_and_the_scores_reach_the_ranking(app):
    teacher = app(PAGE)
    press(teacher, "🏫 Open a class game (this screen rolls)")
    code = held(teacher).code
    game = ClassGames().lookup(code)
    text = text_of(teacher)
    assert f"Class game {game.shown}" in text and f"/tanuki_matsuri?roll={code}" in text
    assert "Rule note" in text and "more than 10 players" in text and str(game.seed) not in text
    assert teacher.query_params["roll"] == code and "game" not in teacher.query_params
    aiko = open_link(app, code, "Aiko")
    ben = open_link(app, code, "Ben")
    assert held(aiko).pupil == 1 and held(ben).pupil == 2
    assert "Waiting for the teacher's first roll" in text_of(aiko) and dice_shown(aiko) is None
    assert str(game.seed) not in text_of(aiko)
    poll(teacher)
    assert [t.value for t in teacher.text].count("Aiko") == 0  # names only in the ranking table
    assert "Aiko" in text_of(teacher) and "Ben" in text_of(teacher)
    for roll in range(1, 4):
        press(teacher, "🎲 Roll the first dice" if roll == 1 else f"🎲 Roll (roll {roll})")
        dice = list(map(str, tm.class_roll.roll_of(game.seed, {}, roll)))
        poll(aiko)
        poll(ben)
        assert dice_shown(aiko) in (dice, None)  # None: this roll left Aiko no choice
        poll(teacher)
        assert f"Roll {roll}:" in text_of(teacher)
        choose_all(aiko)
        assert dice_shown(aiko) is None  # chosen: the next roll is not on the sheet
        assert "Chosen for roll" in text_of(aiko) or "sheet is full" in text_of(aiko)
        poll(teacher)
        if ClassGames().pupil(code, 2).choosing:
            assert "Still choosing: Ben" in [t.value for t in teacher.text]
        choose_all(ben)
        poll(teacher)
        assert "✓ 2 of 2 chosen" in text_of(teacher)
    # a reload: a new page gets Ben's sheet back with his seat code
    seat_code = held(ben).secret
    again = app()
    again.query_params["roll"] = code
    again.switch_page(PAGE)
    again.run()
    again.text_input(key=f"{NS}:class_code_back").input(seat_code).run()
    assert not again.exception and held(again).pupil == 2
    press(teacher, "End the class game now")
    poll(aiko)
    assert "Class game over" in text_of(aiko)
    finished = ClassGames().lookup(code)
    assert finished.finished and finished.challenge
    names = {s.name for s in Challenges().ranking(finished.challenge)}
    assert names == {"Aiko", "Ben"} and "Class ranking" in text_of(poll(teacher))


def test_a_bad_code_or_name_is_explained_and_changes_nothing(app):
    pupil = app(PAGE)
    pupil.text_input(key=f"{NS}:class_code_box").input("ZZZ-ZZZ").run()
    assert "No class game has this code" in text_of(pupil)
    teacher = app(PAGE)
    press(teacher, "🏫 Open a class game (this screen rolls)")
    code = held(teacher).code
    at = app()
    at.query_params["roll"] = code
    at.switch_page(PAGE)
    at.run()
    press(at, "Join with my own sheet")  # no name
    assert "type your name" in text_of(at) and not ClassGames().lookup(code).pupils
    poll(teacher)
    assert next(b for b in teacher.button if b.label == "🎲 Roll the first dice").disabled


def test_hostile_names_are_plain_text_on_the_projector_and_the_sheet(app):
    from tests.hostile.fuzz import assert_inert_markdown

    teacher = app(PAGE)
    press(teacher, "🏫 Open a class game (this screen rolls)")
    code = held(teacher).code
    names = ["<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "**Big** :red[alarm]"]
    pupils = [open_link(app, code, name) for name in names]
    assert [p.name for p in ClassGames().lookup(code).pupils] == names
    press(poll(teacher), "🎲 Roll the first dice")
    for at in (*pupils, poll(teacher)):
        for kind in ("markdown", "caption", "error", "warning", "success", "info"):
            for element in at.get(kind):
                assert_inert_markdown(element.value, one_block=False)
    assert names[0] in [t.value for t in pupils[0].text][0]  # the pupil's own name: st.text
