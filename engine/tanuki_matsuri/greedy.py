"""Tanuki Matsuri's rule of thumb: score each option by the immediate gain of the whole chain
it sets off (later choices in the chain taken greedily too), with small tie-breaks: lines
closer to completion, tanuki where more fruit can still come, penalties where least is lost,
and a fruit rather than a flower. It runs on a working copy, so the greedy bot, the hint's
rollouts and the quick paths all use it directly (its own module, so the bots and the hint
engine each import it without importing one another).
"""

from __future__ import annotations

from .board import FLOWER, GRANNY, NONE, PENALTY, TANUKI, TORII, Layout, column_of
from .effects import circle_fruit, fruit_lines
from .state import Work

TIE = 0.01
CHAIN_BUDGET = 400
"""Fruits a greedy decision may look at along effect chains (the default sheet needs at most
about 50); beyond it, chains are not followed, so a sheet of nested fruit bonuses cannot make
one decision take exponential time."""


def effect_gain(b, g: Layout, code: int, budget: list[int] | None = None) -> float:
    """Immediate score gain of resolving ``code`` on board ``b`` (not changed), choices greedy.
    ``budget`` (``[fruits left]``, shared by one decision) bounds the chains followed."""
    if budget is None:
        budget = [CHAIN_BUDGET]
    if code == NONE or code == TORII:  # torii: no points
        return 0
    F, T, X = g.F, g.T, g.X
    if code == TANUKI:
        best = None
        for c in range(5):
            if b[T + c] < g.slots[c]:
                v = b[F + c]
                if best is None or v > best:
                    best = v
        return best or 0
    if code == PENALTY:
        worst = None
        for c in range(5):
            if b[T + c] > b[X + c]:
                v = b[F + c]
                if worst is None or v < worst:
                    worst = v
        return -(worst or 0)
    if code == GRANNY:
        return b[g.BS] if b[g.GR] < g.granny else 0
    if code == FLOWER:
        k = b[g.FL]
        if k >= len(g.flowers):
            return 0
        nxt = g.flowers[k]
        if nxt == NONE or nxt == TORII:
            return 0
        b2 = b[:]
        b2[g.FL] = k + 1
        return effect_gain(b2, g, nxt, budget)
    c = column_of(code)
    lines = fruit_lines(b, g, c)
    return max(fruit_gain(b, g, line, c, budget) for line in lines) if lines else 0


def fruit_gain(b, g: Layout, line: int, c: int, budget: list[int] | None = None) -> float:
    """Immediate gain of circling the next fruit of column ``c`` on ``line`` (chain included,
    while ``budget`` lasts)."""
    if budget is None:
        budget = [CHAIN_BUDGET]
    budget[0] -= 1
    i = line * 5 + c
    code = g.cells[i][b[i]]
    gain = b[g.T + c] - b[g.X + c]
    if b[g.LL + line] == 1:
        gain += g.bonus[line] * b[g.GR]
    if code == NONE or code == TORII or budget[0] <= 0:
        return gain
    b2 = list(b)
    circle_fruit(b2, g, line, c)
    return gain + effect_gain(b2, g, code, budget)


def _line_value(b, g: Layout, line: int, c: int, budget: list[int]) -> float:
    return fruit_gain(b, g, line, c, budget) - TIE * (b[g.LL + line] - 1)


def greedy_choice(w: Work, kind: str, opts: list, info):
    """The greedy policy's key among ``opts`` for the seat to move in ``w``."""
    b = w.boards[(w.turn + w.pick) % w.n]
    g = w.g
    budget = [CHAIN_BUDGET]
    if kind == "line":
        c = column_of(info)
        return max(opts, key=lambda line: _line_value(b, g, line, c, budget))
    if kind == "die":
        if info:  # forced flower: all equal for us
            return opts[0]
        best, best_v = None, None
        flower = effect_gain(b, g, FLOWER, budget) - 2 * TIE
        for v in opts:
            if v == 6:
                val = flower
            else:
                c = v - 1
                val = max(_line_value(b, g, line, c, budget) for line in fruit_lines(b, g, c))
            if best_v is None or val > best_v:
                best, best_v = v, val
        return best
    CL, F = g.CL, g.F
    if kind == "tanuki":
        return max(opts, key=lambda c: b[F + c] + TIE * b[CL + c])
    return max(opts, key=lambda c: -b[F + c] - TIE * b[CL + c])
