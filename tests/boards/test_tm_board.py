"""Tanuki Matsuri sheet: one seat's view, pencil marks, clickable choices, what is new since a move."""

import inspect
import random

import pytest

import engine.tanuki_matsuri as tm
from boards import tanuki_matsuri as board
from boards.tanuki_matsuri import (
    BONUS_X,
    COL_X,
    FRUIT_ICON,
    MAX_HEIGHT,
    Y_HEADER,
    clickable,
    figure,
    flower_xs,
    geometry,
    glyph,
    granny_xs,
    icon_xs,
    tanuki_xy,
    torii_xs,
)

from .figjson import TINY_SHEET, font_sizes, texts

# Seed 0, random choices: the last state waits for a tanuki penalty while the fig column
# already has a crossed tanuki (crossed, circled, circled): the next cross is its slot 1.
SEED0 = "d5 F5 d1 E1 d6 t4 d5 E5 x4 d6 d5 A5 d2 D2".split()
# the dice these moves were played with (seed 0's before the seeded dice changed)
SEED0_DICE = [[2, 2, 5], [1, 2, 2], [4, 6, 2], [5, 2, 5], [2, 6, 2], [2, 5, 4], [3, 2, 3]]


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def points(t):
    return list(zip(t.x, t.y, strict=True))


def near(p, q, eps=1e-6):
    return abs(p[0] - q[0]) < eps and abs(p[1] - q[1]) < eps


def replay(tokens, seed=0, **kw):
    states = [tm.new_game(seed=seed, **kw)]
    for t in tokens:
        states.append(tm.apply(states[-1], tm.decode_action(t)))
    return states


def test_the_default_sheet_shows_every_fruit_icon_glyph_and_bonus():
    fig = figure(tm.view(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0))
    words = texts(fig)
    sheet = tm.DEFAULT_SHEET
    for fruit in tm.FRUITS:
        if fruit != "fig":
            assert words.count(f"<b>{FRUIT_ICON[fruit]}</b>") == 1 + sheet.column_size(tm.FRUITS.index(fruit))
        assert fruit in [w.replace("-<br>", "") for w in words]  # the column's name, not only its colour
    assert words.count("<b>F</b>") == 1 + 6 + 1  # the fig keeps its letter: header, 6 icons (+ line F)
    for i, line in enumerate(sheet.lines):
        assert f"<b>+{line.bonus}</b>" in words
        assert f"<b>{tm.line_label(i)}</b>" in words
    effects = [e for line in sheet.lines for cell in line.cells for e in cell] + list(sheet.flowers)
    assert words.count("⛩️") == effects.count("torii") + sheet.torii
    assert "+🍌" in words and "+F" in words and "✗🦝" in words
    assert words.count("🌸") >= len(sheet.flowers)
    assert words.count("🦝") >= sum(sheet.slots)
    assert words.count("👵") >= sheet.granny
    assert words.count("➜") == 4  # C banana, D strawberry, E watermelon, F pineapple
    assert glyph("fruit:fig") == "+F" and glyph(None) == ""
    # effect names on hover come from the engine's one table (the board has none of its own)
    assert not hasattr(board, "EFFECT_WORDS") and not hasattr(board, "effect_words")
    hover = list(trace(fig, "icons").hovertext)
    assert any(h.endswith(tm.effect_words("fruit:banana")) for h in hover)
    assert any(h.endswith(tm.effect_words("penalty")) for h in hover)


def test_the_board_reads_marks_only_through_the_public_engine_api():
    source = inspect.getsource(board)
    for internal in ("tanuki_matsuri.board", ".boards", "layout(", "state.taken", "view.taken", "g.T", "g.X"):
        assert internal not in source, internal


def test_dice_are_clickable_with_action_tokens_and_fruits_after_a_die():
    state = tm.new_game(seed=1, dice=[[1, 5, 2]])
    fig = figure(tm.view(state, 0))
    dice = trace(fig, "dice")
    assert list(dice.text) == ["1", "5", "2"]
    assert list(dice.customdata) == ["d1", "d5", "d2"]
    assert {tm.decode_action(t) for t in dice.customdata} == set(tm.legal_actions(state))
    assert all(t.name != "choices" for t in fig.data)
    state = tm.apply(state, tm.TakeDie(1))
    fig = figure(tm.view(state, 0))
    choices = trace(fig, "choices")
    assert [tm.decode_action(t) for t in choices.customdata] == tm.legal_actions(state)
    assert list(choices.customdata) == ["A1", "C1", "E1", "F1", "G1"]
    assert list(trace(fig, "dice").customdata) == ["", "", ""]  # the die is taken
    assert any(t.name == "taken" for t in fig.data)  # and circled in pencil
    geo = geometry(tm.DEFAULT_SHEET)
    for (x, y), token in zip(points(choices), choices.customdata, strict=True):
        line = ord(token[0]) - ord("A")
        count = len(tm.DEFAULT_SHEET.lines[line].cells[0])
        assert near((x, y), (icon_xs(0, count)[0], geo.icon_y(line)))  # the line's first watermelon
    assert "<b>Click the<br>watermelon<br>to circle</b>" in texts(fig)


