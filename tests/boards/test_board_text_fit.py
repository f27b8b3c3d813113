"""Every text of both boards fits at the widths the Play tab draws them: no two texts overlap,
none leaves the plot area, none spills out of the box it is written in.

Text sizes are pixels but x positions are data units, so a narrow figure squeezes the texts of
a row together. The Play tab draws the board about 570 px wide at 1280×720 with the side panel
open, 700 px at 1440×1000 and 850 px with the panel closed. The check is an estimate (the font's
advance widths, see ``figjson.text_boxes``), close to what Chromium draws with DejaVu Sans.
"""

from __future__ import annotations

import random

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import explainers.fan_mallet as ex
from boards import fan_mallet as fm_board
from boards import tanuki_matsuri as tm_board
from tests.random_play import random_moves

from .figjson import TINY_SHEET, Box, rect_boxes, text_boxes

WIDTHS = (570, 700, 850)
SLACK = 1.0  # pixels of estimate error allowed (anti-aliasing, rounding)


def fm_random(seed: int, moves: int) -> fm.State:
    return random_moves(fm, fm.new_game(seed), random.Random(seed), moves)


def most_skips(state):
    """The mover's card whose path skips the most houses."""
    return max(fm.legal_actions(state), key=lambda a: len(fm.placement_preview(state, a.follower).skipped))


def fm_scenes():
    mid = fm_random(5, 20)
    seat = fm.current_player(mid)
    scene = ex.placement_scene()
    possessed = fm.new_game(5)
    while not fm.possessions(possessed):
        possessed = fm.apply(possessed, fm.legal_actions(possessed)[0])
    over = fm.new_game(1)
    rng = random.Random(1)
    while not fm.is_over(over):
        over = fm.apply(over, rng.choice(fm.legal_actions(over)))
    late = fm_random(3, 45)
    return {
        "start (both pawns on their starting points)": fm_board.figure(fm.view(fm.new_game(3), 0)),
        "mid-game, a card that skips houses": fm_board.figure(fm.view(mid, seat), selected=most_skips(mid)),
        "the same in demo mode": fm_board.figure(mid, selected=most_skips(mid)),
        "seven skipped houses": fm_board.figure(fm.view(scene, 0), selected=fm.decode_action("w:red:3")),
        "seven skipped houses, demo mode": fm_board.figure(scene, selected=fm.decode_action("w:red:3")),
        "a possessed house with a pawn": fm_board.figure(fm.view(possessed, fm.current_player(possessed))),
        "late game, skips with pawns": fm_board.figure(
            fm.view(late, fm.current_player(late)), selected=most_skips(late)
        ),
        "game over, every hand turned up": fm_board.figure(over),
    }


def tm_scenes():
    seed0 = "d5 F5 d1 E1 d6 t4 d5 E5 x4 d6 d5 A5 d2 D2".split()
    dice0 = [
        [2, 2, 5],
        [1, 2, 2],
        [4, 6, 2],
        [5, 2, 5],
        [2, 6, 2],
        [2, 5, 4],
        [3, 2, 3],
    ]  # what they were played with
    states = [tm.new_game(seed=0, dice=dice0)]
    for token in seed0:
        states.append(tm.apply(states[-1], tm.decode_action(token)))
    took = tm.apply(tm.new_game(seed=1, dice=[[1, 2, 2]]), tm.TakeDie(1))
    bonus = tm.apply(took, tm.ChooseLine(5, 1))  # a fruit bonus: which line for the strawberry?
    tanuki = tm.apply(bonus, tm.ChooseLine(3, 5))
    four = tm.new_game(seed=2, players=4)
    rng = random.Random(2)
    for _ in range(9):
        four = tm.apply(four, rng.choice(tm.legal_actions(four)))
    ten = tm.new_game(seed=3, players=10)
    over = tm.new_game(seed=5)
    rng = random.Random(5)
    while not tm.is_over(over):
        over = tm.apply(over, rng.choice(tm.legal_actions(over)))
    tiny = tm.load_sheet(TINY_SHEET)
    return {
        "a die to take": tm_board.figure(tm.view(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0)),
        "a fruit bonus's line, new marks": tm_board.figure(tm.view(bonus, 0), previous=tm.view(took, 0)),
        "a tanuki bonus": tm_board.figure(tm.view(tanuki, 0), previous=tm.view(bonus, 0)),
        "a tanuki penalty": tm_board.figure(tm.view(states[-1], 0), previous=tm.view(states[-2], 0)),
        "4 players, 4 dice, another seat decides": tm_board.figure(tm.view(four, 2)),
        "10 players": tm_board.figure(tm.view(ten, 9)),
        "game over": tm_board.figure(tm.view(over, 0)),
        "a custom sheet": tm_board.figure(tm.view(tm.new_game(seed=1, sheet=tiny, dice=[[4, 4, 6]]), 0)),
    }


