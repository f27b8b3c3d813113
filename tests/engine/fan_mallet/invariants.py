"""Fan & Mallet's own invariants for the property suite (``tests/property/game_checks.py``)."""

from tests.engine.fan_mallet.test_fm_invariants import check as _check_state


def check(before, action, after) -> None:
    """Cards and markers are all accounted for after every move."""
    _check_state(after)
