"""Set-up values ``new_game`` accepts, one example per keyword (the conformance suite checks
that each survives saves and share links and plays on identically)."""

from __future__ import annotations

from .cards import FAMILIES

_ROWS = [family for family in FAMILIES for _ in range(4)]  # each row one family

SETUP_EXAMPLES: tuple[tuple[int, dict], ...] = (
    (2, {"layout": _ROWS[4:] + _ROWS[:4]}),
    (3, {"hints": [["oni"], ["kappa", "oni"], ["kitsune", "kappa", "rokurokubi"]]}),
    (4, {"last_hint_only": True}),
    (2, {"layout": _ROWS, "hints": [["kitsune"]], "last_hint_only": True}),
)
"""``(players, setup)`` pairs: a layout (row by row), the hint deck's top, the level 3 variant."""
