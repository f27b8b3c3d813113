"""Yokai Carnival's set-up widgets for New game: the default deck or an uploaded deck file."""

from __future__ import annotations

import engine.yokai_carnival as yc
from ui.kit import Keys
from ui.kit.datafile import DataFile, data_file_values, data_file_widgets


def _load(text: str) -> tuple[str, dict]:
    deck = yc.load_deck(text)
    return deck["name"], deck


DECK = DataFile(
    keys=Keys(yc.INFO.id),
    noun="deck",
    setup_key="deck",
    default_label="Default deck (texts reconstructed from the rulebook's colour themes)",
    uploader_label="Deck file (JSON)",
    help="A deck in the engine's deck format (the Rules tab describes it). A file with a mistake "
    "is refused with the name of every field at fault; the game on screen is kept.",
    load=_load,
)


def widgets() -> None:
    data_file_widgets(DECK)


def values() -> dict:
    return data_file_values(DECK)
