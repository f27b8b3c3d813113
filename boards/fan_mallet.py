"""Fan & Mallet boards: one seat's view of the oval of 12 houses and its hand; a single house.

:func:`figure` draws what one seat may see (``fm.view(state, seat)``): the 12 houses with their
followers, both pawns, the possession markers, the hand and deck counts, the viewer's own hand
and the opponent's hand as card backs only. A full state (``fm.viewer(state) is None``) is the
teacher's demo mode: both hands are drawn, under a banner that says so (once the game is
over, a banner saying that instead: the hands are shown because the game ended).

Each figure is built in one go (every shape in the layout, a few traces) and cached per input;
the same input gives the same (frozen) figure object. Every card carries words as well as
colour: the faction letter W/B, the colour's name, the power or the kid ghost's icon.

>>> import engine.fan_mallet as fm
>>> fig = figure(fm.view(fm.new_game(3), 0))
>>> [t.name for t in fig.data]
['houses', 'pawns', 'labels', 'hand']
>>> all(fm.decode_action(c) in fm.legal_actions(fm.view(fm.new_game(3), 0)) for c in fig.data[-1].customdata)
True
>>> figure(fm.view(fm.new_game(3), 0)) is fig
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import plotly.graph_objects as go

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.frozen import FrozenFigure, scatter
from boards.parts import ClickTargets, Parts, full_state_banner, hover_trace, layout_dict, rect
from boards.parts import clickable as clickable  # the board's API: the tokens a click can send
from boards.theme import DESIGN_WIDTH, FONT, INK, LAST, MARGIN, TARGET, TEXT, WARM_PAPER
from engine.fan_mallet import Follower, House

COLOUR_HEX = {
    "red": "#c62828",
    "blue": "#1565c0",
    "green": "#2e7d32",
    "yellow": "#f5d000",
    "purple": "#6a1b9a",
    "brown": "#7b4a2a",
}
INK_ON = {c: (INK if c == "yellow" else "#ffffff") for c in COLOUR_HEX}
FACTION_FILL = {"white": "#ffffff", "black": "#262626"}
FACTION_INK = {"white": INK, "black": "#ffffff"}
FACTION_TAG = {"white": "W", "black": "B"}
PAWN = {"white": "♙", "black": "♟"}
SKIP = "#ef6c00"
BIG = 24  # the power or icon on a hand card

MAX_HEIGHT = 480
"""The board (houses and hand) fits a 1280×720 screen beside the page's side panel."""

# Geometry. x: house slots (top row: houses 0..5 left to right; bottom row 6..11 right to
# left), each 1 wide. y: pixels below the top of the plot area (so text sizes fit exactly).
#
# Text sizes are pixels but x is in slots, so a narrow figure squeezes the text together. The
# layout is made for the narrowest board the Play tab draws: a 570-px figure (1280×720 with the
# side panel open); any wider figure only gets more room. ``px(n)`` is n pixels at that width.
HOUSE_W = 0.96
X_RANGE = (-0.01, 6.01)
STATUS_H = 24
BANNER_H = 24
BAND_H = 26
HAND_GAP = 4
HAND_HEAD_H = 20  # whose hand, and the opponent's card backs
HAND_H = 84  # a hand of full cards
DEMO_ROW_H = 40  # one of the two hands of the demo mode
CARD_W = HOUSE_W  # a hand card sits under a house slot
DEMO_CARD_W = 0.83
DEMO_CARD_STEP = 0.86
TAG_W = 96  # pixels: the "▲ last card" tag
END_W = 26  # pixels: the path arrow (or a pawn on its starting point) at each end of the band


def px(n: float) -> float:
    """``n`` pixels in x units at :data:`DESIGN_WIDTH` (wider figures: fewer pixels per unit)."""
    return n * (X_RANGE[1] - X_RANGE[0]) / (DESIGN_WIDTH - 8)


