"""The Tanuki Matsuri sheet figure: its cells, pencil marks, clickable markers and highlights."""

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import (
    BONUS_X,
    FRUIT_ICON,
    Y_HEADER,
    clickable,
    glyph,
    icon_xs,
    sheet_figure,
    tanuki_xy,
)


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def points(t):
    return list(zip(t.x, t.y, strict=True))


def near(p, q, eps=1e-6):
    return abs(p[0] - q[0]) < eps and abs(p[1] - q[1]) < eps


def fruit_texts(fig):
    """Texts of the fruit-icon trace (the only text trace holding every fruit icon)."""
    icons = set(FRUIT_ICON.values())
    for t in fig.data:
        if t.mode == "text" and t.text and len(t.text) > 20:
            plain = [str(s).replace("<b>", "").replace("</b>", "") for s in t.text]
            if set(plain) <= icons:
                return plain
    raise AssertionError("no fruit icon trace")


def test_the_default_sheet_shows_every_fruit_icon_glyph_and_bonus():
    fig = sheet_figure(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0)
    icons = fruit_texts(fig)
    assert len(icons) == 30  # 6 per column
    for fruit in tm.FRUITS:
        assert icons.count(FRUIT_ICON[fruit]) == 6
    texts = [s for t in fig.data if t.mode == "text" for s in t.text]
    # effect glyphs: 7 torii icons on the lines (and the torii track), bonuses per line, letters A..G
    assert sum(1 for s in texts if s == "⛩️") == 7 + 7 + 1  # 6 line icons + 1 flower + the 7-torii track
    for i, line in enumerate(tm.DEFAULT_SHEET.lines):
        assert f"<b>+{line.bonus}</b>" in texts
        assert f"<b>{tm.line_label(i)}</b>" in texts
    assert "+🍌" in texts and "+F" in texts and "✗🦝" in texts
    assert texts.count("🌸") >= 10  # the flower path
    assert texts.count("🦝") >= 30  # the tanuki rows
    assert texts.count("👵") >= 5
    # three arrows on lines with two icons of a fruit: C banana, D strawberry, E watermelon, F pineapple
    assert texts.count("➜") == 4 + 9  # + the arrows of the flower path
    assert glyph("fruit:fig") == "+F" and glyph(None) == ""


def test_dice_are_clickable_with_action_tokens_and_fruits_after_a_die():
    state = tm.new_game(seed=1, dice=[[1, 5, 2]])
    fig = sheet_figure(state, 0)
    dice = trace(fig, "dice")
    assert list(dice.text) == ["1", "5", "2"]
    assert list(dice.customdata) == ["d1", "d5", "d2"]
    assert all(t.name != "choices" for t in fig.data)
    state = tm.apply(state, tm.TakeDie(1))
    fig = sheet_figure(state, 0)
    choices = trace(fig, "choices")
    assert list(choices.customdata) == [tm.encode_action(a) for a in tm.legal_actions(state)]
    assert list(choices.customdata) == ["A1", "C1", "E1", "F1", "G1"]
    assert list(trace(fig, "dice").customdata) == ["", "", ""]  # the die is taken
    # each highlight sits on the first watermelon of its line
    for (x, _y), token in zip(points(choices), choices.customdata, strict=True):
        line = ord(token[0]) - ord("A")
        count = len(tm.DEFAULT_SHEET.lines[line].cells[0])
        assert abs(x - icon_xs(0, count)[0]) < 1e-9
    assert (
        "Click the watermelon to circle"
        in [s for t in fig.data for s in (t.text or ()) if "Click" in str(s)][0]
    )


