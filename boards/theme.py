"""What every board shares: the fonts, sizes and paper/ink colours, and the colours that mean
the same on every board (a legal target, the last move, a banner).

A board imports these instead of defining its own, so the four boards read as one set and a
fifth board starts from them. Sizes are pixels: every board is laid out for a figure
:data:`DESIGN_WIDTH` px wide (1280×720 with the page's side panel open) and writes no text
smaller than :data:`TEXT` (readable on a projector).

>>> TEXT, DESIGN_WIDTH, MARGIN
(16, 570, 4)
"""

from __future__ import annotations

FONT = "Noto Sans, DejaVu Sans, Arial, sans-serif"
TEXT = 16
"""The smallest text on any board (projector-readable)."""
DESIGN_WIDTH = 570
"""The narrowest figure (pixels) every text fits in: 1280×720 with the page's side panel open."""
MARGIN = 4
"""Pixels above and below the plot area."""

PAPER = "white"  # a printed sheet, Yokai's table
WARM_PAPER = "#fffdf8"  # the card tables of Fan & Mallet and Yokai Carnival
INK = "#111111"  # card texts and outlines
SOFT_INK = "#212121"  # a printed sheet's texts (the layout's default font colour)

TARGET = "#00a651"
"""The outline of where a move can go (no card of any game has this green)."""
LAST = "#00b8d4"
"""The outline of what the last move changed (no card of any game has this cyan)."""

BANNER = "#fff3cd"
BANNER_LINE = "#b8860b"
BANNER_INK = "#5c4400"

DEMO_BANNER = "<b>Demo mode: every hand is shown</b> (the teacher's view)"
"""The banner over a board drawn from the full state while the game runs: the teacher's demo
switch, or bots playing alone."""
OVER_BANNER = "<b>Game over:</b> every hand is turned up"
"""The banner over a finished game's board: every hand is shown because the game ended, not
because anyone switched demo mode on (a student sees this one)."""

INVISIBLE = "rgba(255,255,255,0.01)"
"""The fill of a click target drawn over a card: invisible, yet Plotly still hovers and clicks it."""
