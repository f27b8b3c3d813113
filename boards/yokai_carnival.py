"""Yokai Carnival board: one seat's view of the table as a Plotly figure.

From the top: the counts (Yama, General Yama, discard pile), Summon Waiting, the cards an
ability lets the viewer look at, the discard pile when a card must be picked from it, then
one row per seat — its name, hand count, line length and the four-colour checklist of its
unconfirmed line, then its line left (oldest) to right (newest), the protected part shaded
up to its General and the unconfirmed part framed — and at the bottom the viewer's hand.
A full state (``yc.viewer(state) is None``) is the teacher's demo mode: every hand is drawn,
under a banner that says so (once the game is over, a banner saying that instead).

Every card carries words as well as colour: line cards a two-letter name and the colour's
letter (★ for a General); hand and Summon Waiting cards their name and a short ability text.
Cards the seat deciding may pick are outlined and clickable: their ``customdata`` is the
action's codec token (``yc.encode_action``), found through the actions' ``zone``/``seat``/
``index`` fields; a seat's name is clickable when an opponent is to be chosen.

The figure is built in one go (every shape in the layout, a few traces) and cached per input.

>>> import engine.yokai_carnival as yc
>>> v = yc.view(yc.new_game(3, 2), 0)
>>> fig = figure(v)
>>> set(clickable(fig)) <= {yc.encode_action(a) for a in yc.legal_actions(v)}
True
>>> figure(yc.view(yc.new_game(3, 2), 0)) is fig
True
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from functools import lru_cache

import plotly.graph_objects as go

import engine.yokai_carnival as yc
from boards.frozen import FrozenFigure
from boards.parts import ClickTargets, Parts, full_state_banner, hover_trace, layout_dict, rect
from boards.parts import clickable as clickable  # the board's API: the tokens a click can send
from boards.theme import DESIGN_WIDTH, FONT, INK, LAST, MARGIN, TARGET, TEXT
from boards.theme import WARM_PAPER as PAPER

COLOUR_HEX = {
    "red": "#cc0000",
    "blue": "#3366ff",
    "yellow": "#f5d000",
    "green": "#17856e",
    "purple": "#5c1c5e",
}
INK_ON = {c: (INK if c == "yellow" else "#ffffff") for c in COLOUR_HEX}
LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "purple": "★"}
YOKAI_COLOURS = ("red", "blue", "yellow", "green")
PROTECTED_FILL = "#cfd8dc"
PROTECTED_LINE = "#37474f"
UNCONFIRMED_LINE = "#6d4c41"
W = DESIGN_WIDTH - 8  # the plot area's width in x units
PAD = 4
ROW_H = 24  # a text row (status, hand header)
HEAD_H = 22  # a seat's header
TILE_W, TILE_H, TILE_GAP = 30, 34, 2
PITCH = TILE_W + TILE_GAP
PER_ROW = int((W - 2 * PAD) // PITCH)
SW_H = 46  # a Summon Waiting card
HAND_H = 80  # a hand card (colour band, name, two lines of ability)
MINI_W = 22  # a hand card in demo mode, in a seat's header

SHORT_TEXT = {
    "wanyudo": ("+1 Yokai from the", "discard to your line"),
    "umibozu": ("add the top Yama", "card to your line"),
    "kamaitachi": ("an opponent's line:", "discard 2 rightmost"),
    "nue": ("an opponent's line:", "discard 1 you pick"),
    "kitsune": ("see 3 Yama cards,", "take 1 into hand"),
    "tengu": ("name a colour, take", "the next one shown"),
    "yuki_onna": ("a rival discards 2", "cards of their choice"),
    "nopperabo": ("see a rival's hand,", "discard 1 from it"),
    "nurarihyon": ("+ the top 2 Yama cards", "to your line"),
    "shuten_doji": ("+ the top 3 Yama cards;", "protects nothing"),
    "tamamo_no_mae": ("+ up to 2 Yokai from", "the discard pile"),
    "daitengu": ("your whole hand", "into your line"),
    "otakemaru": ("each opponent loses", "their rightmost card"),
    "ibaraki_doji": ("an opponent's line:", "discard up to 3"),
    "gashadokuro": ("an opponent's line:", "discard one colour"),
    "yamata_no_orochi": ("take up to 2 cards", "from rivals' lines"),
}
"""A two-line summary of each card of the default deck (the full text is in the hover)."""


# -- text helpers ---------------------------------------------------------------------------
def _em(ch: str) -> float:
    """A generous width estimate of one character, in em (DejaVu Sans is the widest font)."""
    if ch in "mwMW":
        return 0.99
    if ch.isupper():
        return 0.74
    if ch in "0123456789":
        return 0.64
    if ch in "ijlt.,:;'!|() ":
        return 0.34
    if ch.isascii():
        return 0.62
    return 0.9


def text_px(text: str, size: float = TEXT, bold: bool = False) -> float:
    """Estimated width of ``text`` in pixels.

    >>> text_px("Nue") < text_px("Kamaitachi")
    True
    """
    plain = text.replace("<b>", "").replace("</b>", "")
    return sum(_em(ch) for ch in plain) * size * (1.14 if bold else 1.0)


def fit(text: str, width: float, size: float = TEXT, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels.

    >>> fit("Yamata-no-Orochi", 80)
    'Yamata…'
    """
    if text_px(text, size, bold) <= width:
        return text
    while text and text_px(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip(" -,;") + "…"


def wrap(text: str, width: float, lines: int = 2) -> tuple[str, ...]:
    """``text`` in at most ``lines`` lines of ``width`` pixels (the last one cut if need be).

    >>> wrap("Add the top card of the Yama to your line.", 200)
    ('Add the top card of the', 'Yama to your line.')
    """
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and text_px(f"{line} {words[0]}") <= width:
            line = f"{line} {words.pop(0)}"
        out.append(line)
    if words:
        out[-1] = fit(f"{out[-1]} {' '.join(words)}", width)
    return tuple(fit(line, width) for line in out)


def _ascii(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", name) if c.isalpha() and c.isascii())


def abbreviations(names) -> dict[str, str]:
    """A distinct two-letter abbreviation per name (first letter + the first letter after it
    that makes it distinct).

    >>> abbreviations(["Nue", "Nurarihyon", "Ōtakemaru"])
    {'Nue': 'Nu', 'Nurarihyon': 'Nr', 'Ōtakemaru': 'Ot'}
    """
    out: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        letters = _ascii(name) or "?"
        choice = letters[:2]
        for ch in letters[1:]:
            candidate = letters[0] + ch.lower()
            if candidate not in used:
                choice = candidate
                break
        out[name] = choice
        used.add(choice)
    return out


@lru_cache(maxsize=8)
def _abbrev_of(names: tuple[str, ...]) -> dict[str, str]:
    return abbreviations(names)


def card_lines(card) -> tuple[str, ...]:
    """The two lines of ability text a card shows: the summary of a default-deck card, else
    its own text wrapped (a teacher's deck file)."""
    short = SHORT_TEXT.get(card.id)
    if short is not None and _default_text(card.id) == card.text:
        return short
    return wrap(card.text, 168)


@lru_cache(maxsize=1)
def _default_texts() -> dict[str, str]:
    return {c["id"]: c["text"] for c in _deck_entries(yc.DEFAULT_DECK)}


def _deck_entries(deck: dict) -> list[dict]:
    """Every card type of a deck dict (the deck-file schema): Yokai, then Generals."""
    return [*deck["yokai"], *deck["generals"]]


def _default_text(card_id: str) -> str | None:
    return _default_texts().get(card_id)


def hover_text(card, extra: str = "") -> str:
    kind = "General" if card.kind == "general" else f"{card.colour} Yokai"
    tail = f"<br>{extra}" if extra else ""
    return f"<b>{card.name}</b> {card.japanese} ({kind})<br>{card.text}{tail}"


# -- the parts of a figure --------------------------------------------------------------------
class _Parts(Parts):
    """Shapes, texts, hover spots and click targets of one figure (traces made at the end)."""

    def __init__(self) -> None:
        super().__init__(FONT, TEXT)
        self.hover: dict[str, list] = {k: [] for k in ("x", "y", "text", "size")}
        self.targets = ClickTargets()

    def hint(self, x, y, text, size=24) -> None:
        for key, value in zip(self.hover, (x, y, text, size), strict=True):
            self.hover[key].append(value)

    def target(self, x, y, token: str, text: str, size=30) -> None:
        """A spot a click plays ``token`` from (``""``: shown, not clickable)."""
        self.targets.add(x, y, token, text, size)

    def traces(self) -> list[dict]:
        h = self.hover
        return [
            hover_trace(h["x"], h["y"], h["text"], h["size"], "cards", symbol="square"),
            self.text_trace(),
            self.targets.trace("targets"),
        ]


class _Targets:
    """The legal actions of the seat deciding, by the card (zone, seat, index) they name."""

    def __init__(self, actions, summoner=None) -> None:
        self.summoner = summoner  # whose hand a Summon (seat None) plays from
        self.by_card: dict[tuple, list] = defaultdict(list)
        self.by_seat: dict[int, object] = {}
        for action in actions:
            zone = getattr(action, "zone", None)
            if zone is not None and hasattr(action, "index"):  # an Order names several: buttons
                self.by_card[(zone, getattr(action, "seat", None), action.index)].append(action)
            elif type(action).__name__ == "ChooseSeat":
                self.by_seat[action.seat] = action

    def token(self, zone: str, seat, index: int) -> str:
        """The token a click on that card plays (a Yokai Summon with its ability first)."""
        options = self.by_card.get((zone, seat, index))
        if not options and zone == "hand" and seat == self.summoner:
            options = self.by_card.get((zone, None, index))
        if not options:
            return ""
        best = next((a for a in options if getattr(a, "ability", False)), options[0])
        return yc.encode_action(best)


def _tile(parts: _Parts, x0: float, top: float, card, abbrev: str, outline=None, hover: str = "") -> None:
    """A line card: its colour, a two-letter name and the colour's letter (★ for a General)."""
    line, width = (outline, 3.5) if outline else (INK, 1.2)
    parts.shapes.append(rect(x0, top - TILE_H, x0 + TILE_W, top, COLOUR_HEX[card.colour], line, width))
    mid = x0 + TILE_W / 2
    ink = INK_ON[card.colour]
    parts.write(mid, top - 9, abbrev, ink, TEXT)
    parts.write(mid, top - 25.5, f"<b>{LETTER[card.colour]}</b>", ink, TEXT)
    parts.hint(mid, top - TILE_H / 2, hover or hover_text(card))


def _big_card(parts, x0, top, w, h, card, outline=None, hover="") -> None:
    """A hand or Summon Waiting card: a colour band (colour word), the name, the short text."""
    line, width = (outline, 4) if outline else (INK, 1.5)
    parts.shapes.append(rect(x0, top - h, x0 + w, top, "#ffffff", line, width))
    band = 20
    parts.shapes.append(rect(x0, top - band, x0 + w, top, COLOUR_HEX[card.colour], line, width))
    word = "★ General" if card.kind == "general" else f"{LETTER[card.colour]} · {card.colour}"
    parts.write(x0 + 6, top - band / 2, f"<b>{word}</b>", INK_ON[card.colour], TEXT, "middle right")
    parts.write(
        x0 + 6,
        top - band - 10,
        f"<b>{fit(card.name, w - 12, bold=True)}</b>",
        INK,
        TEXT,
        "middle right",
    )
    lines = card_lines(card) if h >= HAND_H else (fit(" ".join(card_lines(card)), w - 12),)
    for k, text in enumerate(lines):
        parts.write(x0 + 6, top - band - 29 - 17 * k, text, "#333333", TEXT, "middle right")
    parts.hint(x0 + w / 2, top - h / 2, hover or hover_text(card), size=min(w, h))


def _layout(shapes, height: int) -> dict:
    return layout_dict(shapes, height, (0, W), font=FONT, size=TEXT, paper=PAPER, ink=INK, margin=MARGIN)


# -- the sections of the board ----------------------------------------------------------------
def _lcs_new(now: tuple[str, ...], before: tuple[str, ...]) -> set[int]:
    """Indices of ``now`` not kept from ``before`` (a longest common subsequence of ids).

    >>> sorted(_lcs_new(("a", "b", "c", "d"), ("a", "c")))
    [1, 3]
    """
    n, m = len(now), len(before)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = (
                best[i + 1][j + 1] + 1 if now[i] == before[j] else max(best[i + 1][j], best[i][j + 1])
            )
    kept, i, j = set(), 0, 0
    while i < n and j < m:
        if now[i] == before[j]:
            kept.add(i)
            i, j = i + 1, j + 1
        elif best[i + 1][j] >= best[i][j + 1]:
            i += 1
        else:
            j += 1
    return set(range(n)) - kept


def _status(parts: _Parts, view, y: float, deciding) -> None:
    line = (
        f"Yama <b>{yc.yama_size(view)}</b> · General Yama <b>{yc.general_yama_size(view)}</b> · "
        f"discard <b>{len(yc.discard(view))}</b>"
    )
    parts.write(PAD, y, line, INK, TEXT, "middle right")
    if deciding is not None:
        who = f"▶ {yc.INFO.seat_name(deciding)} decides"
    elif yc.is_over(view):
        who = "Game over"
    else:
        return
    parts.write(
        W - PAD,
        y,
        f"<b>{fit(who, W - 2 * PAD - text_px(line) - 16, bold=True)}</b>",
        INK,
        TEXT,
        "middle left",
    )


def _summon_waiting(parts: _Parts, view, top: float, targets: _Targets) -> float:
    """Summon Waiting: the face-up Generals (clickable when one is to be chosen)."""
    label_w = 86
    parts.write(PAD, top - 20, "<b>Summon</b>", "#4a148c", TEXT, "middle right")
    parts.write(PAD, top - 40, "<b>Waiting</b>", "#4a148c", TEXT, "middle right")
    gap = 8
    w = (W - 2 * PAD - label_w - gap) / 2
    h = 56
    generals = list(yc.summon_waiting(view))
    for k in range(2):
        x0 = PAD + label_w + k * (w + gap)
        if k >= len(generals):
            parts.shapes.append(rect(x0, top - h, x0 + w, top, PAPER, "#999999", 1.5, "dash"))
            parts.write(x0 + w / 2, top - h / 2, "empty", "#666666", TEXT)
            continue
        card = generals[k]
        token = targets.token("summon_waiting", None, k)
        _general_card(parts, x0, top, w, h, card, TARGET if token else None)
        if token:
            parts.target(x0 + w / 2, top - h / 2, token, f"Summon {card.name}: click", size=min(w, h) - 4)
    return h + 6


def _general_card(parts: _Parts, x0, top, w, h, card, outline=None) -> None:
    line, width = (outline, 4) if outline else (INK, 1.5)
    parts.shapes.append(rect(x0, top - h, x0 + w, top, "#f3e5f5", line, width))
    band = 20
    parts.shapes.append(rect(x0, top - band, x0 + w, top, COLOUR_HEX["purple"], line, width))
    parts.write(
        x0 + 6,
        top - band / 2,
        f"<b>{fit('★ ' + card.name, w - 12, bold=True)}</b>",
        "#ffffff",
        TEXT,
        "middle right",
    )
    for k, text in enumerate(card_lines(card)):
        parts.write(x0 + 6, top - band - 9 - 17 * k, fit(text, w - 12), "#222222", TEXT, "middle right")
    parts.hint(x0 + w / 2, top - h / 2, hover_text(card), size=min(w, h))


def _tile_rows(count: int) -> int:
    return max(1, -(-count // PER_ROW))


def _tiles(parts, cards, top, abbrev, *, zone, seat, targets, new=(), protected=None, owner="") -> float:
    """A row (or rows) of line-sized cards; returns the height used. ``protected``: draw the
    line's protected shading and unconfirmed frame (a seat's line)."""
    rows = _tile_rows(len(cards))

    def spot(k):
        return PAD + (k % PER_ROW) * PITCH, top - (k // PER_ROW) * (TILE_H + 5)

    if protected is not None:
        for flag, fill, line, dash in (
            ("protected", PROTECTED_FILL, PROTECTED_LINE, None),
            ("unconfirmed", PAPER, UNCONFIRMED_LINE, "dash"),
        ):
            run: list[int] = []
            for k, card in enumerate(cards):
                if getattr(card, flag) and (
                    not run or (k == run[-1] + 1 and k // PER_ROW == run[0] // PER_ROW)
                ):
                    run.append(k)
                    continue
                _band(parts, run, spot, fill, line, dash)
                run = [k] if getattr(card, flag) else []
            _band(parts, run, spot, fill, line, dash)
    for k, card in enumerate(cards):
        x0, row_top = spot(k)
        if card is None:  # a card this view does not show
            parts.shapes.append(rect(x0, row_top - 3 - TILE_H, x0 + TILE_W, row_top - 3, "#9e9e9e"))
            parts.write(x0 + TILE_W / 2, row_top - 3 - TILE_H / 2, "?", "#ffffff", TEXT)
            parts.hint(
                x0 + TILE_W / 2, row_top - 3 - TILE_H / 2, "a card only the player who looks at it sees"
            )
            continue
        token = targets.token(zone, seat, k)
        outline = TARGET if token else LAST if k in new else None
        state = ""
        if protected is not None:
            state = "protected" if card.protected else "unconfirmed" if card.unconfirmed else "not protected"
            state = f"{owner}'s line, card {k + 1} from the left: {state}"
        if k in new:
            state += " · new since the last move"
        _tile(
            parts,
            x0,
            row_top - 3,
            card,
            abbrev.get(card.name, card.name[:2]),
            outline,
            hover_text(card, state),
        )
        if token:
            parts.target(
                x0 + TILE_W / 2, row_top - 3 - TILE_H / 2, token, f"{card.name}: click to pick", size=28
            )
    return rows * (TILE_H + 5)


def _band(parts: _Parts, run: list[int], spot, fill, line, dash) -> None:
    if not run:
        return
    x0, top = spot(run[0])
    x1 = spot(run[-1])[0] + TILE_W
    parts.shapes.append(rect(x0 - 1.5, top - TILE_H - 5, x1 + 1.5, top - 1, fill, line, 2.5, dash))


def _checklist(parts: _Parts, line_cards, y: float, owner: str) -> float:
    """The four-colour checklist of a seat's unconfirmed line, right-aligned; returns its width."""
    have = {c.colour for c in line_cards if c.unconfirmed and c.kind != "general"}
    box, gap = 36, 3
    x = W - PAD - 4 * box - 3 * gap
    for k, colour in enumerate(YOKAI_COLOURS):
        x0 = x + k * (box + gap)
        if colour in have:
            parts.shapes.append(rect(x0, y - 10, x0 + box, y + 10, COLOUR_HEX[colour], INK, 1.2))
            parts.write(x0 + box / 2, y, f"<b>{LETTER[colour]}✓</b>", INK_ON[colour], TEXT)
            tip = f"{colour}: in {owner}'s unconfirmed line"
        else:
            parts.shapes.append(rect(x0, y - 10, x0 + box, y + 10, "#ffffff", COLOUR_HEX[colour], 2, "dot"))
            parts.write(x0 + box / 2, y, f"{LETTER[colour]}–", "#444444", TEXT)
            tip = f"{colour}: missing from {owner}'s unconfirmed line"
        parts.hint(x0 + box / 2, y, tip, size=20)
    return 4 * box + 3 * gap


def _seat_hand(view, seat):
    """The hand of ``seat`` if this view may see it (its own, demo mode, Nopperabō), else None."""
    try:
        return list(yc.hand(view, seat))
    except ValueError:
        return None


def _seat_row(parts, view, seat, top, ctx) -> float:
    """One seat: the header (name, counts, checklist) and its line."""
    name = yc.INFO.seat_name(seat)
    cards = list(yc.lines(view)[seat])
    y = top - HEAD_H / 2
    marks = "▶ " if seat == ctx["deciding"] else ""
    you = " (you)" if seat == ctx["viewer"] else ""
    generals = sum(c.kind == "general" for c in cards)
    parts.shapes.append(rect(0, top - HEAD_H + 1, W, top - 1, "#f1ede4", "#f1ede4", 0))
    head = f"<b>{marks}{name}</b>{you}"
    parts.write(PAD, y, head, INK, TEXT, "middle right")
    x = PAD + text_px(f"{marks}{name}", bold=True) + text_px(you) + 10
    seen = _seat_hand(view, seat) if seat != ctx["hand_seat"] else None
    if seen:
        parts.write(x, y, "hand", INK, TEXT, "middle right")
        x += text_px("hand") + 6
        for k, card in enumerate(seen):
            token = ctx["targets"].token("hand", seat, k)
            line, width = (TARGET, 3) if token else (INK, 1)
            parts.shapes.append(rect(x, y - 10, x + MINI_W, y + 10, COLOUR_HEX[card.colour], line, width))
            parts.write(x + MINI_W / 2, y, f"<b>{LETTER[card.colour]}</b>", INK_ON[card.colour], TEXT)
            parts.hint(x + MINI_W / 2, y, hover_text(card, f"in {name}'s hand"), size=20)
            if token:
                parts.target(x + MINI_W / 2, y, token, f"{card.name}: click to pick", size=22)
            x += MINI_W + 3
        rest = f" · line {len(cards)}"
    else:
        rest = f"hand {yc.hand_size(view, seat)} · line {len(cards)}"
    if generals:
        rest += f" · ★{generals}"
    room = W - PAD - x - 4 * 36 - 9 - 8
    parts.write(x, y, fit(rest, room), INK, TEXT, "middle right")
    _checklist(parts, cards, y, name)
    token = ctx["targets"].by_seat.get(seat)
    if token is not None:
        parts.shapes.append(rect(1, top - HEAD_H + 1, x - 4, top - 1, "rgba(0,166,81,0.18)", TARGET, 3))
        width = x - 4
        parts.target(width / 2, y, yc.encode_action(token), f"Choose {name}: click", size=22)
    parts.hint(
        PAD + 30,
        y,
        f"{name}: {yc.hand_size(view, seat)} card(s) in hand, {len(cards)} in line ({generals} General(s))",
        size=20,
    )
    height = HEAD_H
    if not cards:
        parts.write(PAD, top - HEAD_H - 14, "no cards in line yet", "#666666", TEXT, "middle right")
        return height + 28
    before = ctx["previous"][seat] if ctx["previous"] is not None else None
    new = _lcs_new(tuple(c.id for c in cards), before) if before is not None else set()
    height += _tiles(
        parts,
        cards,
        top - HEAD_H,
        ctx["abbrev"],
        zone="line",
        seat=seat,
        targets=ctx["targets"],
        new=new,
        protected=True,
        owner=name,
    )
    return height + 2


def _hand(parts, view, seat, top, ctx, selected) -> float:
    """The big hand: the viewer's (in demo mode the seat to move's), clickable to summon."""
    cards = list(yc.hand(view, seat))
    name = yc.INFO.seat_name(seat)
    who = f"Your hand · {name}" if ctx["viewer"] == seat else f"{name}'s hand"
    tokens = [ctx["targets"].token("hand", seat, k) for k in range(len(cards))]
    tip = " · click a card to summon it" if any(tokens) else ""
    parts.write(
        PAD,
        top - ROW_H / 2,
        f"<b>{who}</b>{fit(tip, W - text_px(who, bold=True) - 16)}",
        INK,
        TEXT,
        "middle right",
    )
    gap = 6
    w = (W - 2 * PAD - 2 * gap) / 3
    card_top = top - ROW_H
    if not cards:
        parts.write(PAD, card_top - 16, "no cards in hand", "#666666", TEXT, "middle right")
        return ROW_H + 32
    for k, card in enumerate(cards):
        x0 = PAD + k * (w + gap)
        chosen = selected == ("hand", seat, k)
        outline = "#ff6f00" if chosen else TARGET if tokens[k] else None
        _big_card(parts, x0, card_top - 3, w, HAND_H, card, outline)
        if tokens[k]:
            again = "click again or press Summon" if chosen else "click to see what it does"
            parts.target(
                x0 + w / 2, card_top - 3 - HAND_H / 2, tokens[k], f"{card.name}: {again}", size=HAND_H - 8
            )
    return ROW_H + HAND_H + 8


def _picked_row(parts, view, label, cards, zone, seat, top, ctx) -> float:
    """A row of cards to pick from (the cards an ability looks at, or the discard pile)."""
    parts.write(
        PAD, top - ROW_H / 2, f"<b>{fit(label, W - 2 * PAD, bold=True)}</b>", INK, TEXT, "middle right"
    )
    used = _tiles(parts, cards, top - ROW_H, ctx["abbrev"], zone=zone, seat=seat, targets=ctx["targets"])
    return ROW_H + used + 4


def _abbrev(view) -> dict[str, str]:
    names = tuple(dict.fromkeys(c["name"] for c in _deck_entries(yc.deck_of(view))))
    return _abbrev_of(names)


def _build(view, selected, interactive: bool, previous) -> go.Figure:
    parts = _Parts()
    viewer = yc.viewer(view)
    demo = viewer is None
    dec = yc.decision(view)
    deciding = dec.seat if dec is not None else None
    can_click = interactive and deciding is not None and (demo or deciding == viewer)
    targets = _Targets(yc.legal_actions(view) if can_click else [], deciding)
    hand_seat = viewer if not demo else deciding
    ctx = {
        "viewer": viewer,
        "deciding": deciding,
        "targets": targets,
        "abbrev": _abbrev(view),
        "previous": previous,
        "hand_seat": hand_seat,
    }
    y = 0.0
    if demo:  # the full state: the teacher's demo mode, bots alone, or a finished game
        parts.banner(2, W - 2, y, ROW_H, full_state_banner(yc.is_over(view)))
        y -= ROW_H
    _status(parts, view, y - ROW_H / 2, deciding)
    y -= ROW_H
    y -= _summon_waiting(parts, view, y, targets)
    shown = _revealed(view)
    if shown:
        label = _revealed_label(dec)
        y -= _picked_row(parts, view, label, shown, "revealed", None, y, ctx)
    pile = list(yc.discard(view))
    if pile and any(zone == "discard" for zone, _, _ in targets.by_card):
        y -= _picked_row(parts, view, "Discard pile: pick a card", pile, "discard", None, y, ctx)
    for seat in range(len(yc.lines(view))):
        y -= _seat_row(parts, view, seat, y, ctx)
    if hand_seat is not None:
        y -= _hand(parts, view, hand_seat, y, ctx, selected)
    height = round(-y + 2 * MARGIN)
    return FrozenFigure(data=parts.traces(), layout=_layout(parts.shapes, height))


def _revealed_label(dec) -> str:
    if dec is None:
        return "Cards shown"
    for_card = f" ({dec.card.name})" if dec.card is not None else " (Strike)"
    if dec.kind == "order":
        return f"Joining the line{for_card}: choose their order"
    if dec.kind == "card":
        return f"Cards shown{for_card}: pick one"
    return f"Cards shown{for_card}"


def _revealed(view) -> list:
    """The cards an ability shows this viewer now (none in most positions)."""
    return list(yc.revealed(view))


@lru_cache(maxsize=64)
def _cached(view, selected, interactive: bool, previous) -> go.Figure:
    return _build(view, selected, interactive, previous)


def _card_key(selected):
    """``selected`` (an action naming one card, or None) as ``(zone, seat, index)``; None for
    any other action (an ``Order`` names a zone but no one card: nothing to outline)."""
    zone, index = getattr(selected, "zone", None), getattr(selected, "index", None)
    if zone is None or index is None:
        return None
    return (zone, getattr(selected, "seat", None), index)


def figure(view, *, selected=None, interactive: bool = True, previous=None) -> go.Figure:
    """The table as one seat sees it: ``view`` is ``yc.view(state, seat)`` (a full state: demo mode).

    ``selected`` (an action naming a card, such as a ``Summon``) outlines that card in orange.
    Cards and seats the deciding seat may pick carry their action's token in ``customdata``
    (trace ``"targets"``; :func:`clickable` lists them) when ``interactive`` and the seat shown
    decides (in demo mode: whoever decides). ``previous`` (the same seat's view one move
    earlier) outlines every line card that is new since. Cached: do not mutate.
    """
    before = None
    if previous is not None:
        before = tuple(tuple(c.id for c in line) for line in yc.lines(previous))
    key = _card_key(selected)
    if key is not None and key[0] == "hand" and key[1] is None:
        seat = yc.viewer(view)
        key = ("hand", seat if seat is not None else yc.decision(view).seat, key[2])
    try:
        return _cached(view, key, bool(interactive), before)
    except TypeError:  # an unhashable state: drawn without the cache
        return _build(view, key, bool(interactive), before)
