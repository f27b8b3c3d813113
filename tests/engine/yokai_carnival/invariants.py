"""Yokai Carnival's own invariants for the property suite (``tests/property/game_checks.py``)."""

from tests.engine.yokai_carnival.test_invariants import _check_move as check

__all__ = ["check"]
