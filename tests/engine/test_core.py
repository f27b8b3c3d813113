"""The engine core: seeded randomness, the save format, share links, the protocol."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import (
    MAX_LINK_CHARS,
    BadSave,
    Game,
    GameInfo,
    IllegalAction,
    check_seed,
    decode_link,
    dump_save,
    encode_link,
    parse_save,
    playout,
    rng_for,
    shuffled,
)
from tests.support import pebbles


def test_errors_are_value_errors():
    assert issubclass(IllegalAction, ValueError) and issubclass(BadSave, ValueError)


def test_rng_is_the_same_in_another_process():
    here = [rng_for(123, "deck", "white").random() for _ in range(1)]
    code = "from engine.core import rng_for; print(repr(rng_for(123, 'deck', 'white').random()))"
    there = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONHASHSEED": "77", "PATH": ""},
        cwd=".",
    ).stdout.strip()
    assert repr(here[0]) == there


def test_rng_keys_give_different_streams():
    assert rng_for(1, "roll", 1).random() != rng_for(1, "roll", 2).random()
    assert shuffled(5, range(10), "x") == shuffled(5, range(10), "x")
    assert sorted(shuffled(5, range(10), "x")) == list(range(10))


@pytest.mark.parametrize("bad", [-1, 2**63, 1.5, "3", True, None])
def test_bad_seeds_are_refused(bad):
    with pytest.raises(ValueError, match="seed"):
        check_seed(bad)


def test_game_info_checks_player_counts():
    info = GameInfo("x", "Duel", range(2, 3), 2, "two players")
    assert info.check_players(2) == 2
    with pytest.raises(ValueError, match="exactly 2 players, not 3"):
        info.check_players(3)
    assert info.seat_name(4) == "Player 5"


def test_save_round_trip_is_canonical():
    text = dump_save("demo", 9, 2, {"b": 1, "a": [1, 2]}, ["x", 3])
    save = parse_save(text)
    assert dump_save(save.game, save.seed, save.players, save.setup, save.actions) == text
    assert json.loads(text)["format"] == "tabletop-dojo-save"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": "other"}', '"format"'),
        (dump_save("demo", 1, 2, {}, []).replace('"version":1', '"version":99'), "version 99"),
        (dump_save("demo", 1, 2, {}, []).replace('"seed":1', '"seed":-4'), "seed"),
        (dump_save("demo", 1, 2, {}, []).replace('"players":2', '"players":0'), "players"),
        (dump_save("demo", 1, 2, {}, []).replace('"actions":[]', '"actions":{}'), "actions"),
        (dump_save("demo", 1, 2, {}, []).replace('"setup":{}', '"setup":[]'), "setup"),
        (dump_save("demo", 1, 2, {}, []).replace("{", '{"extra":1,', 1), "unknown field"),
        (dump_save("demo", 1, 2, {}, []).replace(',"seed":1', ""), "missing"),
        ("x" * 600_000, "too large"),
        (b"\xff\xfe", "not text"),
    ],
)
def test_bad_saves_say_what_is_wrong(text, message):
    with pytest.raises(BadSave, match=message):
        parse_save(text)


def test_save_for_another_game_is_refused():
    with pytest.raises(BadSave, match="for the game 'demo', not 'pebbles'"):
        pebbles.from_json(dump_save("demo", 1, 2, {}, []))


def test_replay_refuses_illegal_and_malformed_moves():
    good = pebbles.to_json(pebbles.apply(pebbles.new_game(1), pebbles.Take(2)))
    with pytest.raises(BadSave, match="Move 1 of this save is not legal"):
        pebbles.from_json(good.replace('"actions":[2]', '"actions":[7]'))
    with pytest.raises(BadSave, match="Move 1 of this save is not a valid action"):
        pebbles.from_json(good.replace('"actions":[2]', '"actions":["two"]'))
    with pytest.raises(BadSave, match="setup is not a valid game"):
        pebbles.from_json(good.replace('"pile":10', '"pile":-3'))


@given(st.text(max_size=3000))
def test_share_links_round_trip_any_text(text):
    assert decode_link(encode_link(text)) == text


@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_!%", max_size=200))
def test_garbled_links_raise_bad_save_only(token):
    try:
        decode_link(token)
    except BadSave as exc:
        assert "damaged" in str(exc)


def test_link_of_a_long_save_is_measured():
    assert MAX_LINK_CHARS == 8000
    assert len(encode_link(dump_save("demo", 1, 2, {}, list(range(3000))))) > 1000


def test_a_decompression_bomb_is_refused():
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"0" * 10_000_000)).decode()
    with pytest.raises(BadSave):
        decode_link(bomb)


def test_test_game_follows_the_protocol_and_plays_out():
    assert isinstance(pebbles, Game)
    for seed in range(200):
        state = playout(pebbles, pebbles.new_game(seed, 2 + seed % 2), random.Random(seed))
        assert pebbles.is_over(state)
        assert pebbles.to_json(pebbles.from_json(pebbles.to_json(state))) == pebbles.to_json(state)
