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
    g = w.g
    n = w.n
    CL = g.CL
    stack = w.stack
    all_open = not 2 <= n <= 6
    while not w.over:
        seat = (w.turn + w.pick) % n
        b = w.boards[seat]
        if w.taken is None:
            if all_open or w.pick == 0:
                opened = ALL_OPEN.get(w.dice) or opened_by_all(w.dice)
            else:
                opened = open_dice(w.dice, n, w.pick, w.active_take)
            usable = []
            for v in opened:
                if v == 6 or b[CL + v - 1] > 0:
                    usable.append(v)
            forced = not usable
            opts = usable or list(opened)
            if len(opts) == 1:
                v = opts[0]
            else:
                v = None if choose is None else choose(w, "die", opts, forced)
                if v is None:
                    w.pending = ("die", opts, forced)
                    return
            w.taken = v
            if w.pick == 0:
                w.active_take = v
            stack.append(FLOWER if forced or v == 6 else DIE + v - 1)
        while stack:
            code = stack[-1]
            if code >= BONUS:
                c = code - DIE if code >= DIE else code - BONUS
                opts = []
                for line, cell, size in g.col_cells[c]:
                    if b[cell] < size:
                        opts.append(line)
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
                if code == FLOWER:
                    FL = g.FL
                    k = b[FL]
                    if k < len(g.flowers):
                        b[FL] = k + 1
                        if k + 1 == len(g.flowers):
                            w.end_by.append((seat, "flower"))
                        if g.flowers[k] != NONE:
                            stack.append(g.flowers[k])
                elif code == GRANNY:
                    if b[g.GR] < g.granny:
                        b[g.GR] += 1
                elif code == TORII:
                    TO = g.TO
                    if b[TO] < g.torii:
                        b[TO] += 1
                        if b[TO] == g.torii:
                            w.end_by.append((seat, "torii"))
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
                    return
            stack.pop()
            if kind == "line":  # effects.circle_fruit
                i = key * 5 + c
                icon = g.cells[i][b[i]]
                b[i] += 1
                b[g.F + c] += 1
                b[CL + c] -= 1
                left = g.LL + key
                b[left] -= 1
                if b[left] == 0:
                    b[g.BS] += g.bonus[key]
                if icon != NONE:
                    stack.append(icon)
            elif kind == "tanuki":
                b[g.T + key] += 1
            else:
                b[g.X + key] += 1
        # the pick is resolved: the next seat picks, or the turn (or the game) ends
        w.taken = None
        w.pick += 1
        if w.pick == n:
            if w.end_by:
                w.over = True
                return
            w.turn += 1
            w.pick = 0
            w.active_take = None
            w.dice = w.roll()
