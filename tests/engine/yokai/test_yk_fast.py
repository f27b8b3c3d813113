"""The fast paths of the rules say what the checked ones say: remembered moves, the cheap
apply steps and their refusals."""

from __future__ import annotations

import dataclasses

import pytest

import engine.yokai as yk
from engine.core import IllegalAction, rng_for
from engine.yokai import rules
from engine.yokai.fast import moves
from engine.yokai.geometry import legal_moves_nx


@pytest.mark.parametrize("players", [2, 3, 4])
def test_remembered_moves_are_the_moves_of_the_layout(players):
    for seed in range(12):
        s = yk.new_game(seed, players)
        rng = rng_for(seed, "fast")
        while not yk.is_over(s):
            actions = yk.legal_actions(s)
            if yk.phase(s) == "move":
                free = sorted(c for c, h in zip(s.cells, s.hints, strict=True) if h is None)
                assert actions == list(moves(s.cells, free))
                if seed % 4 == 0:
                    assert [(m.src, m.dst) for m in actions] == legal_moves_nx(s.cells, free)
            s = yk.apply(s, rng.choice(actions))


def test_the_rules_make_states_with_their_caches_and_a_state_without_them_plays_the_same():
    """Every state the rules make carries its free cells, and its legal moves in the move step
    (nothing writes them in later); a state without them (as ``State(...)`` or ``replace``
    make one) is the same value, lists the same actions and leads to the same states."""
    s = yk.new_game(4, 3)
    rng = rng_for(4, "caches")
    while not yk.is_over(s):
        assert s.free is not None and (s.moves is not None) == (yk.phase(s) == "move")
        bare = dataclasses.replace(s, moves=None)  # ``free`` is not an __init__ argument: None
        assert s == bare and bare.free is None and bare.moves is None
        actions = yk.legal_actions(s)
        assert yk.legal_actions(bare) == actions and bare.free is None and bare.moves is None
        action = rng.choice(actions)
        after = yk.apply(s, action)
        assert yk.apply(bare, action) == after and yk.apply(bare, action).free == after.free
        s = after


def test_an_emptied_layout_memory_lists_the_same_moves():
    s = yk.apply(yk.apply(yk.new_game(3), yk.Peek((0, 0))), yk.Peek((1, 0)))
    listed = yk.legal_actions(s)
    rules._LAYOUT_MOVES.clear()
    again = yk.apply(yk.apply(yk.new_game(3), yk.Peek((0, 0))), yk.Peek((1, 0)))
    assert yk.legal_actions(again) == listed


def test_every_action_not_offered_is_refused_and_changes_nothing():
    s = yk.new_game(8)
    rng = rng_for(8, "refuse")
    candidates = [
        yk.Peek((9, 9)),
        yk.Move((0, 0), (0, 1)),
        yk.Move((0, 0), (9, 9)),
        yk.Reveal(),
        yk.Place(0, (0, 0)),
        yk.Place(3, (1, 1)),
        yk.Declare(),
    ]
    while not yk.is_over(s):
        legal = yk.legal_actions(s)
        before = yk.to_json(s), s
        for action in candidates + [yk.Peek(c) for c in s.cells]:
            if action not in legal:
                with pytest.raises(IllegalAction):
                    yk.apply(s, action)
        assert (yk.to_json(s), s) == before
        s = yk.apply(s, rng.choice([a for a in legal if type(a) is not yk.Declare] or legal))


def test_every_state_is_made_whole():
    """``rules._next`` hands a dict of every field to a new State (``engine.core.made``): what
    ``apply`` returns is exactly a State with the dataclass's fields in order, equal to one
    built by ``__init__``."""
    names = [f.name for f in dataclasses.fields(yk.State)]
    for players in (2, 4):
        s = yk.new_game(6, players)
        rng = rng_for(6, "made")
        while not yk.is_over(s):
            s = yk.apply(s, rng.choice(yk.legal_actions(s)))
            assert type(s) is yk.State and list(s.__dict__) == names
            assert s == dataclasses.replace(s)


def test_a_new_game_is_made_with_every_field_in_the_class_order():
    """``new_game`` builds its state with ``made`` (a dict of its own): every field, in order,
    and equal to the state ``State(...)`` makes of the same fields."""
    s = yk.new_game(6, 4, last_hint_only=True)
    names = [f.name for f in dataclasses.fields(yk.State)]
    assert list(vars(s)) == names
    built = yk.State(**{f.name: getattr(s, f.name) for f in dataclasses.fields(yk.State) if f.init})
    assert built == s and yk.legal_actions(built) == yk.legal_actions(s)
