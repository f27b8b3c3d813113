"""Invariants over seeded games with mixed bots: every card accounted for, protected cards
never leave a line, no four-colour unconfirmed line is left at the end of a turn while a
General waits, hands never exceed 3, the game always ends; saves and bots' use of views."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.yokai_carnival as yc
from engine.core import bot_decision, fresh_seed, play_game, rng_for
from engine.yokai_carnival.bots import make_lookahead
from engine.yokai_carnival.cards import YOKAI_TYPES
from engine.yokai_carnival.work import general_due, protected_count

GAMES = 12


def _cards(s) -> Counter:
    count = Counter()
    for zone in (
        s.yama,
        s.generals,
        s.waiting,
        s.discard,
        *s.hands,
        *s.lines,
        s.ctx.revealed if s.ctx else (),
    ):
        count.update(zone)
    return count


def _check_move(before, action, after) -> None:
    count = _cards(after)
    assert all(count[n] == 8 for n in range(YOKAI_TYPES)), "all 64 Yokai cards are somewhere"
    assert sum(count[n] for n in range(YOKAI_TYPES, 16)) == yc.GENERAL_YAMA[after.players]
    assert all(count[n] <= 1 for n in range(YOKAI_TYPES, 16))
    assert all(len(h) <= 3 for h in after.hands)
    for seat, line in enumerate(before.lines):
        p = protected_count(line, before.deck)
        assert after.lines[seat][:p] == line[:p], "a protected card left a line"
    mover = before.to_move
    if after.turn != before.turn or yc.is_over(after):
        assert not (general_due(after.lines[mover], after.deck) and after.waiting), (
            "a turn ended with four colours unconfirmed while a General waited"
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_games_keep_the_invariants(players):
    table = yc.bots()
    for k in range(GAMES):
        seed = fresh_seed(rng_for(k, "yc invariants", players))
        names = ["random", "greedy"]
        bots = [table[names[(k + seat) % 2]] for seat in range(players)]
        played = play_game(yc, bots, seed, players=players, on_move=_check_move, max_moves=5000)
        assert yc.is_over(played.state)
        text = yc.to_json(played.state)
        assert yc.to_json(yc.from_json(text)) == text


def test_saves_round_trip_mid_game():
    played = play_game(yc, [yc.bots()["random"]] * 3, 77, players=3)
    state = yc.new_game(77, 3)
    for i, action in enumerate(played.actions):
        state = yc.apply(state, action)
        if i % 7 == 0:
            loaded = yc.from_json(yc.to_json(state))
            assert loaded == state


@pytest.mark.parametrize("name", ["greedy", "lookahead"])
def test_bots_decide_the_same_when_only_hidden_cards_change(name):
    bot = yc.bots()["greedy"] if name == "greedy" else make_lookahead(samples=2)
    played = play_game(yc, [yc.bots()["random"]] * 3, 5, players=3)
    state = yc.new_game(5, 3)
    checked = 0
    for i, action in enumerate(played.actions):
        if i % (3 if name == "greedy" else 25) == 0:
            seat = yc.current_player(state)
            seen = yc.view(state, seat)
            other = yc.determinize(seen, i + 1000)
            assert bot_decision(yc, state, bot, 9, i) == bot_decision(yc, other, bot, 9, i)
            checked += 1
        state = yc.apply(state, action)
    assert checked > 2


def test_greedy_beats_random():
    table = yc.bots()
    wins = 0
    for k in range(20):
        bots = [table["random"], table["random"]]
        bots[k % 2] = table["greedy"]
        wins += yc.outcome(play_game(yc, bots, k, players=2).state).winner == k % 2
    assert wins >= 16
