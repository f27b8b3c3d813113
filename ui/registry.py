"""The UI side of the registry of games: only each game's icon and page script.

Everything else about a game (title, Japanese name, blurb, players) is its engine's
``INFO`` (``engine.core.registry``). A game whose engine or page is not ready yet appears
on Home as "in preparation" instead of as a broken page.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core import GameInfo
from engine.core.registry import infos, is_ready

ROOT = Path(__file__).resolve().parent.parent
ICONS = {"fan_mallet": "🪭", "tanuki_matsuri": "🦝", "yokai_carnival": "🏮", "yokai": "👻"}


@dataclass(frozen=True)
class GameEntry:
    """A game as the shell lists it: its ``INFO``, icon and page."""

    info: GameInfo
    icon: str

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def page(self) -> str:
        return f"pages/{self.info.id}.py"

    @property
    def ready(self) -> bool:
        return (ROOT / self.page).exists() and is_ready(self.info.id)


GAMES: tuple[GameEntry, ...] = tuple(GameEntry(info, ICONS[info.id]) for info in infos())


def icon(game_id: str) -> str:
    return ICONS[game_id]
