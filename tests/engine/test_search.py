"""The generic search bot (engine/core/search.py): legal, deterministic, view-only, bounded, and
stronger than random play."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from engine.core import bot_decision, fresh_seed, play_game, rng_for
from engine.core.registry import game, games
from engine.core.search import place_rewards, search_bot, settings_for

SMALL = 6
"""Playouts for the tests: enough to build a tree and roll out, cheap on every game."""


def positions(g, players: int, seed: int = 3) -> list:
    """States with a decision to make: the start, a third and two thirds into a random game."""
    played = play_game(g, [g.bots()["random"]] * players, seed, players=players)
    states = [g.new_game(seed, players)]
    for action in played.actions:
        states.append(g.apply(states[-1], action))
    states = [s for s in states if not g.is_over(s)]
    return [states[0], states[len(states) // 3], states[2 * len(states) // 3]]


LINEUPS = [pytest.param(g.INFO.id, n, id=f"{g.INFO.id}-{n}p") for g in games() for n in g.INFO.players]


@pytest.mark.parametrize(("game_id", "players"), LINEUPS)
def test_a_legal_action_from_every_position(game_id, players):
    g = game(game_id)
    bot = search_bot(g, playouts=SMALL if players < 6 else 2)
    for i, state in enumerate(positions(g, players)):
        assert bot_decision(g, state, bot, 5, i) in g.legal_actions(state)


@pytest.mark.parametrize("game_id", [g.INFO.id for g in games()])
def test_the_same_seed_and_budget_give_the_same_action_and_other_seeds_may_differ(game_id):
    g = game(game_id)
    bot = search_bot(g, playouts=SMALL, trust=0.0)  # trust would keep the rollout bot's move at this budget
    chosen = set()
    for state in positions(g, g.INFO.default_players):
        v = g.view(state, g.current_player(state))
        for seed in range(4):
            first = bot(v, rng_for(seed, "test"))
            assert bot(v, rng_for(seed, "test")) == first
            chosen.add(g.encode_action(first))
    assert len(chosen) > 1, "every seed and position gave one action: the generator is not used"


@pytest.mark.parametrize("game_id", [g.INFO.id for g in games()])
def test_it_decides_from_the_view_only(game_id):
    g = game(game_id)
    bot = search_bot(g, playouts=SMALL)
    for i, state in enumerate(positions(g, g.INFO.default_players, seed=8)):
        seat = g.current_player(state)
        v = g.view(state, seat)
        one, other = (
            g.determinize(v, fresh_seed(rng_for(i, "a"))),
            g.determinize(v, fresh_seed(rng_for(i, "b"))),
        )
        assert (
            bot_decision(g, one, bot, 9, i)
            == bot_decision(g, other, bot, 9, i)
            == bot_decision(g, state, bot, 9, i)
        )


def test_a_single_legal_action_is_returned_without_searching():
    def never(*_):
        raise AssertionError("the search ran")

    only = SimpleNamespace(
        INFO=game("fan_mallet").INFO,
        legal_actions=lambda view: ["the only move"],
        determinize=never,
        apply=never,
        bots=never,
    )
    assert search_bot(only, playouts=1000)(object(), random.Random(0)) == "the only move"


def test_the_seconds_cap_stops_a_large_budget():
    g = game("fan_mallet")
    v = g.view(g.new_game(1), 0)
    start = time.perf_counter()
    action = search_bot(g, playouts=10**7, seconds=0.2)(v, random.Random(0))
    assert time.perf_counter() - start < 3.0
    assert action in g.legal_actions(v)


def test_a_budget_below_one_playout_is_refused():
    with pytest.raises(ValueError, match="at least one playout"):
        search_bot(game("fan_mallet"), playouts=0)
    with pytest.raises(TypeError, match="no setting"):
        search_bot(game("fan_mallet"), depth=3)
    with pytest.raises(ValueError, match="'all' or 'best'"):
        search_bot(game("fan_mallet"), versus="leader")


def test_rewards_rank_every_seat_and_share_ties():
    assert place_rewards((0, 1), (7.0, 2.0), 0) == [1.0, 0.0]
    assert place_rewards((0, 1), (4.0, 4.0), None) == [0.5, 0.5]
    assert place_rewards((2, 0, 1), (3.0, 1.0, 3.0), 2) == [0.5, 0.0, 1.0]


def test_rewards_against_the_best_rival_pay_only_the_winner():
    # seat 2 wins the tie-break at 3 cards; seat 0 is level with it but not ahead
    assert place_rewards((2, 0, 1), (3.0, 1.0, 3.0), 2, versus="best") == [0.0, 0.0, 1.0]
    # with a margin, each seat is judged against the best score among the others only
    got = place_rewards((0, 1, 2), (6.0, 4.0, 1.0), 0, margin=0.5, versus="best")
    assert got == pytest.approx([0.5 + 0.5 * (0.5 + 1 / 11), 0.5 * (0.5 - 1 / 11), 0.5 * (0.5 - 2.5 / 8)])
    # two players: the same as the pairwise places
    assert place_rewards((1, 0), (3.0, 7.0), 1, 0.5, "best") == place_rewards((1, 0), (3.0, 7.0), 1, 0.5)


def test_every_game_has_a_default_budget():
    for g in games():
        for n in g.INFO.players:
            assert settings_for(g, n).playouts >= 1


def test_it_beats_the_random_bot_at_fan_and_mallet():
    g = game("fan_mallet")
    # random playouts: this checks the tree search itself, not the greedy bot it can lean on
    search, rand = search_bot(g, playouts=20, rollout=None), g.bots()["random"]
    wins = 0
    for seed in range(10):
        seat = seed % 2
        bots = [search, rand] if seat == 0 else [rand, search]
        wins += g.outcome(play_game(g, bots, seed).state).winner == seat
    assert wins >= 8, f"the search bot won only {wins} of 10 games against random play"


@pytest.mark.parametrize("g", [g for g in games() if g.INFO.hidden_information], ids=lambda g: g.INFO.id)
def test_the_flat_search_is_deterministic_and_decides_from_the_view_only(g):
    bot = search_bot(g, playouts=24, flat=True, trust=0.0)
    chosen = set()
    for i, state in enumerate(positions(g, 2, seed=5)):
        seat = g.current_player(state)
        v = g.view(state, seat)
        other = g.determinize(v, fresh_seed(rng_for(i, "other")))
        first = bot_decision(g, state, bot, 11, i)
        assert first in g.legal_actions(state)
        assert bot_decision(g, other, bot, 11, i) == first == bot_decision(g, state, bot, 11, i)
        chosen.update(g.encode_action(bot(v, rng_for(seed, "flat"))) for seed in range(3))
    assert len(chosen) > 1


@pytest.mark.parametrize("players", [3, 5])
def test_the_multi_player_search_is_deterministic_and_decides_from_the_view_only(players):
    g = game("yokai_carnival")
    assert settings_for(g, players).versus == "best"
    bot = search_bot(g, playouts=24, trust=0.0)
    chosen = set()
    for i, state in enumerate(positions(g, players, seed=4)):
        v = g.view(state, g.current_player(state))
        other = g.determinize(v, fresh_seed(rng_for(i, "other")))
        first = bot_decision(g, state, bot, 13, i)
        assert first in g.legal_actions(state)
        assert bot_decision(g, other, bot, 13, i) == first
        chosen.update(g.encode_action(bot(v, rng_for(seed, "multi"))) for seed in range(3))
    assert len(chosen) > 1


def test_the_flat_search_keeps_the_rollout_bots_move_unless_clearly_beaten():
    g = game("yokai_carnival")
    greedy = g.bots()["greedy"]
    for state in positions(g, 2, seed=6):
        v = g.view(state, g.current_player(state))
        # an unreachable bar: the search must fall back on greedy's own move
        assert search_bot(g, playouts=30, flat=True, trust=1e9)(v, rng_for(1, "t")) == greedy(
            v, rng_for(1, "t")
        )
