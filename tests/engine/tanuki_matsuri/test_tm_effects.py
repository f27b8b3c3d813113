"""Effects: arrows, every effect, chains, lost effects, the mandatory penalty, line bonuses."""

from tm_helpers import make_sheet, texts

import engine.tanuki_matsuri as tm
from engine.tanuki_matsuri import ChooseLine, ChooseTanuki, CrossTanuki

# A: watermelon [tanuki, penalty], pineapple [granny]
# B: watermelon [torii], banana [fruit:pineapple], fig [flower]
SHEET = make_sheet(
    [
        (5, {"watermelon": ["tanuki", "penalty"], "pineapple": ["granny"]}),
        (2, {"watermelon": ["torii"], "banana": ["fruit:pineapple"], "fig": ["flower"]}),
    ],
    flowers=["tanuki", None, None],
)


def game(*rolls, sheet=SHEET, players=1):
    return tm.new_game(seed=1, players=players, sheet=sheet, dice=[list(r) for r in rolls])


def test_arrows_circle_a_lines_icons_left_to_right():
    s = game((1, 1, 1), (1, 1, 1))
    assert texts(s) == ["Circle watermelon on line A", "Circle watermelon on line B"]
    s = tm.apply(s, ChooseLine(0, 1))  # first icon of A: the tanuki bonus
    assert tm.icon_marks(s, 0)["lines"][0]["watermelon"] == [True, False]
    assert tm.pending(s).kind == "tanuki"
    s = tm.apply(s, ChooseTanuki(2))
    assert tm.marks(s, 0)["tanuki"]["pineapple"] == [2, 0]
    s = tm.apply(s, ChooseLine(0, 1))  # second icon of A: the penalty
    assert tm.icon_marks(s, 0)["lines"][0]["watermelon"] == [True, True]
    assert tm.pending(s).kind == "penalty"
    assert texts(s) == [f"Cross out a tanuki in column {c} ({f})" for c, f in enumerate(tm.FRUITS, 1)]
    s = tm.apply(s, CrossTanuki(4))
    assert tm.marks(s, 0)["tanuki"]["fig"] == [1, 1]
    # line A's watermelons are all circled: only line B remains for a watermelon
    assert tm.line_marks(s, 0)[0][0] == 2


def test_torii_and_line_log():
    s = tm.apply(game((1, 1, 1)), ChooseLine(1, 1))
    assert tm.marks(s, 0)["torii"] == 1
    assert tm.log_lines(s, 0) == [
        "Turn 1: Player 1 rolls 1, 1, 1",
        "Player 1 takes die 1 (auto) → watermelon on line B → torii 1 of 2",
    ]


def test_fruit_bonus_chain_with_automatic_choices_logged():
    s = game((3, 3, 3))  # banana: only line B -> fruit bonus pineapple: only line A -> Granny
    m = tm.marks(s, 0)
    assert m["fruits"]["banana"] == 1 and m["fruits"]["pineapple"] == 1 and m["granny"] == 1
    assert tm.log_lines(s, 0)[1] == (
        "Player 1 takes die 3 (auto) → banana on line B (auto) → "
        "fruit bonus: pineapple on line A (auto) → Granny 1 of 2"
    )
    events = tm.turn_log(s, 0)
    assert [e.auto for e in events if e.kind in ("die", "fruit")] == [True, True, True]


def test_flower_effect_chains_into_a_tanuki_choice():
    s = game((4, 4, 4))  # fig on B -> flower 1 -> tanuki bonus (choice of 5 columns)
    assert tm.marks(s, 0)["flowers"] == 1
    p = tm.pending(s)
    assert p.kind == "tanuki" and p.effect == "tanuki bonus" and len(p.options) == 5
    s = tm.apply(s, ChooseTanuki(4))
    assert tm.marks(s, 0)["tanuki"]["fig"] == [2, 0]
    assert tm.log_lines(s, 0)[1].endswith("flower 1 of 3 → tanuki bonus: column 4 (fig)")


def test_line_bonus_circles_itself_when_the_last_fruit_is_circled():
    s = game((1, 1, 1), (1, 1, 1), (2, 2, 2))
    s = tm.play(s, ChooseLine(0, 1), ChooseTanuki(1), ChooseLine(0, 1))
    assert tm.marks(s, 0)["line_bonuses"] == []
    # the penalty ends turn 2; turn 3's die 2 circles pineapple on A (auto), the last fruit of
    # line A: its +5 bonus circles itself, then the icon's Granny applies
    s = tm.apply(s, CrossTanuki(1))
    assert tm.marks(s, 0)["granny"] == 1
    assert tm.marks(s, 0)["line_bonuses"] == [5]
    assert "line A complete: +5 bonus circled" in tm.log_lines(s, 2)[1]


