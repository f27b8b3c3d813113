"""Yokai's own invariants for the property suite (``tests/property/game_checks.py``)."""

from tests.engine.yokai.test_yk_games import _check as check

__all__ = ["check"]
