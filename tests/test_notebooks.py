"""Every classroom notebook runs top to bottom (its code cells, in order, without Jupyter)."""

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, monkeypatch):
    monkeypatch.chdir(ROOT)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert cells, "a notebook without code teaches nothing here"
    namespace = {"__name__": "__notebook__"}
    os.environ.setdefault("MPLBACKEND", "Agg")
    for number, cell in enumerate(cells, start=1):
        source = "".join(cell["source"])
        exec(compile(source, f"{path.name} cell {number}", "exec"), namespace)  # noqa: S102
