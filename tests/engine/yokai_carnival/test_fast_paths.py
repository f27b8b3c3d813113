"""The engine's fast paths agree with the plain rules they shortcut: the
new game without set-up keywords, the end of turn fused onto Strike check 2, the plain Summon in
one go, the line tables and the memo of unconfirmed colours, the small hand and event tables,
views copied without ``__init__``, and ``apply`` finding an option by identity (an equal action,
or an illegal one, takes the checking path)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from dataclasses import replace
from itertools import product

import pytest

import engine.yokai_carnival as yc
from engine.core import IllegalAction, rng_for, shuffle
from engine.yokai_carnival import rules
from engine.yokai_carnival.cards import COLOURS, DEFAULT
from engine.yokai_carnival.effects import CHOSEN, OVER
from engine.yokai_carnival.state import Ctx, Event, State, remake
from engine.yokai_carnival.work import (
    DRAWS,
    MEMO_LIMIT,
    SORTED,
    SUMMONED,
    WITHOUT,
    Ability,
    Work,
    can_strike,
    extended_mask,
    general_due,
    grow_line,
    grow_line_by,
    protected_count,
    unconfirmed_mask,
    unconfirmed_start,
    without,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_plain_new_game_is_the_set_up_path_without_keywords(players):
    for seed in range(40):
        through_setup = yc.new_game(seed, players, yama=[])
        assert yc.new_game(seed, players) == replace(through_setup, setup="{}")


def _edited_deck() -> dict:
    """A deck whose abilities place several cards in order and take from hands into a hand."""
    deck = copy.deepcopy(yc.DEFAULT_DECK)
    deck["yokai"][1]["effect"] = [
        {"do": "look_yama", "count": 2},
        {"do": "move", "from": "revealed", "to": "line", "count": "all", "pick": "rest"},
    ]
    deck["yokai"][0]["effect"] = [
        {"do": "choose_opponent", "needs": "hand"},
        {"do": "look_hand"},
        {"do": "move", "from": "target_hand", "to": "hand", "count": 1, "pick": "choice"},
    ]
    for general in deck["generals"][2:5]:
        general["protects"] = False
    return deck


def _random_game(seed: int, players: int, **setup) -> list:
    state = yc.new_game(seed, players, **setup)
    rng = rng_for(seed, "fast paths")
    states = [state]
    while not yc.is_over(state):
        state = yc.apply(state, rng.choice(yc.legal_actions(state)))
        states.append(state)
    return states


def _end_then_start(w, seat):
    """The end of a turn as the plain phases play it: "start", Strike check 1 and "summon" follow."""
    w.previous = w.events + (rules._END[seat],)
    w.events = ()
    w.to_move = (seat + 1) % w.players
    w.turn += 1
    w.phase = "start"
    return None


def _summon_phase_by_phase(state, action, seat, card):
    w = rules.Work(state)
    rules._resolve(w, action, False)
    w.log = (state.log, action)
    rules.advance(w)
    return w.freeze()


def test_a_new_state_keeps_the_fields_in_order_in_a_dict_of_its_own():
    fields = [f.name for f in dataclasses.fields(State)]
    for players in (2, 5):
        state = yc.new_game(3, players)
        assert list(state.__dict__) == fields  # (so saves and pickles list them as before)
        rng = rng_for(3, "dict order")
        while not yc.is_over(state):
            state = yc.apply(state, rng.choice(yc.legal_actions(state)))
            assert list(state.__dict__) == fields
            assert state.ctx is None or list(state.ctx.__dict__) == [
                f.name for f in dataclasses.fields(state.ctx)
            ]


def test_states_are_made_whole_and_events_are_events():
    """``made`` hands a dict to a new State or Ctx: what ``apply`` returns is exactly a State
    (never a working copy), its ability exactly a Ctx, equal to one built by ``__init__``;
    every recorded event is an :class:`Event`, in the running turn and the one before."""
    for players in (2, 4):
        for state in _random_game(5, players, deck=_edited_deck()):
            assert type(state) is State and state == State(**state.__dict__)
            assert state.ctx is None or (type(state.ctx) is Ctx and state.ctx == Ctx(**state.ctx.__dict__))
            for e in state.events + state.previous:
                assert type(e) is Event


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_fused_end_of_turn_plays_as_the_phase_by_phase_rules(players, monkeypatch):
    games = [(seed, {}) for seed in range(15)] + [(seed, {"deck": _edited_deck()}) for seed in range(6)]
    fast = [_random_game(seed, players, **setup) for seed, setup in games]
    monkeypatch.setitem(rules.PHASES, "strike_2", rules._strike_check)
    monkeypatch.setattr(rules, "_after_summon", rules._strike_check)
    monkeypatch.setattr(rules, "plain_summon", lambda *args: None)
    monkeypatch.setattr(rules, "_next_turn", _end_then_start)
    monkeypatch.setattr(rules, "_summon_with_ability", _summon_phase_by_phase)
    monkeypatch.setattr(
        rules, "_no_strike", lambda state, action: _summon_phase_by_phase(state, action, 0, 0)
    )
    slow = [_random_game(seed, players, **setup) for seed, setup in games]
    assert fast == slow
    assert sum(len(g) for g in fast) > 15 * 20


def test_no_strike_at_strike_check_1_plays_as_the_phase_by_phase_rules(monkeypatch):
    states = [s for players in (2, 3, 5) for seed in range(25) for s in _random_game(seed, players)]
    asked = [s for s in states if s.phase == "strike_1" and s.ask is not None]
    assert len(asked) > 20
    for state in asked:
        fast = yc.apply(state, yc.NoStrike())
        assert (
            fast == yc.apply(state, rules.NO_STRIKE) == _summon_phase_by_phase(state, rules.NO_STRIKE, 0, 0)
        )
        assert list(fast.__dict__) == list(state.__dict__)


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


def _colour(n: int) -> int:
    return None if n < 0 else COLOURS.index(DEFAULT.card(n).colour) if n < 8 else 4


def test_the_line_tables_read_lines_as_the_rules_say():
    rng = random.Random(4)
    for _ in range(3000):
        line = tuple(
            rng.randrange(16) if rng.random() < 0.15 else rng.randrange(8) for _ in range(rng.randrange(20))
        )
        generals = [i for i, c in enumerate(line) if c >= 8]
        protecting = [i for i in generals if DEFAULT.card(line[i]).id != "shuten_doji"]
        start = generals[-1] + 1 if generals else 0
        assert protected_count(line, DEFAULT) == (protecting[-1] + 1 if protecting else 0)
        assert unconfirmed_start(line) == start
        assert general_due(line, DEFAULT) == ({_colour(c) for c in line[start:]} == {0, 1, 2, 3})
    for hand in product(range(-1, 16), repeat=3):
        same = len({_colour(c) for c in hand}) == 1 and min(hand) >= 0
        assert can_strike(hand, DEFAULT) == same


def test_no_decision_offers_a_single_option_and_views_copy_as_replace_would():
    for players in (2, 3, 4, 5):
        for seed in range(6):
            for state in _random_game(seed, players)[:-1]:
                assert len(yc.legal_actions(state)) >= 2
                changes = {"seed": None, "hands": (), "viewer": 0}
                assert remake(state, **changes) == replace(state, **changes)


def test_abilities_run_as_programs_compiled_from_the_deck_data():
    deck = yc.new_game(1, 2).deck
    # one function per step, then the one that ends the ability; the Strike's program last
    programs = [deck.programs[n] for n in range(len(deck.effects))] + [deck.programs[-1]]
    assert [len(p) for p in programs] == [len(steps) + 1 for steps in deck.effects] + [2]
    assert all(p[-1](None, None) is OVER for p in programs)
    assert all(deck.programs[n] is p for n, p in enumerate(programs[:-1]))  # compiled once per deck
    edited = copy.deepcopy(yc.DEFAULT_DECK)
    edited["yokai"][1]["effect"] = [{"do": "look_yama", "count": 2}] + [
        {"do": "move", "from": "revealed", "to": "line", "count": "all", "pick": "rest"}
    ]
    other = yc.new_game(1, 2, deck=edited).deck
    assert len(other.programs[1]) == 3 and other.programs[1] != deck.programs[1]
    assert pickle.loads(pickle.dumps(other)) == other and other != deck


def _scan_mask(line, deck) -> int:
    """The unconfirmed colours by the rules: every Yokai right of the rightmost General."""
    start = unconfirmed_start(line)
    return sum({1 << deck.colour_of[c] for c in line[start:] if 0 <= c < 8})


def test_the_memo_of_unconfirmed_colours_matches_a_plain_scan():
    rng = random.Random(9)
    deck = yc.new_game(1, 2, deck=_edited_deck()).deck
    for d in (DEFAULT, deck):
        for _ in range(3 * MEMO_LIMIT):  # (the memo fills and is emptied on the way)
            line = tuple(
                rng.randrange(16) if rng.random() < 0.1 else rng.randrange(8)
                for _ in range(rng.randrange(25))
            )
            assert unconfirmed_mask(line, d) == _scan_mask(line, d)
            card = rng.randrange(16) if rng.random() < 0.1 else rng.randrange(8)
            assert extended_mask(line + (card,), line, card, d) == _scan_mask(line + (card,), d)
            assert unconfirmed_mask(line + (card,), d) == _scan_mask(line + (card,), d)
            w = Work(yc.new_game(1, 2, deck=_edited_deck()) if d is deck else yc.new_game(1, 2))
            w.lines = (line, ())
            cards = tuple(rng.randrange(16) for _ in range(rng.randrange(4)))
            grow_line(w, 0, cards)
            assert w.lines == (line + cards, ())
            assert unconfirmed_mask(w.lines[0], d) == _scan_mask(line + cards, d)
            w.lines = ((), line)
            grow_line_by(w, 1, card)
            assert w.lines == ((), line + (card,))
            assert unconfirmed_mask(w.lines[1], d) == _scan_mask(line + (card,), d)
        assert len(d.line_masks) <= MEMO_LIMIT


def test_the_hand_and_event_tables_hold_what_they_stand_for():
    for hand in product(range(8), repeat=3):
        for n in range(4):
            part = hand[:n]
            assert SORTED[part] == tuple(sorted(part))
            assert WITHOUT[part] == tuple(without(part, i) for i in range(n))
            for seat in range(10):
                for want in range(4):
                    assert DRAWS[seat][want][part] == (
                        Event(
                            "draw",
                            seat,
                            cards=part,
                            source="yama",
                            to="hand",
                            to_seat=seat,
                            value=want,
                            private_to=seat,
                        ),
                    )
    for seat, card, ability in product(range(10), range(16), (False, True)):
        assert SUMMONED[seat][card][ability] == (
            Event("summon", seat, cards=(card,), source="hand", to="line", to_seat=seat, value=ability)
        )
    for owner, seat, card in product(range(10), range(10), range(16)):
        assert CHOSEN[owner][seat][card] == (Event("opponent", owner, value=seat, card=card, auto=True),)


def _reference_take(s):
    """A one-by-one move's ``take`` as a plain function reading the step's fields."""
    zone = {"discard": "discard", "revealed": "revealed", "hand": "hand", "target_hand": "hand"}.get(
        s.source, "line"
    )

    def take(w, ctx, pick, auto):
        revealed, i, seat, private_to = ctx.revealed, pick.index, pick.seat, None
        if zone == "line":
            card = w.lines[seat][i]
            w.set_line(seat, without(w.lines[seat], i))
        elif zone == "hand":
            card = w.hands[seat][i]
            w.set_hand(seat, without(w.hands[seat], i))
        elif zone == "discard":
            card = w.discard[i]
            w.discard = without(w.discard, i)
        else:
            card = revealed[i]
            revealed = without(revealed, i)
            if ctx.revealed_to is not None:
                private_to = ctx.owner
        owner = ctx.owner
        mover = ctx.target if s.chooser == "target" else owner
        to_seat = owner if s.to in ("line", "hand") else None
        value = None if zone == "hand" else i
        w.events += (
            Event("move", mover, (card,), zone, seat, s.to, to_seat, value, ctx.card, private_to, auto),
        )
        if s.to == "line":
            grow_line(w, owner, (card,))
        elif s.to == "hand":
            w.add_to_hand(owner, (card,))
        elif s.to == "discard":
            w.discard += (card,)
        else:
            w.yama += (card,)
        ctx.revealed = revealed
        if not revealed:
            ctx.revealed_to = None
        ctx.picked += 1
        if ctx.picked >= s.count:
            ctx.step += 1
            ctx.picked = 0

    return take


def _own_hand_deck() -> dict:
    """Kitsune's pick goes under the Yama; Wanyudo discards a card of your own hand."""
    deck = _edited_deck()
    deck["yokai"][4]["effect"] = [
        {"do": "look_yama", "count": 3},
        {"do": "move", "from": "revealed", "to": "yama_bottom", "count": 1, "pick": "choice"},
        {"do": "move", "from": "revealed", "to": "hand", "count": 1, "pick": "choice"},
        {"do": "move", "from": "revealed", "to": "yama_bottom", "count": "all", "pick": "rest"},
    ]
    deck["yokai"][2]["effect"] = [
        {"do": "move", "from": "hand", "to": "discard", "count": 1, "pick": "choice"}
    ]
    return deck


