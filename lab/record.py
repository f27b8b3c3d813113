"""One played game boiled down to what the Lab tables need: a small picklable record.

Workers return records, never states, so a chunk travels back to the page as a few numbers
a game whatever the backend.

>>> from lab.plan import Plan
>>> record = play_one(Plan("fan_mallet", 2, ("greedy", "random"), games=1, seed=7), 0)
>>> record.index, len(record.scores), record.moves > 0, record.termination
(0, 2, True, 'ALL_MARKERS')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import play_game
from engine.core.registry import game as registry_game

from .bots import lab_bots
from .facts import fact_labels, facts
from .plan import Plan, game_seed


@dataclass(frozen=True)
class GameRecord:
    """The result of the ``index``-th game of a plan."""

    index: int
    seed: int
    winner: int | None
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    moves: int
    termination: str
    facts: tuple[tuple[str, float], ...]


def _ordered(game_id: str, found: dict[str, float]) -> tuple[tuple[str, float], ...]:
    # The labels' order is the teaching order; a key without a label goes last, sorted.
    order = {key: n for n, key in enumerate(fact_labels(game_id))}
    keys = sorted(found, key=lambda key: (order.get(key, len(order)), key))
    return tuple((key, float(found[key])) for key in keys)


def play_many(plan: Plan, indices: Sequence[int]) -> list[GameRecord]:
    """What a worker runs for one chunk: the plan's games at ``indices``, in that order."""
    engine = registry_game(plan.game)
    bots = lab_bots(plan.game)
    seats = [bots[name] for name in plan.seats]
    records = []
    for index in indices:
        seed = game_seed(plan, index)
        played = play_game(engine, seats, seed, players=plan.players)
        outcome = engine.outcome(played.state)
        records.append(
            GameRecord(
                index=index,
                seed=seed,
                winner=outcome.winner,
                ranking=tuple(outcome.ranking),
                scores=tuple(float(score) for score in outcome.scores),
                moves=len(played.actions),
                termination=outcome.termination.name,
                facts=_ordered(plan.game, facts(plan.game, played)),
            )
        )
    return records


def play_one(plan: Plan, index: int) -> GameRecord:
    """The ``index``-th game of ``plan``, played through ``engine.core.play_game``."""
    return play_many(plan, [index])[0]
