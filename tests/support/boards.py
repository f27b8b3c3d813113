"""The boards a page drew, as their figure dicts: each board is a ``dojo_board`` component
(``ui/kit/board_view.py``) whose data carries the figure Plotly.js draws."""

from __future__ import annotations

import json

BOARD = "dojo_board"


def figure_in(proto) -> dict | None:
    """The figure a ``BidiComponent`` message carries (None: another component, or a preload)."""
    if proto.component_name != BOARD:
        return None
    return json.loads(proto.json).get("figure")


def figures(at) -> list[dict]:
    """Every board an AppTest page drew, in page order."""
    found = (figure_in(element.proto) for element in at.get("bidi_component"))
    return [figure for figure in found if figure is not None]
