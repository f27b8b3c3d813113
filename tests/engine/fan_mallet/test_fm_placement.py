"""Inhabit: the target house, the skipping rules and the preview's explanation."""

from __future__ import annotations

from fm_helpers import OVAL, build_state, deck_with

import engine.fan_mallet as fm
from engine.fan_mallet import Skip, apply, legal_actions, new_game, parse_follower, pawn, placement_preview

REDS_ELSEWHERE = {
    7: ["b:red:1"],
    8: ["b:red:2"],
    9: ["b:red:3"],
    10: ["b:red:4"],
    11: ["b:red:kid"],
    1: ["w:red:1"],
    2: ["w:red:2"],
    3: ["w:red:3"],
    4: ["w:red:kid"],
}


def scenario(white_top=(), black_top=()):
    return new_game(
        1, houses=OVAL, decks={"white": deck_with("white", white_top), "black": deck_with("black", black_top)}
    )


def test_origin_colour_is_skipped_from_whites_start():
    s = scenario(["w:red:3"])
    p = placement_preview(s, "w:red:3")
    assert p.target == 1
    assert p.skipped == [Skip(0, "origin", "red")]
    assert p.skipped[0].reason == "house 0's origin is red"
    s2 = apply(s, fm.Inhabit(parse_follower("w:red:3")))
    assert pawn(s2, "white") == 1 and [f.code for f in fm.houses(s2)[1].stack] == ["w:red:3"]


def test_black_starts_from_house_6():
    s = scenario(["w:red:3"], ["b:blue:2", "b:red:1"])
    s = apply(s, fm.Inhabit(parse_follower("w:red:3")))
    assert placement_preview(s, "b:blue:2").target == 6
    assert placement_preview(s, "b:red:1").target == 7  # house 6 is red: skipped
    s = apply(s, fm.Inhabit(parse_follower("b:red:1")))
    assert pawn(s, "black") == 7 and pawn(s, "white") == 1


def test_same_colour_already_there_is_skipped():
    s = build_state(
        stacks={1: ["b:red:2"]}, hands={"white": ["w:red:3"], "black": ["b:blue:1"]}, pawns=(0, None)
    )
    p = placement_preview(s, "w:red:3")
    assert p.target == 2
    assert p.skipped == [Skip(1, "same_colour", "red", parse_follower("b:red:2"))]
    assert p.skipped[0].reason == "house 1 already holds a red follower (black red 2)"
    assert [(st.kind, st.subject) for st in p.steps] == [("start", 1), ("skipped", 1), ("target", 2)]
    assert [st.value for st in p.steps] == [1, "skipped", "target"]
    assert all(st.rule == "Inhabit" for st in p.steps)


def test_possessed_house_is_skipped():
    full = ["w:red:1", "b:green:1", "w:yellow:1", "b:purple:1", "w:brown:1"]
    s = build_state(
        stacks={1: full}, owners=[None, 1] + [None] * 10, hands={"white": ["w:blue:3"]}, pawns=(0, None)
    )
    p = placement_preview(s, "w:blue:3")
    assert p.skipped == [Skip(1, "possessed", "blue")] and p.target == 2
    assert p.skipped[0].reason == "house 1 is possessed (it holds 5 followers)"


def test_all_the_way_round_with_the_pawns_own_house_last():
    s = build_state(
        stacks=REDS_ELSEWHERE, hands={"white": ["w:red:4"], "black": ["b:blue:1"]}, pawns=(5, None)
    )
    p = placement_preview(s, "w:red:4")
    assert [skip.house for skip in p.skipped] == [6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4]
    assert {skip.why for skip in p.skipped} == {"same_colour", "origin"}
    assert p.target == 5
    assert "pawn's own house" in p.steps[-1].reason
    s2 = apply(s, legal_actions(s)[0])
    assert s2.stacks[5] and pawn(s2, "white") == 5


def test_pawns_own_house_is_tried_after_every_other_house():
    # house 3 could take a green follower, but so can house 4, which comes first
    s = build_state(hands={"white": ["w:green:1"]}, pawns=(3, None))
    assert placement_preview(s, "w:green:1").target == 4
    assert fm.search_order(0, 3) == (4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3)


def test_preview_steps_are_structured_and_name_the_target_rule_note():
    s = new_game(3)
    p = placement_preview(s, "b:green:kid")
    start = p.steps[0]
    assert (start.kind, start.subject, start.note) == ("start", 6, "target")
    assert "house 6" in start.reason
    assert all("Rule note" not in st.reason for st in p.steps)
    extra = [] if "b:green:kid" in [f.code for f in fm.hand(s, "black")] else ["not_in_hand"]
    assert [st.kind for st in p.steps] == ["start"] + ["skipped"] * len(p.skipped) + ["target"] + extra
    assert [st.subject for st in p.steps if st.kind in ("skipped", "target")] == [
        *(skip.house for skip in p.skipped),
        p.target,
    ]
