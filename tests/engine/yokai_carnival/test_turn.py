"""The turn flow: Strike at both checks, the mandatory General Summon, protection with and
without Shuten-dōji, both end conditions and the ranking's tie-breaks."""

from __future__ import annotations

import pytest

import engine.yokai_carnival as yc

from .helpers import ids, kinds, line_ids, play, position, summon

OTHER = ["tengu", "tengu", "tengu"]
# Every Yokai card but the six in the hands below: placed in the discard pile, the Yama is empty.
NEARLY_ALL = [t for t in ("wanyudo", "kamaitachi", "kitsune", "nopperabo") for _ in range(8)]


def test_strike_at_check_1_skips_the_summon_and_goes_to_the_general_check():
    s = position(
        [["umibozu", "nue", "kitsune"], []],
        [["yuki_onna", "yuki_onna", "nopperabo"], OTHER],
        waiting=["nurarihyon", "daitengu"],
        yama=["nue"] * 4,
    )
    assert yc.decision(s).kind == "strike_1"
    steps = yc.strike_check(s, 0)
    assert steps[-1].kind == "strike" and steps[-1].value is True
    s = play(s, "strike")
    assert yc.decision(s).kind == "order"  # two kinds of green card: the owner orders them
    s = play(s, "o201")
    assert line_ids(s, 0)[3:] == ["nopperabo", "yuki_onna", "yuki_onna"]
    assert yc.decision(s).kind == "general"  # four colours now: mandatory
    assert yc.hand_size(s, 0) == 0


def test_no_strike_then_summon():
    s = position([[], []], [["nue", "nue", "kamaitachi"], OTHER])
    s = play(s, "pass")
    assert yc.decision(s).kind == "summon"


def test_strike_at_check_2_after_a_card_taken_into_hand():
    s = position([[], []], [["kitsune", "nue", "nue"], OTHER], yama=["kamaitachi", "tengu", "tengu"])
    assert yc.decision(s).kind == "summon"  # mixed colours: no Strike at check 1
    s = summon(s, "kitsune")
    s = play(s, "revealed:0")
    assert yc.decision(s).kind == "strike_2"
    s = play(s, "strike", "o120")
    assert yc.lines(s)[0][-3:] and len(line_ids(s, 0)) == 4 and yc.current_player(s) == 1


def test_the_general_summon_is_mandatory_and_its_cards_lie_right_of_it():
    s = position(
        [["umibozu", "nue", "kitsune"], []],
        [["yuki_onna", "tengu", "tengu"], OTHER],
        waiting=["nurarihyon", "otakemaru"],
        yama=["nue", "nue", "kitsune"],
    )
    s = summon(s, "yuki_onna", ability=False)
    assert yc.legal_actions(s) == [yc.ChooseGeneral(0), yc.ChooseGeneral(1)]
    check = yc.general_summon_check(s, 0)
    assert [st.value for st in check if st.kind == "colour"] == [True] * 4
    assert check[-1].kind == "general_due" and check[-1].value is True
    s = play(s, "g0")
    line = yc.lines(s)[0]
    assert ids(line)[-3:] == ["nurarihyon", "nue", "nue"]
    assert [c.protected for c in line] == [True] * 5 + [False, False]
    assert [c.unconfirmed for c in line] == [False] * 5 + [True, True]
    assert (
        ids(yc.summon_waiting(s)) == ["otakemaru", yc.summon_waiting(s)[1].id]
        and yc.general_yama_size(s) == 1
    )


def test_a_single_waiting_general_is_summoned_without_asking():
    s = position(
        [["umibozu", "nue", "kitsune"], []], [["yuki_onna", "tengu", "tengu"], OTHER], waiting=["otakemaru"]
    )
    s = summon(s, "yuki_onna", ability=False)
    assert "otakemaru" in line_ids(s, 0)


def test_protection_stops_at_the_rightmost_general_that_is_not_shuten_doji():
    s = position([["nue", "nurarihyon", "tengu", "shuten_doji", "kitsune"], []], [["umibozu"] * 3, OTHER])
    line = yc.lines(s)[0]
    assert [c.protected for c in line] == [True, True, False, False, False]
    assert [c.unconfirmed for c in line] == [False, False, False, False, True]
    steps = yc.protection(s, 0)
    assert steps[0].kind == "protector" and steps[0].subject == 1
    assert [st.subject for st in steps if st.kind == "unprotected_general"] == [3]
    assert steps[-1].kind == "unconfirmed" and steps[-1].value == 4


def test_a_line_with_only_shuten_doji_is_unprotected():
    s = position([["nue", "shuten_doji", "kitsune"], []], [["umibozu"] * 3, OTHER])
    assert not any(c.protected for c in yc.lines(s)[0])


