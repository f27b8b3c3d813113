"""The turn loop without explanations: what ``apply`` and the hint's rollouts run.

The same rules as ``rules.run_explained`` (take a die, resolve the effect stack, next pick,
next turn), written as one loop on local variables and without a log: a playout step is
mostly this loop. A test plays seeded games with both loops and checks they agree.

>>> from .rules import new_game
>>> from .state import thaw
>>> w = thaw(new_game(seed=1, dice=[[3, 3, 6]]))
>>> run_quick(w, None)
>>> w.pending
('die', [3, 6], False)
"""

from __future__ import annotations

from .board import BONUS, DIE, FLOWER, GRANNY, NONE, PENALTY, TANUKI, TORII
from .dice import ALL_OPEN, open_dice, opened_by_all
from .state import Work


def run_quick(w: Work, choose) -> None:
    """Play on ``w`` (which keeps no log) until a decision with several options is needed
    and ``choose(w, kind, options, info)`` returns ``None`` or ``choose`` is ``None``
    (``w.pending`` then holds the decision), or the game is over."""
    n = w.n
    all_open = not 2 <= n <= 6
    while not w.over:
        seat = (w.turn + w.pick) % n
        b = w.boards[seat]
        if w.taken is None and not _take_die(w, b, all_open, choose):
            return
        if not _resolve_stack(w, b, seat, choose):
            return
        next_pick(w)


def _take_die(w: Work, b: list, all_open: bool, choose) -> bool:
    """The seat to pick takes a die (its effect goes on the stack); False when the pick
    waits for a decision (``w.pending``)."""
    if all_open or w.pick == 0:
        opened = ALL_OPEN.get(w.dice) or opened_by_all(w.dice)
    else:
        opened = open_dice(w.dice, w.n, w.pick, w.active_take)
    CL = w.g.CL
    usable = [v for v in opened if v == 6 or b[CL + v - 1] > 0]
    forced = not usable  # no usable die: one is taken all the same, for a flower
    opts = usable or list(opened)
    if len(opts) == 1:
        v = opts[0]
    else:
        v = None if choose is None else choose(w, "die", opts, forced)
        if v is None:
            w.pending = ("die", opts, forced)
            return False
    w.taken = v
    if w.pick == 0:
        w.active_take = v
    w.stack.append(FLOWER if forced or v == 6 else DIE + v - 1)
    return True


def _resolve_stack(w: Work, b: list, seat: int, choose) -> bool:
    """Resolve the effect stack, newest first: effects without a choice at once, the others
    by their only option or ``choose``; False when one waits for a decision (``w.pending``)."""
    g = w.g
    stack = w.stack
    while stack:
        code = stack[-1]
        if code >= BONUS:  # a die's or a bonus's fruit: circled in a line of its column
            c = code - DIE if code >= DIE else code - BONUS
            opts = [line for line, cell, size in g.col_cells[c] if b[cell] < size]
            kind = "line"
        elif code == TANUKI:
            T = g.T
            opts = [c for c in range(5) if b[T + c] < g.slots[c]]
            kind = "tanuki"
        elif code == PENALTY:
            T, X = g.T, g.X
            opts = [c for c in range(5) if b[T + c] > b[X + c]]
            kind = "penalty"
        else:
            stack.pop()
            _mark(w, g, b, seat, code)
            continue
        if not opts:  # the effect is lost
            stack.pop()
            continue
        if len(opts) == 1:
            key = opts[0]
        else:
            key = None if choose is None else choose(w, kind, opts, code)
            if key is None:
                w.pending = (kind, opts, code)
                return False
        stack.pop()
        if kind == "line":
            circle_fruit_onto(g, b, stack, key, c)
        elif kind == "tanuki":
            b[g.T + key] += 1
        else:
            b[g.X + key] += 1
    return True


def _mark(w: Work, g, b: list, seat: int, code: int) -> None:
    """An effect without a choice: the next flower (and its own effect), a Granny, a torii;
    the last flower or torii ends the game at the end of the turn."""
    if code == FLOWER:
        FL = g.FL
        k = b[FL]
        if k < len(g.flowers):
            b[FL] = k + 1
            if k + 1 == len(g.flowers):
                w.end_by.append((seat, "flower"))
            if g.flowers[k] != NONE:
                w.stack.append(g.flowers[k])
    elif code == GRANNY:
        if b[g.GR] < g.granny:
            b[g.GR] += 1
    elif code == TORII:
        TO = g.TO
        if b[TO] < g.torii:
            b[TO] += 1
            if b[TO] == g.torii:
                w.end_by.append((seat, "torii"))


def circle_fruit_onto(g, b: list, stack: list, line: int, c: int) -> None:
    """Circle the next fruit of column ``c`` in ``line`` (``effects.circle_fruit``): a full
    line scores its bonus; the fruit's icon, if any, goes on the stack."""
    i = line * 5 + c
    icon = g.cells[i][b[i]]
    b[i] += 1
    b[g.F + c] += 1
    b[g.CL + c] -= 1
    left = g.LL + line
    b[left] -= 1
    if b[left] == 0:
        b[g.BS] += g.bonus[line]
    if icon != NONE:
        stack.append(icon)


def next_pick(w: Work) -> None:
    """The pick is resolved: the next seat picks, or the turn (or the game) ends (the dice of
    a new turn are rolled). ``rules`` tells it in the log."""
    w.taken = None
    w.pick += 1
    if w.pick == w.n:
        if w.end_by:
            w.over = True
            return
        w.turn += 1
        w.pick = 0
        w.active_take = None
        w.dice = w.roll()
