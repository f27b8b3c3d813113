"""Each card's ability as the spec's table words it, including "nothing happens"."""

from __future__ import annotations

import pytest

import engine.yokai_carnival as yc
from engine.core import IllegalAction

from .helpers import ids, kinds, line_ids, play, position, summon

OTHER = ["tengu", "tengu", "tengu"]  # a hand for the seat that waits


def test_wanyudo_adds_a_yokai_of_your_choice_from_the_discard_pile():
    s = position([[], []], [["wanyudo", "nue", "nue"], OTHER], discard=["kitsune", "nurarihyon", "umibozu"])
    s = summon(s, "wanyudo")
    assert yc.decision(s).kind == "card" and yc.decision(s).card.id == "wanyudo"
    assert yc.legal_actions(s) == [
        yc.Pick("discard", None, 0),
        yc.Pick("discard", None, 2),
    ]  # not the General
    s = play(s, "discard:2")
    assert line_ids(s, 0) == ["wanyudo", "umibozu"]
    assert ids(yc.discard(s)) == ["kitsune", "nurarihyon"]


def test_wanyudo_does_nothing_without_a_yokai_in_the_discard_pile():
    s = position([[], []], [["wanyudo", "nue", "nue"], OTHER], discard=["nurarihyon"])
    s = summon(s, "wanyudo")
    assert line_ids(s, 0) == ["wanyudo"] and yc.current_player(s) == 1
    assert "nothing" in kinds(yc.last_turn(s))


def test_umibozu_adds_the_top_of_the_yama():
    s = position([[], []], [["umibozu", "nue", "nue"], OTHER], yama=["gashadokuro"][:0] + ["tengu"])
    s = summon(s, "umibozu")
    assert line_ids(s, 0) == ["umibozu", "tengu"]


def test_kamaitachi_discards_the_two_rightmost_unprotected_cards():
    s = position(
        [[], ["nue", "nurarihyon", "kitsune", "tengu"]], [["kamaitachi", "umibozu", "umibozu"], OTHER]
    )
    s = summon(s, "kamaitachi")
    assert line_ids(s, 1) == ["nue", "nurarihyon"]
    assert ids(yc.discard(s)) == ["tengu", "kitsune"]


def test_kamaitachi_takes_what_there_is_and_never_a_protected_card():
    s = position([[], ["nue", "nurarihyon", "kitsune"]], [["kamaitachi", "umibozu", "umibozu"], OTHER])
    s = summon(s, "kamaitachi")
    assert line_ids(s, 1) == ["nue", "nurarihyon"]
    s = position([[], ["nue", "nurarihyon"]], [["kamaitachi", "umibozu", "umibozu"], OTHER])
    s = summon(s, "kamaitachi")
    assert line_ids(s, 1) == ["nue", "nurarihyon"] and "nothing" in kinds(yc.last_turn(s))


def test_nue_offers_only_opponents_with_unprotected_cards_then_a_card_of_your_choice():
    s = position(
        [[], ["kitsune", "tengu"], ["nue", "daitengu"]],
        [["nue", "kitsune", "kitsune"], OTHER, OTHER],
        players=3,
    )
    s = summon(s, "nue")  # seat 2's line is all protected: seat 1 is chosen by the rules
    assert yc.decision(s).kind == "card"
    assert yc.legal_actions(s) == [yc.Pick("line", 1, 0), yc.Pick("line", 1, 1)]
    s = play(s, "line:1:0")
    assert line_ids(s, 1) == ["tengu"] and ids(yc.discard(s)) == ["kitsune"]
    opp = [st for st in yc.last_turn(s) if st.kind == "opponent"]
    assert opp and opp[0].note == "auto"


