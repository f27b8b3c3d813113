"""Equal cards are one choice (issue #18 item 5), and saves written before still load."""

from __future__ import annotations

import json

import engine.yokai_carnival as yc
from engine.core import dump_save

from .helpers import ids, position


def test_two_equal_cards_in_hand_are_one_summon_choice():
    s = yc.new_game(1, 2, yama=["nue", "nue", "umibozu"])
    assert ids(yc.hand(s, 0)) == ["umibozu", "nue", "nue"]
    assert [yc.encode_action(a) for a in yc.legal_actions(s)] == ["s0", "s0n", "s1", "s1n"]
    assert yc.Summon(2, True) not in yc.legal_actions(s)


def test_discarding_from_a_hand_of_equal_cards_is_no_choice():
    """Yuki-onna: the opponent holds two Nue; which one goes first is not a decision."""
    s = position(hands=[["yuki_onna", "umibozu", "wanyudo"], ["nue", "nue"]], lines=[[], ["kitsune"]])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("yuki_onna"), True))
    moves = [st for st in yc.last_turn(s) if st.kind == "move"]
    assert len(moves) == 2 and all(st.note == "auto" for st in moves)
    assert ids(yc.discard(s)) == ["nue", "nue"]


def _old_save(seed: int, tokens: list[str], **setup) -> str:
    return dump_save("yokai_carnival", seed, 2, setup, tokens)


def test_a_save_naming_the_second_copy_of_a_card_still_loads():
    s = yc.new_game(1, 2, yama=["nue", "nue", "umibozu"])
    text = _old_save(1, ["s2n"], yama=["nue", "nue", "umibozu"])  # the second Nue, written before #18
    loaded = yc.from_json(text)
    assert loaded == yc.apply(s, yc.Summon(1, False))
    assert json.loads(yc.to_json(loaded))["actions"] == ["s1n"]


def test_a_save_with_a_pick_the_rules_now_take_still_loads():
    setup = {
        "position": {
            "hands": [["yuki_onna", "umibozu", "wanyudo"], ["nue", "nue"]],
            "lines": [[], ["kitsune"]],
            "to_move": 0,
            "discard": [],
        }
    }
    s = yc.new_game(1, 2, **setup)
    i = ids(yc.hand(s, 0)).index("yuki_onna")
    # before #18, seat 1 chose which Nue to discard first ("hand:1:1"); now the rules do
    loaded = yc.from_json(_old_save(1, [f"s{i}", "hand:1:1"], **setup))
    assert loaded == yc.apply(s, yc.Summon(i, True))
