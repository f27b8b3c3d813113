"""Saves: round trips, a loaded game plays on identically, tampered saves are refused."""

from __future__ import annotations

import json

import pytest
from fm_helpers import OVAL, deck_with

import engine.fan_mallet as fm
from engine.core import BadSave, rng_for
from tests.random_play import random_moves


def test_round_trip_mid_game_and_playing_on_identically():
    rng = rng_for(3, "save")
    s = random_moves(fm, fm.new_game(3), rng, 23)
    text = fm.to_json(s)
    loaded = fm.from_json(text)
    assert loaded == s and fm.to_json(loaded) == text
    assert json.loads(text)["actions"][0].count(":") == 2
    a = random_moves(fm, s, rng_for(8, "on"), 100)
    b = random_moves(fm, loaded, rng_for(8, "on"), 100)
    assert a == b and fm.is_over(a)
    assert fm.to_json(fm.from_json(fm.to_json(a))) == fm.to_json(a)


def test_scenario_round_trip():
    decks = {"white": deck_with("white", ["w:red:kid"]), "black": list(reversed(deck_with("black")))}
    s = fm.new_game(2, houses=[h.code for h in reversed(OVAL)], decks=decks)
    s = random_moves(fm, s, rng_for(2, "x"), 9)
    text = fm.to_json(s)
    setup = json.loads(text)["setup"]
    assert setup["houses"][0] == "b:brown" and setup["decks"]["white"][0] == "w:red:kid"
    assert fm.from_json(text) == s and fm.to_json(fm.from_json(text)) == text


def tamper(text, **changes):
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


def test_tampered_saves_are_refused():
    s = random_moves(fm, fm.new_game(6), rng_for(6, "t"), 12)
    text = fm.to_json(s)
    data = json.loads(text)
    not_in_hand = next(
        f.code for f in fm.FOLLOWERS if f.faction == "white" and f not in fm.hand(fm.new_game(6), "white")
    )
    bad = [
        "not json",
        tamper(text, game="yokai"),
        tamper(text, version=3),
        tamper(text, seed=-1),
        tamper(text, players=3),
        tamper(text, actions=[not_in_hand]),
        tamper(text, actions=data["actions"][:3] + [data["actions"][0]]),
        tamper(text, actions=[7]),
        tamper(text, actions=["w:red:9"]),
        tamper(text, setup={"houses": ["w:red"] * 12}),
        tamper(text, setup={"colour": "red"}),
        tamper(text, setup={"decks": {"white": deck_with("white")}}),
    ]
    for save in bad:
        with pytest.raises(BadSave):
            fm.from_json(save)


def test_no_move_after_the_end():
    end = random_moves(fm, fm.new_game(7), rng_for(7, "end"), 100)
    data = json.loads(fm.to_json(end))
    leftover = fm.hand(end, fm.FACTIONS[fm.outcome(end).winner])[0].code
    data["actions"].append(leftover)
    with pytest.raises(BadSave, match="over"):
        fm.from_json(json.dumps(data))
