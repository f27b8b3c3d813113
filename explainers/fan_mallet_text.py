"""Fan & Mallet's board as text (see ``explainers.board_text``), from one seat's view.

>>> import engine.fan_mallet as fm
>>> text = board_text(fm.view(fm.new_game(5), 0))
>>> text.turn, text.columns[0], len(text.rows)
('To move: White — God of riches.', 'House', 12)
>>> any("Black's hand: 6 hidden cards" in note for note in text.notes)
True
"""

from __future__ import annotations

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from explainers.board_text import BoardText

COLUMNS = ("House", "Followers, bottom to top", "Marker")


def _seat(faction: str) -> str:
    return faction.capitalize()


def _hand(view, faction: str) -> str:
    try:
        cards = fm.hand(view, faction)
    except ValueError:  # hidden from this seat: only the count shows
        return f"{_seat(faction)}'s hand: {fm.hand_size(view, faction)} hidden cards"
    names = ", ".join(ex.follower_label(f) for f in cards) or "empty"
    return f"{_seat(faction)}'s hand: {names}"


def _turn(view) -> str:
    if fm.is_over(view):
        return f"Game over: {fm.INFO.seat_name(fm.outcome(view).winner)} wins."
    return f"To move: {fm.INFO.seat_name(fm.current_player(view))}."


def board_text(view) -> BoardText:
    """The oval's houses with their followers and markers, both hands as the seat sees
    them, the markers and decks, and the card played last."""
    rows = tuple(
        (
            ex.house_name(slot.house, slot.index),
            ", ".join(ex.follower_name(f) for f in slot.stack) or "empty",
            "none" if slot.owner is None else _seat(slot.owner),
        )
        for slot in fm.houses(view)
    )
    markers = fm.markers(view)
    notes = tuple(_hand(view, faction) for faction in fm.FACTIONS) + tuple(
        f"{_seat(f)}: {markers[f]} of {fm.MARKERS} markers placed, {fm.deck_size(view, f)} cards in the deck, "
        f"pawn at {'the start' if fm.pawn(view, f) is None else f'house {fm.pawn(view, f)}'}."
        for f in fm.FACTIONS
    )
    placed = fm.last_placed(view)
    last = (
        "No card has been played yet."
        if placed is None
        else f"{ex.follower_name(placed[1])} went to house {placed[0]}."
    )
    return BoardText("Fan & Mallet board", _turn(view), COLUMNS, rows, last, notes)
