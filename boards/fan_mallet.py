"""Fan & Mallet boards: the oval of 12 houses with the hand below, and a single house (Plotly).

Each figure is built in one go (all shapes in the layout, a few traces) and cached per
(state, options): figures are deterministic for a given input. Every card carries words as
well as colour (faction tag W/B, colour name, power or kid ghost icon).

>>> import engine.fan_mallet as fm
>>> fig = board_figure(fm.new_game(3), hand_seat=0)
>>> [t.name for t in fig.data]
['houses', 'labels', 'hand']
>>> fig.data[-1].customdata[0].startswith("card:")
True
"""

from __future__ import annotations

from functools import lru_cache

import plotly.graph_objects as go

import engine.fan_mallet as fm
from boards.frozen import FrozenFigure
from engine.fan_mallet import Follower, House
from explainers.fan_mallet import KID_ICONS, follower_label, possession_list, short_skip

COLOUR_HEX = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#f5d000",
    "purple": "#6a1b9a",
    "brown": "#7b4a2a",
}
INK_ON = {c: ("#111111" if c == "yellow" else "#ffffff") for c in COLOUR_HEX}
FACTION_FILL = {"white": "#ffffff", "black": "#262626"}
FACTION_INK = {"white": "#111111", "black": "#ffffff"}
TARGET = "#00a651"
SKIP = "#ef6c00"
FONT = "Noto Sans, DejaVu Sans, Arial, sans-serif"

# Geometry (data units). Top row: houses 0..5 left to right; bottom row: 6..11 right to left.
HOUSE_W = 0.94
HEADER_H = 0.32
INFO_H = 0.24
STATUS_H = 0.26
CARD_H = 0.23
HOUSE_H = HEADER_H + INFO_H + STATUS_H + 5 * CARD_H + 0.08
TOP_Y = 0.0
BAND = 0.62
BOTTOM_Y = TOP_Y - HOUSE_H - BAND
HAND_TOP = BOTTOM_Y - HOUSE_H - 0.42
HAND_H = 1.25
PX_PER_UNIT = 104  # vertical pixels per data unit on the board


def house_origin(index: int) -> tuple[float, float]:
    """(left x, top y) of house ``index`` on the oval.

    >>> house_origin(0), house_origin(6)[0], house_origin(11)[0]
    ((0.03, 0.0), 5.03, 0.03)
    """
    if index < 6:
        return index + 0.03, TOP_Y
    return (11 - index) + 0.03, BOTTOM_Y


def _rect(x0, y0, x1, y1, fill, line="#111111", width=1.5, dash=None) -> dict:
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


class _Parts:
    """Shapes and text collected for one figure (turned into traces once, at the end)."""

    def __init__(self) -> None:
        self.shapes: list[dict] = []
        self.tx: list[float] = []
        self.ty: list[float] = []
        self.text: list[str] = []
        self.ink: list[str] = []
        self.size: list[int] = []
        self.hx: list[float] = []
        self.hy: list[float] = []
        self.hover: list[str] = []
        self.side: list[tuple[float, float, str, str]] = []

    def note(self, x, y, text, ink="#111111") -> None:
        """Left-aligned text starting at (x, y) (beside a house)."""
        self.side.append((x, y, text, ink))

    def write(self, x, y, text, ink="#111111", size=15) -> None:
        self.tx.append(x)
        self.ty.append(y)
        self.text.append(text)
        self.ink.append(ink)
        self.size.append(size)

    def hint(self, x, y, text) -> None:
        self.hx.append(x)
        self.hy.append(y)
        self.hover.append(text)

    def traces(self) -> list[go.Scatter]:
        side = []
        if self.side:
            xs, ys, texts, inks = zip(*self.side, strict=True)
            side = [
                go.Scatter(
                    x=xs,
                    y=ys,
                    mode="text",
                    text=texts,
                    textposition="middle right",
                    textfont={"color": inks, "size": 16, "family": FONT},
                    hoverinfo="skip",
                    name="notes",
                    showlegend=False,
                )
            ]
        return side + [
            go.Scatter(
                x=self.hx,
                y=self.hy,
                mode="markers",
                marker={"size": 28, "color": "rgba(0,0,0,0)"},
                hovertext=self.hover,
                hoverinfo="text",
                name="houses",
                showlegend=False,
            ),
            go.Scatter(
                x=self.tx,
                y=self.ty,
                mode="text",
                text=self.text,
                textfont={"color": self.ink, "size": self.size, "family": FONT},
                hoverinfo="skip",
                name="labels",
                showlegend=False,
            ),
        ]


