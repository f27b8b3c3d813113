"""What a game's Play code draws from: :class:`Table` (its own module, so the frame and the
kit's panels such as the coach import it without importing one another)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Game

from .seating import Seating, view_of
from .session import GameSession
from .store import Keys, play


@dataclass(frozen=True)
class Table:
    """What a game's Play code draws from: the session, which seat is shown, and its view."""

    game: Game
    keys: Keys
    session: GameSession
    seating: Seating

    @property
    def view(self):
        """The position on screen as the shown seat may see it (the full state in demo mode)."""
        return view_of(self.session, self.seating)

    @property
    def previous(self):
        """The same seat's view one move earlier (None at move 0), to mark the last move."""
        return view_of(self.session, self.seating, self.session.cursor - 1) if self.session.cursor else None

    def play(self, action) -> bool:
        return play(self.keys, action)
