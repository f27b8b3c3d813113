"""The boards a page drew, as their figure dicts: each board is a ``dojo_board`` component
(``ui/kit/board_view.py``) whose data carries the figure Plotly.js draws."""

from __future__ import annotations

import json
from collections.abc import Iterable

BOARD = "dojo_board"


def board_data(protos: Iterable) -> list[dict]:
    """The data of every board among these ``BidiComponent`` messages (a preload's figure is None)."""
    return [json.loads(proto.json) for proto in protos if proto.component_name == BOARD]


def figures_in(protos: Iterable) -> list[dict]:
    """The figures of the boards among these ``BidiComponent`` messages, preloads left out."""
    return [data["figure"] for data in board_data(protos) if data.get("figure") is not None]


def figure_in(proto) -> dict | None:
    """The figure one ``BidiComponent`` message carries (None: another component, or a preload)."""
    return next(iter(figures_in([proto])), None)


def figures(at) -> list[dict]:
    """Every board an AppTest page drew, in page order."""
    return figures_in(element.proto for element in at.get("bidi_component"))


def board_places(at) -> list[tuple[int, ...]]:
    """Where each board an AppTest page drew sits in the page, as the path of child indexes the
    browser keys it by: a board whose place changes between runs is mounted afresh (it blinks)."""
    places = []

    def walk(node, path: tuple[int, ...]) -> None:
        if getattr(node, "type", None) == "bidi_component" and figure_in(node.proto) is not None:
            places.append(path)
        for index, child in sorted(getattr(node, "children", {}).items()):
            walk(child, (*path, index))

    walk(at._tree, ())
    return places
