"""Saves, views and determinization."""

import json
import random

import pytest
from tm_helpers import make_sheet

import engine.tanuki_matsuri as tm
from engine import BadSave
from tests.random_play import random_moves


@pytest.mark.parametrize("players", [1, 2, 4, 7])
def test_round_trip_mid_game_and_continue_identically(players):
    rng = random.Random(players)
    s = random_moves(
        tm, tm.new_game(11, players=players, dice=[[1, 2, 3] if players != 4 else [1, 2, 3, 4]]), rng, 25
    )
    text = tm.to_json(s)
    loaded = tm.from_json(text)
    assert loaded == s and tm.to_json(loaded) == text
    a, b = s, loaded
    while not tm.is_over(a):
        action = rng.choice(tm.legal_actions(a))
        a, b = tm.apply(a, action), tm.apply(b, action)
        assert a == b
    assert tm.to_json(tm.from_json(tm.to_json(a))) == tm.to_json(a)


def test_custom_sheet_and_scripted_dice_are_saved():
    sheet = make_sheet([(2, {"fig": ["granny", None]})])
    s = tm.new_game(3, sheet=sheet, dice=[[4, 4, 4]])
    data = json.loads(tm.to_json(s))
    assert data["setup"] == {"sheet": tm.sheet_to_dict(sheet), "dice": [[4, 4, 4]]}
    assert tm.from_json(tm.to_json(s)) == s
    assert json.loads(tm.to_json(tm.new_game(3)))["setup"] == {}


def test_actions_are_short_tokens():
    s = tm.new_game(1, dice=[[3, 5, 6]])
    s = tm.play(s, tm.TakeDie(3), tm.ChooseLine(2, 3), tm.ChooseTanuki(2))
    assert json.loads(tm.to_json(s))["actions"] == ["d3", "C3", "t2"]


def _save(**changes):
    data = json.loads(tm.to_json(tm.play(tm.new_game(1, dice=[[3, 5, 6]]), tm.TakeDie(3))))
    data.update(changes)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{nope", "not valid JSON"),
        (_save(game="yokai"), "not 'tanuki_matsuri'"),
        (_save(actions=["d4"]), "Move 1 of this save is not legal"),
        (_save(actions=["zz"]), "Move 1 of this save is not a valid action"),
        (_save(actions=[3]), "Move 1 of this save is not a valid action"),
        (_save(setup={"sheet": {"lines": []}}), "sheet is not valid: tanuki: missing"),
        (_save(setup={"sheet": "default_sheet.json"}), "sheet must be a JSON object"),
        (
            _save(setup={"colour": 1}),
            "setup is not a valid game: Tanuki Matsuri has no set-up option 'colour'",
        ),
        (_save(setup={"dice": [[1, 2]]}), "Scripted roll 1 has 2 dice"),
        (_save(setup={"legacy_dice": "yes"}), "legacy_dice= must be True or False, not 'yes'"),
        (_save(version=1, setup={"legacy_dice": True}), "legacy_dice, which a version-1 save cannot have"),
        (_save(version=3), "this app reads versions 1 and 2"),
        (_save(players=11), "players"),
    ],
)
def test_bad_saves(text, message):
    with pytest.raises(BadSave, match=message):
        tm.from_json(text)


def test_a_version_1_save_plays_on_with_the_legacy_dice():
    rng = random.Random(4)
    s = random_moves(tm, tm.new_game(21, players=2, legacy_dice=True), rng, 20)
    data = json.loads(tm.to_json(s))
    assert data["version"] == 2 and data["setup"] == {"legacy_dice": True}
    old = json.dumps({**data, "version": 1, "setup": {}})
    loaded = tm.from_json(old)
    assert loaded == s and loaded.legacy_dice
    with pytest.raises(BadSave, match="Move 1 of this save is not legal"):  # version 2: other dice
        tm.from_json(json.dumps({**data, "setup": {}}))
    a, b = s, loaded
    while not tm.is_over(a):
        action = rng.choice(tm.legal_actions(a))
        a, b = tm.apply(a, action), tm.apply(b, action)
        assert a == b


def test_view_hides_seed_and_scripted_dice():
    s = tm.new_game(123456789, players=2, dice=[[1, 2, 3], [4, 5, 6], [6, 6, 6]])
    v = tm.view(s, 1)
    assert v.seed is None and v.scripted == ()
    assert v.dice == s.dice and v.boards == s.boards and tm.legal_actions(v) == tm.legal_actions(s)
    assert "123456789" not in repr(v)
    with pytest.raises(ValueError, match="cannot be saved"):
        tm.to_json(v)
    with pytest.raises(ValueError, match="No seat"):
        tm.view(s, 2)


def test_a_view_knows_its_seat_and_every_read_function_works_on_it():
    s = tm.new_game(3, players=3, dice=[[3, 3, 5]])
    s = tm.apply(s, tm.TakeDie(3))  # seat 0 took a 3: now it chooses the banana's line
    v = tm.view(s, 2)
    assert tm.viewer(v) == 2 and tm.viewer(s) is None and v.viewer == 2
    assert tm.viewer(tm.view(v, 1)) == 1  # every sheet is public: any seat may view a view
    assert tm.viewer(tm.determinize(v, 9)) is None
    assert tm.viewer(tm.apply(v, tm.legal_actions(v)[0])) == 2  # playing on a view keeps it one
    for seat in range(3):
        assert tm.marks(v, seat) == tm.marks(s, seat)
        assert tm.icon_marks(v, seat) == tm.icon_marks(s, seat)
        assert tm.line_marks(v, seat) == tm.line_marks(s, seat)
        assert tm.score(v, seat) == tm.score(s, seat)
    assert tm.pending(v) == tm.pending(s) and tm.dice(v) == tm.dice(s) == (3, 3, 5)
    assert tm.outcome(v) == tm.outcome(s) and tm.taken_die(v) == tm.taken_die(s) == 3
    with pytest.raises(ValueError, match="No seat"):
        tm.view(s, True)


def test_taken_die_is_the_die_of_the_seat_deciding_now():
    s = tm.new_game(3, players=2, dice=[[3, 3, 5], [1, 2, 4]])
    assert tm.pending(s).kind == "die" and tm.taken_die(s) is None
    s = tm.apply(s, tm.TakeDie(3))
    assert tm.pending(s).kind == "line" and tm.current_player(s) == 0 and tm.taken_die(s) == 3
    s = tm.apply(s, tm.ChooseLine(4, 3))  # banana on E: Granny; seat 1 now picks
    assert tm.current_player(s) == 1 and tm.taken_die(s) is None
    s = tm.apply(s, tm.TakeDie(5))  # strawberry: a line to choose
    assert tm.pending(s).kind == "line" and tm.taken_die(s) == 5
    while not tm.is_over(s):
        s = tm.apply(s, tm.legal_actions(s)[0])
    assert tm.taken_die(s) is None


def test_determinize_plays_on_with_the_new_seed():
    s = tm.new_game(5, dice=[[6, 6, 6]])  # turn 1 automatic; turn 2 from the seed
    v = tm.view(s, 0)
    d1, d2 = tm.determinize(v, 1), tm.determinize(v, 1)
    assert d1 == d2 and d1.seed == 1 and d1.boards == s.boards and d1.dice == s.dice
    rng = random.Random(0)
    end1 = random_moves(tm, d1, random.Random(0), 500)
    end2 = random_moves(tm, d2, rng, 500)
    assert tm.is_over(end1) and end1 == end2
    with pytest.raises(ValueError, match="future dice are unknown"):
        random_moves(tm, v, random.Random(0), 500)
