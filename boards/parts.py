"""The pieces a board's figure is built from: rectangles, texts gathered into one trace, the layout.

A board collects every shape and text first and makes the figure once at the end (no
``add_shape`` loop: see :mod:`boards.frozen`). Each board subclasses :class:`Parts` for its
own hover spots; the invisible markers a click plays an action from are a
:class:`ClickTargets` (one trace, the same on every board). Colours and sizes come from
:mod:`boards.theme`.

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
from boards.theme import (
    BANNER,
    BANNER_INK,
    BANNER_LINE,
    DEMO_BANNER,
    FONT,
    INK,
    INVISIBLE,
    MARGIN,
    OVER_BANNER,
    PAPER,
    SOFT_INK,
    TEXT,
)


def rect(x0, y0, x1, y1, fill, line=INK, width=1.5, dash=None) -> dict:
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

    def __init__(self, font: str = FONT, min_size: int = TEXT) -> None:
        self.font = font
        self.min_size = min_size
        self.shapes: list[dict] = []
        self.text: dict[str, list] = {k: [] for k in ("x", "y", "text", "ink", "size", "pos")}

    def write(self, x, y, text, ink=INK, size=None, pos="middle center") -> None:
        size = self.min_size if size is None else max(size, self.min_size)
        for key, value in zip(self.text, (x, y, text, ink, size, pos), strict=True):
            self.text[key].append(value)

    def banner(self, x0, x1, top, height, text) -> None:
        """A strip across the board top saying how it is drawn (demo mode, game over)."""
        self.shapes.append(rect(x0, top - height + 2, x1, top - 2, BANNER, BANNER_LINE, 2))
        self.write((x0 + x1) / 2, top - height / 2, text, BANNER_INK)

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


def full_state_banner(over: bool) -> str:
    """What the banner over a board drawn from the full state says: demo mode while the game
    runs (the teacher's switch, or bots alone), a plain "game over" once it has ended, so a
    student at a finished game is not told about a teacher's view.

    >>> full_state_banner(False).startswith("<b>Demo mode"), full_state_banner(True).startswith("<b>Game over")
    (True, True)
    """
    return OVER_BANNER if over else DEMO_BANNER


def layout_dict(
    shapes,
    height,
    x_range,
    *,
    font: str = FONT,
    size: int = TEXT,
    paper: str = PAPER,
    ink: str = SOFT_INK,
    y_top=0,
    margin: int = MARGIN,
    **more,
) -> dict:
    """A board's layout: hidden fixed axes, x in board units over ``x_range``, y in pixels down
    from ``y_top`` (the plot area is ``height - 2 * margin`` px tall), no legend, a click is an
    event (nothing stays selected). ``more``: other layout keys (annotations)."""
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
        "clickmode": "event",
        "dragmode": False,
        "hovermode": "closest",
        "font": {"family": font, "size": size, "color": ink},
        "hoverlabel": {"font": {"size": size}},
        **more,
    }


def click_trace(x, y, tokens, hover, size, name: str, symbol: str = "square") -> dict:
    """Invisible markers over what a click can play: ``tokens`` are the game's action codec
    tokens (``""``: shown with its hover, not clickable), read back by ``ui.kit.board_chart``.
    The lists are used as they are (not copied): a figure is frozen once built.

    >>> t = click_trace([1], [2], ["s0"], ["summon"], 30, "targets")
    >>> t["customdata"], t["marker"]["color"], t["hovertext"]
    (['s0'], 'rgba(255,255,255,0.01)', ['summon'])
    """
    return scatter(
        x=x,
        y=y,
        mode="markers",
        marker={"size": size, "symbol": symbol, "color": INVISIBLE, "line": {"width": 0}},
        customdata=tokens,
        hovertext=hover,
        hovertemplate="%{hovertext}<extra></extra>",
        name=name,
        showlegend=False,
        # a click selects a point; nothing may dim (Plotly fades the unselected ones)
        selected={"marker": {"opacity": 1}},
        unselected={"marker": {"opacity": 1}},
    )


def hover_trace(x, y, text, size, name: str, symbol: str = "circle") -> dict:
    """Invisible markers that only say what lies under them on hover (never clickable)."""
    return scatter(
        x=x,
        y=y,
        mode="markers",
        marker={"size": size, "symbol": symbol, "color": "rgba(0,0,0,0)", "line": {"width": 0}},
        hovertext=text,
        hovertemplate="%{hovertext}<extra></extra>",
        name=name,
        showlegend=False,
    )


def clickable(fig) -> list[str]:
    """The tokens a click on a board's figure can send (every trace's non-empty ``customdata``)."""
    # The figure's dicts, not fig.data: a frozen figure would be validated for that (20-90 ms).
    traces = fig.to_dict()["data"]
    return [t for trace in traces if trace.get("customdata") is not None for t in trace["customdata"] if t]


class ClickTargets:
    """The click targets of one figure, collected while drawing, made into one trace at the end.

    >>> targets = ClickTargets()
    >>> targets.add(0, 0, "p1,2", "peek here", 40)
    >>> targets.trace("cards")["customdata"]
    ['p1,2']
    """

    def __init__(self) -> None:
        self.columns: dict[str, list] = {k: [] for k in ("x", "y", "token", "hover", "size")}

    def add(self, x, y, token: str, hover: str, size) -> None:
        """A spot a click plays ``token`` from (``""``: shown, not clickable)."""
        for key, value in zip(self.columns, (x, y, token, hover, size), strict=True):
            self.columns[key].append(value)

    def trace(self, name: str) -> dict:
        c = self.columns
        return click_trace(c["x"], c["y"], c["token"], c["hover"], c["size"], name)
