"""The example game the kit's tests play on: the first registered test game (Pebbles, in
``engine.core.registry.TEST_GAME_MODULES``), small enough to follow move by move. A shared
test takes it, its page and its page facts from here, never by its name."""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.core.protocol import Game
from engine.core.registry import TEST_GAME_MODULES


def example_game() -> Game:
    """The example game's engine module (imported whether or not ``DOJO_TEST_GAMES`` is on)."""
    return importlib.import_module(TEST_GAME_MODULES[0])


def example_id() -> str:
    return example_game().INFO.id


def example_page() -> str:
    """The example game's page script, for ``AppTest``."""
    return f"pages/{example_id()}.py"


def example_facts() -> ModuleType:
    """What the tests need to know of the example game's page (``tests/engine/<game>/page.py``)."""
    return importlib.import_module(f"tests.engine.{example_id()}.page")
