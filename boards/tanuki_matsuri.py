"""Tanuki Matsuri: one seat's sheet as a Plotly figure that looks like the paper sheet.

Lines (A, B, …) × the five fruit columns, each fruit icon with its effect glyph and the
arrows between icons of the same fruit on a line; the line bonuses; the tanuki of each
column (printed rings on the ones circled at the start); and along the bottom the flower
path, the Granny and the torii tracks. The dice of the turn sit beside the column headers,
with the decision's prompt and the legend below them. Circles and crosses are drawn like
pencil marks. While the seat shown has a decision to make, its legal choices are highlighted
as clickable markers whose ``customdata`` is the action's token
(:func:`engine.tanuki_matsuri.encode_action`: ``"d3"``, ``"C3"``, ``"t2"``, ``"x4"``).

Marks are read only through the engine's public functions (``tm.icon_marks``,
``tm.pending``, ``tm.dice``, ``tm.taken_die``) and the geometry from ``view.sheet``. The
figure is built in one go (no ``add_shape`` loop) and cached: the same input always gives
the same (frozen) figure object.

>>> import engine.tanuki_matsuri as tm
>>> v = tm.view(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0)
>>> fig = figure(v)
>>> sorted(clickable(fig))
['d1', 'd2', 'd5']
>>> figure(tm.view(tm.new_game(seed=1, dice=[[1, 5, 2]]), 0)) is fig
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import plotly.graph_objects as go

import engine.tanuki_matsuri as tm
from boards.frozen import FrozenFigure, scatter
from boards.parts import clickable as clickable  # the board's API: the tokens a click can send
from boards.parts import hover_trace, layout_dict, rect
from boards.theme import DESIGN_WIDTH, FONT, MARGIN, TEXT
from boards.theme import SOFT_INK as INK
from engine.tanuki_matsuri import FRUITS, Sheet, line_label

FRUIT_ICON = {"watermelon": "🍉", "pineapple": "🍍", "banana": "🍌", "fig": "F", "strawberry": "🍓"}
"""The icon of each fruit: an emoji, and for the fig (which has no emoji) a letter on a purple disc."""
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
PENCIL = "rgba(35, 35, 35, 0.88)"
PRINTED = "#8d6e63"
HIGHLIGHT_FILL = "rgba(255, 193, 7, 0.3)"
HIGHLIGHT_LINE = "#e65100"
NEW = "#0277bd"  # the ring of what was marked since ``previous`` (a hexagon, not a circle)
NEW_SYMBOL = "hexagon-open"

MAX_HEIGHT = 520
"""The default sheet fits a 1280×720 screen beside the page's side panel."""

# Text sizes are pixels but x is in sheet units, so a figure narrower than DESIGN_WIDTH would
# squeeze the texts together; a wider one only gives them more room.


def px(n: float) -> float:
    """``n`` pixels in x units at :data:`DESIGN_WIDTH` (1 unit = 30 px there)."""
    return n / 30


# Geometry. x: sheet units (30 px each in a 570-px figure; a fruit column is 74 px). y: pixels
# below the top of the plot area, so that the sizes of text and markers (pixels) fit the rows.
X_RANGE = (0.0, px(DESIGN_WIDTH - 8))
LETTER_X = px(14)  # the line letters (and the tanuki row's label)
COL_X = tuple(px(66 + 74 * c) for c in range(5))
HALF = px(35.5)
BONUS_X = px(425)
PANEL_X = px(449)  # the right panel under the dice: the decision's prompt, the legend, whose sheet
DIE_X = tuple(px(422 + 40 * k) for k in range(4))  # above the bonus column and the panel
Y_HEADER = -18.0  # die value and fruit disc of each column
Y_NAME = -54.0  # the fruit's name, in one or two short rows
TANUKI_TOP = -90.0
TANUKI_ROW = 30.0
TANUKI_DX = (-px(23), 0.0, px(23))
LINE_STEP = 44.0  # a line: fruit disc above, effect glyph below
MIN_LINE_STEP = 38.0
BOTTOM_H = 68.0  # flowers, Granny and torii: label, icon, glyph (or what the track does)
Y_DICE = -46.0
LINES_TOP = -132.0  # the lowest the lines start: the dice, their fruits and "line bonus" fit above
Y_PANEL = -146.0  # the top of the panel's first text (a sheet without lines)
FRUIT_NAME = {
    "watermelon": "water-<br>melon",
    "pineapple": "pine-<br>apple",
    "banana": "banana",
    "fig": "fig",
    "strawberry": "straw-<br>berry",
}
"""A column's name as printed: a long one in two short rows (the whole word is in the hover)."""


