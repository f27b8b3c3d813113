"""Small value types shared by every game: explanation steps, outcomes, game descriptions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of an explanation: what was looked at, its value, why, and the rule applied.

    >>> Step("Umbrella bonus", 4, "the spirit object below is green 4", "Kid ghosts: umbrella")
    Step(label='Umbrella bonus', value=4, reason='the spirit object below is green 4', rule='Kid ghosts: umbrella')
    """

    label: str
    value: Any = None
    reason: str = ""
    rule: str = ""


@dataclass(frozen=True)
class Outcome:
    """How a game ended (or stands): winner seat (None for a draw, shared win or a game not
    over), seats ranked best first, a score per seat, and the explanation steps."""

    winner: int | None
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    steps: tuple[Step, ...] = ()
    termination: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What the shell needs to list and set up a game.

    ``seat_names`` names the seats in the game's own words (a seat beyond the tuple is
    "Player n"); ``hidden_information`` makes the share link warn that it reveals hidden cards.
    """

    id: str
    title: str
    players: range
    default_players: int
    blurb: str
    japanese: str = ""
    audience: str = ""
    hidden_information: bool = False
    seat_names: tuple[str, ...] = field(default_factory=tuple)

    def seat_name(self, seat: int) -> str:
        """The seat's name: ``INFO.seat_name(0)`` -> "White (God of riches)" or "Player 1"."""
        if 0 <= seat < len(self.seat_names):
            return self.seat_names[seat]
        return f"Player {seat + 1}"

    def check_players(self, players: int) -> int:
        """Return ``players`` or raise ``ValueError`` saying which counts the game allows."""
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.players:
            lo, hi = self.players.start, self.players.stop - 1
            allowed = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
            raise ValueError(f"{self.title} is played by {allowed} players, not {players!r}")
        return players