@dataclass(frozen=True)
class Geo:
    """Vertical sizes (pixels) of a house: header, faction/status box, one follower strip. An
    ``info`` box tall enough for two lines gets two (a reason, a pawn)."""

    header: float = 22
    info: float = 38
    card: float = 18
    pad: float = 4
    font: int = TEXT

    @property
    def height(self) -> float:
        return self.header + self.info + 5 * self.card + self.pad

    @property
    def info_lines(self) -> tuple[float, ...]:
        """y offsets of the info box's lines from its centre."""
        if self.info >= 2 * self.font + 4:
            return (self.font / 2 + 1, -(self.font / 2 + 1))
        return (0.0,)


BOARD_GEO = Geo()
HOUSE_GEO = Geo(header=30, info=28, card=28, pad=6, font=20)  # the single house of Learn/What-if

SHORT_COLOUR = {
    "red": "red",
    "blue": "blue",
    "green": "grn",
    "yellow": "yel",
    "purple": "pur",
    "brown": "brn",
}
"""A colour in a follower strip beside a kid ghost's icon: the full word does not fit a house
at :data:`DESIGN_WIDTH` (the hover and the hand card name it in full)."""


def house_origin(index: int) -> float:
    """Left x of house ``index`` on the oval (top row 0..5 left to right, bottom row right to left).

    >>> house_origin(0), house_origin(6), house_origin(11)
    (0.02, 5.02, 0.02)
    """
    return (index if index < 6 else 11 - index) + 0.02


class _Parts(Parts):
    """Shapes, texts, hover spots and tokens collected for one figure (traces made once, at the end)."""

    def __init__(self) -> None:
        super().__init__(FONT, TEXT)
        self.targets = ClickTargets()  # the hand cards
        self.hover: dict[str, list] = {k: [] for k in ("x", "y", "text")}
        self.tokens: dict[str, list] = {k: [] for k in ("x", "y", "text", "ink", "line", "sym", "size")}

    def hint(self, x, y, text) -> None:
        for key, value in zip(self.hover, (x, y, text), strict=True):
            self.hover[key].append(value)

    def token(self, x, y, faction: str, size=20, symbol="circle", line=INK) -> None:
        """A pawn-like marker (pixel-sized, so it stays round at any width)."""
        for key, value in zip(
            self.tokens, (x, y, FACTION_FILL[faction], FACTION_INK[faction], line, symbol, size), strict=True
        ):
            self.tokens[key].append(value)

    def traces(self) -> list[dict]:
        h, k = self.hover, self.tokens
        return [
            hover_trace(h["x"], h["y"], h["text"], 30, "houses"),
            scatter(
                x=k["x"],
                y=k["y"],
                mode="markers",
                marker={
                    "size": k["size"],
                    "symbol": k["sym"],
                    "color": k["text"],
                    "line": {"color": k["line"], "width": 2},
                },
                hoverinfo="skip",
                name="pawns",
                showlegend=False,
            ),
            self.text_trace(),
        ]


def card_text(f: Follower, short: bool = False) -> str:
    """The text on a follower strip: ``"red 3"`` or ``"red ☂"`` (kid ghost icon); ``short``
    (a house's strip) names a long colour beside an icon in :data:`SHORT_COLOUR`.

    >>> card_text(fm.parse_follower("w:red:kid")), card_text(fm.parse_follower("b:blue:3"))
    ('red ☂', 'blue 3')
    >>> card_text(fm.parse_follower("b:purple:kid"), short=True), card_text(fm.parse_follower("b:purple:4"), True)
    ('pur 🍲', 'purple 4')
    """
    if f.kind == "kid":
        colour = SHORT_COLOUR[f.colour] if short else f.colour
        return f"{colour} {ex.KID_ICONS[f.ability]}"
    return f"{f.colour} {f.power}"