def test_kitsune_looks_at_three_takes_one_and_puts_the_others_at_the_bottom_in_order():
    s = position([[], []], [["kitsune", "nue", "nue"], OTHER], yama=["umibozu", "tengu", "wanyudo", "nue"])
    s = summon(s, "kitsune")
    seen = yc.view(s, 0)
    assert ids(yc.revealed(seen)) == ["umibozu", "tengu", "wanyudo"]
    assert yc.revealed(yc.view(s, 1)) == [None, None, None]  # the opponent does not see them
    s = play(s, "revealed:1")
    assert "tengu" in ids(yc.hand(s, 0))
    assert [s.deck.card(n).id for n in s.yama[:1]] == ["nue"]
    assert [s.deck.card(n).id for n in s.yama[-2:]] == ["umibozu", "wanyudo"]


def test_tengu_reveals_until_the_named_colour():
    s = position([[], []], [["tengu", "nue", "nue"], OTHER], yama=["umibozu", "nue", "yuki_onna", "kitsune"])
    s = summon(s, "tengu")
    assert yc.decision(s).kind == "colour"
    s = play(s, "colour:green")
    assert "yuki_onna" in ids(yc.hand(s, 0))
    assert [s.deck.card(n).id for n in s.yama[:1]] == ["kitsune"]
    assert [s.deck.card(n).id for n in s.yama[-2:]] == ["umibozu", "nue"]


def test_yuki_onna_makes_the_opponent_choose_two_discards():
    s = position([[], []], [["yuki_onna", "nue", "nue"], ["umibozu", "kitsune", "tengu"]])
    s = summon(s, "yuki_onna")
    d = yc.decision(s)
    assert d.seat == 1 and d.kind == "discard_own" and yc.current_player(s) == 1
    with pytest.raises(ValueError):
        yc.legal_actions(yc.view(s, 0))
    assert yc.legal_actions(yc.view(s, 1)) == yc.legal_actions(s)
    s = play(s, "hand:1:0", "hand:1:1")  # umibozu, then tengu (kitsune moved to index 0)
    assert ids(yc.discard(s)) == ["umibozu", "tengu"]
    assert yc.current_player(s) == 1 and yc.hand_size(s, 1) == 3  # seat 1's turn: drew back to 3


def test_yuki_onna_on_a_single_card_hand_discards_it_without_asking():
    s = position([[], []], [["yuki_onna", "nue", "nue"], ["umibozu"]], yama=["tengu"] * 3)
    s = summon(s, "yuki_onna")
    assert ids(yc.discard(s)) == ["umibozu"]


def test_nopperabo_shows_the_hand_to_its_player_only_while_choosing():
    s = position([[], []], [["nopperabo", "nue", "nue"], ["umibozu", "kitsune", "tengu"]])
    s = summon(s, "nopperabo")
    assert ids(yc.hand(yc.view(s, 0), 1)) == ["umibozu", "kitsune", "tengu"]
    s = play(s, "hand:1:2")
    assert ids(yc.discard(s)) == ["tengu"]
    with pytest.raises(ValueError):
        yc.hand(yc.view(s, 0), 1)


def test_green_cards_do_nothing_when_no_opponent_holds_a_card():
    s = position([[], []], [["nopperabo", "nue", "nue"], []], yama=["tengu"] * 5)
    s = summon(s, "nopperabo")
    assert "nothing" in kinds(yc.last_turn(s)) or yc.current_player(s) == 1


def test_using_an_ability_is_optional():
    s = position([[], ["kitsune", "tengu"]], [["kamaitachi", "umibozu", "umibozu"], OTHER])
    assert yc.Summon(0, True) in yc.legal_actions(s) and yc.Summon(0, False) in yc.legal_actions(s)
    s = summon(s, "kamaitachi", ability=False)
    assert line_ids(s, 1) == ["kitsune", "tengu"]


def _general(general, line=("umibozu", "nue", "kitsune"), hand=("yuki_onna", "tengu", "tengu"), **kw):
    """Seat 0 completes four colours by summoning Yuki-onna without its ability."""
    kw.setdefault("waiting", [general, "otakemaru" if general != "otakemaru" else "nurarihyon"])
    lines = kw.pop("lines", [list(line), []])
    hands = kw.pop("hands", [list(hand), OTHER])
    s = position(lines, hands, **kw)
    s = summon(s, "yuki_onna", ability=False)
    assert yc.decision(s).kind == "general"
    return play(s, "g0")


