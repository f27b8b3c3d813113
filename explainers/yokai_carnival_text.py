"""Yokai Carnival's table as text (see ``explainers.board_text``), from one seat's view.

>>> import engine.yokai_carnival as yc
>>> text = board_text(yc.view(yc.new_game(7, 3), 0))
>>> text.turn
'Player 1 decides: summon a Yokai card from hand.'
>>> text.rows[0][1].startswith("3 cards: "), [row[1] for row in text.rows[1:]]  # only your own hand
(True, ['3 cards, hidden', '3 cards, hidden'])
"""

from __future__ import annotations

import engine.yokai_carnival as yc
import explainers.yokai_carnival as ex
from explainers.board_text import BoardText, plain

COLUMNS = ("Player", "Hand", "Line, first card first")


def card_words(card) -> str:
    """``"Kappa (green, protected)"``: the name, then the colour and the marks a card has."""
    marks = [card.colour] + [m for m in ("protected", "unconfirmed") if getattr(card, m, False)]
    return f"{card.name} ({', '.join(marks)})"


def _hand(view, seat: int) -> str:
    count = yc.hand_size(view, seat)
    try:
        cards = yc.hand(view, seat)
    except ValueError:  # another seat's hand: only its size shows
        return f"{count} cards, hidden"
    return f"{count} cards: {', '.join(card_words(c) for c in cards)}" if cards else "no cards"


def _turn(view) -> str:
    if yc.is_over(view):
        return f"Game over: {ex.seat_name(yc.ranking(view)[0])} wins."
    return plain(ex.decision_line(view))


def board_text(view) -> BoardText:
    """Every seat's hand (cards only for the seat's own) and line, the piles, the last turn."""
    me = yc.viewer(view)
    rows = tuple(
        (
            ex.seat_name(seat) + (" (you)" if seat == me else ""),
            _hand(view, seat),
            ", ".join(card_words(c) for c in line) or "no cards yet",
        )
        for seat, line in enumerate(yc.lines(view))
    )
    notes = (
        f"Yama: {yc.yama_size(view)} cards. General Yama: {yc.general_yama_size(view)} cards. "
        f"Discard pile: {len(yc.discard(view))} cards.",
    )
    last = " ".join(plain(line) + ("" if line.endswith(".") else ".") for line in ex.last_turn_lines(view))
    return BoardText("Yokai Carnival table", _turn(view), COLUMNS, rows, last or "No turn played yet.", notes)