def test_lost_effects_are_logged():
    full = make_sheet(
        [(1, {"watermelon": ["tanuki", "penalty", "fruit:banana"], "fig": [None]})],
        slots=(1, 0, 0, 0, 0),
        start=(1, 0, 0, 0, 0),
    )
    s = tm.new_game(1, sheet=full, dice=[[1, 1, 1], [1, 1, 1], [1, 1, 1]])
    # tanuki bonus: every column's tanuki are circled -> lost
    assert "tanuki bonus lost (no tanuki left to circle)" in tm.log_lines(s, 0)[1]
    # penalty: only watermelon has a circled tanuki -> automatic (mandatory)
    assert "tanuki penalty: crossed out in column 1 (watermelon) (auto)" in tm.log_lines(s, 1)[1]
    assert tm.marks(s, 0)["tanuki"]["watermelon"] == [1, 1]
    # fruit bonus banana: the sheet has no banana -> lost
    assert "fruit bonus (banana) lost (no banana left to circle)" in tm.log_lines(s, 2)[1]
    lost = [e for e in s.log if e.lost]
    assert len(lost) == 2 and all(e.kind == "lost" for e in lost)


def test_granny_is_lost_only_when_every_icon_is_circled_already():
    # a valid sheet has an icon for every Granny effect; a hand-set position may not
    sheet = make_sheet([(1, {"fig": ["granny"], "watermelon": [None]})], granny=1)
    marks = tm.blank_marks(sheet)
    marks["granny"] = 1
    s = tm.position(marks, (4, 4, 4), sheet)
    assert "Granny lost (every Granny is circled)" in " ".join(tm.log_lines(s, 0))


def test_a_lost_tanuki_or_penalty_from_a_flower_does_not_crash():
    """Regression: a flower's tanuki bonus (every slot circled) or penalty (nothing to cross
    out), reached by a 6 or a forced flower with no fruit before it in the chain, used to
    raise UnboundLocalError in new_game/apply."""
    tanuki = make_sheet([(1, {"fig": [None]})], flowers=["tanuki", None], slots=(1,) * 5, start=(1,) * 5)
    s = tm.new_game(1, sheet=tanuki, dice=[[6, 6, 6]])  # the 6 is automatic: inside new_game
    assert tm.log_lines(s, 0)[1].endswith("flower 1 of 2 → tanuki bonus lost (no tanuki left to circle)")
    penalty = make_sheet([(1, {"fig": [None]})], flowers=["penalty", None], start=(0,) * 5)
    s = tm.apply(tm.new_game(1, sheet=penalty, dice=[[4, 6, 6]]), tm.TakeDie(6))  # through apply
    assert "tanuki penalty lost (no circled tanuki to cross out)" in tm.log_lines(s, 0)[1]
    # a forced flower: watermelon is the only fruit and it is used up
    forced = make_sheet([(1, {"watermelon": [None]})], flowers=["penalty", None, None], start=(0,) * 5)
    s = tm.new_game(1, sheet=forced, dice=[[1, 1, 1], [2, 2, 2]])
    assert tm.log_lines(s, 1)[1] == (
        "Player 1 takes die 2 (no die can be used: circle a flower) (auto) → flower 1 of 3 → "
        "tanuki penalty lost (no circled tanuki to cross out)"
    )


def test_penalty_is_lost_when_no_tanuki_is_circled():
    s = tm.new_game(1, sheet=make_sheet([(1, {"fig": ["penalty"]})], start=(0,) * 5), dice=[[4, 4, 4]])
    assert "tanuki penalty lost (no circled tanuki to cross out)" in tm.log_lines(s, 0)[1]
    assert all(v == [0, 0] for v in tm.marks(s, 0)["tanuki"].values())


def test_penalty_is_mandatory_when_possible():
    s = tm.play(game((1, 1, 1), (1, 1, 1)), ChooseLine(0, 1), ChooseTanuki(1), ChooseLine(0, 1))
    assert tm.pending(s).kind == "penalty"
    assert all(isinstance(a, CrossTanuki) for a in tm.legal_actions(s))  # no way to skip it


def test_a_crossed_tanuki_stays_crossed_and_frees_nothing():
    sheet = make_sheet(
        [(1, {"watermelon": ["penalty", "tanuki", "tanuki"]})], slots=(2, 1, 1, 1, 1), start=(2, 1, 1, 1, 1)
    )
    s = tm.new_game(1, sheet=sheet, dice=[[1, 1, 1]] * 3)
    s = tm.apply(s, CrossTanuki(1))
    assert tm.marks(s, 0)["tanuki"]["watermelon"] == [2, 1]
    # both tanuki bonuses find every slot used (circled or crossed): lost
    assert tm.marks(s, 0)["tanuki"]["watermelon"] == [2, 1]
    assert sum(e.lost for e in s.log) == 2
    assert tm.icon_marks(s, 0)["tanuki"]["watermelon"] == ["crossed", "circled"]


def test_last_torii_and_extra_torii_is_lost():
    sheet = make_sheet([(1, {"watermelon": ["torii", "torii"], "fig": [None]})], torii=1)
    s = tm.new_game(1, sheet=sheet, dice=[[1, 1, 1]])
    assert tm.is_over(s)  # solo: the turn ends at once, with the last torii
    assert "torii 1 of 1 (the last torii: the game ends after this turn)" in tm.log_lines(s, 0)[1]
    assert tm.outcome(s).termination is tm.Ending.LAST_TORII
    assert tm.outcome(s).winner == 0
