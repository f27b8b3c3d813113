"""Turn structure: dice counts, pick order, the 7-player rule, forced flowers, 6s, game end."""

import pytest
from tm_helpers import make_sheet, take, texts

import engine.tanuki_matsuri as tm
from engine import IllegalAction
from engine.core import Termination, rng_for
from engine.tanuki_matsuri import ChooseLine, TakeDie
from engine.tanuki_matsuri.dice import seeded_roll

MELON_ONLY = make_sheet([(2, {"watermelon": [None, None]})], flowers=[None, "tanuki", None, None])


@pytest.mark.parametrize(("players", "n"), [(1, 3), (2, 3), (3, 3), (4, 4), (5, 4), (6, 4), (7, 3), (10, 3)])
def test_number_of_dice(players, n):
    assert len(tm.dice(tm.new_game(seed=players, players=players))) == n


def test_equal_dice_are_one_choice_and_a_six_may_be_taken():
    assert texts(tm.new_game(1, dice=[[4, 4, 5]])) == ["Take die 4", "Take die 5"]
    s = tm.new_game(1, dice=[[1, 2, 6]])
    assert TakeDie(6) in tm.legal_actions(s)
    s = tm.apply(s, TakeDie(6))
    assert tm.marks(s, 0)["flowers"] == 1 and tm.marks(s, 0)["fruits"]["watermelon"] == 0


def test_unusable_die_cannot_be_taken_for_a_fruit():
    s = tm.new_game(1, sheet=MELON_ONLY, dice=[[1, 3, 6]])
    assert tm.legal_actions(s) == [TakeDie(1), TakeDie(6)]
    with pytest.raises(IllegalAction, match="cannot be used"):
        tm.apply(s, TakeDie(3))


def test_flower_is_forced_when_no_open_die_can_be_used():
    s = tm.new_game(1, sheet=MELON_ONLY, dice=[[2, 3, 4], [3, 4, 2]])
    p = tm.pending(s)
    assert p.kind == "die" and p.forced_flower
    assert tm.legal_actions(s) == [TakeDie(v, flower=True) for v in (2, 3, 4)]
    assert str(tm.legal_actions(s)[0]) == "Take die 2 (no die can be used: circle a flower)"
    s = tm.apply(s, TakeDie(3, flower=True))
    assert tm.marks(s, 0)["flowers"] == 1 and sum(tm.marks(s, 0)["fruits"].values()) == 0


def test_forced_flower_with_one_value_is_automatic_and_chains():
    s = tm.new_game(1, sheet=MELON_ONLY, dice=[[1, 1, 1], [2, 2, 2]])
    # turn 2: die 2 unusable -> taken automatically for a flower; flower 1 has no effect
    assert tm.log_lines(s, 1)[1] == (
        "Player 1 takes die 2 (no die can be used: circle a flower) (auto) → flower 1 of 4"
    )


def test_pick_order_with_two_to_six_players():
    s = tm.new_game(3, players=3, dice=[[1, 2, 3], [1, 2, 3]])
    seats = []
    for _ in range(200):
        if tm.is_over(s) or s.turn >= 2:
            break
        if tm.pending(s).kind == "die":
            seats.append((s.turn, tm.current_player(s)))
        s = tm.apply(s, tm.legal_actions(s)[0])
    assert seats == [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (1, 0)]


def test_others_pick_from_the_dice_the_active_player_left():
    s = tm.new_game(1, players=3, dice=[[1, 2, 3]])
    s = take(s, 1)
    assert tm.current_player(s) == 1
    assert tm.pending(s).open_dice == (2, 3) and texts(s) == ["Take die 2", "Take die 3"]
    s = take(s, 2)
    # several players may take the same remaining die
    assert tm.current_player(s) == 2 and TakeDie(2) in tm.legal_actions(s)
    with pytest.raises(IllegalAction, match="No die showing 1"):
        tm.apply(s, TakeDie(1))


def test_four_players_roll_four_dice_and_duplicates_remain():
    s = tm.new_game(1, players=4, dice=[[1, 2, 3, 3]])
    s = tm.apply(s, TakeDie(3))
    s = tm.apply(s, tm.legal_actions(s)[0])  # the banana's line
    assert tm.current_player(s) == 1 and tm.pending(s).open_dice == (1, 2, 3)


