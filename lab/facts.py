"""Per-game teaching facts: numbers a teacher can ask a class about, one dict per game.

Each game declares its own (``FACTS = Facts(...)`` in ``engine/<game>/facts.py``, see
``engine.core.facts``); the Lab only reads them through the registry. A game without any has
no facts, no labels and no ratios.
"""

from __future__ import annotations

from engine.core import PlayedGame
from engine.core.facts import Facts, Ratio, facts_of
from engine.core.registry import game as registry_game


def _declared(game_id: str) -> Facts | None:
    return facts_of(registry_game(game_id))  # a KeyError naming the games for an unknown id


def fact_labels(game_id: str) -> dict[str, str]:
    """What each fact's key means in a teacher's words, in the order to show them."""
    declared = _declared(game_id)
    return dict(declared.labels) if declared is not None else {}


def fact_ratios(game_id: str) -> tuple[Ratio, ...]:
    """``(label, numerator key, denominator key, unit)`` averages over a whole run."""
    declared = _declared(game_id)
    return declared.ratios if declared is not None else ()


def team_win(game_id: str) -> str | None:
    """In a cooperative game, the fact that says the team won (None otherwise)."""
    declared = _declared(game_id)
    return declared.team_win if declared is not None else None


def facts(game_id: str, played: PlayedGame) -> dict[str, float]:
    """The teaching facts of one finished game (an empty dict for a game without any).

    >>> from engine.core import play_game
    >>> from engine.core.registry import games
    >>> first = next(g for g in games() if facts_of(g) is not None)
    >>> found = facts(first.INFO.id, play_game(first, [first.bots()["random"]] * first.INFO.default_players, seed=3))
    >>> list(found) == list(fact_labels(first.INFO.id))
    True
    """
    declared = _declared(game_id)
    return declared.of(played) if declared is not None else {}
