"""The registry of games: the engine modules in display order.

A game is ready once its module follows the whole protocol; until then its package holds
only ``INFO`` and the pages show it as "in preparation". The UI adds only its page files
(``ui/registry.py`` says which). Test-only games (the example game Pebbles) are registered
only when ``DOJO_TEST_GAMES=1``, read at every call so a test can set it.

>>> [info.id for info in infos()] == [g.INFO.id for g in games()]  # every game here is ready
True
>>> game(games()[0].INFO.id) is games()[0]
True
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from types import ModuleType

from .protocol import Game
from .types import GameInfo

GAME_MODULES = ("engine.fan_mallet", "engine.tanuki_matsuri", "engine.yokai_carnival", "engine.yokai")
TEST_GAME_MODULES = ("engine.pebbles",)
"""Games for the tests alone, registered after the others when ``DOJO_TEST_GAMES=1``."""


def game_modules() -> tuple[str, ...]:
    """The registered modules' names, in display order (test games last, when switched on)."""
    if os.environ.get("DOJO_TEST_GAMES") == "1":
        return GAME_MODULES + TEST_GAME_MODULES
    return GAME_MODULES


@cache
def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def infos() -> tuple[GameInfo, ...]:
    """Every game's ``INFO``, ready or in preparation, in display order."""
    return tuple(_module(name).INFO for name in game_modules())


def is_ready(game_id: str) -> bool:
    """True once the game's engine follows the whole protocol."""
    return isinstance(_module(_name(game_id)), Game)


def games() -> tuple[Game, ...]:
    """The ready games' engine modules, in display order."""
    return tuple(_module(n) for n in game_modules() if isinstance(_module(n), Game))


def game(game_id: str) -> Game:
    """The engine module of a ready game; ``KeyError`` naming the game otherwise."""
    module = _module(_name(game_id))
    if not isinstance(module, Game):
        raise KeyError(f"{module.INFO.title} is in preparation: its engine is not ready yet")
    return module


def _name(game_id: str) -> str:
    name = f"engine.{game_id}"
    if name not in game_modules():
        raise KeyError(
            f"No game {game_id!r}; the games are: {', '.join(n.split('.')[1] for n in game_modules())}"
        )
    return name
