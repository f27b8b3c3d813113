"""Hostile saves and share links: every game's ``from_json``, ``parse_save`` and
``decode_link`` refuse anything wrong with ``BadSave`` and a short, inert sentence, refuse
too-large input by its size before parsing, and stop a decompression bomb at a limit."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESSIV
from hypothesis import given
from hypothesis import strategies as st
from streamlit.testing.v1 import AppTest

from engine.core import BadSave, decode_link, encode_link, parse_save, play_game, registry
from engine.core.rng import MAX_SEED
from engine.core.save import MAX_SAVE_BYTES, MAX_SAVE_CHARS, dump_save
from tests.hostile.conftest import ROOT
from tests.hostile.fuzz import (
    FUZZ,
    FUZZ_FEW,
    PAYLOADS,
    assert_refused,
    assert_size_refused,
    bomb_token,
    hostile_text,
    json_values,
    mutated,
    nested,
)
from ui.kit.sealing import CONTEXT, PREFIX, seal, unseal

GAMES = registry.games()
IDS = [g.INFO.id for g in GAMES]


def finished(game):
    """A whole game between random bots (a few milliseconds for every game)."""
    players = game.INFO.default_players
    return play_game(game, [game.bots()["random"]] * players, seed=3, players=players).state


def opening(game, moves: int = 3):
    state = game.new_game(11, game.INFO.default_players)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.fixture(scope="module", params=GAMES, ids=IDS)
def game(request):
    return request.param


def save_of(game, moves: int = 3) -> dict:
    return json.loads(game.to_json(opening(game, moves)))


@pytest.mark.parametrize("game_id", IDS)
@FUZZ
@given(data=st.one_of(st.binary(max_size=400), hostile_text(), json_values().map(json.dumps)))
def test_any_text_or_bytes_is_refused_with_bad_save(game_id, data):
    assert_refused(registry.game(game_id).from_json, data, BadSave)


MUTATED_SAVES = {g.INFO.id: mutated(save_of(g)) for g in GAMES}


@pytest.mark.parametrize("game_id", IDS)
@FUZZ_FEW
@given(data=st.data())
def test_a_save_with_any_field_wrong_is_refused_or_replays(game_id, data):
    """Wrong types in every field, dropped and unknown keys: a clean refusal, or (when the
    change happens to be harmless) a game that loads."""
    text = json.dumps(data.draw(MUTATED_SAVES[game_id]))
    assert_refused(registry.game(game_id).from_json, text, BadSave, allow_ok=True)


def test_impossible_games_are_refused_with_the_reason(game):
    base = save_of(game)

    def refused(**changes) -> str:
        return assert_refused(game.from_json, json.dumps(dict(base, **changes)), BadSave)

    assert "Move 2 of this save is not a valid action" in refused(
        actions=[base["actions"][0], "<img src=x onerror=alert(1)>"]
    )
    assert "not a valid action" in refused(actions=[{"do": ["nested"]}])
    for players in (0, 11, -1, 2.5, "2", True, None):
        refused(players=players)
    for count in (n for n in range(1, 11) if n not in game.INFO.players):  # Tanuki Matsuri: 1 to 10 all fit
        assert "setup is not a valid game" in refused(players=count)
    for seed in (-1, MAX_SEED + 1, "3", 3.5, True, None, [3]):
        assert "seed" in refused(seed=seed)
    assert "unknown field" in refused(**{"<b>x</b>": 1})
    assert "version" in refused(version="[x](http://evil.example)")
    other = next(g for g in GAMES if g is not game)
    assert "is for the game" in assert_refused(game.from_json, other.to_json(opening(other)), BadSave)
    assert "setup is not a valid game" in refused(setup={"[x](javascript:alert(1))": 1})


def test_actions_after_the_end_of_a_game_are_refused(game):
    state = finished(game)
    assert game.is_over(state)
    save = json.loads(game.to_json(state))
    last = save["actions"][-1]
    message = assert_refused(
        game.from_json, json.dumps(dict(save, actions=[*save["actions"], last])), BadSave
    )
    assert f"Move {len(save['actions']) + 1} of this save is not legal" in message


def test_a_yokai_carnival_save_with_a_rule_breaking_deck_is_refused():
    yc = registry.game("yokai_carnival")
    from engine.yokai_carnival.cards import DEFAULT_DECK

    deck = json.loads(json.dumps(DEFAULT_DECK))
    deck["yokai"][0]["effect"] = [
        {"do": "move", "from": "discard", "to": "hand", "pick": "choice", "count": 3}
    ]
    save = json.loads(yc.to_json(yc.new_game(4, 2)))
    message = assert_refused(yc.from_json, json.dumps(dict(save, setup={"deck": deck})), BadSave)
    assert "could make a hand exceed 3" in message
    deck["yokai"][1]["name"] = "[free gems](http://evil.example)"
    deck["yokai"][2]["effect"] = [{"do": "move", "from": [1], "to": "hand"}]  # unhashable "from"
    message = assert_refused(yc.from_json, json.dumps(dict(save, setup={"deck": deck})), BadSave)
    assert "yokai[1].name: may not contain" in message and "yokai[2].effect[0].from" in message
    deeply = dict(save, setup={"deck": dict(deck, generals=json.loads(nested(500)))})
    assert_refused(yc.from_json, json.dumps(deeply), BadSave)


@pytest.mark.parametrize(
    "text",
    [nested(100_000), nested(100_000, '{"a":', "}"), nested(5_000), "[" * 100_000],
    ids=["list-100k", "object-100k", "list-5k", "unclosed-100k"],
)
def test_deep_nesting_is_a_clear_message_not_a_recursion_error(game, text):
    message = assert_refused(game.from_json, text, BadSave)
    assert "not valid JSON" in message or "too large" in message


def test_a_save_just_over_the_limit_and_a_50_mb_one_are_refused_by_size():
    just_over = " " * (MAX_SAVE_CHARS + 1)
    assert "too large" in assert_size_refused(parse_save, just_over, BadSave)
    assert "too large" in assert_size_refused(parse_save, b"x" * (MAX_SAVE_BYTES + 1), BadSave)
    huge_text, huge_bytes = "[" * 50_000_000, b"\xff" * 50_000_000
    for game in GAMES:
        assert "too large" in assert_size_refused(game.from_json, huge_text, BadSave)
        assert "too large" in assert_size_refused(game.from_json, huge_bytes, BadSave)


def test_a_save_at_the_limit_is_still_read():
    text = dump_save("demo", 1, 2, {}, [])
    padded = text[:-1] + " " * (MAX_SAVE_CHARS - len(text)) + "}"
    assert len(padded) == MAX_SAVE_CHARS and parse_save(padded).game == "demo"


@FUZZ
@given(token=st.one_of(hostile_text(), st.text(alphabet="ABCDEFabcdef0123456789-_=+/ %", max_size=400)))
def test_any_share_link_token_is_refused_with_bad_save(token):
    assert_refused(decode_link, token, BadSave, allow_ok=True)


@FUZZ
@given(data=st.one_of(st.binary(max_size=300), hostile_text().map(str.encode)))
def test_a_well_formed_token_of_any_bytes_opens_as_a_save_or_is_refused(data):
    """A token that decodes fine but holds junk: the page's loader refuses it as a save."""
    game = GAMES[len(data) % len(GAMES)]
    import base64
    import zlib

    token = base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")
    assert_refused(lambda t: game.from_json(decode_link(t)), token, BadSave)