def card_text(f: Follower) -> str:
    """The text on a follower strip: ``"red 3"`` or ``"red ☂"`` (kid ghost icon)."""
    if f.kind == "kid":
        return f"{f.colour} {KID_ICONS[f.ability]}"
    return f"{f.colour} {f.power}"


def _card(parts: _Parts, x0, y0, w, h, f: Follower, size=15, power_note: str = "") -> None:
    """A follower card: a faction tab (W on white / B on black) and its colour with words."""
    tab = 0.2 * w
    parts.shapes.append(_rect(x0, y0, x0 + w, y0 + h, COLOUR_HEX[f.colour], width=1.5))
    parts.shapes.append(_rect(x0, y0, x0 + tab, y0 + h, FACTION_FILL[f.faction], width=1.5))
    parts.write(x0 + tab / 2, y0 + h / 2, "W" if f.faction == "white" else "B", FACTION_INK[f.faction], size)
    parts.write(x0 + tab + (w - tab) / 2, y0 + h / 2, card_text(f), INK_ON[f.colour], size)
    name = f"{f.faction} {follower_label(f)}" + (" (kid ghost)" if f.kind == "kid" else "")
    parts.hint(x0 + w / 2, y0 + h / 2, name + power_note)


def _house(
    parts: _Parts,
    index: int | None,
    x0: float,
    top: float,
    house: House,
    stack,
    owner: str | None = None,
    owner_markers: int = 0,
    pawns: tuple[str, ...] = (),
    status: tuple[str, str, str] | None = None,
    outline: tuple[str, str | None] | None = None,
    ghost: bool = False,
    scale: float = 1.0,
) -> None:
    """Draw one house: header (origin colour and index), faction, tokens, status and its stack."""
    w = HOUSE_W
    bottom = top - HOUSE_H
    fs = round(13 * scale)
    line, dash = outline if outline else ("#111111", None)
    parts.shapes.append(
        _rect(x0, bottom, x0 + w, top, FACTION_FILL[house.faction], line, 6 if outline else 2, dash)
    )
    parts.shapes.append(_rect(x0, top - HEADER_H, x0 + w, top, COLOUR_HEX[house.colour], line, 2))
    head = f"{index} {house.colour}" if index is not None else f"{house.colour} origin"
    parts.write(x0 + w / 2, top - HEADER_H / 2, f"<b>{head}</b>", INK_ON[house.colour], round(16 * scale))
    ink = FACTION_INK[house.faction]
    info_y = top - HEADER_H - INFO_H / 2
    parts.write(
        x0 + (0.32 if pawns else w / 2),
        info_y,
        house.faction if pawns else f"{house.faction} house",
        ink,
        round(13 * scale),
    )
    for k, who in enumerate(pawns):
        px = x0 + w - 0.13 - 0.22 * k
        parts.shapes.append(
            {
                "type": "circle",
                "x0": px - 0.1,
                "x1": px + 0.1,
                "y0": info_y - 0.1,
                "y1": info_y + 0.1,
                "fillcolor": FACTION_FILL[who],
                "line": {"color": "#888888" if who == "black" else "#111111", "width": 2},
                "layer": "below",
            }
        )
        parts.write(px, info_y, "<b>♙</b>" if who == "white" else "<b>♟</b>", FACTION_INK[who], fs)
    status_y0 = top - HEADER_H - INFO_H - STATUS_H
    if status is not None:
        label, fill, ink2 = status
        parts.shapes.append(
            _rect(x0 + 0.03, status_y0 + 0.02, x0 + w - 0.03, status_y0 + STATUS_H - 0.02, fill)
        )
        parts.write(x0 + w / 2, status_y0 + STATUS_H / 2, f"<b>{label}</b>", ink2, round(14 * scale))
    elif owner is not None:
        parts.shapes.append(
            _rect(
                x0 + 0.03,
                status_y0 + 0.02,
                x0 + w - 0.03,
                status_y0 + STATUS_H - 0.02,
                FACTION_FILL[owner],
                "#888",
            )
        )
        parts.write(
            x0 + w / 2,
            status_y0 + STATUS_H / 2,
            f"<b>★ {owner} ×{owner_markers}</b>",
            FACTION_INK[owner],
            fs,
        )
    cx = x0 + 0.04
    cw = w - 0.08
    for k, f in enumerate(stack):
        y0 = bottom + 0.04 + k * CARD_H
        _card(parts, cx, y0, cw, CARD_H + 0.02, f, fs, f" — #{k + 1} from the bottom")
    if ghost and len(stack) < 5:
        y0 = bottom + 0.04 + len(stack) * CARD_H
        parts.shapes.append(_rect(cx, y0, cx + cw, y0 + CARD_H, "rgba(0,166,81,0.25)", TARGET, 3, "dot"))
        parts.write(
            x0 + w / 2,
            y0 + CARD_H / 2,
            "<b>➜ here</b>",
            "#005a2b" if house.faction == "white" else "#9cffc8",
            fs,
        )
    where = f"house {index}: " if index is not None else ""
    summary = f"{where}{house.colour} origin, {house.faction} house, {len(stack)} follower(s)"
    if owner:
        summary += f", possessed by {owner}"
    parts.hint(x0 + w / 2, top - HEADER_H / 2, summary)


