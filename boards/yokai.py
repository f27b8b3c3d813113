"""Yokai board: one seat's view of the cards on the plane, the hint deck and the revealed hints.

:func:`figure` draws ``yk.view(state, seat)``: the cards where they lie (a margin of empty
cells around them, so destinations can be clicked), face down (妖) unless the seat saw them,
its peeks of this turn face up and numbered (👁1, 👁2), hints on their cards in their colours
with each family's icon (colour is never the only signal), and under the grid the hint deck,
the revealed hints and, at the start of a turn, *Declare*. A full state is the teacher's demo
mode: every family is drawn, under a banner that says so.

Clicks carry tokens in ``customdata``: the engine codec's action tokens (``p1,2`` peek,
``m0,0>-1,2`` move, ``r`` reveal, ``h0@3,3`` place, ``d`` declare) and two page tokens that
play nothing, :func:`cell_token` (``@1,2``: a card to move was picked, or a cell it cannot go
to was probed) and :func:`hint_token` (``@h0``: a revealed hint was picked to place).

The figure is built in one go (every shape in the layout, a few traces) and cached.

>>> import engine.yokai as yk
>>> fig = figure(yk.view(yk.new_game(3), 0))
>>> sorted(clickable(fig))[:3]
['d', 'p0,0', 'p0,1']
>>> figure(yk.view(yk.new_game(3), 0)) is fig
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import plotly.graph_objects as go

import engine.yokai as yk
from boards.frozen import FrozenFigure
from boards.parts import ClickTargets, Parts, layout_dict, rect
from boards.parts import clickable as clickable  # the board's API: the tokens a click can send
from boards.theme import DESIGN_WIDTH, FONT, INK, LAST, MARGIN, TARGET, TEXT
from explainers.yokai_words import (
    FAMILY_HEX,
    FAMILY_ICON,
    FAMILY_NAME,
    FAMILY_PALE,
    FAMILY_TAG,
    cell_label,
    edge_labels,
    hint_families,
    word,
)

ICON = 22  # a family's icon on a card
W = DESIGN_WIDTH - 8  # x and y are both pixels at DESIGN_WIDTH (a wider figure spreads the cells)
STATUS_H = 28
BANNER_H = 28
GRID_MAX_H = 318  # the grid's height budget: the board fits a 1280×720 screen
HINT_ROW_H = 74
CELL_MAX = 76
CELL_MIN_H = 44
GAP = 6
MAX_HEIGHT = MARGIN * 2 + STATUS_H + BANNER_H + 2 + GRID_MAX_H + 4 + HINT_ROW_H

BACK = "#37474f"
BACK_INK = "#eceff1"
TARGET_FILL = "rgba(0, 166, 81, 0.22)"
PICKED = "#ff6f00"
PEEK = "#ffb300"
REFUSED = "#c62828"
EMPTY_LINE = "#cfd8dc"
LABEL_INK = "#78909c"


def cell_token(cell) -> str:
    """The page token of a click on ``cell`` (a card to move, or a cell probed): ``"@1,-2"``."""
    return f"@{cell[0]},{cell[1]}"


def hint_token(index: int) -> str:
    """The page token of a click on revealed hint ``index`` (to place it): ``"@h0"``."""
    return f"@h{index}"


def parse_page_token(token: str):
    """``("cell", (x, y))``, ``("hint", i)`` or None for an engine action token.

    >>> parse_page_token("@1,-2"), parse_page_token("@h3"), parse_page_token("p1,2")
    (('cell', (1, -2)), ('hint', 3), None)
    """
    if not token.startswith("@"):
        return None
    if token.startswith("@h"):
        return "hint", int(token[2:])
    x, y = token[1:].split(",")
    return "cell", (int(x), int(y))


class _Parts(Parts):
    """Shapes, texts and click spots of one figure (made into traces once, at the end)."""

    def __init__(self) -> None:
        super().__init__(FONT, TEXT)
        self.targets = ClickTargets()

    def rect(self, x0, y0, x1, y1, fill, line="#263238", width=1.5, dash=None) -> None:
        self.shapes.append(rect(x0, y0, x1, y1, fill, line, width, dash))

    def spot(self, x, y, token, hover, size) -> None:
        self.targets.add(x, y, token, hover, size)

    def traces(self) -> list[dict]:
        return [self.text_trace(position="middle center"), self.targets.trace("cards")]


@dataclass(frozen=True)
class Grid:
    """Where the cells go: the cells drawn (cards' bounding box and one empty cell around),
    each cell's size in pixels and the grid's top left corner."""

    x_lo: int
    y_lo: int
    cols: int
    rows: int
    w: float
    h: float
    left: float
    top: float

    def centre(self, cell) -> tuple[float, float]:
        """Pixel centre of ``cell`` (y grows upwards, so row y_lo is at the bottom)."""
        x, y = cell
        return (
            self.left + (x - self.x_lo + 0.5) * self.w,
            self.top - (self.y_lo + self.rows - 1 - y + 0.5) * self.h,
        )

    def cells(self):
        return [(self.x_lo + i, self.y_lo + j) for j in range(self.rows) for i in range(self.cols)]


def grid_for(cells, top: float) -> Grid:
    """The grid around ``cells`` with an empty margin of one cell, sized to the board.

    >>> g = grid_for([(x, y) for x in range(4) for y in range(4)], 0.0)
    >>> (g.x_lo, g.y_lo, g.cols, g.rows), round(g.w), round(g.h)
    ((-1, -1, 6, 6), 87, 53)
    """
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    x_lo, y_lo = min(xs) - 1, min(ys) - 1
    cols, rows = max(xs) - x_lo + 2, max(ys) - y_lo + 2
    h = min(CELL_MAX, GRID_MAX_H / rows)  # a tall spread gets flatter cards, never a taller board
    w = min(W / cols, CELL_MAX * 1.15)
    h = min(h, max(w, CELL_MIN_H))
    return Grid(x_lo, y_lo, cols, rows, w, h, (W - w * cols) / 2, top)


# -- one card ---------------------------------------------------------------------------------
def _hint_band(parts: _Parts, x0, x1, bottom, hint, tall: bool) -> float:
    """The hint lying on a card: one coloured segment per family with its icon (in two rows
    on a narrow card that is ``tall`` enough). Returns the band's height."""
    fams = hint_families(hint)
    per_row = len(fams) if (x1 - x0 - 4) / len(fams) >= 20 or not tall else 2
    rows = [fams[i : i + per_row] for i in range(0, len(fams), per_row)]
    seg_h = 21
    for r, row in enumerate(rows):
        y0 = bottom + 2 + seg_h * (len(rows) - 1 - r)
        seg_w = (x1 - x0 - 4) / len(row)
        for k, fam in enumerate(row):
            sx = x0 + 2 + k * seg_w
            parts.rect(sx, y0, sx + seg_w, y0 + seg_h, FAMILY_HEX[fam], "#ffffff", 1)
            parts.write(sx + seg_w / 2, y0 + seg_h / 2, FAMILY_ICON[fam], "#ffffff", TEXT)
    return seg_h * len(rows) + 2


@dataclass(frozen=True)
class _Look:
    """How a card is drawn: the family shown (None: face down), its tag line, its frame."""

    family: str | None
    tag: str
    pale: bool = False
    line: str = "#263238"
    width: float = 1.5
    dash: str | None = None


def _card(parts: _Parts, grid: Grid, cell, look: _Look, hint) -> None:
    cx, cy = grid.centre(cell)
    w, h = grid.w - GAP, grid.h - GAP
    x0, x1, bottom, top = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    fam = look.family
    fill = BACK if fam is None else FAMILY_PALE[fam] if look.pale else FAMILY_HEX[fam]
    ink = BACK_INK if fam is None else INK if look.pale else "#ffffff"
    parts.rect(x0, bottom, x1, top, fill, look.line, look.width, look.dash)
    band = _hint_band(parts, x0, x1, bottom, hint, h >= 2 * 21 + ICON + 8) if hint else 0.0
    room = h - band  # the face: the family's icon (or 妖 face down) and its tag below
    face = "妖" if fam is None else FAMILY_ICON[fam]
    icon = ICON if room >= ICON + 6 else TEXT
    lines = [(face, icon)]
    if look.tag and room >= icon + TEXT + 8 and w >= 40:
        lines.append((look.tag, TEXT))
    elif look.tag and fam is None:
        lines = [(look.tag, TEXT)]  # a face-down card's only text: its mark (👁 or ✂)
    used = sum(size for _, size in lines) + 2 * (len(lines) - 1)
    clear = 3 if band else 0  # a little air between the face and a hint strip
    y = top - max(room - clear - used, 0) / 2
    for text, size in lines:
        parts.write(cx, y - size / 2, text, ink, size)
        y -= size + 2


def _describe(card, cell, shown: str | None, seen_before: bool, cells) -> str:
    where = f"Card at {cell_label(cell, cells)}"
    if shown is None:
        what = "face down: seen before (memory aid off)" if seen_before else "face down: you have not seen it"
    else:
        what = FAMILY_NAME[shown] + (" · peeked this turn" if card.peeked else "")
    if card.hint:
        what += f" · hint {' / '.join(FAMILY_NAME[f] for f in hint_families(card.hint))}: locked"
    return f"{where}: {what}"


# -- the figure -------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Key:
    view: object
    selected: object
    refused: object
    interactive: bool
    previous: object
    memory: bool
    lang: str


def _status(view, seat, lang: str) -> str:
    if yk.is_over(view):
        return word("over", lang)
    step = {"peek": "step_peek", "move": "step_move", "hint": "step_hint"}[yk.phase(view)]
    mover = yk.INFO.seat_name(yk.current_player(view))
    if yk.phase(view) == "peek":
        done = len(yk.peeked_this_turn(view))
        return f"{mover} · {word(step, lang)} ({done}/2)"
    return f"{mover} · {word(step, lang)}"


def _moved_from(view, previous):
    """(cell the last moved card came from, its id) when ``previous`` is one move earlier."""
    if previous is None:
        return None, None
    before = {card.id: cell for cell, card in yk.board(previous).items()}
    for cell, card in yk.board(view).items():
        if before.get(card.id) not in (None, cell):
            return before[card.id], card.id
    return None, None


def _new_hints(view, previous) -> set[int]:
    if previous is None:
        return set()
    had = {card.id for card in yk.board(previous).values() if card.hint}
    return {card.id for card in yk.board(view).values() if card.hint and card.id not in had}


@lru_cache(maxsize=128)
def _figure(key: _Key) -> go.Figure:
    view, lang = key.view, key.lang
    demo = view.viewer is None and not yk.is_over(view)
    cards = yk.board(view)
    parts = _Parts()
    top = 0.0
    mover = yk.current_player(view)
    parts.write(W / 2, top - STATUS_H / 2, f"<b>{_status(view, mover, lang)}</b>", INK, TEXT)
    top -= STATUS_H
    if demo:
        parts.banner(0, W, top, BANNER_H, word("demo", lang))
        top -= BANNER_H
    grid = grid_for(list(cards), top - 2)
    phase = yk.phase(view)
    legal = set(yk.legal_actions(view)) if key.interactive and not yk.is_over(view) else set()
    tokens = {yk.encode_action(a) for a in legal}
    src = key.selected if phase == "move" and isinstance(key.selected, tuple) else None
    if src is not None and (src not in cards or cards[src].hint):
        src = None
    hint_pick = key.selected if phase == "hint" and isinstance(key.selected, int) else None
    targets = set(yk.legal_destinations(view, src)) if src is not None else set()
    problem = yk.move_problem(view, src, key.refused) if src is not None and key.refused else None
    cut = set(problem.cut_off) if problem is not None else set()
    peeks = list(yk.peeked_this_turn(view))
    old_cell, moved_id = _moved_from(view, key.previous)
    new_hints = _new_hints(view, key.previous)
    seen_ids = {c.id for c in cards.values() if c.family is not None}
    for cell in grid.cells():
        cx, cy = grid.centre(cell)
        size = min(grid.w, grid.h) - GAP
        card = cards.get(cell)
        if card is None:
            _empty(parts, grid, cell, key, src, targets, tokens, old_cell, lang, cards)
            continue
        shown = card.family if (demo or card.peeked or key.memory or yk.is_over(view)) else None
        tag = FAMILY_TAG[shown] if shown else ""
        if card.peeked and cell in peeks:
            tag = f"👁{peeks.index(cell) + 1}"
        look = _Look(shown, tag, pale=shown is not None and not card.peeked and not demo)
        if cell in cut:
            look = _Look(shown, "✂", look.pale, REFUSED, 5, "dot")
        elif cell == src:
            look = _Look(shown, look.tag, look.pale, PICKED, 6)
        elif card.peeked:
            look = _Look(shown, look.tag, look.pale, PEEK, 5)
        elif card.id == moved_id or card.id in new_hints:
            look = _Look(shown, look.tag, look.pale, LAST, 5)
        elif hint_pick is not None and yk.encode_action(yk.Place(hint_pick, cell)) in tokens:
            look = _Look(shown, look.tag, look.pale, TARGET, 4, "dash")
        _card(parts, grid, cell, look, card.hint)
        token = ""
        if phase == "peek" and f"p{cell[0]},{cell[1]}" in tokens:
            token = f"p{cell[0]},{cell[1]}"
        elif phase == "move" and tokens and not card.hint:
            token = cell_token(cell)
        elif hint_pick is not None:
            place = yk.encode_action(yk.Place(hint_pick, cell))
            token = place if place in tokens else ""
        parts.spot(cx, cy, token, _describe(card, cell, shown, card.id in seen_ids, cards), size)
    for cell, label, side in edge_labels(list(cards)):  # the names the page gives cells
        x, y = grid.centre(cell)
        if side == "top":
            parts.write(x, y + grid.h / 2 - TEXT / 2 - 2, label, LABEL_INK, TEXT)
        else:
            parts.write(x - grid.w / 2 + TEXT / 2 + 3, y, label, LABEL_INK, TEXT)
    bottom = grid.top - grid.rows * grid.h - 4
    if problem is not None:
        x, y = grid.centre(key.refused)
        parts.write(x, y, "✗", REFUSED, 26)
    _hint_row(parts, view, bottom, tokens, hint_pick, lang)
    height = -(bottom - HINT_ROW_H) + 2 * MARGIN
    return FrozenFigure(
        data=parts.traces(),
        layout=layout_dict(parts.shapes, height, (0, W), font=FONT, size=TEXT, margin=MARGIN),
    )


def _empty(parts: _Parts, grid: Grid, cell, key: _Key, src, targets, tokens, old_cell, lang, cards) -> None:
    cx, cy = grid.centre(cell)
    w, h = grid.w - GAP, grid.h - GAP
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    size = min(grid.w, grid.h) - GAP
    if cell in targets:
        token = yk.encode_action(yk.Move(src, cell))
        parts.rect(x0, y0, x1, y1, TARGET_FILL, TARGET, 3, "dash")
        parts.write(cx, cy, "➜", TARGET, 22)
        parts.spot(cx, cy, token if token in tokens else "", f"Move {cell_label(src, cards)} here", size)
        return
    if cell == key.refused and src is not None:
        parts.rect(x0, y0, x1, y1, "rgba(198, 40, 40, 0.12)", REFUSED, 3, "dot")
    elif cell == old_cell:
        parts.rect(x0, y0, x1, y1, "rgba(0, 184, 212, 0.10)", LAST, 3, "dot")
        if h >= TEXT + 6 and w >= 44:
            parts.write(cx, cy, word("left", lang), "#006064", TEXT)
    else:
        parts.rect(x0, y0, x1, y1, "rgba(0,0,0,0)", EMPTY_LINE, 1, "dot")
    if src is not None and tokens:
        parts.spot(
            cx, cy, cell_token(cell), f"{cell_label(cell, cards)}: not allowed, click to see why", size
        )


def _hint_row(parts: _Parts, view, top: float, tokens, hint_pick, lang: str) -> None:
    """The deck (click: reveal), the revealed hints (click: pick one to place) and Declare."""
    h = HINT_ROW_H - 8
    y0, y1 = top - h, top
    deck_w = 112
    size = yk.hint_deck_size(view)
    reveal = "r" in tokens
    parts.rect(
        0,
        y0,
        deck_w,
        y1,
        "#eceff1" if size else "#ffffff",
        TARGET if reveal else "#546e7a",
        4 if reveal else 1.5,
    )
    parts.write(deck_w / 2, y1 - 13, f"<b>{word('hints', lang)}</b>", "#263238")
    parts.write(deck_w / 2, y1 - 33, f"{size} {word('in_deck', lang)}", "#263238")
    if reveal:
        parts.write(deck_w / 2, y0 + 12, word("click_reveal", lang), TARGET)
    parts.spot(deck_w / 2, (y0 + y1) / 2, "r" if reveal else "", f"{word('deck', lang)}: {size} left", 60)
    declare = "d" in tokens
    right = W - (104 if declare else 0)
    if declare:
        parts.rect(right + 6, y0, W, y1, "#fff8e1", PICKED, 4)
        parts.write((right + 6 + W) / 2, y1 - 20, "🙏", INK, 22)
        parts.write((right + 6 + W) / 2, y0 + 14, f"<b>{word('declare_short', lang)}</b>", PICKED)
        parts.spot((right + 6 + W) / 2, (y0 + y1) / 2, "d", word("declare", lang), 60)
    revealed = list(yk.revealed_hints(view))
    left = deck_w + 10
    if not revealed:
        parts.write((left + right) / 2, (y0 + y1) / 2, f"{word('revealed', lang)}: 0", "#546e7a")
        return
    chip_w = min(96.0, (right - left) / len(revealed))
    for i, hint in enumerate(revealed):
        x0 = left + i * chip_w
        token = hint_token(i) if any(t.startswith(f"h{i}@") for t in tokens) else ""
        picked = i == hint_pick
        parts.rect(
            x0 + 2, y0, x0 + chip_w - 2, y1, "#ffffff", PICKED if picked else "#546e7a", 5 if picked else 1.5
        )
        _hint_band(parts, x0 + 4, x0 + chip_w - 4, y0 + 2, hint, True)
        parts.write(x0 + chip_w / 2, y1 - 10, f"<b>{i + 1}</b>", PICKED if picked else "#263238")
        names = " / ".join(FAMILY_NAME[f] for f in hint_families(hint))
        parts.spot(x0 + chip_w / 2, (y0 + y1) / 2, token, f"{word('hint', lang)} {i + 1}: {names}", 50)


def figure(
    view,
    *,
    selected=None,
    interactive: bool = True,
    previous=None,
    memory: bool = True,
    refused=None,
    lang: str = "en",
) -> go.Figure:
    """The board as one seat sees it: ``view`` is ``yk.view(state, seat)`` (a full state: demo).

    ``selected``: in the move step the cell of the card picked to move (its legal destinations
    are highlighted and carry ``Move`` tokens); in the hint step the index of the revealed hint
    picked to place (the cards it may go on carry ``Place`` tokens). ``refused``: a cell the
    picked card may not go to; the cards that move would cut off are drawn (✂, dotted red).
    ``previous`` (the same seat's view one move earlier) marks the card moved or hinted last.
    ``memory`` shows the cards this seat saw before (pale); off, only this turn's peeks.
    ``interactive`` False: nothing is clickable. Cached: do not mutate.
    """
    key = _Key(view, selected, refused, bool(interactive), previous, bool(memory), lang)
    return _figure(key)


def cache_info() -> str:
    return str(_figure.cache_info())