def test_penalty_target_is_the_slot_that_the_click_crosses():
    state = replay(SEED0, dice=SEED0_DICE)[-1]
    p = tm.pending(state)
    assert p.kind == "penalty"
    assert tm.icon_marks(state, 0)["tanuki"]["fig"][:3] == ["crossed", "circled", "circled"]
    fig = figure(tm.view(state, 0))
    choices = trace(fig, "choices")
    tanuki_points = [
        (xy, t) for xy, t in zip(points(choices), choices.customdata, strict=True) if xy[1] != Y_HEADER
    ]
    assert sorted(t for _xy, t in tanuki_points) == sorted(tm.encode_action(a) for a in p.options)
    for xy, token in tanuki_points:
        action = tm.decode_action(token)
        assert action in p.options
        c = action.column - 1
        fruit = tm.FRUITS[c]
        slot = next(k for k in range(tm.DEFAULT_SHEET.slots[c]) if near(tanuki_xy(c, k), xy))
        before = tm.icon_marks(state, 0)["tanuki"][fruit]
        after_state = tm.apply(state, action)
        after = tm.icon_marks(after_state, 0)["tanuki"][fruit]
        changed = [k for k in range(len(after)) if after[k] != before[k]]
        assert changed == [slot] and after[slot] == "crossed", (token, before, after)
        # the cross is drawn exactly where the highlight was
        crosses = trace(figure(tm.view(after_state, 0)), "crosses")
        assert any(near(q, xy) for q in points(crosses))
    fig_x4 = [xy for xy, t in tanuki_points if t == "x4"]
    assert fig_x4 == [tanuki_xy(3, 1)]  # fig: slot 0 already crossed, slot 1 next


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_every_tanuki_choice_in_seeded_games_marks_the_slot_it_changes(seed):
    state = tm.new_game(seed=seed)
    rng = random.Random(seed)
    seen = 0
    while not tm.is_over(state):
        p = tm.pending(state)
        if p.kind in ("tanuki", "penalty"):
            choices = trace(figure(tm.view(state, 0)), "choices")
            for xy, token in zip(points(choices), choices.customdata, strict=True):
                if xy[1] == Y_HEADER:
                    continue
                action = tm.decode_action(token)
                c = action.column - 1
                fruit = tm.FRUITS[c]
                before = tm.icon_marks(state, 0)["tanuki"][fruit]
                after = tm.icon_marks(tm.apply(state, action), 0)["tanuki"][fruit]
                changed = [k for k in range(len(after)) if after[k] != before[k]]
                assert len(changed) == 1 and near(tanuki_xy(c, changed[0]), xy)
                seen += 1
        state = tm.apply(state, rng.choice(tm.legal_actions(state)))
    assert seen


def test_tanuki_bonus_highlights_columns_and_only_the_deciding_seat_is_clickable():
    state = tm.play(
        tm.new_game(seed=1, dice=[[1, 2, 2]]), tm.TakeDie(1), tm.ChooseLine(5, 1), tm.ChooseLine(3, 5)
    )
    assert tm.pending(state).kind == "tanuki"
    fig = figure(tm.view(state, 0))
    assert sorted(set(clickable(fig))) == ["t1", "t2", "t3", "t4", "t5"]
    assert {tm.decode_action(t) for t in clickable(fig)} == set(tm.legal_actions(state))
    assert tanuki_xy(2, 1) in points(trace(fig, "choices"))  # banana: 1 circled, the next slot
    assert any(near(xy, (COL_X[2], Y_HEADER)) for xy in points(trace(fig, "choices")))
    assert clickable(figure(tm.view(state, 0), interactive=False)) == []
    group = tm.new_game(seed=3, players=2, dice=[[1, 2, 3]])
    assert clickable(figure(tm.view(group, 1))) == []  # seat 1 waits for seat 0
    assert clickable(figure(tm.view(group, 0)))
    assert "Player 2's<br>sheet<br>(Player 1<br>decides)" in texts(figure(tm.view(group, 1)))
    # a full state draws the seat that decides
    assert figure(group) is figure(tm.view(group, 0))


def test_selected_choice_is_highlighted_more_strongly():
    state = tm.apply(tm.new_game(seed=1, dice=[[1, 5, 2]]), tm.TakeDie(1))
    fig = figure(tm.view(state, 0), selected=tm.ChooseLine(2, 1))
    choices = trace(fig, "choices")
    widths = dict(zip(choices.customdata, choices.marker.line.width, strict=True))
    assert widths["C1"] == 6 and {w for t, w in widths.items() if t != "C1"} == {4}
    assert figure(tm.view(state, 0), selected=tm.TakeDie(3)) is figure(tm.view(state, 0))  # not a choice


