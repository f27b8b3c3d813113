"""The win check family by family, the score line by line and its tier."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine.yokai as yk
from engine.yokai.cards import HINT_IDS
from tests.engine.yokai.yk_helpers import ROWS

SPLIT = (
    ["kitsune", "kitsune", "kappa", "kappa"]
    + ["oni"] * 4
    + ["rokurokubi"] * 4
    + ["kappa", "kappa", "kitsune", "kitsune"]
)


@pytest.mark.parametrize(
    ("score", "name"),
    [
        (-3, "Honourable"),
        (10, "Honourable"),
        (11, "Glorious"),
        (14, "Glorious"),
        (15, "Legendary"),
        (35, "Legendary"),
    ],
)
def test_tiers(score, name):
    assert yk.tier(score) == name


def test_a_family_split_two_and_two_is_not_grouped():
    end = yk.apply(yk.new_game(1, layout=SPLIT), yk.Declare())
    assert not yk.families_grouped(end) and yk.score(end) is None
    steps = {s.subject: s for s in yk.outcome(end).steps if s.kind == "family"}
    assert steps["kitsune"].value is False and "2 + 2" in steps["kitsune"].reason
    assert steps["oni"].value is True and steps["kappa"].value is False
    verdict = [s for s in yk.outcome(end).steps if s.kind == "verdict"]
    assert verdict[0].value == "lost" and yk.outcome(end).scores == (0.0, 0.0)


def test_declaring_at_once_scores_five_per_hint_never_revealed():
    end = yk.apply(yk.new_game(1, 3, layout=ROWS), yk.Declare())
    assert yk.score(end) == 45  # 9 hints for 3 players
    steps = yk.score_steps(end)
    assert [s.kind for s in steps] == ["unrevealed"] * 9 + ["total"]
    assert steps[-1].subject == "Legendary" and yk.outcome(end).scores == (45.0,) * 3


def test_the_score_counts_each_hint_card_line_by_line():
    start = yk.new_game(1, layout=ROWS)
    hint = {name: HINT_IDS[frozenset(name.split("/"))] for name in ("kitsune", "kappa", "oni/kappa", "oni")}
    hints = [None] * 16
    hints[0] = hint["kitsune"]  # a kitsune: right, +1
    hints[4] = hint["oni"]  # a kappa: wrong, -1
    hints[5] = hint["oni/kappa"]  # a kappa: right, +1
    end = replace(
        start,
        hints=tuple(hints),
        revealed=(hint["kappa"],),
        deck=(1, 2),
        deck_size=2,
        termination=yk.Ending.DECLARED,
    )
    steps = yk.score_steps(end)
    assert [(s.kind, s.value) for s in steps] == [
        ("correct", 1),
        ("misplaced", -1),
        ("correct", 1),
        ("revealed", 2),
        ("unrevealed", 5),
        ("unrevealed", 5),
        ("total", 13),
    ]
    assert steps[-1].subject == "Glorious" and yk.score(end) == 13
    assert steps[1].subject == (0, 1) and "wrong" in steps[1].reason
