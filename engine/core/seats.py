"""The seat a ``view`` is asked for, checked the same way in every game that uses it.

>>> from types import SimpleNamespace as S
>>> own_view(S(players=2, viewer=None), 1), own_view(S(players=2, viewer=1), 1)
(False, True)
>>> own_view(S(players=2, viewer=0), 1)
Traceback (most recent call last):
ValueError: This is seat 0's view; it cannot show seat 1's
"""

from __future__ import annotations


def own_view(state, seat: object) -> bool:
    """Whether ``state`` is already ``seat``'s view (``view`` returns it as it is); False for a
    full state. ``ValueError`` when ``seat`` is not a seat of the game, or ``state`` is another
    seat's view (it cannot show more than that seat saw)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"This game has seats 0 to {state.players - 1}, not {seat!r}")
    if state.viewer is None:
        return False
    if state.viewer != seat:
        raise ValueError(f"This is seat {state.viewer}'s view; it cannot show seat {seat}'s")
    return True
