"""``apply`` refuses every well-typed action that ``legal_actions`` does not offer now: the
legal actions with one field changed (taking 0 from a heap, a card not in hand, a cell off
the board), and actions legal in other games of the same game. Each refusal is an
``IllegalAction`` and leaves the state as it was.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict

import pytest

from engine.core import IllegalAction
from tests.contract.harness import assert_unchanged, sample_positions, snapshot, trajectory

MAX_MUTANTS = 80
"""Per position at most this many (spread over the legal actions), so long games stay quick."""


def field_values(game, players: int) -> dict:
    """Every value each field of each action type takes in two games: what a mutant may use."""
    seen: dict = defaultdict(set)
    for k in range(2):
        for state in trajectory(game, players, k).states:
            for action in game.legal_actions(state):
                _collect(action, seen)
    return seen


def _collect(value, seen) -> None:
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            seen[(type(value), f.name)].add(inner)
            _collect(inner, seen)


def variants(value, seen, depth: int = 0):
    """Values of the same type as ``value`` near it: other ints, the other bool, other values
    the same field takes elsewhere, tuples with one element changed, nested mutants."""
    if isinstance(value, bool):
        yield not value
    elif isinstance(value, int):
        yield from (value - 1, value + 1, 0, -1, 99)
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            for other in variants(item, seen, depth + 1):
                yield value[:i] + (other,) + value[i + 1 :]
        if value:
            yield value[:-1]
            yield value + value[-1:]
            yield value[::-1]
    elif dataclasses.is_dataclass(value) and depth < 3:
        for f in dataclasses.fields(value):
            inner = getattr(value, f.name)
            others = [v for v in seen.get((type(value), f.name), ()) if type(v) is type(inner)]
            for other in [*variants(inner, seen, depth + 1), *sorted(others, key=repr)]:
                if other == inner:
                    continue
                try:
                    yield dataclasses.replace(value, **{f.name: other})
                except (ValueError, TypeError):  # a value the action type itself refuses
                    continue
    elif isinstance(value, str):
        yield ""


def unoffered(game, state, seen) -> list:
    """Well-typed actions not legal now, at most :data:`MAX_MUTANTS`, round-robin over the
    legal actions so every one of them gets mutants."""
    legal = game.legal_actions(state)
    offered = set(legal)
    per_action = [[m for m in dict.fromkeys(variants(a, seen)) if m not in offered] for a in legal]
    out: list = []
    for i in range(max((len(m) for m in per_action), default=0)):
        out += [m[i] for m in per_action if i < len(m)]
    return list(dict.fromkeys(out))[:MAX_MUTANTS]


def test_well_typed_actions_not_offered_are_refused_and_change_nothing(game, players):
    seen = field_values(game, players)
    tried = 0
    for t, i in sample_positions(game, players):
        state = t.states[i]
        snap = snapshot(game, state, deep=True)
        for action in unoffered(game, state, seen):
            tried += 1
            try:
                game.apply(state, action)
            except IllegalAction:
                pass
            else:
                pytest.fail(
                    f"{game.INFO.id} ({players}p, seed {t.seed}, move {i}): apply accepted {action!r}, "
                    f"which legal_actions does not offer ({len(game.legal_actions(state))} legal)"
                )
            assert_unchanged(game, state, snap, f"refusing the unoffered {action!r}")
    assert tried > 0, "no well-typed unoffered action was made: the mutants test nothing"


def test_actions_of_other_games_are_refused_and_change_nothing(game, players):
    """Actions legal somewhere in another seeded game (another deal, another hand) are refused
    wherever they are not legal now."""
    elsewhere = {
        a for k in (2, 3) for s in trajectory(game, players, k).states for a in game.legal_actions(s)
    }
    for t, i in sample_positions(game, players, count=4):
        state = t.states[i]
        snap = snapshot(game, state, deep=False)
        for action in sorted(elsewhere - set(game.legal_actions(state)), key=repr)[:MAX_MUTANTS]:
            with pytest.raises(IllegalAction):
                game.apply(state, action)
        assert_unchanged(game, state, snap, "refusing actions of other games")
