"""Every page of the shell opens and shows its real content (AppTest)."""

import dataclasses
import sys
import types

import pytest

import ui.registry as ui_registry
from engine.core import registry
from explainers.rules import rule_summary
from tests.app.helpers import text_of
from ui.registry import GAMES, NO_ICON


def test_home_shows_every_game_and_the_start_paths(app):
    at = app()
    text = text_of(at)
    assert "Tabletop Dojo" in at.title[0].value
    for game in GAMES:
        assert f"{game.info.title} · {game.info.japanese}" in text
        if not game.ready:
            assert "In preparation" in text
    assert "Start here: learning alone" in text
    assert "Start here: teaching a class" in text


def test_rules_page_indexes_every_game(app):
    at = app("pages/rules.py")
    assert at.title[0].value.endswith("Rules")
    labels = [e.label for e in at.expander]
    for game in GAMES:
        assert any(game.info.title in label for label in labels)
    text = text_of(at)
    for game in GAMES:
        summary = rule_summary(game.id)
        if summary:
            assert summary.strip().splitlines()[0].lstrip("# ") in text
    assert "Rule note" in text


def test_every_registered_game_is_ready_with_every_piece_of_its_page():
    assert GAMES and [g.id for g in GAMES] == [info.id for info in registry.infos()]
    assert {g.id: g.missing for g in GAMES} == {g.id: () for g in GAMES}
    assert all(g.ready and g.icon != NO_ICON for g in GAMES)


@pytest.fixture
def stones(monkeypatch):
    """A fifth game registered with a working engine (a copy of the last game's module under
    another id) and none of its page pieces yet."""
    template = registry.games()[-1]
    module = types.ModuleType("engine.stones")
    module.__dict__.update({k: v for k, v in vars(template).items() if not k.startswith("__")})
    module.INFO = dataclasses.replace(template.INFO, id="stones", title="Stones", japanese="石")
    monkeypatch.setitem(sys.modules, "engine.stones", module)
    monkeypatch.setattr(registry, "GAME_MODULES", (*registry.GAME_MODULES, "engine.stones"))
    return module


def test_a_game_missing_its_page_pieces_shows_in_preparation_and_breaks_nothing(app, stones):
    entry = next(g for g in ui_registry.GAMES if g.id == "stones")
    assert not entry.ready and entry.icon == NO_ICON
    assert set(entry.missing) == {
        "ui/games/stones/__init__.py: ICON",
        "boards/stones.py",
        "explainers/stones_text.py",
        "ui/games/stones/play.py",
        "ui/games/stones/learn.py",
        "ui/games/stones/whatif.py",
        "pages/stones.py",
        "explainers/rules/stones.md",
    }
    at = app()
    text = text_of(at)
    assert "Stones · 石" in text and "In preparation" in text
    for game in ui_registry.GAMES:
        assert f"{game.info.title} · {game.info.japanese}" in text
    assert not app("pages/rules.py").exception


def _stones_pieces(root, icon_line='ICON = "🪨"'):
    """Every page piece of ``stones`` under ``root``, each as small as the registry accepts."""
    (root / "boards").mkdir()
    (root / "boards" / "stones.py").write_text(
        "def figure(view, *, selected=None, interactive=True, previous=None): ...\n"
    )
    (root / "explainers" / "rules").mkdir(parents=True)
    (root / "explainers" / "stones_text.py").write_text("def board_text(view): ...\n")
    package = root / "ui" / "games" / "stones"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(f'"""Stones\' page code."""\n{icon_line}\n')
    (package / "play.py").write_text("def board(table): ...\ndef panel(table): ...\n")
    (package / "learn.py").write_text("def draw(keys): ...\n")
    (package / "whatif.py").write_text("from ui.kit import pager as draw\n")
    (root / "pages").mkdir()
    (root / "pages" / "stones.py").write_text("")
    (root / "explainers" / "rules" / "stones.md").write_text("# Stones\n")
    return package


@pytest.fixture
def stones_root(tmp_path, monkeypatch, stones):
    """``ui.registry`` looking for page pieces under ``tmp_path`` (its caches cleared around)."""
    monkeypatch.setattr(ui_registry, "ROOT", tmp_path)
    ui_registry._icon.cache_clear()
    yield tmp_path
    ui_registry._icon.cache_clear()


def test_a_game_with_every_piece_is_ready_with_the_icon_its_package_declares(stones_root):
    _stones_pieces(stones_root)
    entry = next(g for g in ui_registry.entries() if g.id == "stones")
    assert entry.missing == () and entry.ready and entry.icon == "🪨"


def test_a_page_piece_missing_a_function_is_named(stones_root):
    """The README's names: ``learn.draw`` and ``whatif.draw`` (not ``learn``/``whatif``),
    ``board`` and ``panel`` in ``play.py``, ``figure`` in the board module."""
    package = _stones_pieces(stones_root)
    (package / "learn.py").write_text("def learn(keys): ...\n")
    assert ui_registry.missing_pieces("stones") == ("ui/games/stones/learn.py: draw",)


@pytest.mark.parametrize(
    "icon_line",
    ['raise RuntimeError("half written")', "ICON = ''", "import os\nICON = os.sep", ""],
    ids=["raises-on-import", "empty", "computed", "absent"],
)
def test_a_package_without_a_plain_icon_leaves_the_game_in_preparation(stones_root, icon_line):
    """The icon is read from the package's file, never by importing it: a package that raises
    on import leaves only its own game in preparation."""
    _stones_pieces(stones_root, icon_line)
    entry = next(g for g in ui_registry.entries() if g.id == "stones")
    assert entry.missing == ("ui/games/stones/__init__.py: ICON",)
    assert not entry.ready and entry.icon == NO_ICON
