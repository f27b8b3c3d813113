"""The registry of games: the engine modules in display order.

A game is ready once its module follows the whole protocol; until then its package holds
only ``INFO`` and the pages show it as "in preparation". The UI adds only a page and an icon.

>>> [info.id for info in infos()]
['fan_mallet', 'tanuki_matsuri', 'yokai_carnival', 'yokai']
>>> game("fan_mallet").INFO.title
'Fan & Mallet'
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from .protocol import Game
from .types import GameInfo

GAME_MODULES = ("engine.fan_mallet", "engine.tanuki_matsuri", "engine.yokai_carnival", "engine.yokai")


@cache
def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def infos() -> tuple[GameInfo, ...]:
    """Every game's ``INFO``, ready or in preparation, in display order."""
    return tuple(_module(name).INFO for name in GAME_MODULES)


def is_ready(game_id: str) -> bool:
    """True once the game's engine follows the whole protocol."""
    return isinstance(_module(_name(game_id)), Game)


def games() -> tuple[Game, ...]:
    """The ready games' engine modules, in display order."""
    return tuple(_module(n) for n in GAME_MODULES if isinstance(_module(n), Game))


def game(game_id: str) -> Game:
    """The engine module of a ready game; ``KeyError`` naming the game otherwise."""
    module = _module(_name(game_id))
    if not isinstance(module, Game):
        raise KeyError(f"{module.INFO.title} is in preparation: its engine is not ready yet")
    return module


def _name(game_id: str) -> str:
    name = f"engine.{game_id}"
    if name not in GAME_MODULES:
        raise KeyError(
            f"No game {game_id!r}; the games are: {', '.join(n.split('.')[1] for n in GAME_MODULES)}"
        )
    return name
