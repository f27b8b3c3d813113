"""The shared code never names a game: ``engine/core``, ``lab/``, the shared explainers and
``ui/kit`` read what a game declares through the registry (``INFO``, ``TUNING``, ``FACTS``…),
so a new game needs no edit there. Docstrings may show an example on a real game; code may
not hold a game's id, nor import a game's modules."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.core.registry import GAME_MODULES, TEST_GAME_MODULES

ROOT = Path(__file__).resolve().parent.parent
IDS = [name.split(".")[1] for name in (*GAME_MODULES, *TEST_GAME_MODULES)]
NAMED = re.compile(r"\b(" + "|".join(IDS) + r")\b")
SHARED = [
    "engine/core/*.py",
    "lab/*.py",
    "ui/kit/*.py",
    "explainers/__init__.py",
    "explainers/coach.py",
    "explainers/rules/__init__.py",
]
WAITING = {"engine/core/registry.py"}
"""``registry.py`` is where games are registered: the one shared file that lists them."""


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


def shared_files() -> list[Path]:
    files = sorted({p for pattern in SHARED for p in ROOT.glob(pattern)})
    return [p for p in files if str(p.relative_to(ROOT)) not in WAITING]


@pytest.mark.parametrize("path", shared_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path):
    assert names_of_games(path) == []


def test_the_check_sees_a_game_named_in_code_but_not_in_a_docstring(tmp_path):
    source = tmp_path / "shared.py"
    source.write_text(
        f'"""Example: ``game("{IDS[0]}")``."""\n'
        f"import engine.{IDS[0]}\n"
        f'TABLE = {{"{IDS[-1]}": 1}}\n'
        'X = 1\n"""An attribute docstring naming ' + IDS[0] + '."""\n'
    )
    assert names_of_games(source) == [f"line 2: import engine.{IDS[0]}", f"line 3: '{IDS[-1]}'"]
