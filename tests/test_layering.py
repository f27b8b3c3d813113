"""Imports only point down: the engine is pure Python; boards and explainers have no Streamlit."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "engine": {"streamlit", "plotly", "pandas", "ui", "boards", "explainers", "pages", "lab"},
    "boards": {"streamlit", "ui", "pages", "storage"},
    "explainers": {"streamlit", "plotly", "ui", "pages", "storage"},
    "storage": {"streamlit", "plotly", "pandas", "ui", "boards", "explainers", "pages"},
    "ui": {"pages"},
    "lab": {"streamlit", "ui", "pages", "boards", "explainers", "storage"},
}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down(layer):
    offenders = {}
    for path in (ROOT / layer).rglob("*.py"):
        bad = imported_roots(path) & FORBIDDEN[layer]
        if bad:
            offenders[str(path.relative_to(ROOT))] = sorted(bad)
    assert offenders == {}
    assert any((ROOT / layer).rglob("*.py"))


def test_game_page_code_stays_short():
    """The page kit keeps every game's page files readable in one sitting."""
    long = {}
    for path in [*(ROOT / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py")]:
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > 250:
            long[str(path.relative_to(ROOT))] = lines
    assert long == {}
