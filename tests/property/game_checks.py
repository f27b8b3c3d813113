"""Each game's own invariants, found by its id: ``tests/engine/<game>/invariants.py`` holds
``check(before, action, after)``, called after every move (written once, beside the game's
engine tests, and imported from there). A game without that module is checked by the
protocol's generic invariants alone (``tests/contract/harness.py``), which every game gets."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable


def _none(before, action, after) -> None:
    """A game without invariants of its own: the generic checks only."""


def game_check(game_id: str) -> Callable:
    """The move check of a game (a check that passes for a game without invariants)."""
    name = f"tests.engine.{game_id}.invariants"
    try:
        found = importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # no tests/engine/<game>/ at all
        found = False
    return importlib.import_module(name).check if found else _none
