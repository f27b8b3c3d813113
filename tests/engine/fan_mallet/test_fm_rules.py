"""Turns, possession, markers, the end of the game, illegal actions and setup checks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from fm_helpers import OVAL, build_state, deck_with

import engine.fan_mallet as fm
from engine.core import Game, IllegalAction, Termination, registry
from engine.fan_mallet import Inhabit, apply, parse_follower

P2_FIRST_FOUR = ["w:red:4", "b:green:2", "w:yellow:3", "b:purple:1"]  # on house 1 (blue/white)


def play(state, code):
    return apply(state, Inhabit(parse_follower(code)))


def test_info_and_players():
    assert fm.INFO.id == "fan_mallet" and fm.INFO.japanese == "団扇と小槌"
    assert fm.INFO.players == range(2, 3) and fm.INFO.hidden_information
    assert fm.INFO.seat_names == ("White — God of riches", "Black — God of poverty")
    for players in (1, 3):
        with pytest.raises(ValueError):
            fm.new_game(1, players=players)


def test_the_package_follows_the_game_protocol_and_is_registered():
    assert isinstance(fm, Game) and registry.is_ready("fan_mallet") and registry.game("fan_mallet") is fm
    assert fm.MARKERS == 7
    assert list(fm.bots()) == ["random", "greedy", "lookahead"]
    assert not hasattr(fm, "random_bot")


def test_new_game_deals_six_and_white_starts():
    s = fm.new_game(9)
    assert fm.current_player(s) == 0
    assert len(fm.hand(s, "white")) == len(fm.hand(s, "black")) == 6
    assert fm.deck_size(s, "white") == fm.deck_size(s, "black") == 24
    assert {h.house for h in fm.houses(s)} == set(fm.HOUSES)
    assert all(f.faction == "white" for f in fm.hand(s, "white"))
    assert fm.new_game(9) == s and fm.new_game(10) != s


def test_scenario_fixes_houses_and_hands():
    s = fm.new_game(
        1, houses=OVAL, decks={"white": deck_with("white", ["w:brown:kid"]), "black": deck_with("black")}
    )
    assert [h.house for h in fm.houses(s)] == OVAL
    assert "white brown kid (hatchet)" in [str(f) for f in fm.hand(s, "white")]


@pytest.mark.parametrize(
    "setup",
    [
        {"houses": OVAL[:11]},
        {"houses": OVAL[:11] + [OVAL[0]]},
        {"decks": {"white": deck_with("white")[:29], "black": deck_with("black")}},
        {"decks": {"white": deck_with("black"), "black": deck_with("black")}},
        {"decks": {"white": deck_with("white")}},
        {"decks": {"white": deck_with("white")[:29] + ["w:red:1"], "black": deck_with("black")}},
    ],
)
def test_bad_scenarios_are_refused(setup):
    with pytest.raises(ValueError):
        fm.new_game(1, **setup)


def test_an_unknown_setup_keyword_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="no set-up option 'colour'"):
        fm.new_game(1, colour="red")
    with pytest.raises(ValueError, match="'deck'"):
        fm.new_game(1, houses=OVAL, deck={})


def test_every_follower_code_round_trips_and_junk_is_an_illegal_action():
    for follower in fm.FOLLOWERS:
        action = Inhabit(follower)
        token = fm.encode_action(action)
        assert token == follower.code and fm.decode_action(token) == action
    assert sorted(fm.encode_action(a) for a in fm.legal_actions(fm.new_game(3))) == sorted(
        f.code for f in fm.hand(fm.new_game(3), "white")
    )
    junk = [
        "",
        "w:red:5",
        "x:red:1",
        "w:pink:1",
        "w:red",
        "white:red:3",
        "W:RED:3",
        " w:red:3",
        "w:red:kid:1",
    ]
    for token in [*junk, None, True, 3, b"w:red:3", ["w:red:3"], parse_follower("w:red:3")]:
        with pytest.raises(IllegalAction, match="not a Fan & Mallet move"):
            fm.decode_action(token)
    for action in ["w:red:3", parse_follower("w:red:3"), None]:
        with pytest.raises(IllegalAction):
            fm.encode_action(action)


def test_tie_goes_to_the_house_faction_and_first_possession_places_two():
    s = build_state(
        stacks={1: P2_FIRST_FOUR},
        hands={"white": ["w:green:1"], "black": ["b:brown:4"]},
        pawns=(2, 0),
        to_move=1,
    )
    s = play(s, "b:brown:4")
    assert s.owners[1] == 0
    assert fm.markers(s) == {"white": 2, "black": 0}
    last = fm.last_possession(s)
    assert last.house_index == 1 and last.first and last.markers == 2 and last.faction == "white"
    assert last.score.tie_broken_by_house and last.score.totals == {"white": 7, "black": 7}
    assert any("very first possession" in st.reason for st in last.steps)
    kinds = [st.kind for st in last.steps]
    assert kinds[0] == "possessed" and last.steps[0].subject == 1
    assert kinds[-1] == "markers_placed" and last.steps[-1].subject == "white" and last.steps[-1].value == 2
    assert all(st.kind for st in last.steps) and not any("Rule note" in st.reason for st in last.steps)


def test_later_possessions_place_one_marker():
    s = build_state(
        stacks={1: P2_FIRST_FOUR, 2: ["w:blue:2", "b:yellow:3", "w:red:3", "b:purple:2"]},
        hands={"white": ["w:brown:1"], "black": ["b:brown:4", "b:red:1"]},
        pawns=(1, 0),
        to_move=1,
    )
    s = play(s, "b:brown:4")  # house 1: tie, white places 2
    s = play(s, "w:brown:1")  # house 2 (green/white): white 2+3+1 = 6, black 3+2 = 5: white places 1
    assert fm.markers(s) == {"white": 3, "black": 0}
    assert [(p.house_index, p.markers, p.first) for p in fm.possessions(s)] == [(1, 2, True), (2, 1, False)]


def test_possession_example_1_in_play():
    s = build_state(
        stacks={0: ["w:blue:2", "b:yellow:3", "w:green:4", "b:purple:1"]},
        hands={"white": ["w:red:1"], "black": ["b:brown:4"]},
        pawns=(3, 11),
        to_move=1,
    )
    s = play(s, "b:brown:4")
    assert s.owners[0] == 1 and fm.markers(s)["black"] == 2
    assert fm.houses(s)[0].owner == "black"


def test_seventh_marker_wins_at_once_without_a_draw():
    s = build_state(
        stacks={1: P2_FIRST_FOUR},
        hands={"white": ["w:green:1", "w:brown:2"], "black": ["b:brown:4", "b:red:1"]},
        pawns=(2, 0),
        to_move=1,
        markers=(6, 5),
        possessions=((5, 0, 2, True, 9),),
    )
    deck_before = fm.deck_size(s, "black")
    end = play(s, "b:brown:4")  # tie on the white house: white's 7th marker
    assert fm.is_over(end) and fm.current_player(end) is None
    assert fm.markers(end) == {"white": 7, "black": 5}
    assert fm.deck_size(end, "black") == deck_before and len(fm.hand(end, "black")) == 1
    assert fm.legal_actions(end) == []
    out = fm.outcome(end)
    assert out.winner == 0 and out.ranking == (0, 1) and out.scores == (7.0, 5.0)
    assert out.termination is fm.Ending.ALL_MARKERS
    assert [(st.kind, st.subject) for st in out.steps] == [
        ("markers", 0),
        ("markers", 1),
        ("winner", 0),
        ("match_points", 0),
    ]
    match = out.steps[-1]
    assert match.value == 2 and match.note == "match" and match.rule != "End of the game"
    assert "loser" in match.reason and "Rule note" not in match.reason
    with pytest.raises(IllegalAction, match="over"):
        play(end, "w:green:1")


def test_drawing_after_a_move_and_running_out():
    s = fm.new_game(4)
    card = fm.legal_actions(s)[0]
    s2 = apply(s, card)
    assert len(fm.hand(s2, "white")) == 6 and fm.deck_size(s2, "white") == 23
    empty = build_state(hands={"white": ["w:red:1", "w:red:2"], "black": ["b:red:1"]})
    empty = replace(empty, decks=((), empty.decks[1]), deck_sizes=(0, empty.deck_sizes[1]))
    after = play(empty, "w:red:1")
    assert [f.code for f in fm.hand(after, "white")] == ["w:red:2"]


def test_illegal_actions_raise_and_change_nothing():
    s = fm.new_game(5)
    snapshot = fm.to_json(s), s
    not_in_hand = next(f for f in fm.FOLLOWERS if f.faction == "white" and f not in fm.hand(s, "white"))
    with pytest.raises(IllegalAction, match="That card .* is not in White's hand"):
        apply(s, Inhabit(not_in_hand))
    with pytest.raises(IllegalAction):
        apply(s, Inhabit(fm.hand(fm.new_game(5), "black")[0]))
    with pytest.raises(IllegalAction):
        apply(s, "w:red:1")
    assert (fm.to_json(s), s) == snapshot
    assert fm.legal_actions(s) == [Inhabit(f) for f in fm.hand(s, "white")]
    assert str(fm.legal_actions(s)[0]).startswith("Play white ")


def test_scenario_accepts_follower_objects_and_house_codes():
    white = [fm.parse_follower(c) for c in deck_with("white", ["w:green:kid"])]
    s = fm.new_game(1, houses=[h.code for h in OVAL], decks={"white": white, "black": deck_with("black")})
    assert fm.hand(s, "white")[-1] == fm.parse_follower("w:green:kid")
    assert (
        fm.new_game(
            1, houses=OVAL, decks={"white": deck_with("white", ["w:green:kid"]), "black": deck_with("black")}
        )
        == s
    )


def test_outcome_while_the_game_goes_on():
    out = fm.outcome(fm.new_game(2))
    assert out.winner is None and out.scores == (0.0, 0.0) and not fm.is_over(fm.new_game(2))
    assert out.termination is Termination.NONE and [st.kind for st in out.steps] == ["markers", "markers"]


def test_last_move_and_possession_count_follow_the_game():
    state = fm.new_game(11)
    assert fm.last_move(state) is None and fm.possession_count(state) == 0
    rng = random.Random(11)
    while fm.possession_count(state) == 0:
        action = rng.choice(fm.legal_actions(state))
        state = fm.apply(state, action)
        assert fm.last_move(state) == action
    assert fm.possession_count(state) == 1 == len(fm.possessions(state))
