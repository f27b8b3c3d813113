"""A game's teaching facts: numbers a teacher can ask a class about, one dict per finished game.

A game declares them as ``FACTS = Facts(...)`` (``engine/<game>/facts.py``, re-exported by
its package); the Lab only iterates them (``lab/facts.py``). A game that declares none has
no facts. Every fact comes from the public protocol (the actions played, ``outcome``) and
the game's exported explanation functions, never from a state's private fields.

>>> from engine.core import PlayedGame
>>> moves = Facts({"moves": "Moves played"}, lambda played: {"moves": float(len(played.actions))})
>>> moves.of(PlayedGame(1, None, ("a", "b"))), moves.team_win
({'moves': 2.0}, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .loop import PlayedGame

Ratio = tuple[str, str, str, str]
"""``(label, numerator key, denominator key, unit)``: run totals divided, for "per trigger"
averages; the unit says how a page shows the ratio ("share": a percentage, "points": a number)."""


@dataclass(frozen=True)
class Facts:
    """``labels`` says what each key means in a teacher's words, in the order to show them;
    ``measure`` computes them for one finished game; ``ratios`` adds averages over a whole run
    (a sum over a sum, never a mean of per-game means); ``team_win`` is, in a cooperative game,
    the key that says the team won."""

    labels: Mapping[str, str]
    measure: Callable[[PlayedGame], dict[str, float]]
    ratios: tuple[Ratio, ...] = ()
    team_win: str | None = None

    def of(self, played: PlayedGame) -> dict[str, float]:
        """The facts of one finished game."""
        return self.measure(played)


def facts_of(game: object) -> Facts | None:
    """The game module's ``FACTS``, or None for a game that declares none."""
    return getattr(game, "FACTS", None)
