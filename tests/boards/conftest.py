"""Board test fixtures."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest


@pytest.fixture
def no_incremental_building(monkeypatch):
    """Fail if a figure is changed after construction (add_shape & co. cost ~10 ms per call)."""

    def refuse(*args, **kwargs):
        raise AssertionError("a board must be built in one go (no add_*/update_* after construction)")

    for name in ("add_shape", "add_trace", "add_traces", "add_annotation", "update_layout", "add_vrect"):
        monkeypatch.setattr(go.Figure, name, refuse)
