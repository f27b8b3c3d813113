"""The engine core: seeded randomness, the save format, share links, the protocol."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import (
    MAX_LINK_CHARS,
    BadSave,
    Game,
    GameInfo,
    IllegalAction,
    Termination,
    check_seed,
    decode_link,
    dump_save,
    encode_link,
    fresh_seed,
    new_seed,
    parse_save,
    random_bot,
    registry,
    rng_for,
    shuffled,
)


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
        (dump_save("demo", 1, 2, {}, []).replace('"version":2', '"version":99'), "version 99"),
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


def test_saves_are_written_as_version_2_and_versions_1_and_2_are_read():
    text = dump_save("demo", 1, 2, {"a": 1}, ["x"])
    assert json.loads(text)["version"] == 2 and parse_save(text).version == 2
    old = dump_save("demo", 1, 2, {"a": 1}, ["x"], version=1)
    assert old == text.replace('"version":2', '"version":1')
    save = parse_save(old)
    assert save.version == 1 and (save.game, save.seed, save.players, save.setup, save.actions) == (
        "demo",
        1,
        2,
        {"a": 1},
        ("x",),
    )
    for bad in ("3", "0", "true", '"2"', "2.0", "null"):
        with pytest.raises(BadSave) as err:
            parse_save(text.replace('"version":2', f'"version":{bad}'))
        assert str(err.value).endswith("; this app reads versions 1 and 2.")
    with pytest.raises(ValueError, match="No save version 3"):
        dump_save("demo", 1, 2, {}, [], version=3)


def test_every_game_loads_its_version_1_saves():
    """Version 2 changed no field: a version-1 save of any game replays to the same position,
    unless the game reads version 1 differently (Tanuki Matsuri's old dice), when its
    version-2 save of it names the difference in its set-up (each game's tests check how)."""
    for game in registry.games():
        state = game.new_game(5, game.INFO.default_players)
        text = game.to_json(state)
        data = json.loads(text)
        assert data["version"] == 2
        loaded = game.from_json(json.dumps({**data, "version": 1}))
        again = game.to_json(loaded)
        if loaded != state:
            assert json.loads(again)["setup"] != data["setup"] and game.from_json(again) == loaded
            continue
        assert again == text
        rng = random.Random(5)
        for _ in range(12):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        text = game.to_json(state)
        old = json.dumps({**json.loads(text), "version": 1})
        assert game.from_json(old) == state and game.to_json(game.from_json(old)) == text


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


# --- the registry of games -------------------------------------------------------------


def test_registry_lists_every_game_in_display_order(monkeypatch):
    infos = registry.infos()
    assert all(isinstance(info, GameInfo) for info in infos)
    assert [info.id for info in infos] == [name.split(".")[1] for name in registry.game_modules()]
    assert len({info.id for info in infos}) == len(infos) >= 4
    monkeypatch.setenv("DOJO_TEST_GAMES", "0")
    shipped = [info.id for info in registry.infos()]
    assert shipped == [name.split(".")[1] for name in registry.GAME_MODULES], "test games only on demand"
    monkeypatch.setenv("DOJO_TEST_GAMES", "1")
    assert [info.id for info in registry.infos()] == shipped + [
        name.split(".")[1] for name in registry.TEST_GAME_MODULES
    ]


def test_registry_games_are_the_ready_engines_only():
    ready = registry.games()
    ids = [g.INFO.id for g in ready]
    assert ids == [i.id for i in registry.infos() if registry.is_ready(i.id)]
    assert all(isinstance(g, Game) for g in ready)
    for g in ready:
        assert registry.game(g.INFO.id) is importlib.import_module(f"engine.{g.INFO.id}")


def test_registry_names_what_is_wrong_with_a_game_id(monkeypatch):
    first, last = registry.games()[0], registry.games()[-1]
    with pytest.raises(KeyError, match=f"No game 'chess'; the games are: {first.INFO.id}, "):
        registry.game("chess")
    # A package holding only its INFO (a game in preparation) is listed but not playable.
    name = f"engine.{last.INFO.id}"
    only_info = types.ModuleType(name)
    only_info.INFO = last.INFO
    monkeypatch.setattr(
        registry,
        "_module",
        lambda module: only_info if module == name else importlib.import_module(module),
    )
    with pytest.raises(KeyError, match=f"{last.INFO.title} is in preparation"):
        registry.game(last.INFO.id)
    assert not registry.is_ready(last.INFO.id)
    assert last.INFO.id not in [g.INFO.id for g in registry.games()]
    assert last.INFO.id in [info.id for info in registry.infos()]


# --- the game loop ----------------------------------------------------------------------


def test_random_bot_picks_a_legal_action_uniformly_and_reproducibly():
    bot = random_bot(lambda view: ["a", "b", "c"])
    draws = [bot(None, random.Random(seed)) for seed in range(300)]
    assert set(draws) == {"a", "b", "c"} and min(draws.count(x) for x in "abc") > 60
    assert draws == [bot(None, random.Random(seed)) for seed in range(300)]


# --- game descriptions, endings and seeds --------------------------------------------------


def test_every_game_ends_for_reasons_of_its_own_read_as_sentences():
    assert Termination.NONE == "the game is not over" and f"{Termination.NONE}" == Termination.NONE.value
    for game in registry.games():
        endings = game.INFO.endings
        assert endings is not None and issubclass(endings, Termination), (
            f"{game.INFO.id} declares its endings"
        )
        values = [t.value for t in endings]
        assert values and len(set(values)) == len(values) and all(v and v == v.strip() for v in values)
        assert endings.NONE is Termination.NONE and Termination.NONE not in list(endings)
        assert game.outcome(game.new_game(1, game.INFO.default_players)).termination is Termination.NONE


def test_a_game_declares_its_endings_without_touching_the_core():
    class Ending(Termination):
        LAST_STONE = "the last stone was placed"

    assert isinstance(Ending.LAST_STONE, Termination) and Ending.LAST_STONE.name == "LAST_STONE"
    assert Ending("the last stone was placed") is Ending.LAST_STONE and Ending.NONE is Termination.NONE
    assert not list(Termination), "the core holds no game's reasons"


def test_check_setup_names_an_unknown_keyword():
    info = GameInfo("g", "Go", range(2, 3), 2, "")
    assert info.check_setup({"handicap": 2}, ("handicap", "komi")) == {"handicap": 2}
    assert info.check_setup({}, ()) == {}
    with pytest.raises(ValueError, match=r"Go has no set-up option 'komi' \(it has: none\)"):
        info.check_setup({"komi": 6.5}, ())
    with pytest.raises(ValueError, match="'a'"):
        info.check_setup({"z": 1, "a": 2}, ("handicap",))


def test_new_seeds_are_63_bit_and_accepted_everywhere():
    seeds = [new_seed() for _ in range(500)]
    assert all(0 <= s <= 2**63 - 1 and check_seed(s) == s for s in seeds)
    assert max(s.bit_length() for s in seeds) == 63
    assert fresh_seed(random.Random(1)) == fresh_seed(random.Random(1)) <= 2**63 - 1
    for game in registry.games():
        assert game.to_json(game.new_game(2**63 - 1)), "the largest seed starts every game"


def test_the_fast_shuffle_is_random_shuffle():
    """``engine.core.shuffle`` inlines ``random.shuffle``'s draws: every deal stays the same."""
    from engine.core import shuffle

    for seed in range(300):
        items = list(range(seed % 300))
        expected = list(items)
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), items)
        assert items == expected
