"""The deck file: the default deck, edited decks, and refused decks with every bad field named."""

from __future__ import annotations

import copy
import json

import pytest

import engine.yokai_carnival as yc
from engine.yokai_carnival.cards import DeckError, load_deck

from .helpers import play


def _deck():
    return copy.deepcopy(yc.DEFAULT_DECK)


def test_the_default_deck_holds_the_specs_cards():
    deck = yc.DEFAULT_DECK
    assert [c["id"] for c in deck["yokai"]] == [
        "wanyudo",
        "umibozu",
        "kamaitachi",
        "nue",
        "kitsune",
        "tengu",
        "yuki_onna",
        "nopperabo",
    ]
    assert [c["id"] for c in deck["generals"]] == [
        "nurarihyon",
        "shuten_doji",
        "tamamo_no_mae",
        "daitengu",
        "otakemaru",
        "ibaraki_doji",
        "gashadokuro",
        "yamata_no_orochi",
    ]
    assert [g["protects"] for g in deck["generals"]] == [True, False] + [True] * 6
    assert load_deck(json.dumps(deck)) == deck


def test_every_bad_field_is_named_at_once():
    deck = _deck()
    deck["yokai"][0]["colour"] = "pink"
    deck["yokai"][3]["effect"][1]["from"] = "sky"
    deck["generals"][2]["protects"] = "yes"
    deck["generals"][5]["id"] = "nurarihyon"
    deck["extra"] = 1
    with pytest.raises(DeckError) as err:
        load_deck(json.dumps(deck))
    text = str(err.value)
    for field in (
        "yokai[0].colour",
        "yokai[3].effect[1].from",
        "generals[2].protects",
        "'nurarihyon'",
        "extra",
    ):
        assert field in text, field


def test_a_deck_that_could_overfill_a_hand_is_refused():
    deck = _deck()
    deck["yokai"][4]["effect"][1]["count"] = 2  # Kitsune taking 2 into a hand of 2
    with pytest.raises(DeckError, match=r"yokai\[4\]\.effect: it could make a hand exceed 3"):
        load_deck(json.dumps(deck))
    deck = _deck()
    deck["generals"][0]["effect"][0]["to"] = "hand"  # a General adding to a full hand
    with pytest.raises(DeckError, match=r"generals\[0\]\.effect: it could make a hand exceed 3"):
        load_deck(json.dumps(deck))


@pytest.mark.parametrize(
    "text",
    ["", "{", "[]", '{"name": "x"}', json.dumps({"name": "x", "yokai": [1] * 8, "generals": [{}] * 8})],
)
def test_broken_deck_files_are_refused(text):
    with pytest.raises(DeckError):
        load_deck(text)


def test_an_edited_deck_plays_and_its_save_carries_it():
    deck = _deck()
    deck["yokai"][1]["name"] = "Sea monk"
    deck["yokai"][1]["effect"][0]["count"] = 2  # Umibōzu adds 2
    s = yc.new_game(4, 2, deck=deck, yama=["umibozu", "nue", "tengu", "kitsune", "nue", "tengu"])
    assert yc.deck_of(s) == deck and yc.hand(s, 0)[0].name == "Sea monk"
    s = play(s, "s0")
    if yc.decision(s).kind == "order":
        s = play(s, "o10")
    assert len(yc.lines(s)[0]) == 3
    text = yc.to_json(s)
    assert "Sea monk" in text and yc.from_json(text) == s


def test_new_game_refuses_a_bad_deck_with_a_value_error():
    deck = _deck()
    deck["yokai"].pop()
    with pytest.raises(ValueError, match="expected 8 Yokai types"):
        yc.new_game(1, 2, deck=deck)
