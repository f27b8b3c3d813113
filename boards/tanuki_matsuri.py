"""Tanuki Matsuri: a player's sheet as a Plotly figure that looks like the paper sheet.

Lines (A, B, …) × the five fruit columns, each fruit icon with its effect glyph and the
arrows between icons of the same fruit on a line; the line bonuses on the right; the tanuki
of each column (printed rings for the ones circled at the start); the flower path; the
Granny and torii tracks; and the dice of the turn. Circles and crosses are drawn like pencil
marks. While the seat shown has a decision to make, its legal choices are highlighted as
clickable markers whose ``customdata`` is the action's save token
(:func:`engine.tanuki_matsuri.encode_action`: ``"d3"``, ``"C3"``, ``"t2"``, ``"x4"``).

The figure is built in one go (no ``add_shape`` loop) and cached per
(sheet, marks, dice, decision, mode): the same state always gives the same figure.

>>> import engine.tanuki_matsuri as tm
>>> fig = sheet_figure(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0)
>>> sorted(clickable(fig))
['d1', 'd2', 'd5']
>>> sheet_figure(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0) is fig
True
"""

from __future__ import annotations

from functools import lru_cache

import plotly.graph_objects as go

import engine.tanuki_matsuri as tm
from boards.frozen import FrozenFigure
from engine.tanuki_matsuri import FRUITS, Sheet, line_label
from engine.tanuki_matsuri.board import layout

FRUIT_ICON = {"watermelon": "🍉", "pineapple": "🍍", "banana": "🍌", "fig": "F", "strawberry": "🍓"}
"""The icon of each fruit: an emoji, and for the fig (which has no emoji) a letter on a purple disc."""
FRUIT_LETTER = {"watermelon": "W", "pineapple": "P", "banana": "B", "fig": "F", "strawberry": "S"}
FRUIT_COLOUR = {
    "watermelon": "#e8f5e9",
    "pineapple": "#fff8e1",
    "banana": "#fffde7",
    "fig": "#f3e5f5",
    "strawberry": "#ffebee",
}
FRUIT_DISC = {
    "watermelon": "#c8e6c9",
    "pineapple": "#ffe082",
    "banana": "#fff59d",
    "fig": "#6a1b9a",
    "strawberry": "#ffcdd2",
}
EFFECT_GLYPH = {
    None: "",
    "torii": "⛩️",
    "tanuki": "🦝",
    "penalty": "✗🦝",
    "granny": "👵",
    "flower": "🌸",
}
EFFECT_WORDS = {
    None: "no effect",
    "torii": "torii",
    "tanuki": "tanuki bonus",
    "penalty": "tanuki penalty",
    "granny": "Granny",
    "flower": "flower bonus",
}
PENCIL = "rgba(35, 35, 35, 0.88)"
PRINTED = "#8d6e63"
HIGHLIGHT_FILL = "rgba(255, 193, 7, 0.3)"
HIGHLIGHT_LINE = "#e65100"

# Geometry (data units). Columns are 2.3 wide; rows about 1 high.
COL_X = tuple(1.9 + 2.3 * c for c in range(5))
HALF = 1.1
BONUS_X = 13.05
X_RANGE = (-0.75, 13.95)
Y_DICE = 1.95
Y_HEADER = 0.75
Y_NAME = 0.2
Y_TANUKI = (-0.55, -1.2)
TANUKI_DX = (-0.68, 0.0, 0.68)
LINE_TOP = -2.25
LINE_STEP = 1.05
PX_PER_UNIT = 54
SCALE = 0.85
"""Marker and text sizes are tuned for a sheet about 650 px wide (the Play tab's left column)."""


def glyph(effect: str | None) -> str:
    """The printed glyph of an effect: ``glyph("fruit:banana") == "+🍌"``."""
    if effect in EFFECT_GLYPH:
        return EFFECT_GLYPH[effect]
    return "+" + FRUIT_ICON[effect.split(":", 1)[1]]