def _strip(parts: _Parts, x0, top, w, h, f: Follower, size=TEXT, hover="", outline=None, tab=None) -> None:
    """A follower strip: the faction tab (W on white / B on black) and the colour in words
    (beside a kid ghost's icon, a long colour is shortened: see :data:`SHORT_COLOUR`)."""
    tab = 0.2 * w if tab is None else tab
    line, width = (outline, 4) if outline else (INK, 1.2)
    parts.shapes.append(rect(x0, top - h, x0 + w, top, COLOUR_HEX[f.colour], line, width))
    parts.shapes.append(rect(x0, top - h, x0 + tab, top, FACTION_FILL[f.faction], INK, 1.2))
    parts.write(x0 + tab / 2, top - h / 2, FACTION_TAG[f.faction], FACTION_INK[f.faction], size)
    text = card_text(f, short=size <= TEXT)
    parts.write(x0 + tab + (w - tab) / 2, top - h / 2, text, INK_ON[f.colour], size)
    if hover:
        parts.hint(x0 + w / 2, top - h / 2, hover)


@dataclass(frozen=True)
class _HouseLook:
    """What a house shows besides its cards: status box, outline, ghost slot, last card."""

    status: tuple[tuple[str, ...], str, str] | None = None  # (lines, fill, ink)
    outline: tuple[str, str | None] | None = None  # (colour, dash)
    ghost: bool = False
    last: int | None = None  # stack index of the card placed last
    why: str = ""  # the status in a sentence (hover)


def skip_lines(n: int, skip) -> tuple[str, str]:
    """The two lines of a skipped house's status box: ``("✗2 has", "red")``.

    >>> skip_lines(1, fm.Skip(0, "origin", "red")), skip_lines(3, fm.Skip(4, "possessed", "red"))
    (('✗1 origin', 'red'), ('✗3 is', 'possessed'))
    """
    if skip.why == "possessed":
        return f"✗{n} is", "possessed"
    if skip.why == "origin":
        return f"✗{n} origin", skip.colour
    return f"✗{n} has", skip.colour


def _info(parts: _Parts, x0: float, w: float, y: float, geo: Geo, lines, ink: str, pawns) -> None:
    """The lines of a house's info box (centre ``y``), and the pawns standing on the house:
    on a free line, or at the right end of the line with the shorter text."""
    slots = geo.info_lines
    lines = list(lines)[: len(slots)]
    if len(lines) == 1 and len(slots) == 2 and not pawns:
        slots = (0.0,)
    texts = lines + [""] * (len(slots) - len(lines))
    spot = None
    if pawns:
        spot = min(range(len(slots)), key=lambda k: (len(_plain(texts[k])), -k))
    aligned = spot is not None and texts[spot] != ""
    for k, text in enumerate(texts):
        if not text:
            continue
        if aligned and k == spot:
            parts.write(x0 + px(5), y + slots[k], text, ink, geo.font, "middle right")
        else:
            parts.write(x0 + w / 2, y + slots[k], text, ink, geo.font)
    if spot is None:
        return
    step, size = px(23), 20
    if aligned:
        xs = [x0 + w - px(4 + size / 2) - step * k for k in range(len(pawns))]
    else:
        xs = [x0 + w / 2 + step * (k - (len(pawns) - 1) / 2) for k in range(len(pawns))]
    for px_, who in zip(xs, pawns, strict=True):
        parts.token(px_, y + slots[spot], who, size=size)
        parts.write(px_, y + slots[spot], f"<b>{PAWN[who]}</b>", FACTION_INK[who], geo.font)


def _plain(text: str) -> str:
    return text.replace("<b>", "").replace("</b>", "")


