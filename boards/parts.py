"""The pieces a board's figure is built from: rectangles, texts gathered into one trace, the layout.

A board collects every shape and text first and makes the figure once at the end (no
``add_shape`` loop: see :mod:`boards.frozen`). Each board subclasses :class:`Parts` for its
own hover spots and click targets, whose traces differ from board to board.

>>> parts = Parts(font="Arial", min_size=16)
>>> parts.shapes.append(rect(0, 0, 2, 1, "#ffffff", dash="dot"))
>>> parts.write(1, 0.5, "hello", size=12)
>>> trace = parts.text_trace()
>>> trace["text"], trace["textfont"]["size"], trace["textposition"]
(['hello'], [16], ['middle center'])
>>> parts.shapes[0]["line"]
{'color': '#111111', 'width': 1.5, 'dash': 'dot'}
>>> layout_dict(parts.shapes, 100, (0, 2), font="Arial", size=16)["yaxis"]["range"]
[-92, 0]
"""

from __future__ import annotations

from boards.frozen import scatter


def rect(x0, y0, x1, y1, fill, line="#111111", width=1.5, dash=None) -> dict:
    """A filled rectangle under the traces, outlined with ``line`` (``dash``: "dot", "dash", …)."""
    shape = {
        "type": "rect",
        "x0": x0,
        "y0": y0,
        "x1": x1,
        "y1": y1,
        "fillcolor": fill,
        "line": {"color": line, "width": width},
        "layer": "below",
    }
    if dash:
        shape["line"]["dash"] = dash
    return shape


class Parts:
    """The shapes and texts of one figure; the texts become a single text trace at the end.

    No text is smaller than ``min_size`` (the board's projector-readable minimum)."""

    def __init__(self, font: str, min_size: int) -> None:
        self.font = font
        self.min_size = min_size
        self.shapes: list[dict] = []
        self.text: dict[str, list] = {k: [] for k in ("x", "y", "text", "ink", "size", "pos")}

    def write(self, x, y, text, ink="#111111", size=None, pos="middle center") -> None:
        size = self.min_size if size is None else max(size, self.min_size)
        for key, value in zip(self.text, (x, y, text, ink, size, pos), strict=True):
            self.text[key].append(value)

    def text_trace(self, name: str = "labels", position: str | None = None) -> dict:
        """Every text written, in one trace. ``position``: one text position for all of them
        (every :meth:`write` must have used it), instead of one position per text."""
        t = self.text
        if position is not None and any(p != position for p in t["pos"]):
            raise ValueError(f"a text is not at {position!r}: pass position=None")
        return scatter(
            x=t["x"],
            y=t["y"],
            mode="text",
            text=t["text"],
            textposition=t["pos"] if position is None else position,
            textfont={"color": t["ink"], "size": t["size"], "family": self.font},
            hoverinfo="skip",
            name=name,
            showlegend=False,
        )


def layout_dict(
    shapes,
    height,
    x_range,
    *,
    font: str,
    size: int,
    paper: str = "white",
    ink: str = "#212121",
    y_top=0,
    margin: int = 4,
    **more,
) -> dict:
    """A board's layout: hidden fixed axes, x in board units over ``x_range``, y in pixels down
    from ``y_top`` (the plot area is ``height - 2 * margin`` px tall), no legend, clicks select.
    ``more``: other layout keys (annotations)."""
    plot_h = height - 2 * margin
    return {
        "shapes": shapes,
        "height": height,
        "margin": {"l": 4, "r": 4, "t": margin, "b": margin},
        "xaxis": {"visible": False, "range": list(x_range), "fixedrange": True},
        "yaxis": {"visible": False, "range": [y_top - plot_h, y_top], "fixedrange": True},
        "plot_bgcolor": paper,
        "paper_bgcolor": paper,
        "showlegend": False,
        "clickmode": "event+select",
        "dragmode": False,
        "hovermode": "closest",
        "font": {"family": font, "size": size, "color": ink},
        "hoverlabel": {"font": {"size": size}},
        **more,
    }
