"""The layout as a seat sees it: ``board(state)`` -> {(x, y): YokaiCard}.

>>> from engine.yokai import new_game, view
>>> b = board(view(new_game(2), 1))
>>> len(b), b[(0, 0)].id, b[(0, 0)].family, b[(0, 0)].hint
(16, 0, None, None)
"""

from __future__ import annotations

from .cards import FAMILIES, HINT_CARDS, YokaiCard
from .state import State


def board(state: State) -> dict:
    """Every card by its cell; a view shows the family of the cards its seat has seen."""
    out = {}
    for card, cell in enumerate(state.cells):
        family = state.families[card]
        hint = state.hints[card]
        out[cell] = YokaiCard(
            id=card,
            family=None if family is None else FAMILIES[family],
            hint=None if hint is None else HINT_CARDS[hint],
            peeked=card in state.peeks,
        )
    return out