def _house(
    parts: _Parts,
    index: int | None,
    x0: float,
    top: float,
    house: House,
    stack,
    geo: Geo = BOARD_GEO,
    owner: str | None = None,
    owner_markers: int = 0,
    pawns: tuple[str, ...] = (),
    look: _HouseLook = _HouseLook(),
    w: float = HOUSE_W,
) -> None:
    """Draw one house: header (index and origin colour), a box with the faction, the status or
    the owner (and the pawns on it), then its stack."""
    bottom = top - geo.height
    fs = geo.font
    line, dash = look.outline if look.outline else (INK, None)
    body_w = 5 if look.outline else 2
    parts.shapes.append(rect(x0, bottom, x0 + w, top, FACTION_FILL[house.faction], line, body_w, dash))
    parts.shapes.append(rect(x0, top - geo.header, x0 + w, top, COLOUR_HEX[house.colour], line, body_w, dash))
    head_y = top - geo.header / 2
    if index is not None:  # "10 purple": the index in bold, the colour word beside it
        parts.write(
            x0 + px(4), head_y, f"<b>{index}</b> {house.colour}", INK_ON[house.colour], fs, "middle right"
        )
    else:
        parts.write(
            x0 + 0.04, head_y, f"<b>{house.colour} origin</b>", INK_ON[house.colour], fs, "middle right"
        )
    info_y = top - geo.header - geo.info / 2
    y0, y1 = top - geo.header - geo.info + 2, top - geo.header - 2
    inset = px(2) if index is not None else 0.03
    if look.status is not None:
        lines, fill, ink = look.status
        parts.shapes.append(rect(x0 + inset, y0, x0 + w - inset, y1, fill))
    elif owner is not None:
        parts.shapes.append(rect(x0 + inset, y0, x0 + w - inset, y1, FACTION_FILL[owner], "#888888"))
        lines, ink = (f"<b>★ {owner}</b>", f"<b>×{owner_markers}</b>"), FACTION_INK[owner]
    else:
        word = house.faction if index is not None else f"{house.faction} house"
        lines, ink = (word,), FACTION_INK[house.faction]
    _info(parts, x0, w, info_y, geo, lines, ink, pawns)
    if look.why:
        parts.hint(x0 + w / 2, info_y, look.why)
    _stack(parts, index, x0, w, bottom, house, stack, geo, look)
    where = f"house {index}: " if index is not None else ""
    summary = f"{where}{house.colour} origin, {house.faction} house, {len(stack)} follower(s)"
    if owner:
        summary += f", possessed by {owner} ({owner_markers} marker{'s' if owner_markers != 1 else ''})"
    if pawns:
        summary += ", " + " and ".join(f"{who}'s pawn" for who in pawns) + " here"
    parts.hint(x0 + w / 2, head_y, summary)


def _stack(
    parts: _Parts, index, x0: float, w: float, bottom: float, house: House, stack, geo: Geo, look
) -> None:
    """A house's followers bottom up (the last placed outlined), and the slot the selected card would take."""
    fs = geo.font
    inset = px(1) if index is not None else 0.04
    cx, cw = x0 + inset, w - 2 * inset
    tab = px(18) if index is not None else None
    for k, f in enumerate(stack):
        card_top = bottom + geo.pad / 2 + (k + 1) * geo.card
        last = k == look.last
        note = f"#{k + 1} from the bottom" + (" — placed last" if last else "")
        where = f"house {index}, " if index is not None else ""
        _strip(
            parts,
            cx,
            card_top,
            cw,
            geo.card,
            f,
            fs,
            f"{f.faction} {ex.follower_label(f)} ({where}{note})",
            LAST if last else None,
            tab,
        )
    if look.ghost and len(stack) < 5:
        card_top = bottom + geo.pad / 2 + (len(stack) + 1) * geo.card
        parts.shapes.append(
            rect(cx, card_top - geo.card, cx + cw, card_top, "rgba(0,166,81,0.25)", TARGET, 3, "dot")
        )
        ink = "#005a2b" if house.faction == "white" else "#9cffc8"
        parts.write(x0 + w / 2, card_top - geo.card / 2, "<b>➜ here</b>", ink, fs)