def test_seven_players_everyone_picks_from_all_three_dice():
    s = tm.new_game(1, players=7, dice=[[1, 2, 3]])
    s = take(s, 1)
    assert tm.current_player(s) == 1 and tm.pending(s).open_dice == (1, 2, 3)
    assert TakeDie(1) in tm.legal_actions(s)
    for seat in range(1, 7):
        assert tm.current_player(s) == seat
        s = take(s, 1)
    assert s.turn == 1 and tm.current_player(s) == 1  # turn 2: seat 1 is active
    assert all(tm.marks(s, seat)["fruits"]["watermelon"] == 1 for seat in range(7))


TORII_SHEET = make_sheet(
    [(1, {"watermelon": ["torii"], "pineapple": [None], "fig": [None, None]})], torii=1, start=(1, 1, 1, 0, 1)
)


def test_last_torii_ends_the_game_at_the_end_of_the_turn():
    s = tm.new_game(1, players=3, sheet=TORII_SHEET, dice=[[1, 2, 4]])
    s = tm.apply(s, TakeDie(2))  # seat 0: pineapple
    s = tm.apply(s, TakeDie(1))  # seat 1: watermelon -> the last torii
    assert tm.marks(s, 1)["torii"] == 1
    assert not tm.is_over(s) and tm.current_player(s) == 2  # seat 2 still plays this turn
    s = tm.apply(s, TakeDie(4))
    assert tm.is_over(s) and tm.current_player(s) is None and tm.legal_actions(s) == []
    out = tm.outcome(s)
    assert out.termination is tm.Ending.LAST_TORII
    assert [(st.subject, st.reason) for st in out.steps if st.kind == "end"] == [
        (1, "circled the last torii")
    ]
    assert tm.log_lines(s)[-1] == "Game over: Player 2 circled the last torii"


def test_last_flower_ends_the_game_at_the_end_of_the_turn():
    sheet = make_sheet([(1, {"watermelon": [None, None], "pineapple": [None]})], flowers=[None], torii=3)
    s = tm.new_game(1, players=2, sheet=sheet, dice=[[6, 1, 2]])
    s = tm.apply(s, TakeDie(6))  # seat 0 circles the only flower
    assert tm.marks(s, 0)["flowers"] == 1 and not tm.is_over(s) and tm.current_player(s) == 1
    s = tm.apply(s, TakeDie(2))
    assert tm.is_over(s) and tm.outcome(s).termination is tm.Ending.LAST_FLOWER


def test_last_torii_and_last_flower_in_one_turn():
    sheet = make_sheet([(1, {"watermelon": ["torii"], "pineapple": [None]})], flowers=[None], torii=1)
    s = tm.new_game(1, players=2, sheet=sheet, dice=[[6, 1, 2]])
    s = tm.apply(s, TakeDie(6))  # seat 0: the last flower
    s = tm.apply(s, TakeDie(1))  # seat 1: the last torii
    assert tm.is_over(s) and tm.outcome(s).termination is tm.Ending.LAST_TORII_AND_FLOWER


def test_termination_is_none_while_the_game_goes_on():
    assert tm.outcome(tm.new_game(1)).termination is Termination.NONE


def test_end_triggered_by_a_later_seat_in_a_later_turn():
    # turn 2 (seat 1 active): seat 1 triggers, seat 0 still plays after it
    s = tm.new_game(1, players=2, sheet=TORII_SHEET, dice=[[2, 4, 4], [1, 4, 6]])
    s = tm.apply(s, TakeDie(2))  # seat 1 then has only 4s left: automatic
    assert s.turn == 1 and tm.current_player(s) == 1
    s = tm.apply(s, TakeDie(1))
    assert not tm.is_over(s) and tm.current_player(s) == 0
    s = tm.apply(s, TakeDie(4))
    assert tm.is_over(s)
    assert tm.outcome(s).ranking[0] in (0, 1)


def test_outcome_ties_have_no_winner_and_unique_best_wins():
    s = tm.new_game(1, players=2, sheet=TORII_SHEET, dice=[[1, 1, 1]])
    assert tm.is_over(s)  # both circled a watermelon and the last torii: 1 x 1 each
    out = tm.outcome(s)
    assert out.scores == (1, 1) and out.winner is None and out.ranking == (0, 1)
    ranks = [(st.kind, st.subject, st.value, st.reason) for st in out.steps if st.kind == "rank"]
    assert ranks == [("rank", 0, 1, "rank 1"), ("rank", 1, 1, "rank 1")]  # a tie shares the rank
    s = tm.new_game(1, players=2, sheet=TORII_SHEET, dice=[[1, 4, 4]])
    s = tm.apply(s, TakeDie(1))
    assert tm.is_over(s)
    assert tm.outcome(s).winner == 0 and tm.outcome(s).scores == (1, 0)