def glyph(effect: str | None) -> str:
    """The printed glyph of an effect: ``glyph("fruit:banana") == "+🍌"``."""
    if effect in EFFECT_GLYPH:
        return EFFECT_GLYPH[effect]
    return "+" + FRUIT_ICON[effect.split(":", 1)[1]]


def icon_xs(column: int, count: int) -> list[float]:
    """x of the ``count`` icons of a cell of ``column`` (0-based), left to right."""
    step = min(px(38), px(74) / max(count, 1))
    return [COL_X[column] + (j - (count - 1) / 2) * step for j in range(count)]


def tanuki_xy(column: int, slot: int) -> tuple[float, float]:
    """Where tanuki ``slot`` (0-based, in ``tm.icon_marks`` order) of a column sits (3 per row)."""
    row, pos = divmod(slot, 3)
    return COL_X[column] + TANUKI_DX[pos], TANUKI_TOP - TANUKI_ROW * row


@dataclass(frozen=True)
class Geometry:
    """Where the rows of a sheet go (pixels below the top)."""

    y_lines: tuple[float, ...]  # centre of each line
    line_step: float
    tanuki_bottom: float
    y_bottom_label: float
    y_track: float  # flowers, Granny and torii icons
    height: int

    def icon_y(self, line: int) -> float:
        return self.y_lines[line] + 0.22 * self.line_step

    def glyph_y(self, line: int) -> float:
        return self.y_lines[line] - 0.3 * self.line_step


