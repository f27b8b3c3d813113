"""Bots: random, one-step greedy, and hint-driven.

The greedy policy scores each option by the immediate score gain of the whole chain it sets
off (later choices in the chain taken greedily too), with small tie-breaks: lines closer to
completion, tanuki where more fruit can still come, penalties where least is lost, and a
fruit rather than a flower (``greedy.py``). It runs on a working copy, so rollouts use it directly.

>>> from .rules import new_game, legal_actions
>>> s = new_game(seed=5)
>>> bots()["greedy"](s, None) in legal_actions(s)
True
"""

from __future__ import annotations

import random

from engine.core import fresh_seed, random_bot

from .actions import ChooseLine, ChooseTanuki, CrossTanuki, TakeDie
from .board import column_of
from .greedy import greedy_choice
from .hint import hint
from .rules import legal_actions
from .state import State, thaw


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
    return hint(view_state, seed=fresh_seed(rng), rollouts=HINT_BOT_ROLLOUTS).best


def bots() -> dict:
    """``{"random", "greedy", "hint"}``: each ``bot(view, rng) -> action``."""
    return {"random": random_bot(legal_actions), "greedy": greedy_bot, "hint": hint_bot}
