"""The games the dashboard knows: each game's engine module and page, or "in preparation".

A new game plugs in by adding an entry here (its engine package follows the shared
protocol; its page lives in ``pages/``). A game whose engine or page is not there yet
appears on Home as "in preparation" instead of as a broken page.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class GameEntry:
    id: str
    title: str
    japanese: str
    blurb: str
    audience: str
    icon: str
    module: str
    page: str

    def engine(self) -> ModuleType | None:
        """The game's engine module, or None while it is in preparation."""
        try:
            return importlib.import_module(self.module)
        except ModuleNotFoundError as exc:
            if exc.name and self.module.startswith(exc.name):
                return None
            raise

    @property
    def ready(self) -> bool:
        return (ROOT / self.page).exists() and self.engine() is not None


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "fan_mallet",
        "Fan & Mallet",
        "団扇と小槌",
        "Two gods send followers round an oval of 12 houses; a full house is possessed by the "
        "side with more power. Kid ghosts bend the sums.",
        "2 players, about 30 minutes; learners who like a puzzle in every card.",
        "🪭",
        "engine.fan_mallet",
        "pages/fan_mallet.py",
    ),
    GameEntry(
        "tanuki_matsuri",
        "Tanuki Matsuri",
        "狸祭り",
        "Roll the dice, circle fruits on your sheet and let the effects chain: tanuki, torii, "
        "flowers and Granny multiply your score.",
        "Solo or 1–10 players; a quick daily puzzle or a whole class at once.",
        "🎲",
        "engine.tanuki_matsuri",
        "pages/tanuki_matsuri.py",
    ),
    GameEntry(
        "yokai_carnival",
        "Yokai Carnival",
        "妖怪カーニバル",
        "Build lines of yokai cards, strike your rivals' lines and call a General Summon.",
        "2–5 players.",
        "🏮",
        "engine.yokai_carnival",
        "pages/yokai_carnival.py",
    ),
    GameEntry(
        "yokai",
        "Yokai",
        "妖怪",
        "A cooperative game of hidden cards: move them, keep them connected, give hints and "
        "group the four families.",
        "2–4 players working together.",
        "👻",
        "engine.yokai",
        "pages/yokai.py",
    ),
)


def by_id(game_id: str) -> GameEntry:
    return next(g for g in GAMES if g.id == game_id)
