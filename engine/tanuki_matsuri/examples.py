"""Set-up values ``new_game`` accepts, one example per keyword (the conformance suite checks
that each survives saves and share links and plays on identically)."""

from __future__ import annotations

from .sheet import DEFAULT_SHEET, sheet_to_dict


def _edited_sheet() -> dict:
    """The default sheet as a teacher might edit it: renamed, with a bigger first line bonus."""
    sheet = sheet_to_dict(DEFAULT_SHEET)
    sheet["name"] = "Class sheet"
    sheet["lines"][0]["bonus"] += 2
    return sheet


SETUP_EXAMPLES: tuple[tuple[int, dict], ...] = (
    (1, {"dice": [[1, 3, 6], [2, 2, 5], [4, 6, 6]]}),
    (1, {"sheet": _edited_sheet()}),
    (1, {"legacy_dice": True}),
    (3, {"sheet": _edited_sheet(), "dice": [[6, 5, 4], [1, 1, 2]]}),
)
"""``(players, setup)`` pairs: scripted dice, a custom sheet, the dice of version-1 saves."""