def test_circled_fruits_crossed_tanuki_and_line_bonus_are_pencil_marks():
    state = tm.new_game(seed=1, dice=[[2, 2, 2], [3, 3, 3], [4, 4, 4]])
    assert all(t.name != "pencil" for t in sheet_figure(state, 0).data)  # nothing circled yet
    assert any(t.name == "taken" for t in sheet_figure(state, 0).data)  # the die 2 in use
    state = tm.play(state, tm.ChooseLine(3, 2))  # pineapple on line D: a penalty follows
    assert tm.pending(state).kind == "penalty"
    fig = sheet_figure(state, 0)
    choices = trace(fig, "choices")
    # the penalty highlights a circled tanuki and the header of every column that has one
    assert sorted(set(choices.customdata)) == ["x1", "x2", "x3", "x4", "x5"]
    assert (tanuki_xy(1, 1)[0], tanuki_xy(1, 1)[1]) in points(choices)
    assert any(abs(y - Y_HEADER) < 1e-9 for _x, y in points(choices))
    state = tm.apply(state, tm.CrossTanuki(2))
    fig = sheet_figure(state, 0)
    pencil = trace(fig, "pencil")
    assert len(pencil.x) == 1  # the pineapple circled
    assert abs(pencil.x[0] - icon_xs(1, 1)[0]) < 1e-9
    crosses = trace(fig, "crosses")
    assert near(points(crosses)[0], tanuki_xy(1, 0))
    # a whole line circled: its bonus gets a pencil circle too
    # a whole line circled (line A: 4 fruits, set by hand) gets its bonus circled too
    from engine.tanuki_matsuri import blank_marks, position

    m = blank_marks()
    m["cells"][0] = [1, 1, 0, 1, 1]
    fig = sheet_figure(position(m, (1, 2, 3)), 0)
    assert any(abs(x - BONUS_X) < 1e-9 for x in trace(fig, "pencil").x)


def test_tanuki_bonus_highlights_columns_and_only_the_deciding_seat_is_clickable():
    state = tm.play(
        tm.new_game(seed=1, dice=[[1, 2, 2]]), tm.TakeDie(1), tm.ChooseLine(5, 1), tm.ChooseLine(3, 5)
    )
    assert tm.pending(state).kind == "tanuki"
    fig = sheet_figure(state, 0)
    assert sorted(set(clickable(fig))) == ["t1", "t2", "t3", "t4", "t5"]
    assert tanuki_xy(2, 1) in points(trace(fig, "choices"))  # banana: 1 circled, the next slot
    assert clickable(sheet_figure(state, 0, interactive=False)) == []
    group = tm.new_game(seed=3, players=2, dice=[[1, 2, 3]])
    assert clickable(sheet_figure(group, 1)) == []  # seat 1 waits for seat 0
    assert clickable(sheet_figure(group, 0))


def test_figures_are_deterministic_and_cached_per_state():
    a = tm.play(tm.new_game(seed=4, dice=[[3, 3, 6]]), tm.TakeDie(3))
    b = tm.play(tm.new_game(seed=4, dice=[[3, 3, 6]]), tm.TakeDie(3))
    assert sheet_figure(a, 0) is sheet_figure(b, 0)
    assert sheet_figure(a, 0).to_json() == sheet_figure(b, 0, interactive=True).to_json()
    assert sheet_figure(a, 0, interactive=False) is not sheet_figure(a, 0)
    # built in one go: the shapes are in the layout, not added one by one
    assert len(sheet_figure(a, 0).layout.shapes) >= 5


def test_a_custom_sheet_draws_its_own_lines_and_tracks():
    sheet = tm.load_sheet(
        {
            "name": "Tiny",
            "tanuki": {"slots": [2, 2, 2, 2, 2], "start_circled": [1, 0, 0, 0, 1]},
            "lines": [{"bonus": 5, "cells": {"fig": [None, "granny", "torii"]}}],
            "flowers": [None, "tanuki"],
            "granny": 1,
            "torii": 2,
        }
    )
    fig = sheet_figure(tm.new_game(seed=1, sheet=sheet, dice=[[4, 4, 6]]), 0)
    assert fruit_texts_small(fig) == ["F", "F", "F"]
    texts = [s for t in fig.data if t.mode == "text" for s in t.text]
    assert "<b>+5</b>" in texts and texts.count("🌸") >= 2


def fruit_texts_small(fig):
    for t in fig.data:
        if t.mode == "text" and t.text and all(str(s) == "<b>F</b>" for s in t.text) and len(t.text) == 3:
            return ["F"] * 3
    return []
