"""Scoring: each term of Σ fruits × (circled − crossed tanuki) + Σ line bonuses × Granny."""

from dataclasses import replace

from tm_helpers import make_sheet, take

import engine.tanuki_matsuri as tm
from engine.tanuki_matsuri.board import layout

SHEET = make_sheet(
    [
        (4, {"watermelon": [None], "pineapple": [None]}),
        (7, {"banana": [None, None], "fig": [None]}),
        (2, {"strawberry": [None, None, None]}),
    ],
    slots=(4, 4, 4, 4, 4),
    start=(1, 2, 0, 3, 1),
    granny=3,
)


def board(fruits=(0,) * 5, circled=(1, 2, 0, 3, 1), crossed=(0,) * 5, complete=(), granny=0):
    """A hand-built board of SHEET: ``complete`` lines have every fruit circled."""
    g = layout(SHEET)
    b = g.new_board()
    for c, n in enumerate(fruits):
        b[g.F + c] = n
    b[g.T : g.T + 5] = circled
    b[g.X : g.X + 5] = crossed
    for i in complete:
        b[g.LL + i] = 0
        b[g.BS] += g.bonus[i]
    b[g.GR] = granny
    return tuple(b)


def scored(**kw):
    s = tm.new_game(1, sheet=SHEET)
    return tm.score(replace(s, boards=(board(**kw),)), 0)


def test_columns_multiply_fruits_by_tanuki():
    sc = scored(fruits=(2, 1, 3, 1, 2))
    assert [c.points for c in sc.columns] == [2 * 1, 1 * 2, 3 * 0, 1 * 3, 2 * 1]
    assert sc.total == 2 + 2 + 0 + 3 + 2 == sc.columns_sum
    assert sc.steps[0].label == "Column 1 (watermelon)" and sc.steps[0].value == 2
    assert "End of the Game" in sc.steps[0].rule


def test_crossed_out_tanuki_do_not_count():
    sc = scored(fruits=(0, 0, 0, 3, 0), circled=(1, 2, 0, 3, 1), crossed=(0, 0, 0, 2, 0))
    fig = sc.columns[3]
    assert (fig.tanuki_circled, fig.tanuki_crossed, fig.tanuki, fig.points) == (3, 2, 1, 3)
    assert sc.total == 3
    assert "crossed out" in sc.steps[3].reason
    # the rule note is a structured field, not text appended to the rule
    assert (
        sc.steps[3].note == "crossed"
        and sc.steps[3].rule == "End of the Game: columns (fruits × circled tanuki)"
    )
    assert [s.note for s in sc.steps if s.kind == "column"] == ["", "", "", "crossed", ""]


def test_line_bonuses_times_granny():
    sc = scored(complete=(0, 1), granny=2)
    assert sc.line_bonuses == (4, 7) and sc.lines_sum == 11 and sc.granny == 2
    assert sc.granny_points == 22 and sc.total == 22


def test_zero_granny_gives_no_line_points():
    sc = scored(fruits=(1, 0, 0, 0, 0), complete=(0, 1, 2), granny=0)
    assert sc.lines_sum == 13 and sc.granny_points == 0 and sc.total == 1


def test_granny_without_line_bonus_gives_nothing():
    assert scored(granny=3).total == 0


def test_full_formula_and_steps():
    sc = scored(
        fruits=(1, 1, 2, 1, 3), crossed=(1, 0, 0, 1, 0), circled=(1, 2, 2, 3, 1), complete=(1,), granny=3
    )
    expect = 1 * 0 + 1 * 2 + 2 * 2 + 1 * 2 + 3 * 1 + 7 * 3
    assert sc.total == expect
    assert [s.label for s in sc.steps][-3:] == ["Line bonuses", "Line bonuses × Granny", "Total"]
    assert [s.kind for s in sc.steps] == ["column"] * 5 + ["line_bonuses", "granny", "total"]
    assert [s.subject for s in sc.steps if s.kind == "column"] == [1, 2, 3, 4, 5]
    assert [s.value for s in sc.steps if s.kind == "column"] == [c.points for c in sc.columns]
    by_kind = {s.kind: s.value for s in sc.steps if s.kind != "column"}
    assert by_kind == {"line_bonuses": 7, "granny": 21, "total": expect}


def test_score_and_marks_after_real_play():
    # die 2: pineapple on line A; die 1: watermelon on line A completes line A (+4)
    s = tm.new_game(1, sheet=SHEET, dice=[[2, 2, 2], [1, 1, 1], [3, 5, 6], [1, 1, 1]])
    m = tm.marks(s, 0)
    assert m == {
        "fruits": {"watermelon": 1, "pineapple": 1, "banana": 0, "fig": 0, "strawberry": 0},
        "tanuki": {
            "watermelon": [1, 0],
            "pineapple": [2, 0],
            "banana": [0, 0],
            "fig": [3, 0],
            "strawberry": [1, 0],
        },
        "line_bonuses": [4],
        "granny": 0,
        "flowers": 0,
        "torii": 0,
    }
    assert tm.score(s, 0).total == 1 * 1 + 1 * 2
    s = take(s, 3)  # banana (line B only: automatic); no tanuki in column 3 yet
    assert tm.marks(s, 0)["fruits"]["banana"] == 1 and tm.score(s, 0).total == 3


def test_outcome_solo_winner_is_seat_zero_once_over():
    s = tm.new_game(2)
    assert tm.outcome(s).winner is None  # not over yet
    while not tm.is_over(s):
        s = tm.apply(s, tm.legal_actions(s)[0])
    out = tm.outcome(s)
    assert out.winner == 0 and out.ranking == (0,) and out.scores == (tm.score(s, 0).total,)