def test_each_compiled_take_moves_the_card_as_the_step_says():
    seen = set()
    for setup in ({}, {"deck": _edited_deck()}, {"deck": _own_hand_deck()}):
        for players in (2, 3):
            for seed in range(12):
                for state in _random_game(seed, players, **setup):
                    ctx = state.ctx
                    if state.phase != "effect" or not any(type(a) is yc.Pick for a in state.options):
                        continue
                    step = state.deck.effects[ctx.card][ctx.step] if ctx.card >= 0 else None
                    if step is None:
                        continue
                    seen.add((step.source, step.to))
                    for pick in state.options:
                        if type(pick) is not yc.Pick:
                            continue
                        fast, slow = Work(state), Work(state)
                        take = state.deck.programs[ctx.card][ctx.step].take
                        getattr(take, "moves", take)(fast, fast.ctx, pick, False)  # (without knowledge)
                        _reference_take(step)(slow, slow.ctx, pick, False)
                        assert fast.__dict__.keys() == slow.__dict__.keys()
                        assert {k: v for k, v in fast.__dict__.items() if k != "ctx"} == {
                            k: v for k, v in slow.__dict__.items() if k != "ctx"
                        }
                        assert fast.ctx.__dict__ == slow.ctx.__dict__
    assert {
        ("discard", "line"),
        ("revealed", "hand"),
        ("revealed", "yama_bottom"),
        ("target_line", "discard"),
        ("target_hand", "discard"),
        ("target_hand", "hand"),
        ("opponent_lines", "line"),
        ("hand", "discard"),
    } <= seen


