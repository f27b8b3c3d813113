"""A position built from hand-set marks, for the what-if calculator.

A teacher or a player marks a sheet by hand ("what if I had circled this?") and asks for its
score and for the hint's expected final score of each choice. Such a position is not a saved
game: it has no history, so it cannot be saved or replayed.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from .board import layout
from .frozen import freeze
from .rules import new_game, run
from .sheet import DEFAULT_SHEET, Sheet
from .state import State, thaw


def marks_of(state: State, seat: int) -> dict:
    """The marks of a seat in the what-if form: ``{"cells": [[n per column] per line],
    "tanuki": [[circled, crossed] per column], "flowers", "granny", "torii"}``."""
    b = state.boards[seat]
    g = layout(state.sheet)
    return {
        "cells": [[b[i * 5 + c] for c in range(5)] for i in range(g.nlines)],
        "tanuki": [[b[g.T + c], b[g.X + c]] for c in range(5)],
        "flowers": b[g.FL],
        "granny": b[g.GR],
        "torii": b[g.TO],
    }


def blank_marks(sheet: Sheet = DEFAULT_SHEET) -> dict:
    return marks_of(new_game(0, 1, sheet=sheet), 0)


def _clamp(v, lo, hi) -> int:
    return max(lo, min(hi, int(v)))


def board_from_marks(sheet: Sheet, marks: dict) -> tuple[int, ...]:
    """A flat board (the engine's layout) from hand-set marks, each count clamped to the sheet."""
    g = layout(sheet)
    b = g.new_board()
    for i, line in enumerate(sheet.lines):
        for c, icons in enumerate(line.cells):
            n = _clamp(marks["cells"][i][c], 0, len(icons))
            b[i * 5 + c] = n
            b[g.F + c] += n
            b[g.CL + c] -= n
            b[g.LL + i] -= n
    for c in range(5):
        circ = _clamp(marks["tanuki"][c][0], 0, sheet.slots[c])
        b[g.T + c] = circ
        b[g.X + c] = _clamp(marks["tanuki"][c][1], 0, circ)
    b[g.FL] = _clamp(marks["flowers"], 0, len(sheet.flowers))
    b[g.GR] = _clamp(marks["granny"], 0, sheet.granny)
    b[g.TO] = _clamp(marks["torii"], 0, sheet.torii)
    b[g.BS] = sum(g.bonus[i] for i in range(g.nlines) if b[g.LL + i] == 0)
    return tuple(b)


@lru_cache(maxsize=64)
def _position(sheet: Sheet, board: tuple, dice: tuple) -> State:
    base = new_game(0, 1, sheet=sheet, dice=[list(dice)])
    start = replace(
        base,
        boards=(board,),
        dice=dice,
        turn=0,
        pick=0,
        active_take=None,
        taken=None,
        stack=(),
        end_by=(),
        over=False,
        log=(),
        pending=None,
    )
    w = thaw(start, log=True)
    w.pending = None
    run(w, lambda w, kind, opts, info: None)
    return freeze(w, (), (), False)


def position(marks: dict, dice, sheet: Sheet = DEFAULT_SHEET) -> State:
    """A solo position with these marks and these 3 dice to choose from (for the what-if
    calculator: its score, and the hint's expected final score of each choice). It is not a
    saved game (it cannot be saved or replayed).

    >>> import engine.tanuki_matsuri as tm
    >>> m = tm.blank_marks(); m["cells"][2][2] = 2; m["granny"] = 2
    >>> s = tm.position(m, (3, 3, 6))
    >>> tm.score(s, 0).total, [str(a) for a in tm.legal_actions(s)]
    (2, ['Take die 3', 'Take die 6'])
    """
    dice = tuple(int(v) for v in dice)
    new_game(0, 1, sheet=sheet, dice=[list(dice)])  # validates the dice with the engine's message
    return _position(sheet, board_from_marks(sheet, marks), dice)
