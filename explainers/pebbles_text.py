"""Pebbles' board as text (see ``explainers.board_text``), from one seat's view.

>>> import engine.pebbles as pebbles
>>> text = board_text(pebbles.view(pebbles.new_game(1), 0))
>>> text.turn, text.rows, text.last_move
('To move: Left.', (('Pile', '10', '3'),), 'No pebble has been taken yet.')
>>> text.notes[1]
"Right's lucky number: hidden"
"""

from __future__ import annotations

import engine.pebbles as pebbles
from explainers.board_text import BoardText


def _turn(view) -> str:
    if pebbles.is_over(view):
        return f"Game over: {pebbles.INFO.seat_name(pebbles.outcome(view).winner)} wins."
    return f"To move: {pebbles.INFO.seat_name(pebbles.current_player(view))}."


def _lucky(seat: int, number: int | None) -> str:
    return f"{pebbles.INFO.seat_name(seat)}'s lucky number: {'hidden' if number is None else number}"


def board_text(view) -> BoardText:
    """The pile, whose turn it is, each seat's lucky number as this seat may see it, the last take."""
    last = f"{view.log[-1].count} taken." if view.log else "No pebble has been taken yet."
    notes = tuple(_lucky(seat, number) for seat, number in enumerate(view.lucky))
    row = ("Pile", str(view.pile), str(min(3, view.pile)))
    return BoardText(
        "Pebbles", _turn(view), ("Pile", "Pebbles left", "Most one may take"), (row,), last, notes
    )
