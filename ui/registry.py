"""The UI side of the registry of games: which of a game's page pieces exist, and its icon.

Everything else about a game (title, Japanese name, blurb, players) is its engine's ``INFO``
(``engine.core.registry``). A game's page is made of pieces found by its id:

- its engine, following the whole protocol (``engine/<game>/``);
- ``boards/<game>.py`` with ``figure``, and ``explainers/<game>_text.py`` with ``board_text``
  (the board as text for a screen reader);
- ``ui/games/<game>/`` with ``ICON`` in its ``__init__.py``, ``play.py`` (``board`` and
  ``panel``), ``learn.py`` (``draw``) and ``whatif.py`` (``draw``);
- ``pages/<game>.py``, the page script;
- ``explainers/rules/<game>.md``, the rules summary.

A game missing any piece appears on Home as "in preparation" (:attr:`GameEntry.missing` says
which), never as a broken page or an error that takes the other pages down. ``GAMES`` is read
afresh from the registry on every access (``from ui.registry import GAMES`` in a page script
runs on each rerun), so ``DOJO_TEST_GAMES`` takes effect without a restart.

>>> [entry.missing for entry in entries()] == [()] * len(entries())
True
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from engine.core import GameInfo
from engine.core.registry import infos, is_ready

ROOT = Path(__file__).resolve().parent.parent
NO_ICON = "🎲"
"""What a game in preparation without an icon shows on Home."""

PIECES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("boards/{id}.py", ("figure",)),
    ("explainers/{id}_text.py", ("board_text",)),
    ("ui/games/{id}/play.py", ("board", "panel")),
    ("ui/games/{id}/learn.py", ("draw",)),
    ("ui/games/{id}/whatif.py", ("draw",)),
    ("pages/{id}.py", ()),
    ("explainers/rules/{id}.md", ()),
)
"""Each file a page needs, and the functions it must define (checked without importing it)."""


@cache
def _defines(path: Path) -> frozenset[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.ImportFrom):
            names |= {alias.asname or alias.name for alias in node.names}
    return frozenset(names)


@cache
def _icon(game_id: str) -> str | None:
    """The ``ICON = "…"`` its ``ui/games/<game>/__init__.py`` declares, read without importing
    it (so a package that fails to import leaves the game in preparation, not Home broken)."""
    path = ROOT / "ui" / "games" / game_id / "__init__.py"
    if not path.exists():
        return None
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "ICON" for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and node.value.value
        ):
            return node.value.value
    return None


def extra(game_id: str, piece: str) -> ModuleType | None:
    """The game's optional page piece ``ui/games/<game>/<piece>.py``, imported, or None when the
    game has none. ``challenge``: its class challenge set-up on Classroom, ``widgets(key)``
    and ``values(key)`` (the options, a dict), and ``WORDS`` (an option in words)."""
    if not (ROOT / "ui" / "games" / game_id / f"{piece}.py").exists():
        return None
    return importlib.import_module(f"ui.games.{game_id}.{piece}")


def missing_pieces(game_id: str) -> tuple[str, ...]:
    """What ``game_id``'s page still lacks, in words ("pages/nim.py", "learn.py: draw", ...)."""
    missing = [] if is_ready(game_id) else [f"engine/{game_id}: the whole protocol"]
    if _icon(game_id) is None:
        missing.append(f"ui/games/{game_id}/__init__.py: ICON")
    for pattern, functions in PIECES:
        path = ROOT / pattern.format(id=game_id)
        if not path.exists():
            missing.append(pattern.format(id=game_id))
        elif functions:
            lacking = [f for f in functions if f not in _defines(path)]
            missing += [f"{pattern.format(id=game_id)}: {f}" for f in lacking]
    return tuple(missing)


@dataclass(frozen=True)
class GameEntry:
    """A game as the shell lists it: its ``INFO``, icon and page."""

    info: GameInfo

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def icon(self) -> str:
        return _icon(self.id) or NO_ICON

    @property
    def page(self) -> str:
        return f"pages/{self.info.id}.py"

    @property
    def missing(self) -> tuple[str, ...]:
        """The pieces this game's page lacks (empty once it is ready)."""
        return missing_pieces(self.id)

    @property
    def ready(self) -> bool:
        return not self.missing


def entries() -> tuple[GameEntry, ...]:
    """Every registered game, ready or in preparation, in display order."""
    return tuple(GameEntry(info) for info in infos())


def __getattr__(name: str):
    if name == "GAMES":  # read afresh: the test games come and go with DOJO_TEST_GAMES
        return entries()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
