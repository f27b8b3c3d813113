"""No import circles anywhere in the project: every import (at the top of a module, inside a
function or under ``TYPE_CHECKING``) is an edge from module to module, and the graph has no
cycle. A lazy import that only dodges a circle at run time still counts: it hides two modules
that cannot be read, tested or moved one without the other."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
SKIP = {".venv", ".git", "node_modules", "__pycache__", ".ruff_cache", ".pytest_cache"}


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every Python module of the project by dotted name (a package by its ``__init__``)."""
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if SKIP & set(parts) or any(part.startswith(".") for part in parts):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts:
            found[".".join(parts)] = path
    return found


def _target(name: str, modules: dict[str, Path]) -> str | None:
    """The project module an import of ``name`` runs: itself, or the nearest module above it
    (``from pkg import function`` runs ``pkg``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def import_graph(modules: dict[str, Path]) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                # ``from pkg import sub`` imports the submodule when there is one
                targets = [
                    f"{module}.{alias.name}" if f"{module}.{alias.name}" in modules else module
                    for alias in node.names
                ]
            for target in targets:
                found = _target(target, modules)
                if found is not None and found != name:
                    graph.add_edge(name, found)
    return graph


def circles(graph: nx.DiGraph) -> list[list[str]]:
    """Each group of modules that import one another, sorted."""
    return sorted(sorted(group) for group in nx.strongly_connected_components(graph) if len(group) > 1)


def test_the_project_has_no_import_circles():
    graph = import_graph(project_modules())
    assert graph.number_of_edges() > 100, "the graph holds the project's imports"
    found = circles(graph)
    shown = [" -> ".join(a for a, _ in nx.find_cycle(graph.subgraph(group))) for group in found]
    assert found == [], "import circles:\n" + "\n".join(shown)


def test_a_circle_is_found(tmp_path):
    """The finder sees a circle through a lazy import and one under ``TYPE_CHECKING``."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "bots.py").write_text("def hint_bot():\n    from .hint import hint\n")
    (tmp_path / "pkg" / "hint.py").write_text("from .bots import greedy\n")
    (tmp_path / "pkg" / "frame.py").write_text("from . import coach\n")
    (tmp_path / "pkg" / "coach.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .frame import Table\n"
    )
    (tmp_path / "pkg" / "alone.py").write_text("import pkg.bots\nfrom pkg import hint\n")
    found = circles(import_graph(project_modules(tmp_path)))
    assert found == [["pkg.bots", "pkg.hint"], ["pkg.coach", "pkg.frame"]]
