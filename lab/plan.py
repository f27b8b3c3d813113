"""What a Lab run plays: a game, its seats' bots, how many games and the run's seed.

A plan is a plain frozen value: the cache key, the executors and the page all read the same
fields, and every game's seed follows from the plan alone (:func:`game_seed`), so the same
plan gives the same games on any backend and any chunking.

>>> plan = Plan("fan_mallet", 2, ("greedy", "random"), games=100, seed=7)
>>> plan.check()
>>> game_seed(plan, 0) == game_seed(plan, 0) != game_seed(plan, 1)
True
>>> Plan("fan_mallet", 3, ("random",) * 3, games=0, seed=7).check()
Traceback (most recent call last):
...
ValueError: players: Fan & Mallet takes 2 players, not 3; games: a run plays 1 to 20,000 games, not 0
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

from engine.core import rng_for
from engine.core.registry import game as registry_game
from engine.core.registry import games as ready_games
from engine.core.rng import MAX_SEED

from .bots import lab_bots

MAX_GAMES = 20_000


def bot_names(game_id: str) -> list[str]:
    """The game's own bots, weakest first (``bots()`` keeps that order), then ``search``.

    >>> bot_names("yokai")
    ['random', 'partner', 'search']
    """
    return list(lab_bots(game_id))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Plan:
    """One Lab run: ``games`` games of ``game`` with one bot per seat, seeded by ``seed``."""

    game: str
    players: int
    seats: tuple[str, ...]
    games: int
    seed: int

    def __post_init__(self) -> None:
        # A list from a form becomes a tuple: plans are hashable and compare by value.
        if not isinstance(self.seats, tuple):
            object.__setattr__(self, "seats", tuple(self.seats))

    def problems(self) -> list[str]:
        """Every bad field, as "field: what is wrong" (empty when the plan is good)."""
        problems = []
        ids = [g.INFO.id for g in ready_games()]
        engine = registry_game(self.game) if self.game in ids else None
        if engine is None:
            problems.append(f"game: no game {self.game!r}; the games are: {', '.join(ids)}")
        else:
            title, allowed = engine.INFO.title, engine.INFO.players
            if not _is_int(self.players) or self.players not in allowed:
                lo, hi = allowed.start, allowed.stop - 1
                counts = str(lo) if lo == hi else f"{lo} to {hi}"
                problems.append(f"players: {title} takes {counts} players, not {self.players!r}")
            elif len(self.seats) != self.players:
                problems.append(
                    f"seats: {self.players} players need {self.players} bots, not {len(self.seats)}"
                )
            names = bot_names(self.game)
            unknown = [seat for seat in self.seats if seat not in names]
            if unknown:
                problems.append(f"seats: {title} has no bot {unknown[0]!r}; its bots are: {', '.join(names)}")
        if not _is_int(self.games) or not 1 <= self.games <= MAX_GAMES:
            problems.append(f"games: a run plays 1 to {MAX_GAMES:,} games, not {self.games!r}")
        if not _is_int(self.seed) or not 0 <= self.seed <= MAX_SEED:
            problems.append(f"seed: a seed is a whole number from 0 to {MAX_SEED}, not {self.seed!r}")
        return problems

    def check(self) -> None:
        """Raise ``ValueError`` naming every bad field, or return quietly."""
        problems = self.problems()
        if problems:
            raise ValueError("; ".join(problems))

    def key(self) -> str:
        """A stable cache key: SHA-256 of the fields as canonical JSON.

        >>> Plan("yokai", 2, ("partner", "partner"), 10, 1).key()[:12]
        '9648899969d4'
        """
        fields = asdict(self)
        fields["seats"] = list(self.seats)
        text = json.dumps(fields, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def game_seed(plan: Plan, index: int) -> int:
    """The ``index``-th game's seed: 63 bits drawn from the run's seed, the game and the index
    (never from the chunk or the worker that plays it)."""
    return rng_for(plan.seed, "lab", plan.game, index).getrandbits(63)
