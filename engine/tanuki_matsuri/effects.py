"""Circling things, and the chain of effects (a depth-first stack) on a working copy.

Each function takes a flat board ``b`` and the sheet's layout ``g``.

>>> from .board import layout
>>> g = layout(DEFAULT_SHEET); b = g.new_board()
>>> fruit_lines(b, g, 2)      # banana: lines B, C, E, F, G
[1, 2, 4, 5, 6]
>>> circle_fruit(b, g, 2, 2)  # banana on line C: its first icon is a tanuki bonus
(2, False)
"""

from __future__ import annotations

from .board import BONUS, DIE, FLOWER, GRANNY, NONE, PENALTY, TANUKI, TORII, Layout, column_of, effect_name
from .sheet import DEFAULT_SHEET, FRUITS, line_label
from .state import LogEvent, Work, decide

__all__ = ["DEFAULT_SHEET", "fruit_lines", "circle_fruit", "resolve_stack"]


def fruit_lines(b, g: Layout, c: int) -> list[int]:
    """Lines where column ``c`` (0-based) still has an uncircled fruit."""
    return [i for i, cell, size in g.col_cells[c] if b[cell] < size]


def tanuki_columns(b, g: Layout) -> list[int]:
    """Columns with a tanuki left to circle."""
    T = g.T
    return [c for c in range(5) if b[T + c] < g.slots[c]]


def penalty_columns(b, g: Layout) -> list[int]:
    """Columns with a circled, not crossed-out tanuki."""
    T, X = g.T, g.X
    return [c for c in range(5) if b[T + c] > b[X + c]]


def circle_fruit(b, g: Layout, line: int, c: int) -> tuple[int, bool]:
    """Circle the next fruit of column ``c`` on ``line``; return (its effect code, line completed).
    A completed line circles its bonus at once."""
    i = line * 5 + c
    code = g.cells[i][b[i]]
    b[i] += 1
    b[g.F + c] += 1
    b[g.CL + c] -= 1
    b[g.LL + line] -= 1
    done = b[g.LL + line] == 0
    if done:
        b[g.BS] += g.bonus[line]
    return code, done


def _col(c: int) -> str:
    return f"column {c + 1} ({FRUITS[c]})"


_LOST = {
    "tanuki": "no tanuki left to circle",
    "penalty": "no circled tanuki to cross out",
}


def resolve_stack(w: Work, seat: int, choose) -> bool:
    """Resolve the effects on ``w.stack`` for ``seat`` until it is empty (True) or a decision
    with several options is needed and ``choose(w, kind, options, code)`` returns ``None``
    (False; ``w.pending`` holds the decision). One-option decisions are taken automatically;
    effects that cannot be applied are lost. Both are logged."""
    b = w.boards[seat]
    g = w.g
    stack = w.stack
    log = w.log
    while stack:
        code = stack[-1]
        c = -1
        if code >= BONUS:
            c = column_of(code)
            opts = fruit_lines(b, g, c)
            kind = "line"
        elif code == TANUKI:
            opts = tanuki_columns(b, g)
            kind = "tanuki"
        elif code == PENALTY:
            opts = penalty_columns(b, g)
            kind = "penalty"
        else:
            stack.pop()
            _simple(w, seat, b, g, code)
            continue
        if not opts:
            stack.pop()
            if log is not None:
                why = f"no {FRUITS[c]} left to circle" if kind == "line" else _LOST[kind]
                log.append(LogEvent(w.turn, seat, "lost", f"{effect_name(code)} lost ({why})", lost=True))
            continue
        key, auto = decide(w, kind, opts, code, choose)
        if key is None:
            return False
        stack.pop()
        if kind == "line":
            icon, done = circle_fruit(b, g, key, c)
            if log is not None:
                what = f"{FRUITS[c]} on line {line_label(key)}"
                if code < DIE:
                    what = f"fruit bonus: {what}"
                log.append(LogEvent(w.turn, seat, "fruit", what + (" (auto)" if auto else ""), auto))
                if done:
                    text = f"line {line_label(key)} complete: +{g.bonus[key]} bonus circled"
                    log.append(LogEvent(w.turn, seat, "line_bonus", text, True))
            if icon != NONE:
                stack.append(icon)
        elif kind == "tanuki":
            b[g.T + key] += 1
            if log is not None:
                text = f"tanuki bonus: {_col(key)}" + (" (auto)" if auto else "")
                log.append(LogEvent(w.turn, seat, "tanuki", text, auto))
        else:
            b[g.X + key] += 1
            if log is not None:
                text = f"tanuki penalty: crossed out in {_col(key)}" + (" (auto)" if auto else "")
                log.append(LogEvent(w.turn, seat, "penalty", text, auto))
    return True


def _simple(w: Work, seat: int, b, g: Layout, code: int) -> None:
    """Effects without a choice: flower, Granny, torii."""
    if code == FLOWER:
        k = _circle(w, seat, b, g.FL, len(g.flowers), "flower", ends=True)
        if k is not None and g.flowers[k - 1] != NONE:  # the flower's own effect follows
            w.stack.append(g.flowers[k - 1])
    elif code == GRANNY:
        _circle(w, seat, b, g.GR, g.granny, "Granny", ends=False)
    elif code == TORII:
        _circle(w, seat, b, g.TO, g.torii, "torii", ends=True)


def _circle(w: Work, seat: int, b, at: int, size: int, name: str, ends: bool) -> int | None:
    """Circle the next of the ``size`` ``name`` icons counted at ``b[at]``: how many are
    circled now, or None when every one was already (the effect is lost). With ``ends``,
    circling the last one ends the game after this turn."""
    log = w.log
    k = b[at]
    if k >= size:
        if log is not None:
            log.append(LogEvent(w.turn, seat, "lost", f"{name} lost (every {name} is circled)", lost=True))
        return None
    k = b[at] = k + 1
    last = ends and k == size
    if last:
        w.end_by.append((seat, name))
    if log is not None:
        text = f"{name} {k} of {size}"
        if last:
            text += f" (the last {name}: the game ends after this turn)"
        log.append(LogEvent(w.turn, seat, name.lower(), text, True))
    return k
