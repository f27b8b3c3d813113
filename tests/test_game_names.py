"""Shared code never names a game: every file outside a game's own reads what a game declares
through the registry (``INFO``, ``TUNING``, ``FACTS``, its page pieces…), so a new game needs
no edit there. A game's own files are those under a folder named for it (``engine/<game>/``,
``ui/games/<game>/``) or named for it (``boards/<game>.py``, ``pages/<game>.py``,
``explainers/<game>_text.py``, ``bench/<game>_bots.py``). Docstrings may show an example on a
real game; code may not hold a game's id, nor import a game's modules, except where
:data:`ALLOWED` says which games a file names and why."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core.registry import GAME_MODULES, TEST_GAME_MODULES

ROOT = Path(__file__).resolve().parent.parent
IDS = [name.split(".")[1] for name in (*GAME_MODULES, *TEST_GAME_MODULES)]
NAMED = re.compile(r"\b(" + "|".join(sorted(IDS, key=len, reverse=True)) + r")\b")
LAYERS = ("app.py", "pages", "ui", "storage", "bench", "lab", "explainers", "boards", "engine", "notebooks")
"""Every folder of the app's code (the tests are checked by what they iterate, not here)."""
ALLOWED: dict[str, tuple[frozenset[str], str]] = {
    "engine/core/registry.py": (frozenset(IDS), "where games are registered: the one list of them"),
    "notebooks/whatif.py": (
        frozenset({"fan_mallet", "tanuki_matsuri"}),
        "the calculators of those two games' lesson notebooks",
    ),
}
"""Files that may name some games: which, and why (the registry, and the lesson notebooks'
calculators: a notebook of one game each)."""


def owners(relative: Path) -> set[str]:
    """The games ``relative`` (a path under the project) belongs to."""
    folders = set(relative.parts[:-1]) & set(IDS)
    named = {g for g in IDS if relative.stem == g or relative.stem.startswith(g + "_")}
    return folders | named


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    for node in ast.walk(tree):  # attribute docstrings: a string statement after an assignment
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            found.add(id(node.value))
    return found


def names_of_games(path: Path) -> list[str]:
    """Each place in ``path``'s code (not its docstrings) that names a game."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if NAMED.search(node.value):
                found.append(f"line {node.lineno}: {node.value!r}")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if isinstance(node, ast.ImportFrom):
                modules += [f"{node.module}.{a.name}" for a in node.names]
            found += [
                f"line {node.lineno}: import {m}" for m in modules if any(p in IDS for p in m.split("."))
            ]
    return found


def games_named(found: list[str]) -> set[str]:
    return {g for place in found for g in NAMED.findall(place)}


def shared_files() -> list[Path]:
    """Every Python file of the app's code that is no game's own."""
    files = []
    for layer in LAYERS:
        top = ROOT / layer
        files += [top] if top.is_file() else sorted(top.rglob("*.py"))
    return [p for p in files if not owners(p.relative_to(ROOT))]


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path):
    allowed, _ = ALLOWED.get(str(path.relative_to(ROOT)), (frozenset(), ""))
    found = names_of_games(path)
    assert [place for place in found if not games_named([place]) <= allowed] == []


@pytest.mark.parametrize("path", sorted(ALLOWED))
def test_each_allowance_is_still_needed_and_no_wider(path):
    assert games_named(names_of_games(ROOT / path)) == ALLOWED[path][0]


def test_a_game_owns_its_folders_and_the_files_named_for_it():
    ids = IDS
    assert owners(Path(f"engine/{ids[0]}/rules.py")) == {ids[0]}
    assert owners(Path(f"explainers/{ids[1]}_text.py")) == {ids[1]}
    assert owners(Path(f"ui/games/{ids[2]}/play.py")) == {ids[2]}
    assert owners(Path("boards/theme.py")) == owners(Path("ui/registry.py")) == set()
    assert {p.relative_to(ROOT).as_posix() for p in shared_files()} >= {
        "app.py",
        "pages/home.py",
        "pages/classroom.py",
        "ui/registry.py",
        "storage/class_games.py",
        "bench/boards.py",
        "bench/first_load.py",
        "boards/theme.py",
        "boards/parts.py",
        "boards/frozen.py",
        "explainers/coach.py",
        "lab/plan.py",
        "ui/kit/frame.py",
    }


def test_the_check_sees_a_game_named_in_code_but_not_in_a_docstring(tmp_path):
    source = tmp_path / "shared.py"
    source.write_text(
        f'"""Example: ``game("{IDS[0]}")``."""\n'
        f"import engine.{IDS[0]}\n"
        f'TABLE = {{"{IDS[-1]}": 1}}\n'
        'X = 1\n"""An attribute docstring naming ' + IDS[0] + '."""\n'
    )
    assert names_of_games(source) == [f"line 2: import engine.{IDS[0]}", f"line 3: '{IDS[-1]}'"]