def test_a_discarded_shuten_doji_lets_the_unconfirmed_line_reach_back_and_its_seat_summons_at_its_own_check():
    four = ["umibozu", "nue", "kitsune", "yuki_onna"]
    s = position(
        [[], [*four, "shuten_doji", "tengu"]],
        [["nue", "umibozu", "umibozu"], ["tengu", "tengu", "wanyudo"]],
        waiting=["nurarihyon", "otakemaru"],
        yama=["kitsune"] * 6,
    )
    assert [c.unconfirmed for c in yc.lines(s)[1]] == [False] * 5 + [True]
    s = summon(s, "nue")
    s = play(s, "line:1:4")  # Nue discards Shuten-dōji
    assert "shuten_doji" in ids(yc.discard(s))
    assert all(c.unconfirmed for c in yc.lines(s)[1])  # it reaches back over the four colours
    assert yc.current_player(s) == 1 and "nurarihyon" in ids(
        yc.summon_waiting(s)
    )  # seat 0 did not summon for it
    assert yc.general_summon_check(s, 1)[-1].value is True
    s = play(s, "s0n")  # seat 1's own turn: its check summons
    assert yc.decision(s).kind == "general" and yc.decision(s).seat == 1


def test_the_game_ends_when_the_yama_is_empty():
    s = position(
        [[], []],
        [["nue", "umibozu", "tengu"], ["nue", "umibozu", "tengu"]],
        discard=NEARLY_ALL + ["nue"] * 6 + ["umibozu"] * 6 + ["tengu"] * 6 + ["yuki_onna"] * 8,
    )
    assert yc.yama_size(s) == 0
    s = play(s, "s0n")
    assert yc.is_over(s) and yc.outcome(s).termination is yc.Ending.YAMA_EMPTY
    assert yc.current_player(s) is None and yc.legal_actions(s) == []


def test_the_game_ends_when_summon_waiting_is_empty():
    s = position(
        [["umibozu", "nue", "kitsune"], []],
        [["yuki_onna", "tengu", "tengu"], OTHER],
        waiting=["otakemaru"],
        discard=["daitengu", "nurarihyon", "ibaraki_doji"],
    )
    assert yc.general_yama_size(s) == 0
    s = summon(s, "yuki_onna", ability=False)
    assert yc.is_over(s) and yc.outcome(s).termination is yc.Ending.SUMMON_WAITING_EMPTY


def _ended(lines, players=2):
    rest = [t for t in ("wanyudo", "kamaitachi", "kitsune", "nopperabo", "yuki_onna") for _ in range(8)]
    hands = [["tengu", "nue", "umibozu"]] + [["tengu"]] * (players - 1)
    discard = rest + ["tengu"] * (8 - players) + ["nue"] * 7
    discard += ["umibozu"] * (7 - sum(line.count("umibozu") for line in lines))
    s = position(lines, hands, players=players, discard=discard)
    assert yc.yama_size(s) == 0
    return play(s, "s1n")  # seat 0 adds its Nue: the game ends


def test_ranking_more_cards_then_more_generals():
    s = _ended([["umibozu", "umibozu"], ["nurarihyon", "umibozu", "umibozu"]])
    out = yc.outcome(s)
    assert out.ranking == (1, 0) and out.winner == 1 and out.scores == (3.0, 3.0)
    tie = [st for st in out.steps if st.kind == "tie_break"]
    assert tie[0].value == "generals" and tie[0].subject == (1, 0)


def test_ranking_then_turn_order():
    s = _ended([["umibozu", "umibozu"], ["umibozu", "umibozu", "umibozu"]])
    out = yc.outcome(s)
    assert out.ranking == (0, 1)
    assert [st.value for st in out.steps if st.kind == "tie_break"] == ["turn_order"]
    assert out.steps[-1].kind == "winner" and out.steps[-1].subject == 0


def test_ranking_with_three_players():
    s = _ended([["umibozu"], ["umibozu", "umibozu", "umibozu"], ["nurarihyon"]], players=3)
    assert yc.ranking(s) == [1, 0, 2]


def test_hands_are_drawn_to_three_at_the_start_of_a_turn():
    s = position([[], []], [["nue"], OTHER], yama=["kitsune", "tengu", "wanyudo"])
    assert ids(yc.hand(s, 0)) == ["nue", "kitsune", "tengu"]
    assert kinds(yc.last_turn(s)) == ["draw"]


@pytest.mark.parametrize(
    "position_, message",
    [
        ({"hands": [["nue"] * 4, []]}, "at most 3"),
        ({"lines": [["nue"] * 9, []]}, "more than 8 copies"),
        ({"lines": [["nurarihyon"], ["nurarihyon"]]}, "twice"),
        ({"to_move": 2}, "to_move"),
        ({"lines": [["dragon"], []]}, "dragon"),
        ({"summon_waiting": ["nue"]}, "General"),
        ({"colour": 1}, "colour"),
    ],
)
def test_a_position_that_cannot_be_set_up_is_refused(position_, message):
    with pytest.raises(ValueError, match=message):
        yc.new_game(1, 2, position=position_)


def test_new_game_general_yama_by_player_count():
    for players, size in ((2, 4), (3, 5), (4, 6), (5, 8)):
        s = yc.new_game(3, players)
        assert len(yc.summon_waiting(s)) + yc.general_yama_size(s) == size
        assert [yc.hand_size(s, p) for p in range(players)] == [3] * (players - 1) + [3]


def test_a_scenario_fixes_the_top_of_the_decks():
    s = yc.new_game(
        5, 2, yama=["nue", "nue", "nue", "tengu"], generals=["daitengu", "gashadokuro", "otakemaru"]
    )
    assert ids(yc.hand(s, 0)) == ["nue"] * 3
    assert ids(yc.summon_waiting(s)) == ["daitengu", "gashadokuro"]