def test_a_decompression_bomb_stops_at_the_limit():
    token = bomb_token()  # 32 MB of zeros in a token of about 43,000 characters
    assert len(token) < 50_000
    assert "damaged" in assert_size_refused(
        decode_link, token, BadSave, seconds=1.0, peak_bytes=3 * MAX_SAVE_BYTES
    )


def test_too_long_tokens_are_refused_by_length():
    assert "too long" in assert_size_refused(decode_link, "A" * (MAX_SAVE_CHARS + 1), BadSave)
    assert "too long" in assert_size_refused(decode_link, "A" * 50_000_000, BadSave)


def test_a_valid_token_of_another_game_names_the_game(game):
    other = next(g for g in GAMES if g is not game)
    token = encode_link(other.to_json(opening(other)))
    message = assert_refused(lambda t: game.from_json(decode_link(t)), token, BadSave)
    assert f"for the game '{other.INFO.id}'" in message


def test_payloads_echoed_by_a_save_are_quoted_and_cut():
    for payload in PAYLOADS:
        text = json.dumps({"format": "tabletop-dojo-save", "version": payload})
        message = assert_refused(parse_save, text, BadSave)
        assert len(message) < 200


# -- sealed share links (ui.kit.sealing): the same refusals, under the server's key ----------

SEAL_KEY = bytes(range(64))