def _layout(shapes, x_range, height: int, y_top: float = 0.0) -> dict:
    """Axes in house units (x) and pixels (y): the plot area is ``height - 2 * MARGIN`` px tall."""
    return layout_dict(
        shapes,
        height,
        x_range,
        font=FONT,
        size=TEXT,
        paper=WARM_PAPER,
        ink=INK,
        y_top=y_top,
        margin=MARGIN,
    )


def _status_line(parts: _Parts, state, y: float) -> None:
    m = fm.markers(state)
    for who, x, pos in (
        ("white", X_RANGE[0] + px(3), "middle right"),
        ("black", X_RANGE[1] - px(3), "middle left"),
    ):
        line = (
            f"<b>{who.capitalize()} {PAWN[who]}</b> ★ {m[who]}/7 · "
            f"hand {fm.hand_size(state, who)} · deck {fm.deck_size(state, who)}"
        )
        parts.write(x, y, line, INK, TEXT, pos)


def _hand_card(parts: _Parts, x0: float, top: float, f: Follower, chosen: bool) -> None:
    """A full hand card: faction band, big power or icon, colour word, ability name."""
    h = HAND_H - 2
    if chosen:
        parts.shapes.append(
            rect(x0 - px(3), top - h - 3, x0 + CARD_W + px(3), top + 3, "rgba(0,0,0,0)", TARGET, 5)
        )
    parts.shapes.append(rect(x0, top - h, x0 + CARD_W, top, COLOUR_HEX[f.colour], INK, 2))
    parts.shapes.append(rect(x0, top - 20, x0 + CARD_W, top, FACTION_FILL[f.faction], INK, 2))
    mid = x0 + CARD_W / 2
    ink = INK_ON[f.colour]
    parts.write(mid, top - 10, f"<b>{f.faction}</b>", FACTION_INK[f.faction], TEXT)
    big = ex.KID_ICONS[f.ability] if f.kind == "kid" else str(f.power)
    parts.write(mid, top - 36, f"<b>{big}</b>", ink, BIG)
    parts.write(mid, top - 58 if f.kind == "kid" else top - 64, f"<b>{f.colour}</b>", ink, TEXT)
    if f.kind == "kid":
        parts.write(mid, top - 75, f.ability, ink, TEXT)


def _demo_card(parts: _Parts, x0: float, top: float, h: float, f: Follower, chosen: bool) -> None:
    """A hand card of the demo mode: the faction tab, then the colour word over the power or icon."""
    tab = px(19)
    line, width = (TARGET, 4) if chosen else (INK, 1.2)
    parts.shapes.append(rect(x0, top - h, x0 + DEMO_CARD_W, top, COLOUR_HEX[f.colour], line, width))
    parts.shapes.append(rect(x0, top - h, x0 + tab, top, FACTION_FILL[f.faction], INK, 1.2))
    parts.write(x0 + tab / 2, top - h / 2, FACTION_TAG[f.faction], FACTION_INK[f.faction], TEXT)
    mid = x0 + tab + (DEMO_CARD_W - tab) / 2
    big = ex.KID_ICONS[f.ability] if f.kind == "kid" else str(f.power)
    parts.write(mid, top - h / 2 + 9, f.colour, INK_ON[f.colour], TEXT)
    parts.write(mid, top - h / 2 - 9, f"<b>{big}</b>", INK_ON[f.colour], TEXT)


def _card_backs(parts: _Parts, x1: float, y: float, faction: str, count: int) -> None:
    """The opponent's hand, ending at ``x1`` (at :data:`DESIGN_WIDTH`): ``count`` card backs (pixel-sized squares),
    then the number."""
    text_x = x1 - px(74)
    parts.write(text_x, y, f"{count} hidden", INK, TEXT, "middle right")
    for k in range(count):
        parts.token(
            text_x - px(12) - px(7) * (count - 1 - k), y, faction, size=18, symbol="square", line="#777777"
        )


