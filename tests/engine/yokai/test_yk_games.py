"""Invariants over seeded random games, and the bots."""

from __future__ import annotations

import time

import pytest

import engine.yokai as yk
from engine.core import bot_decision, play_game
from engine.yokai.geometry import is_connected_nx


def _check(before, action, after):
    assert len(set(after.cells)) == 16 and is_connected_nx(after.cells)
    for card, hint in enumerate(before.hints):
        if hint is not None:
            assert after.hints[card] == hint and after.cells[card] == before.cells[card]
    assert after.families == before.families
    for card in after.peeks:
        assert after.hints[card] is None or card in before.peeks
    assert all(a & b == b for a, b in zip(after.seen, before.seen, strict=True))
    placed = sum(h is not None for h in after.hints)
    assert placed + len(after.revealed) + after.deck_size == len(before.deck) + len(before.drawn)
    if type(action) is yk.Move:
        moved = [c for c in range(16) if before.cells[c] != after.cells[c]]
        assert moved == [before.cells.index(action.src)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_over_seeded_random_games(players):
    bots = yk.bots()
    for seed in range(25):
        lineup = [bots["random"] if (seed + seat) % 2 else bots["partner"] for seat in range(players)]
        played = play_game(yk, lineup, 1000 + seed, players=players, on_move=_check)
        assert yk.is_over(played.state)


def test_partner_bots_play_a_whole_game_with_one_learner():
    bots = yk.bots()
    learner = bots["random"]  # a stand-in for the person at the screen
    played = play_game(yk, [learner, bots["partner"], bots["partner"]], 77, players=3)
    end = played.state
    assert yk.is_over(end) and yk.outcome(end).steps
    s = yk.new_game(77, 3)
    for n, action in enumerate(played.actions):
        seat = yk.current_player(s)
        if seat != 0:
            assert yk.explain(yk.view(s, seat), action).startswith("Partner")
        s = yk.apply(s, action)
        assert n < 200


def test_the_partner_decides_in_under_two_milliseconds():
    partner = yk.bots()["partner"]
    states = []
    play_game(yk, [partner] * 4, 5, players=4, on_move=lambda b, a, after: states.append(b))
    start = time.process_time()
    for i, s in enumerate(states):
        bot_decision(yk, s, partner, 5, i)
    assert (time.process_time() - start) / len(states) < 0.002


def test_partner_prefers_cards_nobody_has_seen_and_explains_it():
    s = yk.apply(yk.apply(yk.new_game(3), yk.Peek((0, 0))), yk.Peek((1, 0)))
    s = yk.apply(s, yk.legal_actions(s)[-1])
    v = yk.view(s, 1)
    import random

    action = yk.bots()["partner"](v, random.Random(0))
    assert type(action) is yk.Peek and action.cell not in s.cells[:2]
    assert "nobody has seen it yet" in yk.explain(v, action)
