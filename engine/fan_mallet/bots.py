"""Bots: ``random``, ``greedy`` (one ply) and ``lookahead`` (search on determinized states).

Every bot is ``bot(view, rng) -> action`` and reads nothing but the view it is given.

>>> from engine.fan_mallet import new_game, view, legal_actions
>>> import random
>>> s = new_game(4)
>>> bots()["greedy"](view(s, 0), random.Random(0)) in legal_actions(s)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import lru_cache

from engine.core import fresh_seed, random_bot

from .components import FACTIONS, INHABIT
from .fast import play
from .hidden import determinize, view
from .rules import legal_actions
from .scoring import totals_of
from .state import State

WIN = 1000.0
MARKER = 10.0
FILL_WEIGHT = (0.0, 0.4, 0.8, 1.3, 2.0)  # weight of a power margin on an open house with n followers
MARGIN_CAP = 6


@lru_cache(maxsize=1 << 18)
def _margin(stack: tuple[int, ...]) -> int:
    """White total minus black total on a stack of card ids."""
    white, black = totals_of(stack)
    return white - black


def evaluate(state: State, seat: int) -> float:
    """Heuristic value of ``state`` for ``seat``: win/loss, marker lead, power margins on open houses.

    Reads only public parts of the state (houses, stacks, markers), so it is the same on any view.
    """
    if state.winner is not None:
        return WIN if state.winner == seat else -WIN
    sign = 1 if seat == 0 else -1
    value = MARKER * sign * (state.markers[0] - state.markers[1])
    owners = state.owners
    for h, stack in enumerate(state.stacks):
        if stack and owners[h] is None:
            margin = _margin(stack) * sign
            if margin == 0:
                margin = 0.5 if FACTIONS.index(state.houses[h].faction) == seat else -0.5
            elif margin > MARGIN_CAP:
                margin = MARGIN_CAP
            elif margin < -MARGIN_CAP:
                margin = -MARGIN_CAP
            value += FILL_WEIGHT[len(stack)] * margin
    return value


def make_greedy() -> Callable[[State, random.Random], object]:
    """One ply: the card whose placement gives the best :func:`evaluate` (ties: first card)."""

    def greedy(v: State, rng: random.Random):
        seat = v.to_move
        best, best_value = None, None
        for card in v.hands[seat]:
            value = evaluate(play(v, card), seat)
            if best_value is None or value > best_value:
                best, best_value = card, value
        return INHABIT[best]

    return greedy


def _search(state: State, me: int, depth: int) -> float:
    """Max (me) / min (opponent) over the cards in hand, ``depth`` plies, then :func:`evaluate`."""
    if depth == 0 or state.winner is not None:
        return evaluate(state, me)
    values = [_search(play(state, c), me, depth - 1) for c in state.hands[state.to_move]]
    if not values:
        return evaluate(state, me)
    return max(values) if state.to_move == me else min(values)


def make_lookahead(samples: int = 8, depth: int = 3, time_cap_s: float | None = None):
    """Perfect-information search on ``samples`` determinizations of the view, ``depth`` plies
    each (my card, the opponent's best reply, my best answer), values averaged per card.

    The budget is ``samples``, so the same view and generator give the same move on any
    machine. Only the live page may set ``time_cap_s``: it stops sampling once that many
    seconds have passed (at least one sample is always searched).
    """

    def lookahead(v: State, rng: random.Random):
        me = v.to_move
        if v.viewer is None:
            v = view(v, me)
        cards = v.hands[me]
        if len(cards) == 1:
            return INHABIT[cards[0]]
        start = time.perf_counter() if time_cap_s is not None else 0.0
        totals = dict.fromkeys(cards, 0.0)
        for _ in range(samples):
            full = determinize(v, fresh_seed(rng))
            for card in cards:
                totals[card] += _search(play(full, card), me, depth - 1)
            if time_cap_s is not None and time.perf_counter() - start > time_cap_s:
                break
        return INHABIT[max(cards, key=lambda c: totals[c])]

    return lookahead


def bots() -> dict[str, Callable[[State, random.Random], object]]:
    """The bots the pages and the lab offer, weakest first: ``random``, ``greedy``, ``lookahead``."""
    return {"random": random_bot(legal_actions), "greedy": make_greedy(), "lookahead": make_lookahead()}
