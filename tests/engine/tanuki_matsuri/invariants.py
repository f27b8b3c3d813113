"""Tanuki Matsuri's own invariants for the property suite (``tests/property/game_checks.py``)."""

import engine.tanuki_matsuri as tm
from tests.engine.tanuki_matsuri.test_tm_random_games import _check as _check_marks


def check(before, action, after) -> None:
    """Marks only grow, as the sheet allows."""
    # a move may mark several sheets (the acting seat's and any seat that chose automatically)
    for seat in range(after.players):
        if after.boards[seat] != before.boards[seat]:
            _check_marks(tm.marks(before, seat), tm.marks(after, seat), tm.icon_marks(after, seat))
