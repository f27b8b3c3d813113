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

import engine.tanuki_matsuri
import engine.yokai
from engine.core import (
    MAX_LINK_CHARS,
    BadSave,
    Game,
    GameInfo,
    IllegalAction,
    Termination,
    bot_decision,
    bot_rng,
    check_seed,
    decode_link,
    dump_save,
    encode_link,
    fresh_seed,
    new_seed,
    parse_save,
    play_game,
    playout,
    random_bot,
    registry,
    rng_for,
    shuffled,
    simulate,
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


def test_save_for_another_game_is_refused():
    with pytest.raises(BadSave, match="for the game 'demo', not 'pebbles'"):
        pebbles.from_json(dump_save("demo", 1, 2, {}, []))


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


def test_replay_tells_the_setup_decoder_the_version_when_it_asks():
    from engine.core.save import replay_save

    seen = []

    def with_version(setup, version=2):
        seen.append(version)
        return dict(setup)

    def without(setup):
        seen.append("none")
        return dict(setup)

    for version in (1, 2):
        text = pebbles.to_json(pebbles.new_game(3)).replace('"version":2', f'"version":{version}')
        for decoder in (with_version, without, dict):
            state = replay_save(
                text, pebbles.INFO.id, pebbles.new_game, pebbles.apply, pebbles.decode_action, decoder
            )
            assert state == pebbles.new_game(3)
    assert seen == [1, "none", 2, "none"]


def test_every_game_loads_its_version_1_saves_unchanged():
    """Version 2 changed no field: a version-1 save of any game replays to the same position
    (Tanuki Matsuri with its legacy dice, which its version-2 save then names)."""
    for game in registry.games():
        tanuki = game.INFO.id == "tanuki_matsuri"
        state = game.new_game(5, game.INFO.default_players, **({"legacy_dice": True} if tanuki else {}))
        rng = random.Random(5)
        for _ in range(12):
            if game.is_over(state):
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        text = game.to_json(state)
        data = json.loads(text)
        assert data["version"] == 2
        if tanuki:
            assert data["setup"].pop("legacy_dice") is True
        old = json.dumps({**data, "version": 1})
        assert game.from_json(old) == state and game.to_json(game.from_json(old)) == text


def test_replay_refuses_illegal_and_malformed_moves():
    good = pebbles.to_json(pebbles.apply(pebbles.new_game(1), pebbles.Take(2)))
    assert '"actions":["t2"]' in good
    with pytest.raises(BadSave, match="Move 1 of this save is not legal"):
        pebbles.from_json(good.replace('"actions":["t2"]', '"actions":["t7"]'))
    for bad in ('"two"', "2", "true", "null"):
        with pytest.raises(BadSave, match="Move 1 of this save is not a valid action"):
            pebbles.from_json(good.replace('"actions":["t2"]', f'"actions":[{bad}]'))
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


# --- the registry of games -------------------------------------------------------------


def test_registry_lists_every_game_in_display_order():
    assert [info.id for info in registry.infos()] == [
        "fan_mallet",
        "tanuki_matsuri",
        "yokai_carnival",
        "yokai",
    ]
    assert all(isinstance(info, GameInfo) for info in registry.infos())


def test_registry_games_are_the_ready_engines_only():
    ready = registry.games()
    ids = [g.INFO.id for g in ready]
    assert ids == [i.id for i in registry.infos() if registry.is_ready(i.id)]
    assert ids == ["fan_mallet", "tanuki_matsuri", "yokai_carnival", "yokai"]
    assert all(isinstance(g, Game) for g in ready)
    assert registry.game("tanuki_matsuri") is engine.tanuki_matsuri
    assert registry.game("fan_mallet").INFO.title == "Fan & Mallet"


def test_registry_names_what_is_wrong_with_a_game_id(monkeypatch):
    with pytest.raises(KeyError, match="No game 'chess'; the games are: fan_mallet, tanuki_matsuri"):
        registry.game("chess")
    # A package holding only its INFO (a game in preparation) is listed but not playable.
    only_info = types.ModuleType("engine.yokai")
    only_info.INFO = engine.yokai.INFO
    monkeypatch.setattr(
        registry,
        "_module",
        lambda name: only_info if name == "engine.yokai" else importlib.import_module(name),
    )
    with pytest.raises(KeyError, match="Yokai is in preparation"):
        registry.game("yokai")
    assert not registry.is_ready("yokai")
    assert "yokai" not in [g.INFO.id for g in registry.games()]


# --- the game loop ----------------------------------------------------------------------


def test_bots_are_handed_views_only():
    handed = []

    def careful(view, rng):
        assert view.seed is None, "a bot got the seed"
        hidden = [seat for seat, lucky in enumerate(view.lucky) if lucky is None]
        assert len(hidden) == view.players - 1 and view.to_move not in hidden, "a bot got others' secrets"
        handed.append(view)
        return pebbles.legal_actions(view)[0]

    played = play_game(pebbles, [careful] * 3, seed=5, players=3)
    assert pebbles.is_over(played.state) and len(handed) == len(played.actions) > 0


def test_play_game_reports_every_move_and_continues_a_game():
    moves = []
    played = play_game(pebbles, [pebbles.bots()["greedy"]] * 2, 9, on_move=lambda *m: moves.append(m))
    assert [a for _, a, _ in moves] == list(played.actions)
    assert all(pebbles.apply(before, a) == after for before, a, after in moves)
    assert moves[-1][2] == played.state and played.seed == 9
    middle = moves[1][2]
    rest = play_game(pebbles, [pebbles.bots()["greedy"]] * 2, 9, state=middle)
    assert pebbles.is_over(rest.state) and len(rest.actions) < len(played.actions)


def test_play_game_takes_players_and_setup():
    played = play_game(pebbles, [pebbles.bots()["random"]] * 3, 2, players=3, setup={"pile": 4})
    assert played.state.players == 3 and sum(a.count for a in played.actions) == 4
    with pytest.raises(ValueError, match="no set-up option 'colour'"):
        play_game(pebbles, [pebbles.bots()["random"]] * 2, 2, setup={"colour": "red"})


def test_play_game_stops_after_max_moves():
    one = pebbles.bots()["random"]
    with pytest.raises(RuntimeError, match=r"Pebbles did not end within 3 moves \(seed 4\)"):
        play_game(pebbles, [one, one], 4, setup={"pile": 20}, max_moves=3)
    take_all = play_game(pebbles, [pebbles.bots()["greedy"]] * 2, 4, setup={"pile": 3}, max_moves=1)
    assert pebbles.is_over(take_all.state), "a game that ends on the last allowed move is finished"


def test_simulate_plays_one_game_per_seed_in_order():
    bots = [pebbles.bots()["random"]] * 2
    played = list(simulate(pebbles, bots, [3, 1, 3]))
    assert [p.seed for p in played] == [3, 1, 3] and played[0] == played[2]


def test_bot_decisions_are_determined_by_seed_and_move():
    state = pebbles.new_game(8, pile=14)
    bot = pebbles.bots()["random"]
    picks = {bot_decision(pebbles, state, bot, 8, move) for move in range(40)}
    assert picks == set(pebbles.legal_actions(state)), "the move number varies the generator"
    assert [bot_decision(pebbles, state, bot, 8, m) for m in range(20)] == [
        bot_decision(pebbles, state, bot, 8, m) for m in range(20)
    ]
    assert bot_rng(8, 3).random() == bot_rng(8, 3).random() != bot_rng(9, 3).random()
    over = pebbles.apply(pebbles.new_game(1, pile=1), pebbles.Take(1))
    with pytest.raises(ValueError, match="over"):
        bot_decision(pebbles, over, bot, 1, 0)


def test_random_bot_picks_a_legal_action_uniformly_and_reproducibly():
    bot = random_bot(lambda view: ["a", "b", "c"])
    draws = [bot(None, random.Random(seed)) for seed in range(300)]
    assert set(draws) == {"a", "b", "c"} and min(draws.count(x) for x in "abc") > 60
    assert draws == [bot(None, random.Random(seed)) for seed in range(300)]


def test_playout_plays_a_full_state_to_the_end():
    end = playout(pebbles, pebbles.new_game(3, 3), random.Random(3))
    assert pebbles.is_over(end) and pebbles.outcome(end).termination is Termination.LAST_PEBBLE


# --- game descriptions, endings and seeds --------------------------------------------------


def test_check_setup_names_an_unknown_keyword():
    info = GameInfo("g", "Go", range(2, 3), 2, "")
    assert info.check_setup({"handicap": 2}, ("handicap", "komi")) == {"handicap": 2}
    assert info.check_setup({}, ()) == {}
    with pytest.raises(ValueError, match=r"Go has no set-up option 'komi' \(it has: none\)"):
        info.check_setup({"komi": 6.5}, ())
    with pytest.raises(ValueError, match="'a'"):
        info.check_setup({"z": 1, "a": 2}, ("handicap",))


def test_terminations_read_as_sentences():
    assert Termination.NONE == "the game is not over" and f"{Termination.ALL_MARKERS}".startswith("all 7")
    values = [t.value for t in Termination]
    assert len(set(values)) == len(values) and all(v and v == v.strip() for v in values)
    assert Termination("the last pebble was taken") is Termination.LAST_PEBBLE
    state = pebbles.new_game(1)
    assert pebbles.outcome(state).termination is Termination.NONE


def test_new_seeds_are_63_bit_and_accepted_everywhere():
    seeds = [new_seed() for _ in range(500)]
    assert all(0 <= s <= 2**63 - 1 and check_seed(s) == s for s in seeds)
    assert max(s.bit_length() for s in seeds) == 63
    assert fresh_seed(random.Random(1)) == fresh_seed(random.Random(1)) <= 2**63 - 1
    assert pebbles.new_game(2**63 - 1).seed == 2**63 - 1


# --- Pebbles, the example game ----------------------------------------------------------


def test_pebbles_moves_are_checked_and_tokens_round_trip():
    for bad in (True, 2.0, "2", None):
        with pytest.raises(IllegalAction):
            pebbles.Take(bad)
    assert pebbles.decode_action(pebbles.encode_action(pebbles.Take(3))) == pebbles.Take(3)
    with pytest.raises(IllegalAction, match="not a Pebbles move"):
        pebbles.decode_action("t03")
    with pytest.raises(IllegalAction, match="take 1 to 2 pebbles, not 3"):
        pebbles.apply(pebbles.new_game(1, pile=2), pebbles.Take(3))


def test_pebbles_saves_keep_the_secrets_of_the_seed():
    state = pebbles.apply(pebbles.new_game(4, 3), pebbles.Take(1))
    assert pebbles.from_json(pebbles.to_json(state)) == state


def test_playout_stops_after_max_moves():
    with pytest.raises(RuntimeError, match="Pebbles did not end within 2 moves"):
        playout(pebbles, pebbles.new_game(1, pile=50), random.Random(1), max_moves=2)
    assert pebbles.is_over(playout(pebbles, pebbles.new_game(1, pile=1), random.Random(1), max_moves=1))


def test_the_fast_shuffle_is_random_shuffle():
    """``engine.core.shuffle`` inlines ``random.shuffle``'s draws: every deal stays the same."""
    from engine.core import shuffle

    for seed in range(300):
        items = list(range(seed % 300))
        expected = list(items)
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), items)
        assert items == expected