def _preview(view, selected):
    """Where ``selected`` goes (``fm.placement_preview``); ValueError if it is not a card of the
    hand it must be in (the viewer's; in demo mode the mover's)."""
    if selected is None:
        return None
    if not isinstance(selected, fm.Inhabit):
        raise TypeError(f"selected must be an fm.Inhabit action (or None), not {selected!r}")
    viewer = fm.viewer(view)
    seat = viewer if viewer is not None else fm.current_player(view)
    if seat is None:
        raise ValueError("The game is over: no card can be selected in demo mode")
    faction = fm.FACTIONS[seat]
    if selected.follower not in fm.hand(view, faction):
        raise ValueError(f"{selected.follower} is not in {faction.capitalize()}'s hand")
    return fm.placement_preview(view, selected.follower)


def _band(parts: _Parts, band_y: float, last, pawn_at: dict) -> None:
    """The band between the rows: the clockwise path at both ends (where a pawn not yet on the
    board waits on its starting point), and the tag of the card placed last."""
    ends = {"white": X_RANGE[0] + px(END_W / 2), "black": X_RANGE[1] - px(END_W / 2)}
    lo, hi = X_RANGE[0] + px(END_W + 2), X_RANGE[1] - px(END_W + 2)  # the tag stays between the ends
    tag = None
    if last is not None:
        i = last[0]
        centre = house_origin(i) + HOUSE_W / 2
        tag = [centre - px(TAG_W / 2), centre + px(TAG_W / 2)]
    for who, arrow in (("white", "↑"), ("black", "↓")):
        x = ends[who]
        if pawn_at[who] is not None:
            parts.write(x, band_y, f"<b>{arrow}</b>", "#555555", 22)
            continue
        parts.token(x, band_y, who, size=22)
        parts.write(x, band_y, f"<b>{PAWN[who]}</b>", FACTION_INK[who], 18)
        word = (
            (x + px(END_W / 2 + 2), x + px(END_W / 2 + 42))
            if who == "white"
            else (x - px(END_W / 2 + 42), x - px(END_W / 2 + 2))
        )
        if tag is None or tag[1] < word[0] - px(4) or tag[0] > word[1] + px(4):
            parts.write(
                word[0] if who == "white" else word[1],
                band_y,
                "start",
                INK,
                TEXT,
                "middle right" if who == "white" else "middle left",
            )
        first = 0 if who == "white" else 6
        parts.hint(x, band_y, f"{who}'s pawn on its starting point (first tries house {first})")
    if tag is None:
        return
    shift = max(lo - tag[0], 0) - max(tag[1] - hi, 0)
    x0, x1 = tag[0] + shift, tag[1] + shift
    i = last[0]
    arrow = "▲" if i < 6 else "▼"
    parts.shapes.append(rect(x0, band_y - 11, x1, band_y + 11, "#e0f7fa", LAST, 3))
    # the arrow on the tag's side nearest the house's centre
    text = f"{arrow} last card" if shift >= 0 else f"last card {arrow}"
    parts.write((x0 + x1) / 2, band_y, text, "#004d57", TEXT)


def _oval(parts: _Parts, view, preview, top_row: float, last, pawn_at: dict) -> None:
    """The 12 houses (top row, then bottom row) with the selected card's path marked on them."""
    bottom_row = top_row - BOARD_GEO.height - BAND_H
    marks = {p.house_index: p.markers for p in ex.possession_list(view)}
    skipped = {}
    if preview is not None:
        skipped = {s.house: (n, s) for n, s in enumerate(preview.skipped, start=1)}
    target = preview.target if preview is not None else None
    for slot in fm.houses(view):
        i = slot.index
        status = outline = None
        why = ""
        if i in skipped:
            n, skip = skipped[i]
            status, outline = (skip_lines(n, skip), "#ffe0b2", INK), (SKIP, "dash")
            why = f"✗{n} skipped: {skip.reason}"
        elif i == target:
            status, outline = (("goes here",), "#c8f7d8", "#003d1d"), (TARGET, None)
            why = f"the selected card goes to house {i}"
        last_k = slot.stack.index(last[1]) if last is not None and last[0] == i else None
        look = _HouseLook(status, outline, i == target, last_k, why)
        pawns = tuple(f for f in fm.FACTIONS if pawn_at[f] == i)
        top = top_row if i < 6 else bottom_row
        _house(
            parts,
            i,
            house_origin(i),
            top,
            slot.house,
            slot.stack,
            BOARD_GEO,
            slot.owner,
            marks.get(i, 0),
            pawns,
            look,
        )


