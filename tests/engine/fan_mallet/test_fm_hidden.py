"""Views hide what they must; determinize fills them consistently; bots decide from the view only."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import engine.fan_mallet as fm
from engine.core import rng_for

SEED = 987654321987


def midgame(seed=SEED, moves=17):
    s = fm.new_game(seed)
    rng = rng_for(seed, "mid")
    for _ in range(moves):
        s = fm.apply(s, rng.choice(fm.legal_actions(s)))
    return s


def test_view_hides_the_opponent_hand_the_decks_and_the_seed():
    s = midgame()
    seat = fm.current_player(s)
    v = fm.view(s, seat)
    opp = fm.FACTIONS[1 - seat]
    assert v.seed is None and v.scenario is None and v.decks == ((), ()) and v.hands[1 - seat] == ()
    assert str(SEED) not in repr(v)
    assert fm.hand_size(v, opp) == fm.hand_size(s, opp) > 0
    assert fm.deck_size(v, "white") == fm.deck_size(s, "white")
    assert fm.deck_size(v, "black") == fm.deck_size(s, "black")
    with pytest.raises(ValueError):
        fm.hand(v, opp)
    with pytest.raises(ValueError):
        fm.to_json(v)
    with pytest.raises(ValueError):
        fm.view(v, 1 - seat)
    assert fm.current_player(v) == seat and fm.legal_actions(v) == fm.legal_actions(s)
    assert fm.houses(v) == fm.houses(s) and fm.markers(v) == fm.markers(s)
    with pytest.raises(ValueError):
        fm.legal_actions(fm.view(s, 1 - seat))


def test_determinize_is_consistent_with_the_view():
    s = midgame()
    seat = fm.current_player(s)
    v = fm.view(s, seat)
    for seed in range(20):
        d = fm.determinize(v, seed)
        assert fm.view(d, seat) == v
        cards = sorted(c for part in (*d.hands, *d.decks, *d.stacks) for c in part)
        assert cards == list(range(60))
        assert all(fm.FOLLOWERS[c].faction == fm.FACTIONS[1 - seat] for c in d.hands[1 - seat])
    assert fm.determinize(v, 1) == fm.determinize(v, 1)
    assert len({fm.determinize(v, k).hands[1 - seat] for k in range(20)}) > 1


def other_hidden(s):
    """The same public position, with the mover's opponent holding different cards and both decks reordered."""
    seat = s.to_move
    opp = 1 - seat
    opp_hand, opp_deck = list(s.hands[opp]), list(s.decks[opp])
    opp_hand[0], opp_deck[-1] = opp_deck[-1], opp_hand[0]
    hands = list(s.hands)
    decks = [tuple(reversed(d)) for d in s.decks]
    hands[opp] = tuple(sorted(opp_hand))
    decks[opp] = tuple(reversed(opp_deck))
    return replace(s, hands=tuple(hands), decks=tuple(decks), seed=s.seed + 1)


@pytest.mark.parametrize("name", ["random", "greedy", "lookahead"])
def test_bot_choice_does_not_depend_on_hidden_information(name):
    bot = fm.bots()[name] if name != "lookahead" else fm.make_lookahead(samples=3, budget=None)
    for seed in range(4):
        s = midgame(seed, moves=10 + seed)
        t = other_hidden(s)
        assert t != s
        seat = fm.current_player(s)
        assert fm.view(s, seat) == fm.view(t, seat)
        a = bot(fm.view(s, seat), random.Random(seed))
        b = bot(fm.view(t, seat), random.Random(seed))
        assert a == b and a in fm.legal_actions(s)


def test_lookahead_respects_its_time_budget():
    import time

    v = fm.view(midgame(3, moves=8), fm.current_player(midgame(3, moves=8)))
    start = time.perf_counter()
    action = fm.make_lookahead(samples=10_000, budget=0.05)(v, random.Random(0))
    assert time.perf_counter() - start < 1.0 and action in fm.legal_actions(v)