def test_the_ability_and_event_tables_hold_what_they_stand_for():
    for seat, card in product(range(10), range(16)):
        assert rules.SUMMON_ABILITY[seat][card] == Ability(card, seat, "strike_2").__dict__
        assert rules.GENERAL_ABILITY[seat][card] == Ability(card, seat, "refill").__dict__
    for seat in range(10):
        assert rules.NO_STRIKE_1[seat] == (Event("no_strike", seat, value="strike_1"),)
        assert rules.END_1[seat] == (Event("end", seat),)
    for seat, g, auto in product(range(10), range(16), (False, True)):
        assert rules.GENERAL_SUMMONED[seat][g][auto] == (
            Event("general", seat, cards=(g,), source="summon_waiting", to="line", to_seat=seat, auto=auto),
        )
    for g in range(16):
        assert rules.REFILLED[g] == (
            Event("refill", None, cards=(g,), source="general_yama", to="summon_waiting"),
        )
    assert rules.NO_REFILL == (Event("refill", None, value="the General Yama is empty"),)


def test_a_plain_new_game_seeds_and_shuffles_as_rng_for_and_shuffle_do():
    for seed in [*range(300), 2**63 - 1, 2**32, 123456789012345678]:
        for key in ("yama", "generals"):
            for size in (0, 1, 2, 8, 63, 64):
                expected, got = list(range(size)), list(range(size))
                shuffle(rng_for(seed, key), expected)
                rules._shuffle(rules._generator(seed, key), got)
                assert got == expected