@lru_cache(maxsize=32)
def geometry(sheet: Sheet) -> Geometry:
    """Rows of ``sheet``: the default sheet fits :data:`MAX_HEIGHT`; a long custom sheet
    gets tighter lines first (down to :data:`MIN_LINE_STEP`), then a taller figure."""
    rows = max((max(sheet.slots) + 2) // 3, 1)
    tanuki_bottom = TANUKI_TOP - TANUKI_ROW * (rows - 1) - 18
    lines_top = min(tanuki_bottom - 6, LINES_TOP)  # below the dice and the bonus header, too
    room = MAX_HEIGHT - 2 * MARGIN + lines_top - BOTTOM_H
    step = max(MIN_LINE_STEP, min(LINE_STEP, room / len(sheet.lines)))
    y_lines = tuple(lines_top - step * (i + 0.5) for i in range(len(sheet.lines)))
    lines_bottom = lines_top - step * len(sheet.lines)
    height = round(-(lines_bottom - BOTTOM_H) + 2 * MARGIN)
    return Geometry(y_lines, step, tanuki_bottom, lines_bottom - 14, lines_bottom - 38, height)


# The bottom tracks, each in its own stretch of the width: (left, right) of the stretch.
FLOWERS_AT = (px(3), px(270))
GRANNY_AT = (px(278), px(392))
TORII_AT = (px(400), px(559))
TRACK_ICON = {"flowers": 20, "granny": 18, "torii": 18}  # emoji size: 1.25 × this wide


def _track_xs(count: int, at: tuple[float, float], size: int, step: float) -> list[float]:
    """Icons left to right from the start of ``at``, ``step`` apart or closer, all inside it."""
    if count <= 0:
        return []
    half = px(1.25 * size / 2)
    x0, x1 = at[0] + half, at[1] - half
    if count == 1:
        return [x0]
    step = min(step, (x1 - x0) / (count - 1))
    return [x0 + step * k for k in range(count)]


def flower_xs(sheet: Sheet) -> list[float]:
    # 26.7 px apart: a "+🍌" glyph below one flower and a "⛩️" below the next do not touch
    return _track_xs(len(sheet.flowers), FLOWERS_AT, TRACK_ICON["flowers"], px(26.7))


def granny_xs(sheet: Sheet) -> list[float]:
    return _track_xs(sheet.granny, GRANNY_AT, TRACK_ICON["granny"], px(26))


def torii_xs(sheet: Sheet) -> list[float]:
    return _track_xs(sheet.torii, TORII_AT, TRACK_ICON["torii"], px(26))


def _text(x, y, text, size=TEXT, colour=INK, name="", anchor="middle center", bold=False):
    if bold:
        text = [f"<b>{t}</b>" if t else t for t in text]
    return scatter(
        x=list(x),
        y=list(y),
        mode="text",
        text=list(text),
        textposition=anchor,
        textfont={"size": max(size, TEXT), "color": colour, "family": FONT},
        hoverinfo="skip",
        name=name,
        showlegend=False,
    )


def _markers(x, y, size, symbol="circle", fill="rgba(0,0,0,0)", line=None, width=0, name="", opacity=1.0):
    return scatter(
        x=list(x),
        y=list(y),
        mode="markers",
        marker={
            "size": size,
            "symbol": symbol,
            # an open symbol is stroked with the marker colour
            "color": (line or fill) if isinstance(symbol, str) and symbol.endswith("-open") else fill,
            "line": {"color": line or "rgba(0,0,0,0)", "width": width},
        },
        opacity=opacity,
        hoverinfo="skip",
        name=name,
        showlegend=False,
        selected={"marker": {"opacity": opacity}},
        unselected={"marker": {"opacity": opacity}},
    )


def _hline(y: float, x0: float = X_RANGE[0] + px(4), x1: float = BONUS_X + px(18)) -> dict:
    return {
        "type": "line",
        "x0": x0,
        "x1": x1,
        "y0": y,
        "y1": y,
        "line": {"color": "#9e9e9e", "width": 1, "dash": "dot"},
        "layer": "below",
    }


def _sheet_shapes(sheet: Sheet, geo: Geometry) -> list[dict]:
    """The printed grid: the fruit columns, the dotted line rules, the bottom box, the flower path."""
    lines_bottom = geo.y_lines[-1] - geo.line_step / 2
    shapes = [
        rect(COL_X[c] - HALF, lines_bottom, COL_X[c] + HALF, -2, FRUIT_COLOUR[fruit], "#bdbdbd", 1)
        for c, fruit in enumerate(FRUITS)
    ]
    shapes += [_hline(y + geo.line_step / 2) for y in geo.y_lines] + [_hline(lines_bottom)]
    bottom_box = (X_RANGE[0] + px(2), lines_bottom - BOTTOM_H + 2, X_RANGE[1] - px(2), lines_bottom - 2)
    shapes.append(rect(*bottom_box, "#fafafa", "#bdbdbd", 1))
    fx = flower_xs(sheet)
    if len(fx) > 1:  # the flower path, circled left to right
        y = geo.y_track
        line = {"color": "#f48fb1", "width": 3}
        shapes.append(
            {"type": "line", "x0": fx[0], "x1": fx[-1], "y0": y, "y1": y, "line": line, "layer": "below"}
        )
    return shapes


def _headers(hover: list) -> list:
    """Each column's die value, fruit disc and name."""
    hover += [
        (x, Y_HEADER, f"column {c + 1}: {f} (a die showing {c + 1})")
        for c, (x, f) in enumerate(zip(COL_X, FRUITS, strict=True))
    ]
    icon_ink = ["white" if f == "fig" else INK for f in FRUITS]
    return [
        _markers(COL_X, [Y_HEADER] * 5, 30, fill=[FRUIT_DISC[f] for f in FRUITS], line="#616161", width=1),
        _text(COL_X, [Y_HEADER] * 5, [FRUIT_ICON[f] for f in FRUITS], 18, icon_ink, bold=True),
        _text([x - px(24) for x in COL_X], [Y_HEADER] * 5, [f"{c + 1}" for c in range(5)], 20, bold=True),
        _text(COL_X, [Y_NAME] * 5, [FRUIT_NAME[f] for f in FRUITS], TEXT),
    ]


def _lines(sheet: Sheet, geo: Geometry, hover: list) -> list:
    """The lines: letters and bonuses, each fruit icon with its effect glyph, and the arrows
    between icons of the same fruit."""
    y_lines = geo.y_lines
    n = len(y_lines)
    traces = [
        _text([BONUS_X], [y_lines[0] + geo.line_step / 2 + 24], ["line<br>bonus"], TEXT),
        _text([LETTER_X] * n, y_lines, [line_label(i) for i in range(n)], 22, bold=True),
        _markers([BONUS_X] * n, y_lines, 34, symbol="square", fill="#fff3e0", line="#8d6e63", width=2),
        _text([BONUS_X] * n, y_lines, [f"+{line.bonus}" for line in sheet.lines], 18, bold=True),
    ]
    icons, glyphs, arrows = [], [], []  # (x, y, fruit) / (x, y, glyph) / (x, y)
    for i, line in enumerate(sheet.lines):
        y = geo.icon_y(i)
        for c, cell in enumerate(line.cells):
            xs = icon_xs(c, len(cell))
            for j, (x, effect) in enumerate(zip(xs, cell, strict=True)):
                icons.append((x, y, FRUITS[c]))
                glyphs.append((x, geo.glyph_y(i), glyph(effect) or "·"))
                hover.append(
                    (
                        x,
                        y,
                        f"line {line_label(i)}: {FRUITS[c]} {j + 1} of {len(cell)} — {tm.effect_words(effect)}",
                    )
                )
                if j:
                    arrows.append(((xs[j - 1] + x) / 2, y))
    ix, iy, fruits = zip(*icons, strict=True) if icons else ((), (), ())
    gx, gy, gt = zip(*glyphs, strict=True) if glyphs else ((), (), ())
    ax, ay = zip(*arrows, strict=True) if arrows else ((), ())
    return [
        *traces,
        _markers(ix, iy, 28, fill=[FRUIT_DISC[f] for f in fruits], line="#757575", width=1),
        _text(
            ix,
            iy,
            [FRUIT_ICON[f] for f in fruits],
            17,
            colour=["white" if f == "fig" else INK for f in fruits],
            bold=True,
        ),
        _text(gx, gy, gt, TEXT),
        _text(ax, ay, ["➜"] * len(ax), TEXT, colour="#6d4c41"),
    ]


def _tanuki(sheet: Sheet, hover: list) -> list:
    """The tanuki of each column, with printed rings on the ones circled at the start."""
    spots, rings = [], []
    for c, fruit in enumerate(FRUITS):
        for k in range(sheet.slots[c]):
            x, y = tanuki_xy(c, k)
            spots.append((x, y))
            printed = k < sheet.start_circled[c]
            hover.append((x, y, f"{fruit} column: tanuki {k + 1}{' (printed circle)' if printed else ''}"))
            if printed:
                rings.append((x, y))
    tx, ty = zip(*spots, strict=True) if spots else ((), ())
    rx, ry = zip(*rings, strict=True) if rings else ((), ())
    return [_text(tx, ty, ["🦝"] * len(tx), 17), _markers(rx, ry, 28, line=PRINTED, width=2.5)]


def _tracks(sheet: Sheet, geo: Geometry, hover: list) -> list:
    """The flower path, the Granny and torii tracks, each named above its icons (and what
    Granny and the torii do below theirs)."""
    yt, yl = geo.y_track, geo.y_bottom_label
    fx, gx, ox = flower_xs(sheet), granny_xs(sheet), torii_xs(sheet)
    hover += [
        (x, yt, f"flower {k + 1} — {tm.effect_words(e)}")
        for k, (x, e) in enumerate(zip(fx, sheet.flowers, strict=True))
    ]
    hover += [
        (x, yt, f"{what} {k + 1} of {len(xs)}")
        for what, xs in (("Granny", gx), ("torii", ox))
        for k, x in enumerate(xs)
    ]
    labels = ["<b>Flowers</b> ▸ a 6 circles the next", "<b>Granny</b>", "<b>Torii</b>"]
    starts = [FLOWERS_AT[0] + px(2), GRANNY_AT[0], TORII_AT[0]]
    return [
        _text(fx, [yt] * len(fx), ["🌸"] * len(fx), TRACK_ICON["flowers"]),
        _text(fx, [yt - 22] * len(fx), [glyph(e) or "·" for e in sheet.flowers], TEXT),
        _text(gx, [yt] * len(gx), ["👵"] * len(gx), TRACK_ICON["granny"]),
        _text(ox, [yt] * len(ox), ["⛩️"] * len(ox), TRACK_ICON["torii"]),
        _text(starts, [yl] * 3, labels, anchor="middle right"),
        _text(starts[1:], [yt - 22] * 2, ["× line bonus", "the last one ends"], anchor="middle right"),
    ]


def _hover_trace(hover: list) -> dict:
    """One invisible marker per printed thing, saying what it is on hover."""
    xs, ys, texts = zip(*hover, strict=True)
    # Larger than the choice markers: inside a marker Plotly prefers the smaller one, so a
    # click on a highlighted choice reaches the choice, not this tooltip.
    return hover_trace(list(xs), list(ys), list(texts), 40, "icons")


def _tanuki_label(geo: Geometry) -> dict:
    """The tanuki rows' label, upright beside them (the line letters' column is too narrow)."""
    return {
        "x": LETTER_X,
        "y": (TANUKI_TOP + geo.tanuki_bottom + 18) / 2,
        "xref": "x",
        "yref": "y",
        "text": "tanuki",
        "textangle": -90,
        "showarrow": False,
        "font": {"size": TEXT, "color": INK, "family": FONT},
    }


@lru_cache(maxsize=32)
def _static(sheet: Sheet) -> tuple[tuple, tuple, tuple]:
    """The printed sheet (traces, shapes, annotations): what no pencil mark changes."""
    geo = geometry(sheet)
    hover: list[tuple] = []  # (x, y, text), filled by each part in drawing order
    traces = [
        *_headers(hover),
        *_lines(sheet, geo, hover),
        *_tanuki(sheet, hover),
        *_tracks(sheet, geo, hover),
    ]
    traces.append(_hover_trace(hover))
    return tuple(traces), tuple(_sheet_shapes(sheet, geo)), (_tanuki_label(geo),)


@dataclass(frozen=True)
class Marks:
    """``tm.icon_marks`` as hashable tuples (the cache key of a sheet's pencil marks)."""

    lines: tuple[tuple[tuple[bool, ...], ...], ...]  # per line, per column (5), per icon
    tanuki: tuple[tuple[str, ...], ...]  # per column: "crossed" | "circled" | "empty"
    flowers: tuple[bool, ...]
    granny: tuple[bool, ...]
    torii: tuple[bool, ...]
    line_bonuses: tuple[bool, ...]

    @classmethod
    def of(cls, state, seat: int) -> Marks:
        m = tm.icon_marks(state, seat)
        return cls(
            tuple(tuple(tuple(line.get(f, ())) for f in FRUITS) for line in m["lines"]),
            tuple(tuple(m["tanuki"][f]) for f in FRUITS),
            tuple(m["flowers"]),
            tuple(m["granny"]),
            tuple(m["torii"]),
            tuple(m["line_bonuses"]),
        )

    def icons(self) -> set[tuple]:
        """Every marked icon: ("fruit", line, column, k), ("tanuki", column, k, status), …"""
        out: set[tuple] = set()
        for i, line in enumerate(self.lines):
            out |= {("fruit", i, c, k) for c, cell in enumerate(line) for k, on in enumerate(cell) if on}
        for c, col in enumerate(self.tanuki):
            out |= {("tanuki", c, k, s) for k, s in enumerate(col) if s != "empty"}
        for name in ("flowers", "granny", "torii", "line_bonuses"):
            out |= {(name, k) for k, on in enumerate(getattr(self, name)) if on}
        return out


def penalty_slot(marks: Marks, column: int) -> int | None:
    """The tanuki slot (0-based) a penalty in ``column`` (0-based) crosses: the first circled
    and not crossed one, in ``tm.icon_marks`` order (None if there is none)."""
    col = marks.tanuki[column]
    return col.index("circled") if "circled" in col else None


def bonus_slot(marks: Marks, column: int) -> int | None:
    """The tanuki slot (0-based) a tanuki bonus in ``column`` circles: the first empty one."""
    col = marks.tanuki[column]
    return col.index("empty") if "empty" in col else None


def _xy(sheet: Sheet, geo: Geometry, icon: tuple) -> tuple[float, float]:
    """Where a marked icon (as in :meth:`Marks.icons`) is drawn."""
    kind = icon[0]
    if kind == "fruit":
        _, i, c, k = icon
        return icon_xs(c, len(sheet.lines[i].cells[c]))[k], geo.icon_y(i)
    if kind == "tanuki":
        return tanuki_xy(icon[1], icon[2])
    if kind == "line_bonuses":
        return BONUS_X, geo.y_lines[icon[1]]
    xs = {"flowers": flower_xs, "granny": granny_xs, "torii": torii_xs}[kind](sheet)
    return xs[icon[1]], geo.y_track


def _pencil(xs, ys, sizes, name="pencil"):
    """Two slightly offset graphite strokes: a circle drawn by hand."""
    first = _markers(xs, ys, sizes, line=PENCIL, width=3, name=name)
    second = _markers(
        [x + 0.03 for x in xs],
        [y - 1.2 for y in ys],
        [s - 3 for s in sizes],
        line="rgba(35,35,35,0.45)",
        width=1.5,
    )
    return [first, second]


SIZE = {"fruit": 33, "tanuki": 28, "line_bonuses": 46, "flowers": 32, "granny": 29, "torii": 29}


def _marks_traces(sheet: Sheet, marks: Marks, geo: Geometry, new: tuple) -> list:
    """Pencil circles and crosses for one seat's marks, and the rings of what is new."""
    cx, cy, cs = [], [], []
    xx, xy = [], []
    for icon in sorted(marks.icons()):
        x, y = _xy(sheet, geo, icon)
        kind = icon[0]
        if kind == "tanuki":
            _, c, k, status = icon
            if status == "crossed":
                xx.append(x)
                xy.append(y)
            if k < sheet.start_circled[c]:
                continue  # printed ring
        cx.append(x)
        cy.append(y)
        cs.append(SIZE[kind])
    traces = _pencil(cx, cy, cs) if cx else []
    if xx:
        traces.append(_markers(xx, xy, 26, symbol="x-thin-open", line=PENCIL, width=4.5, name="crosses"))
    if new:
        nx, ny, ns = [], [], []
        for icon in new:
            x, y = _xy(sheet, geo, icon)
            nx.append(x)
            ny.append(y)
            ns.append(SIZE[icon[0]] + 14)
        traces.append(_markers(nx, ny, ns, symbol=NEW_SYMBOL, line=NEW, width=4, name="new"))
    return traces


def _choices(sheet: Sheet, marks: Marks, geo: Geometry, kind: str, options: tuple, selected):
    """Highlighted, clickable targets of the decision: (x, y, token, hover, is_selected)."""
    out = []
    for a in options:
        token = tm.encode_action(a)
        sel = a == selected
        if kind == "line":
            cell = marks.lines[a.line][a.column - 1]
            if False in cell:
                k = cell.index(False)
                x = icon_xs(a.column - 1, len(cell))[k]
                out.append((x, geo.icon_y(a.line), token, str(a), sel))
        elif kind in ("tanuki", "penalty"):
            c = a.column - 1
            slot = bonus_slot(marks, c) if kind == "tanuki" else penalty_slot(marks, c)
            if slot is not None:
                out.append((*tanuki_xy(c, slot), token, str(a), sel))
            out.append((COL_X[c], Y_HEADER, token, str(a), sel))
    return out


def _dice_traces(dice: tuple, die_options: tuple, open_values: tuple, taken, new_die: bool, selected) -> list:
    """The dice of the turn (beside the headers); open dice are clickable while the seat shown takes one."""
    if not dice:
        return []
    xs = list(DIE_X[: len(dice)])
    options = {a.value: a for a in die_options}
    fill, line, width, tokens, hovers, under = [], [], [], [], [], []
    for v in dice:
        action = options.get(v)
        usable = v in open_values or not open_values
        under.append(("🌸" if v == 6 else FRUIT_ICON[FRUITS[v - 1]]) if usable else "used")
        if action is not None:
            fill.append(HIGHLIGHT_FILL)
            line.append("#b71c1c" if action == selected else HIGHLIGHT_LINE)
            width.append(6 if action == selected else 4)
            tokens.append(tm.encode_action(action))
            what = "circle a flower" if action.flower or v == 6 else f"circle a {FRUITS[v - 1]}"
            hovers.append(f"{action} → {what}")
        else:
            fill.append("white" if usable else "#e0e0e0")
            line.append("#424242")
            width.append(2)
            tokens.append("")
            hovers.append(f"die {v}" + ("" if usable else " (already used)"))
    traces = [
        _text([DIE_X[0] - px(17)], [-12], ["Dice"], TEXT, anchor="middle right", bold=True),
        scatter(
            x=xs,
            y=[Y_DICE] * len(dice),
            mode="markers+text",
            marker={"size": 34, "symbol": "square", "color": fill, "line": {"color": line, "width": width}},
            text=[str(v) for v in dice],
            textfont={"size": 20, "color": INK, "family": FONT},
            textposition="middle center",
            customdata=tokens,
            hovertext=hovers,
            hovertemplate="%{hovertext}<extra></extra>",
            name="dice",
            showlegend=False,
            selected={"marker": {"opacity": 1}},
            unselected={"marker": {"opacity": 1}},
        ),
        _text(xs, [Y_DICE - 32] * len(dice), under, TEXT),
    ]
    if taken is not None and taken in dice:
        k = dice.index(taken)
        traces.extend(_pencil([xs[k]], [Y_DICE], [48], name="taken"))
        if new_die:
            traces.append(
                _markers([xs[k]], [Y_DICE], [60], symbol=NEW_SYMBOL, line=NEW, width=4, name="new die")
            )
    return traces


CAPTIONS = {
    "die": "Click a die",
    "tanuki": "Tanuki<br>bonus: click<br>a column's<br>tanuki",
    "penalty": "Tanuki<br>penalty:<br>click a 🦝<br>to cross out",
}
"""The prompt of each decision, in short rows that fit the panel (a fruit's: :func:`caption`)."""


def caption(kind: str, column: int | None) -> str:
    """The prompt of the decision shown in the panel: ``"Click the<br>banana<br>to circle"``."""
    return CAPTIONS.get(kind) or f"Click the<br>{FRUITS[column - 1]}<br>to circle"


def _rows(text: str) -> int:
    return text.count("<br>") + 1


def _block_h(text: str) -> float:
    """Height (px) of a text of :data:`TEXT` size with ``<br>`` rows (Plotly: 1.3 em apart)."""
    return TEXT + 1.3 * TEXT * (_rows(text) - 1)


@dataclass(frozen=True)
class _Key:
    """Everything a figure depends on (hashable: the cache key)."""

    sheet: Sheet
    marks: Marks
    dice: tuple[int, ...]
    open_values: tuple[int, ...]
    kind: str | None  # the decision of the seat shown, when it is clickable
    column: int | None
    options: tuple
    die_taken: int | None
    new: tuple
    new_die: bool
    selected: object
    title: str


@lru_cache(maxsize=256)
def _figure(key: _Key) -> go.Figure:
    sheet = key.sheet
    geo = geometry(sheet)
    static, shapes, annotations = _static(sheet)
    traces = list(static)
    traces += _marks_traces(sheet, key.marks, geo, key.new)
    die_options = key.options if key.kind == "die" else ()
    traces += _dice_traces(key.dice, die_options, key.open_values, key.die_taken, key.new_die, key.selected)
    # The panel beside the lines (under the dice and the bonus header), top to bottom: the
    # prompt, the legend, whose sheet it is.
    y = geo.y_lines[0] + geo.line_step / 2 - 6 if geo.y_lines else Y_PANEL
    if key.kind is not None:
        prompt = caption(key.kind, key.column)
        h = _block_h(prompt)
        traces.append(
            _text([PANEL_X], [y - h / 2], [prompt], TEXT, colour="#bf360c", anchor="middle right", bold=True)
        )
        y -= h + 16
    if key.new or key.new_die:
        legend = "new since<br>last move"
        h = _block_h(legend)
        traces.append(
            _markers(
                [PANEL_X + px(11)], [y - h / 2], [22], symbol=NEW_SYMBOL, line=NEW, width=3, name="legend"
            )
        )
        traces.append(
            _text([PANEL_X + px(26)], [y - h / 2], [legend], TEXT, colour=NEW, anchor="middle right")
        )
        y -= h + 16
    h = _block_h(key.title)
    traces.append(_text([PANEL_X], [y - h / 2], [key.title], TEXT, anchor="middle right", name="title"))
    if key.kind in ("line", "tanuki", "penalty"):
        found = _choices(sheet, key.marks, geo, key.kind, key.options, key.selected)
        xs, ys, tokens, hovers, sel = zip(*found, strict=True) if found else ((),) * 5
        traces.append(
            scatter(
                x=list(xs),
                y=list(ys),
                mode="markers",
                marker={
                    "size": 32,
                    "symbol": "circle",
                    "color": HIGHLIGHT_FILL,
                    "line": {
                        "color": ["#b71c1c" if s else HIGHLIGHT_LINE for s in sel],
                        "width": [6 if s else 4 for s in sel],
                    },
                },
                customdata=list(tokens),
                hovertext=list(hovers),
                hovertemplate="%{hovertext}<extra></extra>",
                name="choices",
                showlegend=False,
                selected={"marker": {"opacity": 1}},
                unselected={"marker": {"opacity": 1}},
            )
        )
    return FrozenFigure(
        data=traces,
        layout=layout_dict(
            list(shapes),
            geo.height,
            X_RANGE,
            font=FONT,
            size=TEXT,
            margin=MARGIN,
            annotations=list(annotations),
        ),
    )


def shown_seat(view) -> int:
    """Whose sheet :func:`figure` draws: the view's seat; for a full state the seat to decide
    (seat 0 once the game is over)."""
    seat = tm.viewer(view)
    if seat is not None:
        return seat
    p = tm.pending(view)
    return p.seat if p is not None else 0


def _new_icons(view, previous, seat: int, marks: Marks) -> tuple[tuple, bool]:
    """(icons marked since ``previous``, was the die taken now taken since then)."""
    if previous is None:
        return (), False
    if previous.sheet != view.sheet:
        raise ValueError("previous must be a view of the same game (the same sheet)")
    before = Marks.of(previous, seat)
    old = before.icons()
    now = marks.icons()
    new = tuple(sorted(now - old))
    taken = tm.taken_die(view)
    new_die = taken is not None and (tm.taken_die(previous) != taken or tm.dice(previous) != tm.dice(view))
    return new, new_die


def figure(view, *, selected=None, interactive: bool = True, previous=None) -> go.Figure:
    """One seat's sheet with its pencil marks and the turn's dice: ``view`` is ``tm.view(state, seat)``.

    A full state draws the seat to decide (seat 0 once the game is over). When ``interactive``
    and the seat shown is the one deciding, the legal choices are highlighted and clickable
    (``customdata`` = ``tm.encode_action(action)``; :func:`clickable` lists them); ``selected``
    (one of those actions; ignored otherwise) is highlighted more strongly. ``previous`` (the same seat's view one
    move earlier, or None) rings every icon circled or crossed since then, and the die just
    taken, with a blue hexagon (legend "new since the last move"). Cached: do not mutate.
    """
    seat = shown_seat(view)
    marks = Marks.of(view, seat)
    p = tm.pending(view)
    mine = p is not None and p.seat == seat
    taken = tm.taken_die(view) if mine else None
    clickable_now = bool(interactive) and mine
    new, new_die = _new_icons(view, previous, seat, marks)
    if selected is not None and not (mine and selected in p.options):
        selected = None
    title = f"Player {seat + 1}'s<br>sheet" if view.players > 1 else ""
    if p is not None and not mine:
        title += f"<br>(Player {p.seat + 1}<br>decides)"
    key = _Key(
        view.sheet,
        marks,
        tuple(tm.dice(view)),
        tuple(p.open_dice) if p is not None else (),
        p.kind if clickable_now else None,
        p.column if clickable_now else None,
        tuple(p.options) if clickable_now else (),
        taken,
        new,
        new_die and taken is not None,
        selected if clickable_now else None,
        title,
    )
    return _figure(key)


def cache_info() -> str:
    return str(_figure.cache_info())
