"""Small plans of every game, played in-process once: the reference the backends must match."""

import pytest

from lab.executor import InProcess
from lab.plan import Plan
from lab.run import run

SMALL_PLANS = (
    Plan("fan_mallet", 2, ("greedy", "random"), 6, 21),
    Plan("tanuki_matsuri", 2, ("greedy", "random"), 4, 21),
    Plan("yokai_carnival", 3, ("random", "greedy", "random"), 5, 21),
    Plan("yokai", 2, ("partner", "random"), 5, 21),
)


@pytest.fixture(scope="session")
def reference():
    """{plan: records} played in-process in chunks of one game."""
    found = {}
    for plan in SMALL_PLANS:
        with InProcess() as executor:
            found[plan] = sorted(
                (record for batch in executor.batches(plan, 1) for record in batch), key=lambda r: r.index
            )
    return found


@pytest.fixture
def small_results():
    """Finished in-process runs of the small plans, by game id."""
    return {plan.game: run(plan, InProcess()) for plan in SMALL_PLANS}
