"""Helpers shared by the board tests: a figure's texts and font sizes, from its JSON, and where
its texts land on screen at a given width."""

from __future__ import annotations

import re
from dataclasses import dataclass


def font_sizes(fig) -> list[float]:
    """Every text font size in the figure (traces' textfont, layout font, annotations); hover
    labels excluded."""
    d = fig.to_plotly_json()
    sizes: list[float] = []
    for trace in d["data"]:
        mode = trace.get("mode") or ""
        if "text" not in mode:
            continue
        size = trace.get("textfont", {}).get("size")
        assert size is not None, f"trace {trace.get('name')!r} has no explicit text size"
        sizes += list(size) if isinstance(size, list | tuple) else [size]
    layout = d["layout"]
    if "font" in layout and "size" in layout["font"]:
        sizes.append(layout["font"]["size"])
    for note in layout.get("annotations", ()):
        sizes.append(note.get("font", {}).get("size", layout.get("font", {}).get("size", 12)))
    return sizes


def texts(fig) -> list[str]:
    return [str(t) for trace in fig.data if trace.mode and "text" in trace.mode for t in trace.text]


# --- Where texts land on screen (a cheap estimate, no browser) --------------------------------
# Advance widths (1/1000 em) of DejaVu Sans, the widest of the board's fonts (FONT falls back
# to it on Linux): an estimate that fits with DejaVu fits with Noto Sans or Arial too. Bold is
# about 14 % wider; an emoji is 1.25 em (Noto Color Emoji); other symbols (✗ ➜ ★ ♙ ▲ ↑ ×) ~0.9 em.
_DEJAVU = (
    "a613 b635 c550 d635 e615 f352 g635 h634 i278 j278 k579 l278 m974 n634 o612 p635 q635 r411 "
    "s521 t392 u634 v592 w818 x592 y592 z525 A684 B686 C698 D770 E632 F575 G775 H752 I295 J295 "
    "K656 L557 M863 N748 O787 P603 Q787 R695 S635 T611 U732 V684 W989 X685 Y611 Z685 .318 ,318 "
    ":337 ;337 '275 !401 |337 (390 )390 +838 -361 /337 #838 =838 ?531 *500 <838 >838 &780 %950 "
    "[390 ]390 _500 ·318 …1000 —1000"
)
EM = (
    {item[0]: int(item[1:]) / 1000 for item in _DEJAVU.split()}
    | {d: 0.636 for d in "0123456789"}
    | {" ": 0.318}
)
LINE_SPACING = 1.3  # Plotly's distance between <br> rows, in em


def char_em(ch: str, bold: bool) -> float:
    if ch in "\ufe0f\u200d":  # emoji variation selector, joiner
        return 0.0
    if ord(ch) >= 0x1F000 or ch == "⛩":
        return 1.25
    return EM.get(ch, 0.9) * (1.14 if bold else 1.0)


def text_width(text: str, size: float) -> float:
    """Estimated width (px) of one row of a Plotly text (``<b>`` spans bold)."""
    width, bold = 0.0, False
    for part in re.split(r"(</?b>)", text):
        if part in ("<b>", "</b>"):
            bold = part == "<b>"
        else:
            width += sum(char_em(ch, bold) for ch in part) * size
    return width


@dataclass(frozen=True)
class Box:
    """Where a text is drawn: pixels from the plot area's top left corner."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    def overlap(self, other: Box) -> tuple[float, float]:
        return (
            min(self.x1, other.x1) - max(self.x0, other.x0),
            min(self.y1, other.y1) - max(self.y0, other.y0),
        )


def text_boxes(fig, width: int) -> tuple[list[Box], float, float]:
    """Every text of ``fig`` drawn ``width`` px wide (its own height): (boxes, plot width,
    plot height). The y axis must be in pixels (as on the boards), the x axis may be anything."""
    layout = fig.layout
    plot_w = width - layout.margin.l - layout.margin.r
    plot_h = layout.height - layout.margin.t - layout.margin.b
    (x_lo, x_hi), (y_lo, y_hi) = layout.xaxis.range, layout.yaxis.range
    assert abs((y_hi - y_lo) - plot_h) < 1e-6, "the boards' y axis is in pixels"

    def to_px(x, y):
        return (x - x_lo) / (x_hi - x_lo) * plot_w, y_hi - y

    boxes = []
    for trace in fig.data:
        if not trace.mode or "text" not in trace.mode:
            continue
        sizes, where = trace.textfont.size, trace.textposition or "middle center"
        for k, (x, y, text) in enumerate(zip(trace.x, trace.y, trace.text, strict=True)):
            if not text:
                continue
            size = sizes[k] if isinstance(sizes, list | tuple) else sizes
            pos = where[k] if isinstance(where, list | tuple) else where
            rows = str(text).split("<br>")
            w = max(text_width(row, size) for row in rows)
            h = size * (1 + LINE_SPACING * (len(rows) - 1))
            cx, cy = to_px(x, y)
            vertical, horizontal = pos.split()
            left = {"left": cx - w, "center": cx - w / 2, "right": cx}[horizontal]
            top = {"top": cy - h, "middle": cy - h / 2, "bottom": cy}[vertical]
            boxes.append(Box(str(text), left, top, left + w, top + h))
    for note in layout.annotations:
        size = note.font.size
        w, h = text_width(note.text, size), size
        if note.textangle in (90, -90):
            w, h = h, w
        cx, cy = to_px(note.x, note.y)
        boxes.append(Box(note.text, cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return boxes, plot_w, plot_h


def rect_boxes(fig, width: int) -> list[tuple[float, float, float, float]]:
    """The figure's rectangle shapes in the same pixels as :func:`text_boxes`."""
    layout = fig.layout
    plot_w = width - layout.margin.l - layout.margin.r
    (x_lo, x_hi), y_hi = layout.xaxis.range, layout.yaxis.range[1]
    out = []
    for s in layout.shapes:
        if s.type == "rect":
            xs = sorted(((s.x0 - x_lo) / (x_hi - x_lo) * plot_w, (s.x1 - x_lo) / (x_hi - x_lo) * plot_w))
            ys = sorted((y_hi - s.y0, y_hi - s.y1))
            out.append((xs[0], ys[0], xs[1], ys[1]))
    return out


TINY_SHEET = {
    "name": "Tiny",
    "tanuki": {"slots": [2, 2, 2, 2, 2], "start_circled": [1, 0, 0, 0, 1]},
    "lines": [{"bonus": 5, "cells": {"fig": [None, "granny", "torii"]}}],
    "flowers": [None, "tanuki"],
    "granny": 1,
    "torii": 2,
}
"""A one-line custom Tanuki sheet with short tracks (the board must draw any valid sheet)."""
