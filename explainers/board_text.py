"""A board as text, for a screen reader: whose turn, the position as a short table, the last
move. Each game's ``explainers/<game>_text.py`` builds one from a seat's view (never from
more than that seat may see); ``ui.kit.board_text`` draws it next to the board.

>>> text = BoardText("Pebbles", "Player 1 to move.", ("Pile", "Pebbles"), (("A", "3"),), "None yet.")
>>> text.plain().splitlines()[:2]
['Pebbles', 'Player 1 to move.']
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class BoardText:
    """``title`` names the board; ``turn`` says whose turn it is (or the result); ``columns``
    and ``rows`` are the position's table; ``notes`` are short sentences (hands, decks,
    dice); ``last_move`` says what was played last."""

    title: str
    turn: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    last_move: str
    notes: tuple[str, ...] = ()

    def plain(self) -> str:
        """Everything as plain lines (what a screen reader reads, in order)."""
        table = [" | ".join(self.columns), *(" | ".join(row) for row in self.rows)]
        return "\n".join([self.title, self.turn, *self.notes, *table, f"Last move: {self.last_move}"])


def plain(markdown: str) -> str:
    """Markdown marks removed: ``"**Player 2** decides"`` -> ``"Player 2 decides"``.

    >>> plain("**Take a die** — *Rule: Playing.*  ")
    'Take a die — Rule: Playing.'
    """
    return re.sub(r"\*\*|(?<!\w)\*|\*(?!\w)|`", "", markdown).strip()
