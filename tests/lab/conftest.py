"""Small plans of every game, played in-process once: the reference the backends must match."""

import pytest

from engine.core.registry import games
from lab.executor import InProcess
from lab.plan import Plan
from lab.run import run
from tests.random_play import few_players, quick_seats


def small_plan(game) -> Plan:
    """Five games at up to three players of quick bots."""
    players = few_players(game)
    return Plan(game.INFO.id, players, quick_seats(game, players), 5, 21)


SMALL_PLANS = tuple(small_plan(game) for game in games())


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
