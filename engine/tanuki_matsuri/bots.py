"""Bots: random, one-step greedy, and hint-driven.

The greedy policy scores each option by the immediate score gain of the whole chain it sets
off (later choices in the chain taken greedily too), with small tie-breaks: lines closer to
completion, tanuki where more fruit can still come, penalties where least is lost, and a
fruit rather than a flower. It runs on a working copy, so rollouts use it directly.

>>> from .rules import new_game, legal_actions
>>> s = new_game(seed=5)
>>> bots()["greedy"](s, None) in legal_actions(s)
True
"""

from __future__ import annotations

import random

from engine.core import fresh_seed, random_bot

from .actions import ChooseLine, ChooseTanuki, CrossTanuki, TakeDie
from .board import FLOWER, GRANNY, NONE, PENALTY, TANUKI, TORII, Layout, column_of
from .effects import circle_fruit, fruit_lines
from .rules import legal_actions
from .state import State, Work, thaw

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


def action_for(kind: str, key: int, info):
    """The action of a policy key."""
    if kind == "die":
        return TakeDie(key, bool(info))
    if kind == "line":
        c = column_of(info)
        return ChooseLine(key, c + 1)
    if kind == "tanuki":
        return ChooseTanuki(key + 1)
    return CrossTanuki(key + 1)


def _pending_key(state: State):
    p = state.pending
    if p is None:
        raise ValueError("The game is over: no decision to make")
    w = thaw(state)
    kind = p.kind
    if kind == "die":
        info = p.forced_flower
        opts = [a.value for a in p.options]
    else:
        info = w.stack[-1]
        opts = [a.line if kind == "line" else a.column - 1 for a in p.options]
    return w, kind, opts, info


def greedy_bot(view_state: State, rng: random.Random | None = None):
    """One-step greedy: the option with the largest immediate score gain."""
    w, kind, opts, info = _pending_key(view_state)
    return action_for(kind, greedy_choice(w, kind, opts, info), info)


HINT_BOT_ROLLOUTS = 24


def hint_bot(view_state: State, rng: random.Random):
    """The hint engine's suggestion with a fixed 24 rollouts per option: the same view and
    generator give the same move on any machine."""
    from .hint import hint

    return hint(view_state, seed=fresh_seed(rng), rollouts=HINT_BOT_ROLLOUTS).best


def bots() -> dict:
    """``{"random", "greedy", "hint"}``: each ``bot(view, rng) -> action``."""
    return {"random": random_bot(legal_actions), "greedy": greedy_bot, "hint": hint_bot}
