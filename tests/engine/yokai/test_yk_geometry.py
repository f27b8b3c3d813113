"""Geometry: the fast path agrees with networkx; articulation cards; refused moves."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import engine.yokai as yk
from engine.yokai.geometry import (
    articulation_cells,
    components,
    holding_cells_nx,
    is_connected_nx,
    legal_moves,
    legal_moves_nx,
)
from tests.engine.yokai.yk_helpers import position, random_layout

BRIDGE = [(i, 0) for i in range(8)] + [(i + 7, 1) for i in range(8)]  # joined at (7, 0)-(7, 1)


def test_fast_path_agrees_with_networkx_on_seeded_random_layouts():
    rng = random.Random(20260101)
    for _ in range(600):
        cells = random_layout(rng, rng.choice([3, 6, 10, 16, 16, 16]))
        movable = [c for c in cells if rng.random() < 0.75]
        assert legal_moves(cells, movable) == legal_moves_nx(cells, movable), cells
        assert articulation_cells(cells) == holding_cells_nx(cells), cells


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 16))
def test_fast_path_agrees_with_networkx_hypothesis(seed, n):
    cells = random_layout(random.Random(seed), n)
    assert legal_moves(cells, cells) == legal_moves_nx(cells, cells)
    assert sorted(map(sorted, components(cells))) == [sorted(cells)]


def test_every_legal_move_keeps_one_group_and_every_other_splits_it():
    state = position(BRIDGE)
    legal = {
        (m.src, m.dst) for m in yk.legal_actions(yk.apply(yk.apply(state, yk.Peek((0, 0))), yk.Peek((1, 0))))
    }
    for src in BRIDGE:
        for dst in {(x + dx, y + dy) for x, y in BRIDGE for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}:
            if dst in BRIDGE:
                continue
            after = [dst if c == src else c for c in BRIDGE]
            problem = yk.move_problem(state, src, dst)
            assert (problem is None) == is_connected_nx(after) == ((src, dst) in legal)


def test_an_articulation_card_may_move_to_a_cell_that_rejoins_the_pieces():
    state = position(BRIDGE)
    assert (7, 0) in yk.holding_cells(state)
    assert yk.legal_destinations(state, (7, 0)) == [(6, 1)]  # touches (6, 0) and (7, 1)
    problem = yk.move_problem(state, (7, 0), (8, 0))
    assert problem.kind == "split"
    assert problem.cut_off == frozenset((i, 0) for i in range(7))
    assert "(0, 0)" in problem.sentence


def test_move_problems_name_the_cells_cut_off():
    state = yk.new_game(3)
    assert yk.move_problem(state, (0, 0), (-1, 1)) is None
    assert yk.move_problem(state, (0, 0), (-1, 0)).cut_off == {(-1, 0)}  # it touched only itself
    lonely = yk.move_problem(state, (0, 0), (6, 6))
    assert lonely.kind == "split" and lonely.cut_off == {(6, 6)}
    assert yk.move_problem(state, (0, 0), (1, 1)).kind == "occupied"
    assert yk.move_problem(state, (9, 9), (4, 0)).kind == "no card"
    hinted = position(yk.new_game(3).cells, hinted=[5])
    assert yk.move_problem(hinted, (1, 1), (4, 1)).kind == "hinted"
    assert yk.legal_destinations(hinted, (1, 1)) == []


def test_family_groups_split_two_and_two():
    layout = (
        ["kitsune", "kitsune", "kappa", "kappa"]
        + ["oni"] * 4
        + ["rokurokubi"] * 4
        + ["kappa", "kappa", "kitsune", "kitsune"]
    )
    groups = yk.family_groups(yk.new_game(1, layout=layout))
    assert groups["kitsune"] == [[(0, 0), (1, 0)], [(2, 3), (3, 3)]]
    assert groups["oni"] == [[(0, 1), (1, 1), (2, 1), (3, 1)]]