def test_nurarihyon_adds_two_in_the_order_its_owner_chooses():
    s = _general("nurarihyon", yama=["nue", "tengu", "kitsune"])
    assert yc.decision(s).kind == "order"
    assert ids(yc.revealed(yc.view(s, 1))) == ["nue", "tengu"]  # placed face up: everyone sees
    s = play(s, "o10")
    assert line_ids(s, 0)[-3:] == ["nurarihyon", "tengu", "nue"]


def test_identical_cards_are_placed_without_asking_the_order():
    s = _general("nurarihyon", yama=["nue", "nue", "kitsune"])
    assert line_ids(s, 0)[-3:] == ["nurarihyon", "nue", "nue"]


def test_shuten_doji_adds_three_and_protects_nothing():
    s = _general("shuten_doji", yama=["nue", "nue", "nue", "kitsune"])
    line = yc.lines(s)[0]
    assert ids(line)[-4:] == ["shuten_doji", "nue", "nue", "nue"]
    assert not any(c.protected for c in line)
    assert [c.unconfirmed for c in line][-4:] == [False, True, True, True]


def test_tamamo_no_mae_takes_up_to_two_and_may_stop():
    s = _general("tamamo_no_mae", discard=["kitsune", "tengu", "shuten_doji"])
    assert yc.Stop() in yc.legal_actions(s)
    s = play(s, "discard:1", "stop")
    assert line_ids(s, 0)[-2:] == ["tamamo_no_mae", "tengu"]


def test_daitengu_adds_the_whole_hand_without_abilities():
    s = _general("daitengu", yama=["nue"] * 4)
    assert yc.decision(s) is None or yc.current_player(s) == 1
    assert line_ids(s, 0)[-3:] == ["daitengu", "tengu", "tengu"] and yc.hand_size(s, 0) == 0


def test_otakemaru_hits_every_opponent():
    s = _general(
        "otakemaru",
        players=3,
        lines=[["umibozu", "nue", "kitsune"], ["nue", "tengu"], ["daitengu", "kitsune"]],
        hands=[["yuki_onna", "tengu", "tengu"], OTHER, ["wanyudo"] * 3],
    )
    assert line_ids(s, 1) == ["nue"] and line_ids(s, 2) == ["daitengu"]


def test_ibaraki_doji_discards_up_to_three_of_your_choice():
    s = _general(
        "ibaraki_doji", lines=[["umibozu", "nue", "kitsune"], ["nue", "tengu", "umibozu", "wanyudo"]]
    )
    s = play(s, "line:1:3", "line:1:0", "stop")
    assert line_ids(s, 1) == ["tengu", "umibozu"]


def test_gashadokuro_discards_every_unprotected_card_of_a_colour():
    s = _general(
        "gashadokuro",
        lines=[["umibozu", "nue", "kitsune"], ["umibozu", "daitengu", "wanyudo", "nue", "umibozu"]],
    )
    assert yc.legal_actions(s) == [yc.ChooseColour("red"), yc.ChooseColour("blue")]  # only colours present
    s = play(s, "colour:blue")
    assert line_ids(s, 1) == ["umibozu", "daitengu", "nue"]


def test_yamata_no_orochi_takes_unprotected_cards_into_your_line():
    s = _general("yamata_no_orochi", lines=[["umibozu", "nue", "kitsune"], ["tengu", "shuten_doji", "nue"]])
    s = play(s, "line:1:1", "line:1:1")
    assert line_ids(s, 0)[-3:] == ["yamata_no_orochi", "shuten_doji", "nue"]
    assert line_ids(s, 1) == ["tengu"]


def test_a_pick_that_is_not_offered_is_refused():
    s = position([[], ["nue", "nurarihyon", "kitsune"]], [["nue", "nue", "kitsune"], OTHER])
    s = summon(s, "nue")
    for bad in ("line:1:0", "line:1:1", "line:0:0", "discard:0"):
        with pytest.raises(IllegalAction):
            yc.apply(s, yc.decode_action(bad))