def problems(fig, width: int) -> list[str]:
    boxes, plot_w, plot_h = text_boxes(fig, width)
    rects = rect_boxes(fig, width)
    out = []
    for b in boxes:
        if b.x0 < -SLACK or b.x1 > plot_w + SLACK or b.y0 < -SLACK or b.y1 > plot_h + SLACK:
            out.append(f"cut at the edge: {b.text!r} at x {b.x0:.0f}..{b.x1:.0f} of {plot_w:.0f}")
        cx, cy = (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2
        inside = [r for r in rects if r[0] <= cx <= r[2] and r[1] <= cy <= r[3]]
        if inside:  # the innermost box it is written in
            r = min(inside, key=lambda r: (r[2] - r[0]) * (r[3] - r[1]))
            if b.x0 < r[0] - SLACK or b.x1 > r[2] + SLACK:
                out.append(f"spills out of its {r[2] - r[0]:.0f}-px box: {b.text!r} ({b.x1 - b.x0:.0f} px)")
    ordered = sorted(boxes, key=lambda b: b.y0)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.y0 >= a.y1:
                break
            dx, dy = a.overlap(b)
            if dx > SLACK and dy > 3:
                out.append(f"overlap {dx:.0f} px: {a.text!r} / {b.text!r}")
    return out


def test_the_estimate_matches_chromium_with_dejavu_sans():
    from .figjson import text_width

    # widths measured in Chromium (DejaVu Sans, Noto Color Emoji), 16 px
    assert text_width("watermelon", 16) == pytest.approx(95.1, abs=1)
    assert text_width("<b>watermelon</b>", 16) == pytest.approx(107.4, abs=2)
    assert text_width("yellow 3", 16) == pytest.approx(66.3, abs=1)
    assert text_width("+🍌", 16) == pytest.approx(33.4, abs=1)
    assert text_width("⛩️", 20) == pytest.approx(25.0, abs=0.5)
    box = Box("x", 0, 0, 10, 10)
    assert box.overlap(Box("y", 8, 5, 20, 20)) == (2, 5)


@pytest.mark.parametrize("width", WIDTHS)
def test_fan_mallet_texts_fit_at_every_width(width):
    found = {name: problems(fig, width) for name, fig in fm_scenes().items()}
    assert not {k: v for k, v in found.items() if v}, found


@pytest.mark.parametrize("width", WIDTHS)
def test_tanuki_texts_fit_at_every_width(width):
    found = {name: problems(fig, width) for name, fig in tm_scenes().items()}
    assert not {k: v for k, v in found.items() if v}, found


def test_the_check_sees_squeezed_and_cut_text():
    """The check sees the faults it guards against: a long name in a narrow column, a label
    that leaves the plot area."""
    fig = tm_board.figure(tm.view(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0))
    assert not problems(fig, 570)
    squeezed = problems(fig, 300)
    assert any("overlap" in p for p in squeezed) and any("spills" in p for p in squeezed)
    assert any("cut at the edge" in p for p in problems(fm_board.figure(fm.view(fm.new_game(3), 0)), 250))