def expected_new(before, after):
    """Icons circled or crossed between two states (from tm.icon_marks alone) as (x, y)."""
    sheet, geo = before.sheet, geometry(before.sheet)
    a, b = tm.icon_marks(before, 0), tm.icon_marks(after, 0)
    out = []
    for i, (old, new) in enumerate(zip(a["lines"], b["lines"], strict=True)):
        for fruit, marks in new.items():
            c = tm.FRUITS.index(fruit)
            xs = icon_xs(c, len(marks))
            out += [(xs[k], geo.icon_y(i)) for k, on in enumerate(marks) if on and not old[fruit][k]]
    for c, fruit in enumerate(tm.FRUITS):
        out += [tanuki_xy(c, k) for k, s in enumerate(b["tanuki"][fruit]) if s != a["tanuki"][fruit][k]]
    out += [
        (BONUS_X, geo.y_lines[i]) for i, on in enumerate(b["line_bonuses"]) if on and not a["line_bonuses"][i]
    ]
    for name, xs in (("flowers", flower_xs), ("granny", granny_xs), ("torii", torii_xs)):
        out += [(xs(sheet)[k], geo.y_track) for k, on in enumerate(b[name]) if on and not a[name][k]]
    return sorted(out)


def test_previous_marks_exactly_what_was_circled_or_crossed_since():
    states = replay(SEED0, dice=SEED0_DICE)
    some = 0
    for before, after in zip(states, states[1:], strict=False):
        fig = figure(tm.view(after, 0), previous=tm.view(before, 0))
        new = [t for t in fig.data if t.name == "new"]
        want = expected_new(before, after)
        got = sorted(points(new[0])) if new else []
        assert len(got) == len(want) and all(near(p, q) for p, q in zip(got, want, strict=True))
        some += bool(want)
        if want:
            assert "new since<br>last move" in texts(fig)
    assert some >= 5
    # no previous (or the same view): nothing is new
    last = tm.view(states[-1], 0)
    assert not any(t.name in ("new", "new die") for t in figure(last).data)
    assert not any(t.name in ("new", "new die") for t in figure(last, previous=last).data)
    # the die just taken is marked too
    start = tm.new_game(seed=1, dice=[[3, 5, 2]])
    took = tm.apply(start, tm.TakeDie(3))
    fig = figure(tm.view(took, 0), previous=tm.view(start, 0))
    new_die = trace(fig, "new die")
    assert near(points(new_die)[0], points(trace(fig, "taken"))[0])
    # a move that sets off a chain of effects rings every icon of the chain
    chains = [(p, s) for p, s in zip(states, states[1:], strict=False) if len(expected_new(p, s)) >= 2]
    assert chains
    for before, after in chains:
        fig = figure(tm.view(after, 0), previous=tm.view(before, 0))
        assert len(trace(fig, "new").x) == len(expected_new(before, after))


def test_every_text_is_projector_sized_and_the_sheet_fits_the_screen():
    states = replay(SEED0, dice=SEED0_DICE)
    figs = [figure(tm.view(s, 0), previous=tm.view(p, 0)) for p, s in zip(states, states[1:], strict=False)]
    figs.append(figure(tm.view(tm.new_game(seed=2, players=4), 2)))
    for fig in figs:
        assert min(font_sizes(fig)) >= 16
        assert fig.layout.height <= MAX_HEIGHT == 520


def test_figures_are_built_in_one_go_and_cached(no_incremental_building):
    board._figure.cache_clear()
    board._static.cache_clear()
    a = tm.play(tm.new_game(seed=4, dice=[[3, 3, 6]]), tm.TakeDie(3))
    b = tm.play(tm.new_game(seed=4, dice=[[3, 3, 6]]), tm.TakeDie(3))
    fig = figure(tm.view(a, 0))
    assert figure(tm.view(b, 0)) is fig
    assert figure(tm.view(a, 0), interactive=True) is fig
    assert figure(tm.view(a, 0), interactive=False) is not fig
    assert len(fig.layout.shapes) >= 5  # the shapes are in the layout, not added one by one


def test_a_custom_sheet_draws_its_own_lines_and_tracks():
    sheet = tm.load_sheet(TINY_SHEET)
    fig = figure(tm.view(tm.new_game(seed=1, sheet=sheet, dice=[[4, 4, 6]]), 0))
    words = texts(fig)
    assert words.count("<b>F</b>") == 1 + 3
    assert "<b>+5</b>" in words and words.count("🌸") >= 2
    assert min(font_sizes(fig)) >= 16


@pytest.mark.parametrize("seed,players,every", [(5, 1, 1), (6, 3, 4)])
def test_whole_games_draw_every_seat_with_its_previous_view(seed, players, every):
    state = tm.new_game(seed=seed, players=players)
    rng = random.Random(seed)
    before = state
    for move in range(10_000):
        if move % every == 0 or tm.is_over(state):
            for seat in range(players):
                fig = figure(tm.view(state, seat), previous=tm.view(before, seat))
                assert fig.layout.height <= MAX_HEIGHT
                assert {tm.decode_action(t) for t in clickable(fig)} <= set(tm.legal_actions(state))
        if tm.is_over(state):
            break
        before, state = state, tm.apply(state, rng.choice(tm.legal_actions(state)))
    assert tm.is_over(state)
