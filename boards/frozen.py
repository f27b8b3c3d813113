"""A board's Plotly figure made from plain dicts, without Plotly's validation on the page.

Building a ``go.Figure`` validates every property of every trace and shape through Plotly's
validator objects: for a board that cost 20-90 ms a figure (9% of the server's time while
bots played), then the page deep-copied it all again with ``to_dict()``. A board builds its
traces with :func:`scatter` (plain dicts) and hands them to :class:`FrozenFigure`, whose
``to_dict()`` (the one thing a page's board, ``ui.kit.board_view``, asks of a figure) returns
them as they are, with Plotly's default template added as ``go.Figure`` would. The full Plotly
figure, validated, is built only when something else is asked of it (``fig.data``,
``fig.show()``: tests and notebooks); ``tests/boards/test_frozen.py`` checks that validation
leaves every board's figure unchanged. Boards cache their figures per state
(``functools.lru_cache``), so a frozen figure must never be changed.
"""

from __future__ import annotations

from functools import lru_cache

import plotly.graph_objects as go
import plotly.io as pio


def scatter(**props) -> dict:
    """A scatter trace as a plain dict (the keys of ``go.Scatter``).

    >>> scatter(x=[1], y=[2], mode="markers")
    {'type': 'scatter', 'x': [1], 'y': [2], 'mode': 'markers'}
    """
    return {"type": "scatter", **props}


@lru_cache(maxsize=4)
def _template(name: str) -> dict:
    return pio.templates[name].to_plotly_json()


def default_template() -> dict | None:
    """The template ``go.Figure`` puts in a layout that names none (Plotly's default, "plotly")."""
    default = pio.templates.default
    if default is None:
        return None
    return default.to_plotly_json() if isinstance(default, go.layout.Template) else _template(default)


class FrozenFigure(go.Figure):
    """A read-only figure from plain trace and layout dicts; ``to_dict()`` costs nothing.

    >>> fig = FrozenFigure(data=[scatter(x=[1], y=[2])], layout={"height": 100})
    >>> fig.to_dict()["data"]
    [{'type': 'scatter', 'x': [1], 'y': [2]}]
    >>> fig.data[0].y  # the validated Plotly figure, built on first use
    (2,)
    """

    def __init__(self, data=None, layout=None) -> None:
        if isinstance(data, dict):  # a figure dict (copy.deepcopy and pickle pass one)
            data, layout = data.get("data"), data.get("layout")
        layout = dict(layout or {})
        template = default_template()
        if "template" not in layout and template is not None:
            layout["template"] = template
        # Set in __dict__ directly: go.Figure's __setattr__ wants an initialised figure.
        self.__dict__["_spec"] = {"data": [dict(trace) for trace in data or ()], "layout": layout}

    def to_dict(self) -> dict:
        spec = self.__dict__["_spec"]
        # A fresh top level, so a caller that reassigns "data" or "layout" spoils no cache.
        return {"data": list(spec["data"]), "layout": dict(spec["layout"])}

    def __getattr__(self, name: str):
        # Python comes here only for an attribute the object lacks: before the first use of
        # the Plotly figure, every attribute of an initialised go.Figure. Initialise it then
        # (validated, from the same dicts), once.
        if name.startswith("__") or "_building" in self.__dict__:
            raise AttributeError(name)
        self.__dict__["_building"] = True
        spec = self.__dict__["_spec"]
        go.Figure.__init__(self, data=spec["data"], layout=spec["layout"])
        return object.__getattribute__(self, name)
