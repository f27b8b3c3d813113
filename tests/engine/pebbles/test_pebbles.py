"""Pebbles, the example game: its own rules, and the core's loop, saves and replays played on
the smallest game there is (its pile, its secrets and its message are known exactly)."""

from __future__ import annotations

import random

import pytest

import engine.pebbles as pebbles
from engine.core import (
    BadSave,
    IllegalAction,
    Termination,
    bot_decision,
    bot_rng,
    dump_save,
    play_game,
    playout,
    simulate,
)


def test_save_for_another_game_is_refused():
    with pytest.raises(BadSave, match="for the game 'demo', not 'pebbles'"):
        pebbles.from_json(dump_save("demo", 1, 2, {}, []))


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


def test_playout_plays_a_full_state_to_the_end():
    end = playout(pebbles, pebbles.new_game(3, 3), random.Random(3))
    assert pebbles.is_over(end) and pebbles.outcome(end).termination is pebbles.Ending.LAST_PEBBLE


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


def test_the_largest_seed_starts_a_game():
    assert pebbles.new_game(2**63 - 1).seed == 2**63 - 1


def test_pebbles_ends_for_its_own_reason():
    assert pebbles.Ending("the last pebble was taken") is pebbles.Ending.LAST_PEBBLE
    assert pebbles.outcome(pebbles.new_game(1)).termination is Termination.NONE