def _layout(shapes, x_range, y_range, height) -> dict:
    return {
        "shapes": shapes,
        "height": height,
        "margin": {"l": 4, "r": 4, "t": 4, "b": 4},
        "xaxis": {"visible": False, "range": x_range, "fixedrange": True},
        "yaxis": {"visible": False, "range": y_range, "fixedrange": True},
        "plot_bgcolor": "#fffdf8",
        "paper_bgcolor": "#fffdf8",
        "showlegend": False,
        "clickmode": "event+select",
        "dragmode": False,
        "hovermode": "closest",
        "font": {"family": FONT, "size": 15, "color": "#111111"},
        "hoverlabel": {"font": {"size": 16}},
    }


@lru_cache(maxsize=64)
def board_figure(
    state,
    hand_seat: int | None = None,
    selected: str | None = None,
    clickable: bool = True,
    hidden_seat: int | None = None,
    hand_title: str = "",
) -> go.Figure:
    """The oval of 12 houses, both pawns, markers, and ``hand_seat``'s hand below.

    ``selected`` (a follower code in that hand) highlights the house it would go to and the
    houses skipped on the way (numbered, with a short reason). Hand cards are clickable
    markers whose ``customdata`` is ``"card:<code>"``, or ``"play:<code>"`` for the selected
    card (a second click plays it). ``hidden_seat``'s hand is shown only as a count.
    """
    parts = _Parts()
    slots = fm.houses(state)
    marks: dict[int, int] = {}
    for p in possession_list(state):
        marks[p.house_index] = p.markers
    preview = None
    if selected is not None:
        preview = fm.placement_preview(state, selected)
    skipped = {h: (n, r) for n, (h, r) in enumerate(preview.skipped, start=1)} if preview else {}
    target = preview.target if preview else None
    pawn_at = {f: fm.pawn(state, f) for f in ("white", "black")}
    for slot in slots:
        i = slot.index
        x0, top = house_origin(i)
        status = outline = None
        if i in skipped:
            n, reason = skipped[i]
            status = (f"✗{n} {short_skip(reason)}", "#ffe0b2", "#111111")
            outline = (SKIP, "dash")
        elif i == target:
            status = ("➜ goes here", "#c8f7d8", "#003d1d")
            outline = (TARGET, None)
        pawns = tuple(f for f in ("white", "black") if pawn_at[f] == i)
        _house(
            parts,
            i,
            x0,
            top,
            slot.house,
            slot.stack,
            slot.owner,
            marks.get(i, 0),
            pawns,
            status,
            outline,
            i == target,
        )
    # Starting points (between houses), the clockwise path, and the middle band.
    mid = BOTTOM_Y + BAND / 2
    for who, x, y in (("white", -0.2, TOP_Y - HOUSE_H / 2), ("black", 6.2, BOTTOM_Y - HOUSE_H / 2)):
        if pawn_at[who] is None:
            parts.shapes.append(
                {
                    "type": "circle",
                    "x0": x - 0.13,
                    "x1": x + 0.13,
                    "y0": y - 0.13,
                    "y1": y + 0.13,
                    "fillcolor": FACTION_FILL[who],
                    "line": {"color": "#111111", "width": 2},
                    "layer": "below",
                }
            )
            parts.write(x, y, "<b>♙</b>" if who == "white" else "<b>♟</b>", FACTION_INK[who], 17)
            parts.write(x, y - 0.26, "start", "#111111", 13)
            parts.hint(
                x, y, f"{who}'s pawn on its starting point (first tries house {0 if who == 'white' else 6})"
            )
    parts.write(6.2, mid, "<b>↓</b>", "#555555", 30)
    parts.write(-0.2, mid, "<b>↑</b>", "#555555", 30)
    parts.write(3.0, TOP_Y + 0.13, "clockwise →  houses 0 → 5", "#555555", 14)
    m = fm.markers(state)
    for k, who in enumerate(("white", "black")):
        seat = k
        hand_txt = f"hand {fm.hand_size(state, who)}" + (" (hidden)" if seat == hidden_seat else "")
        line = f"<b>{who.capitalize()} {'♙' if who == 'white' else '♟'}</b>  markers {m[who]}/7 · {hand_txt} · deck {fm.deck_size(state, who)}"
        parts.write(3.0, mid + 0.14 - 0.28 * k, line, "#111111", 15)
    # The hand.
    customdata: list[str] = []
    cx: list[float] = []
    cy: list[float] = []
    hover: list[str] = []
    if hand_seat is not None:
        faction = fm.FACTIONS[hand_seat]
        cards = fm.hand(state, faction)
        title = hand_title or f"{faction.capitalize()}'s hand"
        parts.write(3.0, HAND_TOP + 0.2, f"<b>{title}</b>", "#111111", 17)
        for k, f in enumerate(cards):
            x0 = k + 0.1
            y1 = HAND_TOP - 0.02
            y0 = y1 - HAND_H
            chosen = f.code == selected
            if chosen:
                parts.shapes.append(
                    _rect(x0 - 0.06, y0 - 0.06, x0 + 0.86, y1 + 0.06, "rgba(0,0,0,0)", TARGET, 6)
                )
            parts.shapes.append(_rect(x0, y0, x0 + 0.8, y1, COLOUR_HEX[f.colour], "#111111", 2))
            parts.shapes.append(_rect(x0, y1 - 0.3, x0 + 0.8, y1, FACTION_FILL[f.faction], "#111111", 2))
            parts.write(x0 + 0.4, y1 - 0.15, f"<b>{f.faction}</b>", FACTION_INK[f.faction], 16)
            big = KID_ICONS[f.ability] if f.kind == "kid" else str(f.power)
            small = f"{f.ability}" if f.kind == "kid" else "spirit"
            parts.write(x0 + 0.4, y0 + 0.62, f"<b>{big}</b>", INK_ON[f.colour], 30)
            parts.write(x0 + 0.4, y0 + 0.32, f"<b>{f.colour}</b>", INK_ON[f.colour], 15)
            parts.write(x0 + 0.4, y0 + 0.12, small, INK_ON[f.colour], 13)
            cx.append(x0 + 0.4)
            cy.append(y0 + 0.35)
            action = "play" if chosen else "card"
            customdata.append(f"{action}:{f.code}" if clickable else "")
            tip = "click again to play" if chosen else "click to see where it goes"
            hover.append(
                f"{f.faction} {follower_label(f)} — {tip}"
                if clickable
                else f"{f.faction} {follower_label(f)}"
            )
    traces = parts.traces()
    traces.append(
        go.Scatter(
            x=cx,
            y=cy,
            mode="markers",
            marker={"size": 92, "symbol": "square", "color": "rgba(255,255,255,0.01)"},
            customdata=customdata,
            hovertext=hover,
            hoverinfo="text",
            name="hand",
            showlegend=False,
        )
    )
    y_min = HAND_TOP - HAND_H - 0.08 if hand_seat is not None else BOTTOM_Y - HOUSE_H - 0.3
    height = round((TOP_Y + 0.28 - y_min) * PX_PER_UNIT)
    return FrozenFigure(
        data=traces, layout=_layout(parts.shapes, [-0.36, 6.36], [y_min, TOP_Y + 0.28], height)
    )


@lru_cache(maxsize=128)
def house_figure(
    house: House, stack: tuple[Follower, ...], powers: tuple[int, ...] = (), focus: int | None = None
) -> go.Figure:
    """One house on its own (Learn and What-if), with each follower's final power beside it."""
    parts = _Parts()
    _house(parts, None, 0.03, 0.0, house, stack, scale=1.25)
    bottom = -HOUSE_H
    for k, f in enumerate(stack):
        y = bottom + 0.04 + k * CARD_H + CARD_H / 2 + 0.01
        if k < len(powers):
            base = f.power
            extra = powers[k] - base
            how = f"{base} + {extra}" if f.kind == "kid" else "printed power"
            mark = "◀ " if k == focus else ""
            parts.note(
                1.02,
                y,
                f"{mark}#{k + 1} {f.faction}: <b>{powers[k]}</b> ({how})",
                "#111111" if k != focus else "#b3261e",
            )
    parts.note(1.02, bottom + 0.04 + 5 * CARD_H + 0.12, "#1 = bottom, placed first", "#555555")
    layout = _layout(parts.shapes, [-0.02, 2.45], [bottom - 0.05, 0.05], round((HOUSE_H + 0.1) * 190))
    return FrozenFigure(data=parts.traces(), layout=layout)
