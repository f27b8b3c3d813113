"""The engine's fast paths agree with the plain rules they shortcut: the inlined shuffle, the
new game without set-up keywords, the end of turn fused onto Strike check 2, and ``apply``
finding an option by identity (an equal action, or an illegal one, takes the checking path)."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

import engine.yokai_carnival as yc
from engine.core import IllegalAction, rng_for
from engine.yokai_carnival import rules
from engine.yokai_carnival.shuffle import shuffle


def test_the_shuffle_is_random_shuffle():
    for seed in range(300):
        items = list(range(seed % 70))
        expected = list(items)
        random.Random(seed).shuffle(expected)
        shuffle(random.Random(seed), items)
        assert items == expected


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_plain_new_game_is_the_set_up_path_without_keywords(players):
    for seed in range(40):
        through_setup = yc.new_game(seed, players, yama=[])
        assert yc.new_game(seed, players) == replace(through_setup, setup="{}")


def _random_game(seed: int, players: int) -> list:
    state = yc.new_game(seed, players)
    rng = rng_for(seed, "fast paths")
    states = [state]
    while not yc.is_over(state):
        state = yc.apply(state, rng.choice(yc.legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_fused_end_of_turn_plays_as_the_phase_by_phase_rules(players, monkeypatch):
    fast = [_random_game(seed, players) for seed in range(15)]
    monkeypatch.setitem(rules.PHASES, "strike_2", rules._strike_check)
    slow = [_random_game(seed, players) for seed in range(15)]
    assert fast == slow
    assert sum(len(g) for g in fast) > 15 * 20


def test_apply_takes_equal_actions_refuses_illegal_ones_and_changes_nothing():
    state = yc.new_game(8, 3)
    rng = rng_for(8, "equal actions")
    while not yc.is_over(state):
        legal = yc.legal_actions(state)
        action = rng.choice(legal)
        copy = yc.decode_action(yc.encode_action(action))  # equal, not the same object
        before = pickle.dumps(state)
        after = yc.apply(state, action)
        assert yc.apply(state, copy) == after
        assert state == pickle.loads(before)
        stale = yc.Summon(9, True)
        if stale not in legal:
            with pytest.raises(IllegalAction, match="is not possible now"):
                yc.apply(state, stale)
        state = after
    with pytest.raises(IllegalAction, match="The game is over"):
        yc.apply(state, yc.Summon(0, True))
