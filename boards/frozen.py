"""A Plotly figure built once and shared through a cache.

``st.plotly_chart`` calls ``to_dict()`` on every rerun, and for a board that deep copy costs
more than everything else on the page; a frozen figure computes it once. Boards cache their
figures per state (``functools.lru_cache``), so a frozen figure must never be changed.
"""

from __future__ import annotations

import plotly.graph_objects as go


class FrozenFigure(go.Figure):
    """A read-only figure whose ``to_dict()`` is computed once.

    >>> fig = FrozenFigure(data=[go.Scatter(x=[1], y=[2])])
    >>> fig.to_dict()["data"][0]["x"] == fig.to_dict()["data"][0]["x"]
    True
    """

    def to_dict(self):
        frozen = self.__dict__.get("_frozen_dict")
        if frozen is None:
            frozen = super().to_dict()
            self.__dict__["_frozen_dict"] = frozen
        # A fresh top level, so a caller that reassigns "data" or "layout" spoils no cache.
        return {"data": list(frozen["data"]), "layout": dict(frozen["layout"])}
