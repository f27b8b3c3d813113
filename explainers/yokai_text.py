"""Yokai's board as text (see ``explainers.board_text``), from one seat's view: a card's
family shows only where that seat has seen it.

>>> import engine.yokai as yk
>>> text = board_text(yk.view(yk.new_game(5, 2), 0))
>>> text.turn
'To move: Player 1, step 1: peek at 2 cards.'
>>> len(text.rows), text.rows[0]
(16, ('B2', 'face down, not seen', ''))
"""

from __future__ import annotations

import engine.yokai as yk
import explainers.yokai as ex
from explainers.board_text import BoardText
from explainers.yokai_words import FAMILY_NAME, cell_label, hint_families, word

COLUMNS = ("Cell (column, row)", "Card", "Hint on it")


def _card(card) -> str:
    if card.family is None:
        return "face down, not seen"
    return FAMILY_NAME[card.family] + (" (peeked this turn)" if card.peeked else "")


def _hint(hint) -> str:
    return " or ".join(FAMILY_NAME[f] for f in hint_families(hint))


def _turn(view) -> str:
    if yk.is_over(view):
        return f"Game over: {ex.verdict(view)}"
    return f"To move: {yk.INFO.seat_name(yk.current_player(view))}, {word('step_' + yk.phase(view))}."


def _last(view) -> str:
    rows = ex.last_turn_rows(view)  # a peeked family is named only to the seat that saw it
    said = (
        f"{r['Step']}" + (f" ({r['Result'].strip('()')})" if r["Result"] else "") + f": {r['Why']}."
        for r in rows
    )
    return " ".join(said) if rows else "Nothing played yet."


def board_text(view) -> BoardText:
    """Every card by cell (row by row), its family if this seat has seen it, the hints on it."""
    hints = yk.placed_hints(view)
    cards = yk.board(view)
    rows = tuple(
        (cell_label(cell, cards), _card(cards[cell]), _hint(hints[cell]) if cell in hints else "")
        for cell in sorted(cards, key=lambda c: (-c[1], c[0]))  # row by row from the top, as drawn
    )
    revealed = yk.revealed_hints(view)
    notes = (
        f"Hint deck: {yk.hint_deck_size(view)} cards. Revealed hints waiting: "
        + ("; ".join(_hint(h) for h in revealed) or "none")
        + ".",
    )
    return BoardText("Yokai board", _turn(view), COLUMNS, rows, _last(view), notes)
