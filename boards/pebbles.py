"""Pebbles' board: the pile as a row of pebbles, one seat's view -> a Plotly figure.

The last three pebbles carry the token of the take that leaves them (``customdata``), so a
click on a pebble plays that take.

>>> import engine.pebbles as pebbles
>>> fig = figure(pebbles.new_game(1))
>>> fig.to_dict()["data"][0]["customdata"][-3:]
['t3', 't2', 't1']
"""

from __future__ import annotations

from functools import lru_cache

import engine.pebbles as pebbles

from .frozen import FrozenFigure, scatter

TAKEN = "#c0392b"
LEFT = "#7f8c8d"


@lru_cache(maxsize=32)
def figure(view, *, selected=None, interactive: bool = True, previous=None) -> FrozenFigure:
    """The pile of ``view``; with ``interactive`` the pebbles a legal take removes are clickable.
    ``previous`` (the view a move earlier) marks the last move: how many were just taken."""
    xs = list(range(view.pile))
    take = [view.pile - x for x in xs]
    legal = {a.count: a for a in pebbles.legal_actions(view)} if interactive else {}
    tokens = [pebbles.encode_action(legal[t]) if t in legal else "" for t in take]
    trace = scatter(
        x=xs,
        y=[0] * len(xs),
        mode="markers+text",
        marker={"size": 40, "color": [TAKEN if t else LEFT for t in tokens]},
        text=[str(t) if token else "" for t, token in zip(take, tokens, strict=True)],
        textfont={"size": 18},
        customdata=tokens,
        hovertemplate="Take %{text}<extra></extra>",
        showlegend=False,
    )
    last = previous.pile - view.pile if previous is not None and previous.pile > view.pile else 0
    marked = {
        "text": f"Last move: {last} taken",
        "x": 0,
        "y": 1,
        "xref": "paper",
        "yref": "paper",
        "showarrow": False,
    }
    return FrozenFigure(
        data=[trace],
        layout={
            "height": 200,
            "xaxis": {"visible": False, "range": [-1, max(16, view.pile)]},
            "yaxis": {"visible": False},
            "margin": {"l": 0, "r": 0, "t": 0, "b": 0},
            "clickmode": "event",
            "dragmode": False,
            **({"annotations": [marked]} if last else {}),  # Plotly sends no empty list
        },
    )