def _card_target(parts: _Parts, x: float, y: float, f: Follower, size: int, playable: bool, chosen) -> None:
    """The click target over a hand card: plays (or first previews) it when its hand may move."""
    name = f"{f.faction} {ex.follower_label(f)}"
    if playable:
        tip = "click again to play" if f == chosen else "click to see where it goes"
        name = f"{name} — {tip}"
    parts.targets.add(x, y, fm.encode_action(fm.Inhabit(f)) if playable else "", name, size)


def _both_hands(parts: _Parts, view, top: float, chosen, mover, interactive: bool) -> None:
    """The demo mode's two hands, one short row each, whose turn written beside each."""
    for row, seat in enumerate((0, 1)):
        faction = fm.FACTIONS[seat]
        row_top = top - row * DEMO_ROW_H
        h = DEMO_ROW_H - 4
        for k, f in enumerate(fm.hand(view, faction)):
            x0 = 0.02 + k * DEMO_CARD_STEP
            _demo_card(parts, x0, row_top, h, f, f == chosen and seat == mover)
            _card_target(
                parts, x0 + DEMO_CARD_W / 2, row_top - h / 2, f, 36, interactive and mover == seat, chosen
            )
        label_x, label_y = 0.02 + 6 * DEMO_CARD_STEP, row_top - h / 2
        parts.write(label_x, label_y + 9, f"<b>{faction.capitalize()}</b>", INK, TEXT, "middle right")
        turn = _turn_word(seat, mover)
        if turn:
            parts.write(label_x, label_y - 9, turn, INK, TEXT, "middle right")


def _own_hand(parts: _Parts, view, seat: int, top: float, chosen, mover, interactive: bool) -> None:
    """The viewer's hand as full cards, under a header naming it and showing the other hand's backs."""
    faction, other = fm.FACTIONS[seat], fm.FACTIONS[1 - seat]
    head_y = top - HAND_HEAD_H / 2
    turn = _turn_word(seat, mover)
    label = f"<b>{faction.capitalize()}'s hand</b>" + (f" · {turn}" if turn else "")
    parts.write(X_RANGE[0] + px(3), head_y, label, INK, TEXT, "middle right")
    count = fm.hand_size(view, other)
    backs_x = X_RANGE[1] - px(3)
    _card_backs(parts, backs_x, head_y, other, count)
    label_x = backs_x - px(74 + 12 + 7 * max(count - 1, 0) + 14)
    parts.write(label_x, head_y, f"{other.capitalize()}'s hand:", INK, TEXT, "middle left")
    card_top = top - HAND_HEAD_H
    for k, f in enumerate(fm.hand(view, faction)):
        x0 = 0.02 + k
        _hand_card(parts, x0, card_top, f, f == chosen)
        _card_target(
            parts, x0 + CARD_W / 2, card_top - HAND_H / 2, f, 72, interactive and mover == seat, chosen
        )


def _turn_word(seat: int, mover) -> str:
    return "to move" if mover == seat else ("" if mover is None else "waiting")


