"""The outcome check itself (``harness.check_outcome``, run at every checked position of the
seeded games): it refuses a winner, ranking and scores that tell different stories."""

from __future__ import annotations

import pytest

from engine.core import Outcome
from tests.contract.harness import check_outcome


@pytest.mark.parametrize(
    "outcome",
    [
        Outcome(winner=1, ranking=(0, 1), scores=(7, 3)),  # the win given to the loser
        Outcome(winner=0, ranking=(0, 1), scores=(3, 7)),  # scores say the other seat won
        Outcome(winner=None, ranking=(1, 0, 2), scores=(4, 9, 1)),  # a clear best, yet "a draw"
        Outcome(winner=None, ranking=(0, 1), scores=(2, 5)),
    ],
)
def test_an_incoherent_outcome_is_caught(outcome):
    with pytest.raises(AssertionError):
        check_outcome(outcome, over=True)


@pytest.mark.parametrize(
    "outcome",
    [
        Outcome(winner=0, ranking=(0, 1), scores=(7, 3)),
        Outcome(winner=2, ranking=(2, 0, 1), scores=(5, 5, 5)),  # a tie broken by a later rule
        Outcome(winner=None, ranking=(1, 0), scores=(6, 6)),  # a draw
        Outcome(winner=None, ranking=(0, 1, 2), scores=(12, 12, 12)),  # a shared result
        Outcome(winner=None, ranking=(0,), scores=(40,)),  # solo
    ],
)
def test_a_coherent_outcome_passes(outcome):
    check_outcome(outcome, over=True)
