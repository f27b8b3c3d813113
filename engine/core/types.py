"""Small value types shared by every game: explanation steps, outcomes, game descriptions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


@dataclass(frozen=True)
class Step:
    """One step of an explanation: what was looked at, its value, why, and the rule applied.

    Explainers select steps by their structured fields, never by parsing the prose:
    ``kind`` is a stable key for what sort of step it is (``"bonus"``, ``"total"``,
    ``"winner"``…), ``subject`` is what it is about (a follower's position in a stack, a
    seat, a column…) and ``note`` names the rule note the step depends on (``"origin"``,
    ``"mortar"``…), which is never written into ``reason``.

    >>> Step("Umbrella bonus", 4, "the spirit object below is green 4", "Kid ghosts: umbrella",
    ...      kind="bonus", subject=1).subject
    1
    """

    label: str
    value: Any = None
    reason: str = ""
    rule: str = ""
    kind: str = ""
    subject: Any = None
    note: str = ""


class Termination(StrEnum):
    """Why a game ended, as a sentence in the game's own words.

    Core knows one reason only, ``Termination.NONE`` (the game goes on), which every game
    shares. Each game declares its own endings by subclassing this enum in its package
    (``engine/<game>/info.py``) and names that class in ``GameInfo.endings``; an ending is
    then a ``Termination`` (``isinstance``), a ``str`` (its sentence) and has a ``name``
    (what saves, Lab records and tests store). ``Ending.NONE`` is ``Termination.NONE``.

    >>> class Ending(Termination):
    ...     LAST_STONE = "the last stone was placed"
    >>> f"The game ended: {Ending.LAST_STONE}.", Ending.LAST_STONE.name
    ('The game ended: the last stone was placed.', 'LAST_STONE')
    >>> Ending.NONE is Termination.NONE, isinstance(Ending.LAST_STONE, Termination)
    (True, True)
    """


class _NotOver(Termination):
    """The one reason every game shares (an enum with members cannot be subclassed, so
    ``NONE`` lives in this subclass and is set on the base, where every game reads it)."""

    NONE = "the game is not over"


Termination.NONE = _NotOver.NONE


@dataclass(frozen=True)
class Outcome:
    """How a game ended (or stands): winner seat (None for a draw, shared win or a game not
    over), seats ranked best first, a score per seat, the explanation steps, and why it ended."""

    winner: int | None
    ranking: tuple[int, ...]
    scores: tuple[float, ...]
    steps: tuple[Step, ...] = ()
    termination: Termination = Termination.NONE


@dataclass(frozen=True)
class GameInfo:
    """Everything that names and describes a game: the one place a game's identity lives.

    ``seat_names`` names the seats in the game's own words (a seat beyond the tuple is
    "Player n"); ``hidden_information`` makes the pages hide other seats' cards (views,
    "pass the device") and the share link warn that it reveals them. ``cooperative`` says
    every seat shares one result (the search bot and the coach back up the team's score, the
    Lab counts team wins). ``endings`` is the game's own :class:`Termination` subclass: every
    reason ``outcome(state).termination`` may give once the game is over (``None``: any
    ``Termination``; the conformance suite checks an outcome against it).
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
    cooperative: bool = False
    endings: type[Termination] | None = None

    def seat_name(self, seat: int) -> str:
        """The seat's name: ``INFO.seat_name(0)`` -> "White — God of riches" or "Player 1"."""
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

    def check_setup(self, setup: dict, allowed: tuple[str, ...]) -> dict:
        """Return ``setup`` or raise ``ValueError`` naming a keyword this game does not know.

        >>> GameInfo("g", "Go", range(2, 3), 2, "").check_setup({"komi": 6}, ("handicap",))
        Traceback (most recent call last):
        ...
        ValueError: Go has no set-up option 'komi' (it has: handicap)
        """
        unknown = sorted(set(setup) - set(allowed))
        if unknown:
            known = ", ".join(allowed) if allowed else "none"
            raise ValueError(f"{self.title} has no set-up option {unknown[0]!r} (it has: {known})")
        return setup