@lru_cache(maxsize=64)
def _figure(view, selected, interactive: bool) -> go.Figure:
    parts = _Parts()
    viewer = fm.viewer(view)
    y = 0.0
    if viewer is None:  # the full state: demo mode, or a finished game
        parts.banner(X_RANGE[0] + px(2), X_RANGE[1] - px(2), y, BANNER_H, full_state_banner(fm.is_over(view)))
        y -= BANNER_H
    _status_line(parts, view, y - STATUS_H / 2)
    top_row = y - STATUS_H
    last = fm.last_placed(view)
    pawn_at = {f: fm.pawn(view, f) for f in fm.FACTIONS}
    _oval(parts, view, _preview(view, selected), top_row, last, pawn_at)
    _band(parts, top_row - BOARD_GEO.height - BAND_H / 2, last, pawn_at)
    hand_top = top_row - 2 * BOARD_GEO.height - BAND_H - HAND_GAP
    chosen = selected.follower if selected is not None else None
    mover = fm.current_player(view)
    if viewer is None:
        _both_hands(parts, view, hand_top, chosen, mover, interactive)
    else:
        _own_hand(parts, view, viewer, hand_top, chosen, mover, interactive)
    used = -(hand_top - (2 * DEMO_ROW_H if viewer is None else HAND_HEAD_H + HAND_H))
    height = round(used + 4 + 2 * MARGIN)  # 4 px more: the outline of a selected card
    traces = [*parts.traces(), parts.targets.trace("hand")]
    return FrozenFigure(data=traces, layout=_layout(parts.shapes, X_RANGE, height))


def figure(view, *, selected=None, interactive: bool = True, previous=None) -> go.Figure:
    """The board as one seat sees it: ``view`` is ``fm.view(state, seat)``.

    Draws the 12 houses, both pawns, the possession markers, the hand and deck counts, the
    viewer's hand, and the opponent's hand as card backs. A full state (``fm.viewer(state) is
    None``) is the demo mode: both hands, and a banner saying every hand is shown (at game
    over: that the game is over).

    ``selected`` (an ``fm.Inhabit`` of the viewer's hand; in demo mode of the mover's hand)
    highlights the house it goes to and the houses skipped on the way (numbered, with the
    reason). Hand cards are clickable markers (trace ``"hand"``) whose ``customdata`` is
    ``fm.encode_action(action)`` when ``interactive`` and that hand's seat is to move, else
    ``""``. The card placed last (``fm.last_placed``) is outlined and tagged "last card".
    ``previous`` is accepted for a common board signature and ignored. Cached: do not mutate.
    """
    del previous  # the last move comes from fm.last_placed(view)
    return _figure(view, selected, bool(interactive))


@lru_cache(maxsize=128)
def house_figure(
    house: House, stack: tuple[Follower, ...], powers: tuple[int, ...] = (), focus: int | None = None
) -> go.Figure:
    """One house on its own (Learn and What-if), with each follower's final power beside it."""
    parts = _Parts()
    geo = HOUSE_GEO
    _house(parts, None, 0.03, 0.0, house, stack, geo, w=0.94)
    bottom = -geo.height
    for k, f in enumerate(stack):
        y = bottom + geo.pad / 2 + k * geo.card + geo.card / 2
        if k < len(powers):
            extra = powers[k] - f.power
            how = f"{f.power} + {extra}" if f.kind == "kid" else "printed power"
            mark = "◀ " if k == focus else ""
            ink = "#b3261e" if k == focus else INK
            parts.write(
                1.02, y, f"{mark}#{k + 1} {f.faction}: <b>{powers[k]}</b> ({how})", ink, 18, "middle right"
            )
    parts.write(
        1.02,
        bottom + geo.pad / 2 + 5 * geo.card + 14,
        "#1 = bottom, placed first",
        "#555555",
        TEXT,
        "middle right",
    )
    height = round(geo.height + 10 + 2 * MARGIN)
    return FrozenFigure(data=parts.traces(), layout=_layout(parts.shapes, (-0.02, 2.45), height, 5.0))
