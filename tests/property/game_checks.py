"""Each game's own invariants, as checked by its engine tests in ``tests/engine`` (imported from
there, not copied), all called as ``check(before, action, after)`` after every move."""

from __future__ import annotations

from collections.abc import Callable

import engine.tanuki_matsuri as tm
from tests.engine.fan_mallet.test_fm_invariants import check as fan_mallet_check
from tests.engine.tanuki_matsuri.test_tm_random_games import _check as tanuki_marks_check
from tests.engine.yokai.test_yk_games import _check as yokai_check
from tests.engine.yokai_carnival.test_invariants import _check_move as yokai_carnival_check


def _fan_mallet(before, action, after) -> None:
    fan_mallet_check(after)


def _tanuki_matsuri(before, action, after) -> None:
    # a move may mark several sheets (the acting seat's and any seat that chose automatically)
    for seat in range(after.players):
        if after.boards[seat] != before.boards[seat]:
            tanuki_marks_check(tm.marks(before, seat), tm.marks(after, seat), tm.icon_marks(after, seat))


GAME_CHECKS: dict[str, Callable] = {
    "fan_mallet": _fan_mallet,
    "tanuki_matsuri": _tanuki_matsuri,
    "yokai_carnival": yokai_carnival_check,
    "yokai": yokai_check,
}


def game_check(game_id: str) -> Callable:
    """The move check of a game; a game without one fails here, so a new game gets one."""
    assert game_id in GAME_CHECKS, f"{game_id} has no invariants in tests/property/game_checks.py"
    return GAME_CHECKS[game_id]