def test_tied_players_share_a_rank_and_the_next_score_ranks_like_a_standings_table():
    sheet = make_sheet([(1, {"watermelon": [None], "fig": [None], "banana": [None]})], start=(1, 1, 1, 1, 1))
    s = tm.new_game(1, players=4, sheet=sheet, dice=[[1, 1, 4, 6]])
    s = tm.play(s, TakeDie(1), TakeDie(1), TakeDie(4))  # seats 0, 1: watermelon; seat 2: fig
    out = tm.outcome(s)  # seat 3 has not played: scores 1, 1, 1, 0
    assert out.scores == (1, 1, 1, 0) and out.ranking == (0, 1, 2, 3)
    assert [(st.subject, st.reason) for st in out.steps] == [
        (0, "rank 1"),
        (1, "rank 1"),
        (2, "rank 1"),
        (3, "rank 4"),
    ]
    assert all(st.kind == "rank" and st.label == f"Player {st.subject + 1}" for st in out.steps)


def test_scripted_dice_then_seeded_rolls():
    s = tm.new_game(5, dice=[[6, 6, 6]])
    assert s.turn == 1  # the 6 was automatic
    assert tm.dice(s) == seeded_roll(5, 1, 3)
    s = tm.new_game(5, dice=[[6, 6, 6]], legacy_dice=True)  # the dice of a version-1 save
    rng = rng_for(5, "roll", 1)
    assert tm.dice(s) == tuple(rng.randint(1, 6) for _ in range(3))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"dice": [[1, 2]]}, "Scripted roll 1 has 2 dice"),
        ({"dice": [[1, 2, 3], [1, 7, 2]]}, "Scripted roll 2 has the value 7"),
        ({"dice": [[1, 2, 3]], "players": 4}, "4 player\\(s\\) roll 4"),
        ({"dice": [[0, 1, 2]]}, "value 0"),
        ({"dice": "123"}, "dice= must be a list"),
        ({"players": 11}, "1 to 10 players"),
        ({"players": 0}, "1 to 10 players"),
        ({"sheet": "default"}, "sheet= must be"),
        ({"colour": "red"}, "no set-up option 'colour' \\(it has: sheet, dice, legacy_dice\\)"),
        ({"legacy_dice": 1}, "legacy_dice= must be True or False, not 1"),
        ({"sheets": None}, "no set-up option 'sheets'"),
    ],
)
def test_bad_setup_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        tm.new_game(1, **kwargs)


def test_bad_seed_is_refused():
    with pytest.raises(ValueError, match="seed"):
        tm.new_game(-1)


def test_illegal_actions_raise_and_change_nothing():
    s = tm.new_game(8, dice=[[1, 3, 3], [2, 2, 2]])
    before = tm.to_json(s)
    snapshot = s
    for bad, message in [
        (TakeDie(5), "No die showing 5"),
        (ChooseLine(0, 1), "not that kind of choice"),
        (tm.ChooseTanuki(1), "not that kind of choice"),
        ("d1", "'d1' is not a Tanuki Matsuri move"),
        (["d1"], "is not a Tanuki Matsuri move"),
        (None, "None is not a Tanuki Matsuri move"),
        ({}, "is not a Tanuki Matsuri move"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            tm.apply(s, bad)
        assert s == snapshot and tm.to_json(s) == before
    s = tm.apply(s, TakeDie(3))
    with pytest.raises(IllegalAction, match="places a banana"):
        tm.apply(s, ChooseLine(0, 1))
    with pytest.raises(IllegalAction, match="not possible now"):
        tm.apply(s, ChooseLine(0, 3))  # line A has no banana
    while not tm.is_over(s):
        s = tm.apply(s, tm.legal_actions(s)[-1])
    with pytest.raises(IllegalAction, match="The game is over"):
        tm.apply(s, TakeDie(1))


def test_game_info():
    info = tm.INFO
    assert (info.id, info.title, info.japanese, info.players, info.default_players) == (
        "tanuki_matsuri",
        "Tanuki Matsuri",
        "狸祭り",
        range(1, 11),
        1,
    )
    assert info.hidden_information is False and info.blurb and info.audience