def effect_words(effect: str | None) -> str:
    """``effect_words("fruit:fig") == "fruit bonus (fig)"``."""
    if effect in EFFECT_WORDS:
        return EFFECT_WORDS[effect]
    return f"fruit bonus ({effect.split(':', 1)[1]})"


def line_y(index: int) -> float:
    return LINE_TOP - LINE_STEP * index


def icon_xs(column: int, count: int) -> list[float]:
    """x of the ``count`` icons of a cell of ``column`` (0-based), left to right."""
    step = min(1.0, 2.0 / max(count, 1))
    return [COL_X[column] + (j - (count - 1) / 2) * step for j in range(count)]


def tanuki_xy(column: int, slot: int) -> tuple[float, float]:
    """Where tanuki ``slot`` of a column sits (3 per row)."""
    row, pos = divmod(slot, 3)
    y = Y_TANUKI[0] - 0.65 * row
    return COL_X[column] + TANUKI_DX[pos], y


def _geometry(sheet: Sheet) -> dict:
    n = len(sheet.lines)
    rows_tanuki = max((max(sheet.slots) + 2) // 3, 1)
    tanuki_bottom = Y_TANUKI[0] - 0.65 * (rows_tanuki - 1)
    top = min(LINE_TOP, tanuki_bottom - 1.05)
    y_lines = [top - LINE_STEP * i for i in range(n)]
    y_flowers = y_lines[-1] - 1.75
    y_tracks = y_flowers - 1.75
    return {"y_lines": y_lines, "y_flowers": y_flowers, "y_tracks": y_tracks, "tanuki_bottom": tanuki_bottom}


def _track_xs(count: int, x0: float, x1: float) -> list[float]:
    if count <= 0:
        return []
    if count == 1:
        return [x0]
    step = min(1.25, (x1 - x0) / (count - 1))
    return [x0 + step * k for k in range(count)]


def flower_xs(sheet: Sheet) -> list[float]:
    return _track_xs(len(sheet.flowers), 0.4, 13.3)


def granny_xs(sheet: Sheet) -> list[float]:
    return _track_xs(sheet.granny, 0.6, 5.4)


def torii_xs(sheet: Sheet) -> list[float]:
    return _track_xs(sheet.torii, 7.0, 13.3)


def _text(x, y, text, size, colour="#212121", hover=None, name="", anchor="middle center", bold=False):
    if bold:
        text = [f"<b>{t}</b>" if t else t for t in text]
    return go.Scatter(
        x=x,
        y=y,
        mode="text",
        text=text,
        textposition=anchor,
        textfont={"size": round(size * SCALE), "color": colour},
        hoverinfo="skip",
        name=name,
        showlegend=False,
    )


def _markers(x, y, size, symbol="circle", fill="rgba(0,0,0,0)", line=None, width=0, name="", opacity=1.0):
    return go.Scatter(
        x=x,
        y=y,
        mode="markers",
        marker={
            "size": [round(v * SCALE) for v in size] if isinstance(size, list) else round(size * SCALE),
            "symbol": symbol,
            "color": fill,
            "line": {"color": line or "rgba(0,0,0,0)", "width": width},
        },
        opacity=opacity,
        hoverinfo="skip",
        name=name,
        showlegend=False,
        selected={"marker": {"opacity": opacity}},
        unselected={"marker": {"opacity": opacity}},
    )


@lru_cache(maxsize=32)
def _static(sheet: Sheet) -> tuple[list, list, dict, float]:
    """The printed sheet: grid, icons, glyphs, arrows, tracks (traces, shapes, geometry, height)."""
    geo = _geometry(sheet)
    y_lines, y_fl, y_tr = geo["y_lines"], geo["y_flowers"], geo["y_tracks"]
    shapes: list[dict] = []
    bottom = y_lines[-1] - 0.55
    top = Y_HEADER + 0.45
    for c, fruit in enumerate(FRUITS):
        shapes.append(
            {
                "type": "rect",
                "x0": COL_X[c] - HALF,
                "x1": COL_X[c] + HALF,
                "y0": bottom,
                "y1": top,
                "fillcolor": FRUIT_COLOUR[fruit],
                "line": {"color": "#bdbdbd", "width": 1},
                "layer": "below",
            }
        )
    for y in [geo["tanuki_bottom"] - 0.45, *(y + 0.525 for y in y_lines[1:]), bottom]:
        shapes.append(
            {
                "type": "line",
                "x0": X_RANGE[0] + 0.2,
                "x1": X_RANGE[1] - 0.2,
                "y0": y,
                "y1": y,
                "line": {"color": "#9e9e9e", "width": 1, "dash": "dot"},
                "layer": "below",
            }
        )
    for y in (y_fl, y_tr):
        shapes.append(
            {
                "type": "rect",
                "x0": X_RANGE[0] + 0.2,
                "x1": X_RANGE[1] - 0.2,
                "y0": y - 0.6,
                "y1": y + 0.5,
                "fillcolor": "#fafafa",
                "line": {"color": "#bdbdbd", "width": 1},
                "layer": "below",
            }
        )
    traces: list = []
    # Column headers: die value, fruit, name and letter.
    traces.append(
        _markers(
            list(COL_X), [Y_HEADER] * 5, 40, fill=[FRUIT_DISC[f] for f in FRUITS], line="#616161", width=1
        )
    )
    traces.append(
        _text(
            list(COL_X),
            [Y_HEADER] * 5,
            [FRUIT_ICON[f] for f in FRUITS],
            24,
            colour=["white" if f == "fig" else "#212121" for f in FRUITS],
            bold=True,
        )
    )
    traces.append(
        _text([x - 0.62 for x in COL_X], [Y_HEADER] * 5, [f"{c + 1}" for c in range(5)], 24, bold=True)
    )
    traces.append(_text(list(COL_X), [Y_NAME] * 5, [f"{f} ({FRUIT_LETTER[f]})" for f in FRUITS], 14))
    # Line letters and bonuses.
    traces.append(
        _text([0.0] * len(y_lines), y_lines, [line_label(i) for i in range(len(y_lines))], 26, bold=True)
    )
    traces.append(
        _markers(
            [BONUS_X] * len(y_lines), y_lines, 44, symbol="square", fill="#fff3e0", line="#8d6e63", width=2
        )
    )
    traces.append(
        _text([BONUS_X] * len(y_lines), y_lines, [f"+{line.bonus}" for line in sheet.lines], 20, bold=True)
    )
    traces.append(_text([BONUS_X], [Y_NAME], ["line bonus"], 13))
    # Fruit icons, their effect glyphs and the arrows between icons of the same fruit.
    disc_x, disc_y, disc_c, icon_t, icon_c, gl_x, gl_y, gl_t, ar_x, ar_y = ([] for _ in range(10))
    for i, line in enumerate(sheet.lines):
        for c, icons in enumerate(line.cells):
            xs = icon_xs(c, len(icons))
            fruit = FRUITS[c]
            for j, (x, effect) in enumerate(zip(xs, icons, strict=True)):
                disc_x.append(x)
                disc_y.append(y_lines[i] + 0.12)
                disc_c.append(FRUIT_DISC[fruit])
                icon_t.append(FRUIT_ICON[fruit])
                icon_c.append("white" if fruit == "fig" else "#212121")
                gl_x.append(x)
                gl_y.append(y_lines[i] - 0.36)
                gl_t.append(glyph(effect) or "·")
                if j:
                    ar_x.append((xs[j - 1] + x) / 2)
                    ar_y.append(y_lines[i] + 0.12)
    traces.append(_markers(disc_x, disc_y, 34, fill=disc_c, line="#757575", width=1))
    traces.append(_text(disc_x, disc_y, icon_t, 22, colour=icon_c, bold=True))
    traces.append(_text(gl_x, gl_y, gl_t, 15))
    traces.append(_text(ar_x, ar_y, ["➜"] * len(ar_x), 16, colour="#6d4c41"))
    # Tanuki per column (faded where not yet circled; printed rings on the pre-circled ones).
    tx, ty, px, py = [], [], [], []
    for c in range(5):
        for k in range(sheet.slots[c]):
            x, y = tanuki_xy(c, k)
            tx.append(x)
            ty.append(y)
            if k < sheet.start_circled[c]:
                px.append(x)
                py.append(y)
    traces.append(_text(tx, ty, ["🦝"] * len(tx), 20))
    traces.append(_markers(px, py, 36, line=PRINTED, width=2.5))
    traces.append(_text([0.0], [sum(Y_TANUKI) / 2], ["tanuki<br>(×)"], 13))
    # Flower path, Granny and torii tracks.
    fx = flower_xs(sheet)
    traces.append(_text(fx, [y_fl + 0.12] * len(fx), ["🌸"] * len(fx), 24))
    traces.append(_text(fx, [y_fl - 0.38] * len(fx), [glyph(e) or "·" for e in sheet.flowers], 14))
    traces.append(
        _text(
            [(a + b) / 2 for a, b in zip(fx, fx[1:], strict=False)],
            [y_fl + 0.12] * max(len(fx) - 1, 0),
            ["➜"] * max(len(fx) - 1, 0),
            13,
            colour="#6d4c41",
        )
    )
    traces.append(
        _text(
            [X_RANGE[0] + 0.3],
            [y_fl + 0.8],
            ["Flowers (circle in order; a 6 circles the next)"],
            14,
            anchor="middle right",
        )
    )
    gx, ox = granny_xs(sheet), torii_xs(sheet)
    traces.append(_text(gx, [y_tr] * len(gx), ["👵"] * len(gx), 24))
    traces.append(_text(ox, [y_tr] * len(ox), ["⛩️"] * len(ox), 24))
    traces.append(
        _text([X_RANGE[0] + 0.3], [y_tr + 0.8], ["Granny (× the line bonuses)"], 14, anchor="middle right")
    )
    traces.append(
        _text([6.5], [y_tr + 0.8], ["Torii (the last one ends the game)"], 14, anchor="middle right")
    )
    height = int((top + 1.5 - (y_tr - 0.75)) * PX_PER_UNIT)
    return traces, shapes, geo, height


def _pencil(xs, ys, sizes, symbols, name="pencil"):
    """Two slightly offset graphite strokes: a circle drawn by hand."""
    first = _markers(xs, ys, sizes, fill="rgba(0,0,0,0)", line=PENCIL, width=3, name=name)
    first.marker.symbol = symbols
    second = _markers(
        [x + 0.035 for x in xs],
        [y - 0.025 for y in ys],
        [s - 3 for s in sizes],
        line="rgba(35,35,35,0.45)",
        width=1.5,
    )
    second.marker.symbol = symbols
    return [first, second]


def _marks_traces(sheet: Sheet, board: tuple, geo: dict) -> tuple[list, dict]:
    """Pencil circles and crosses for one seat's marks; also where each open icon is."""
    g = layout(sheet)
    y_lines, y_fl, y_tr = geo["y_lines"], geo["y_flowers"], geo["y_tracks"]
    cx, cy, cs, csym = [], [], [], []  # circles
    xx, xy, xs_ = [], [], []  # crosses
    next_icon: dict = {}
    for i, line in enumerate(sheet.lines):
        for c, icons in enumerate(line.cells):
            if not icons:
                continue
            done = board[i * 5 + c]
            xs = icon_xs(c, len(icons))
            for j in range(done):
                cx.append(xs[j])
                cy.append(y_lines[i] + 0.12)
                cs.append(42)
                csym.append("circle")
            if done < len(icons):
                next_icon[(i, c)] = (xs[done], y_lines[i] + 0.12)
        if board[g.LL + i] == 0:
            cx.append(BONUS_X)
            cy.append(y_lines[i])
            cs.append(54)
            csym.append("circle")
    for c in range(5):
        circ, cross = board[g.T + c], board[g.X + c]
        for k in range(circ):
            x, y = tanuki_xy(c, k)
            if k >= sheet.start_circled[c]:
                cx.append(x)
                cy.append(y)
                cs.append(34)
                csym.append("circle")
            if k < cross:
                xx.append(x)
                xy.append(y)
                xs_.append(30)
    fx = flower_xs(sheet)
    for k in range(board[g.FL]):
        cx.append(fx[k])
        cy.append(y_fl + 0.12)
        cs.append(38)
        csym.append("circle")
    for x in granny_xs(sheet)[: board[g.GR]]:
        cx.append(x)
        cy.append(y_tr)
        cs.append(40)
        csym.append("circle")
    for x in torii_xs(sheet)[: board[g.TO]]:
        cx.append(x)
        cy.append(y_tr)
        cs.append(40)
        csym.append("circle")
    traces = _pencil(cx, cy, cs, csym) if cx else []
    if xx:
        cross = _markers(
            xx, xy, xs_, symbol="x-thin-open", fill=PENCIL, line=PENCIL, width=4.5, name="crosses"
        )
        traces.append(cross)
    return traces, next_icon


def _choices(
    sheet: Sheet, board: tuple, geo: dict, pending, next_icon: dict
) -> tuple[list, list, list, list]:
    """Highlighted, clickable targets of the decision: (x, y, token, hover)."""
    g = layout(sheet)
    xs, ys, tokens, hovers = [], [], [], []

    def add(x, y, action):
        xs.append(x)
        ys.append(y)
        tokens.append(tm.encode_action(action))
        hovers.append(str(action))

    if pending.kind == "line":
        for a in pending.options:
            if (a.line, a.column - 1) in next_icon:
                add(*next_icon[(a.line, a.column - 1)], a)
    elif pending.kind == "tanuki":
        for a in pending.options:
            c = a.column - 1
            add(*tanuki_xy(c, board[g.T + c]), a)
            add(COL_X[c], Y_HEADER, a)
    elif pending.kind == "penalty":
        for a in pending.options:
            c = a.column - 1
            add(*tanuki_xy(c, board[g.T + c] - 1 if board[g.X + c] == 0 else board[g.X + c]), a)
            add(COL_X[c], Y_HEADER, a)
    return xs, ys, tokens, hovers


def _dice_traces(dice: tuple, pending, taken, interactive: bool) -> list:
    """The dice of the turn; open dice are clickable while the seat shown takes a die."""
    if not dice:
        return []
    xs = [1.4 + 1.15 * k for k in range(len(dice))]
    options = {}
    if interactive and pending is not None and pending.kind == "die":
        options = {a.value: a for a in pending.options}
    open_values = set(pending.open_dice) if pending is not None else set()
    fill, line, width, tokens, hovers = [], [], [], [], []
    for v in dice:
        action = options.get(v)
        if action is not None:
            fill.append(HIGHLIGHT_FILL)
            line.append(HIGHLIGHT_LINE)
            width.append(4)
            tokens.append(tm.encode_action(action))
            what = "circle a flower" if action.flower or v == 6 else f"circle a {FRUITS[v - 1]}"
            hovers.append(f"{action} → {what}")
        else:
            fill.append("white" if v in open_values or not open_values else "#e0e0e0")
            line.append("#424242")
            width.append(2)
            tokens.append("")
            hovers.append("")
    labels = [f"{v}" for v in dice]
    traces = [
        _text([X_RANGE[0] + 0.3], [Y_DICE], ["Dice"], 18, anchor="middle right", bold=True),
        go.Scatter(
            x=xs,
            y=[Y_DICE] * len(dice),
            mode="markers+text",
            marker={
                "size": round(46 * SCALE),
                "symbol": "square",
                "color": fill,
                "line": {"color": line, "width": width},
            },
            text=labels,
            textfont={"size": round(24 * SCALE), "color": "#212121"},
            textposition="middle center",
            customdata=tokens,
            hovertext=hovers,
            hovertemplate="%{hovertext}<extra></extra>",
            name="dice",
            showlegend=False,
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        ),
        _text(
            xs, [Y_DICE - 0.5] * len(dice), ["🌸" if v == 6 else FRUIT_ICON[FRUITS[v - 1]] for v in dice], 14
        ),
    ]
    if taken is not None and taken in dice:
        k = dice.index(taken)
        traces.extend(_pencil([xs[k]], [Y_DICE], [60], ["circle"], name="taken"))
    return traces


@lru_cache(maxsize=256)
def _figure(
    sheet: Sheet, board: tuple, dice: tuple, pending, taken, interactive: bool, caption: str
) -> go.Figure:
    static, shapes, geo, height = _static(sheet)
    traces = list(static)
    marks, next_icon = _marks_traces(sheet, board, geo)
    traces += marks
    traces += _dice_traces(dice, pending, taken, interactive)
    if caption:
        traces.append(
            _text([5.6], [Y_DICE], [caption], 17, anchor="middle right", colour="#bf360c", bold=True)
        )
    if interactive and pending is not None and pending.kind != "die":
        xs, ys, tokens, hovers = _choices(sheet, board, geo, pending, next_icon)
        traces.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="markers",
                marker={
                    "size": round(42 * SCALE),
                    "symbol": "circle",
                    "color": HIGHLIGHT_FILL,
                    "line": {"color": HIGHLIGHT_LINE, "width": 4},
                },
                customdata=tokens,
                hovertext=hovers,
                hovertemplate="%{hovertext}<extra></extra>",
                name="choices",
                showlegend=False,
                selected={"marker": {"opacity": 1}},
                unselected={"marker": {"opacity": 1}},
            )
        )
    y_bottom = geo["y_tracks"] - 0.75
    return FrozenFigure(
        data=traces,
        layout={
            "height": height,
            "margin": {"l": 4, "r": 4, "t": 4, "b": 4},
            "xaxis": {"visible": False, "range": list(X_RANGE), "fixedrange": True},
            "yaxis": {"visible": False, "range": [y_bottom, Y_DICE + 0.6], "fixedrange": True},
            "shapes": shapes,
            "plot_bgcolor": "white",
            "paper_bgcolor": "white",
            "font": {"family": "Noto Sans, Open Sans, sans-serif", "color": "#212121"},
            "clickmode": "event+select",
            "dragmode": False,
            "hovermode": "closest",
            "hoverlabel": {"font": {"size": 16}},
            "showlegend": False,
        },
    )


def sheet_figure(state: tm.State, seat: int, interactive: bool = True) -> go.Figure:
    """The sheet of ``seat`` with its pencil marks and the turn's dice.

    When ``interactive`` and ``seat`` is the one to decide, the legal choices are highlighted
    and clickable (``customdata`` = action token). Cached: do not mutate the figure.
    """
    pending = tm.pending(state)
    mine = pending if pending is not None and pending.seat == seat else None
    caption = ""
    if interactive and mine is not None:
        if mine.kind == "die":
            caption = "Click a die"
        elif mine.kind == "line":
            caption = f"Click the {FRUITS[mine.column - 1]} to circle"
        elif mine.kind == "tanuki":
            caption = "Tanuki bonus: click a column's tanuki"
        else:
            caption = "Tanuki penalty: click a tanuki to cross out"
    taken = state.taken if mine is not None else None
    return _figure(state.sheet, state.boards[seat], tuple(state.dice), mine, taken, interactive, caption)


def clickable(fig: go.Figure) -> list[str]:
    """The action tokens a click on this figure can play (for tests and the page)."""
    return [t for trace in fig.data if trace.customdata is not None for t in trace.customdata if t]


def cache_info() -> str:
    return str(_figure.cache_info())
