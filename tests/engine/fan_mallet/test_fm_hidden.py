"""Views hide what they must; determinize fills them consistently; bots decide from the view only."""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import replace

import pytest

import engine.fan_mallet as fm
from engine.core import rng_for

SEED = 987654321987
bots_module = importlib.import_module("engine.fan_mallet.bots")  # fm.bots is the function


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
    bot = fm.bots()[name] if name != "lookahead" else fm.make_lookahead(samples=3)
    for seed in range(4):
        s = midgame(seed, moves=10 + seed)
        t = other_hidden(s)
        assert t != s
        seat = fm.current_player(s)
        assert fm.view(s, seat) == fm.view(t, seat)
        a = bot(fm.view(s, seat), random.Random(seed))
        b = bot(fm.view(t, seat), random.Random(seed))
        assert a == b and a in fm.legal_actions(s)


def _jumping_clock(monkeypatch, step=10.0):
    """Make ``time.perf_counter`` jump ``step`` seconds per call (a very slow machine)."""
    now = [0.0]

    def clock():
        now[0] += step
        return now[0]

    monkeypatch.setattr(time, "perf_counter", clock)


def _counting_determinize(monkeypatch):
    calls = []
    real = bots_module.determinize

    def counted(v, seed):
        calls.append(seed)
        return real(v, seed)

    monkeypatch.setattr(bots_module, "determinize", counted)
    return calls


def test_lookahead_gives_the_same_move_however_slow_the_machine(monkeypatch):
    for seed in range(3):
        s = midgame(seed, moves=8 + seed)
        v = fm.view(s, fm.current_player(s))
        bot = fm.make_lookahead(samples=4)
        expected = bot(v, random.Random(seed))
        with monkeypatch.context() as m:
            _jumping_clock(m)
            calls = _counting_determinize(m)
            assert bot(v, random.Random(seed)) == expected
            assert len(calls) == 4, "every sample is searched: the budget is samples, not seconds"


def test_a_time_cap_stops_sampling_after_at_least_one_sample(monkeypatch):
    s = midgame(3, moves=8)
    v = fm.view(s, fm.current_player(s))
    _jumping_clock(monkeypatch)
    calls = _counting_determinize(monkeypatch)
    action = fm.make_lookahead(samples=10_000, time_cap_s=1.0)(v, random.Random(0))
    assert len(calls) == 1 and action in fm.legal_actions(v)


def test_last_placed_and_viewer_on_a_state_and_its_views():
    s = fm.new_game(SEED)
    assert fm.last_placed(s) is None and fm.viewer(s) is None
    s = midgame(moves=17)
    house, follower = fm.last_placed(s)
    assert follower == fm.last_move(s).follower and fm.houses(s)[house].stack[-1] == follower
    for seat in (0, 1):
        v = fm.view(s, seat)
        assert fm.viewer(v) == seat and fm.last_placed(v) == (house, follower)