def sealed_bytes(plain: bytes) -> str:
    """A token sealed under ``SEAL_KEY`` around any bytes: authentic, whatever it holds."""
    return PREFIX + base64.urlsafe_b64encode(AESSIV(SEAL_KEY).encrypt(plain, [CONTEXT])).decode().rstrip("=")


@FUZZ
@given(tail=st.one_of(hostile_text(), st.text(alphabet="ABCDEFabcdef0123456789-_=+/ %.", max_size=400)))
def test_any_sealed_looking_token_is_refused_with_bad_save(tail):
    assert_refused(lambda t: unseal(t, SEAL_KEY), PREFIX + tail, BadSave)


@FUZZ
@given(data=st.one_of(st.binary(min_size=1, max_size=300), hostile_text().map(str.encode).filter(bool)))
def test_an_authentic_sealed_token_of_any_bytes_is_refused_or_opens_as_a_save(data):
    """A sealed token whose inside is junk (only a holder of the key could make one)."""
    game = GAMES[len(data) % len(GAMES)]
    for plain in (data, bytes(8) + zlib.compress(data), bytes(8) + zlib.compress(b"human\n" + data)):
        assert_refused(lambda t: game.from_json(unseal(t, SEAL_KEY)[0]), sealed_bytes(plain), BadSave)


def test_a_sealed_decompression_bomb_stops_at_the_limit():
    packed = base64.urlsafe_b64decode(bomb_token() + "=" * (-len(bomb_token()) % 4))
    token = sealed_bytes(bytes(8) + packed)
    assert len(token) < 50_000
    assert "damaged" in assert_size_refused(
        lambda t: unseal(t, SEAL_KEY), token, BadSave, seconds=1.0, peak_bytes=3 * MAX_SAVE_BYTES
    )


def test_too_long_sealed_tokens_are_refused_by_length():
    for length in (MAX_SAVE_CHARS + 1, 50_000_000):
        message = assert_size_refused(lambda t: unseal(t, SEAL_KEY), PREFIX + "A" * length, BadSave)
        assert "too long" in message


def test_a_sealed_link_of_another_game_names_the_game(game):
    other = next(g for g in GAMES if g is not game)
    token = seal(other.to_json(opening(other)), ("human",) * other.INFO.default_players, SEAL_KEY)
    message = assert_refused(lambda t: game.from_json(unseal(t, SEAL_KEY)[0]), token, BadSave)
    assert f"for the game '{other.INFO.id}'" in message


@pytest.mark.parametrize(
    ("seats", "said"),
    [
        (
            "\x00\ufffd,,bogus",
            "The link's seats hold characters no seat name has (3 seats written, 1 of them empty)",
        ),
        ("human,\u202eevil", "The link's seats hold characters no seat name has (2 seats written)"),
        ("human,bogus", "The link's seats name no player of this game ('bogus')"),
        ("x" * 201, "The link's seats are too long to be seats of this game"),
    ],
)
def test_bad_seats_in_a_link_are_named_without_echoing_control_characters(
    open_page, monkeypatch, tmp_path, seats, said
):
    monkeypatch.delenv("DOJO_SECRET_KEY", raising=False)
    game = registry.game("fan_mallet")
    text = game.to_json(game.new_game(5, 2))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.query_params["game"] = encode_link(text)
    at.query_params["seats"] = seats
    at.switch_page("pages/fan_mallet.py").run()
    assert not at.exception, at.exception
    [restored] = [s.value for s in at.success if "share link" in s.value]
    assert said in restored and "so people play every seat" in restored
    assert "human, random, greedy, lookahead" in restored  # what the seats may be
    for echoed in ("\x00", "\ufffd", "\u202e", "\\x00", "\\ufffd", "x" * 31):
        assert echoed not in restored
    assert at.session_state["fan_mallet:session"].seats == ("human", "human")
