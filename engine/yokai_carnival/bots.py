"""Bots: ``random``, ``greedy`` (rules of thumb, one decision at a time) and ``lookahead``
(greedy rollouts on determinized views). Every bot is ``bot(view, rng) -> action`` and reads
nothing but the view it is given.

>>> import random
>>> from engine.yokai_carnival import new_game, view, legal_actions
>>> s = new_game(4)
>>> bots()["greedy"](view(s, 0), random.Random(0)) in legal_actions(s)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import fresh_seed, random_bot

from .actions import ChooseColour, ChooseSeat, Pick, Strike, Summon
from .cards import COLOURS, YOKAI_TYPES
from .hidden import determinize, view
from .rules import apply, legal_actions, ranking
from .state import UNSEEN, State
from .work import protected_count, unconfirmed_colours, unconfirmed_start

# ---- rules of thumb ----------------------------------------------------------------------


def _free(state: State, seat: int) -> int:
    line = state.lines[seat]
    return len(line) - protected_count(line, state.deck)


def _ability_value(state: State, card: int, seat: int) -> float:
    """A rough worth of a card's ability now, read from its effect steps (any deck)."""
    deck = state.deck
    value = 0.0
    opps = [o for o in range(state.players) if o != seat]
    best_free = max((_free(state, o) for o in opps), default=0)
    for s in deck.effects[card]:
        if s.do != "move":
            continue
        n = s.count or 3
        if s.source == "yama":
            got = min(n, len(state.yama))
        elif s.source == "discard":
            have = sum(1 for c in state.discard if c < YOKAI_TYPES)
            got = 0 if (have < n and not s.up_to) else min(n, have)
        elif s.source == "hand":
            got = max(0, len(state.hands[seat]) - 1) * 0.7
        elif s.source in ("target_line", "opponent_lines"):
            got = min(n, best_free) if s.pick != "colour" else min(2, best_free)
        elif s.source == "each_opponent_line":
            got = sum(min(n, _free(state, o)) for o in opps) * 0.7
        elif s.source == "target_hand":
            got = min(n, max((len(state.hands[o]) for o in opps), default=0)) * 0.5
        else:
            got = 1
        gain = {"line": 1.0, "hand": 0.6, "discard": 0.0, "yama_bottom": 0.0}[s.to]
        if s.source in ("target_line", "each_opponent_line", "opponent_lines"):
            gain += 0.9
        elif s.source == "target_hand":
            gain += 0.8
        value += got * gain
    return value


def _colour(state: State, card: int) -> int:
    return state.deck.colour_of[card]


def _keep_value(state: State, seat: int, hand: list[int], card: int) -> float:
    """How much a hand card is worth keeping: a missing colour, or a pair towards a Strike."""
    missing = 4 - len(unconfirmed_colours(state.lines[seat], state.deck))
    colour = _colour(state, card)
    have = unconfirmed_colours(state.lines[seat], state.deck)
    v = 0.0
    if colour not in have and missing:
        v += 0.8
    v += 0.5 * sum(1 for c in hand if c != UNSEEN and c != card and _colour(state, c) == colour)
    return v


def _summon_value(state: State, seat: int, a: Summon) -> float:
    hand = list(state.hands[seat])
    card = hand[a.index]
    line = state.lines[seat]
    have = unconfirmed_colours(line, state.deck)
    colour = _colour(state, card)
    v = 1.0
    if colour not in have:
        v += 3.0 if len(have) == 3 and state.waiting else 0.8
    rest = hand[: a.index] + hand[a.index + 1 :]
    v -= 0.5 * sum(1 for c in rest if _colour(state, c) == colour)
    if a.ability:
        v += _ability_value(state, card, seat)
    return v


def _threat(state: State, seat: int) -> float:
    line = state.lines[seat]
    return len(line) + 1.5 * len(unconfirmed_colours(line, state.deck)) + 0.1 * len(state.hands[seat])


def _pick_value(state: State, me: int, a: Pick, to_me: bool) -> float:
    if a.zone == "revealed":
        card = state.ctx.revealed[a.index]
    elif a.zone == "discard":
        card = state.discard[a.index]
    elif a.zone == "line":
        card = state.lines[a.seat][a.index]
    else:
        card = state.hands[a.seat][a.index]
    if card == UNSEEN:
        return 0.0
    if card >= YOKAI_TYPES:
        return 2.0
    colour = _colour(state, card)
    if a.zone in ("hand", "line") and a.seat != me:
        their = state.lines[a.seat]
        v = _threat(state, a.seat) * 0.05
        if a.zone == "line":
            start = unconfirmed_start(their)
            same = sum(1 for c in their[start:] if c < YOKAI_TYPES and _colour(state, c) == colour)
            v += 1.0 if (a.index >= start and same == 1) else 0.2
            v += 0.01 * a.index
        else:
            v += 0.5 * sum(1 for c in state.hands[a.seat] if c != UNSEEN and _colour(state, c) == colour)
        if to_me:
            v += _keep_value(state, me, list(state.hands[me]), card)
        return v
    if a.zone == "hand":  # discarding from my own hand: keep what helps
        return -_keep_value(state, me, list(state.hands[me]), card)
    return 0.5 + _keep_value(state, me, list(state.hands[me]), card)


def greedy_choice(state: State):
    """The rule-of-thumb choice for the seat deciding in ``state`` (a view or a full state)."""
    kind, me, _ = state.ask
    opts = state.options
    if kind in ("strike_1", "strike_2"):
        return next(a for a in opts if isinstance(a, Strike))
    if kind == "summon":
        return max(opts, key=lambda a: _summon_value(state, me, a))
    if kind == "general":
        return max(opts, key=lambda a: _ability_value(state, state.waiting[a.index], me))
    if kind == "opponent":
        return max(opts, key=lambda a: _threat(state, a.seat) if isinstance(a, ChooseSeat) else -1)
    if kind == "colour":
        ctx = state.ctx
        if ctx.target is not None:
            line = state.lines[ctx.target]
            free = line[protected_count(line, state.deck) :]
            return max(
                opts,
                key=lambda a: sum(
                    1 for c in free if c < YOKAI_TYPES and COLOURS[_colour(state, c)] == a.colour
                ),
            )
        have = unconfirmed_colours(state.lines[me], state.deck)
        hand = [c for c in state.hands[me] if c != UNSEEN]

        def colour_value(a: ChooseColour) -> float:
            i = COLOURS.index(a.colour)
            pair = sum(1 for c in hand if _colour(state, c) == i)
            return (1.0 if i not in have else 0.0) + (2.0 if pair == 2 else 0.3 * pair)

        return max(opts, key=colour_value)
    if kind in ("card", "discard_own"):
        step = state.deck.effects[state.ctx.card][state.ctx.step] if state.ctx.card >= 0 else None
        to_me = step is not None and step.to in ("line", "hand")
        picks = [a for a in opts if isinstance(a, Pick)]
        if not picks:
            return opts[0]
        return max(picks, key=lambda a: _pick_value(state, me, a, to_me))
    return opts[0]


def make_greedy() -> Callable[[State, random.Random], object]:
    """Rules of thumb for every decision (cheap: no search)."""

    def greedy(v: State, rng: random.Random):
        return greedy_choice(v)

    return greedy


# ---- lookahead ---------------------------------------------------------------------------

WIN = 5.0
PRIOR = 0.5


def _score(state: State, me: int) -> float:
    """A position's worth for ``me``: its line against the best rival line (cards, plus
    progress to a General Summon while the game goes on), plus ``WIN`` for a won game."""
    lines = state.lines
    if state.phase == "over":
        best = max(len(lines[o]) for o in range(state.players) if o != me)
        return len(lines[me]) - best + (WIN if ranking(state)[0] == me else 0.0)
    deck = state.deck

    def worth(seat: int) -> float:
        return len(lines[seat]) + 0.3 * len(unconfirmed_colours(lines[seat], deck))

    best = max(worth(o) for o in range(state.players) if o != me)
    return worth(me) - best + 0.2 * len(state.hands[me])


def _rollout(state: State, me: int, turns: int) -> float:
    stop = state.turn + turns
    while state.phase != "over" and state.turn < stop:
        state = apply(state, greedy_choice(state))
    return _score(state, me)


def make_lookahead(
    samples: int = 16, turns: int | None = None, prior: float = PRIOR, confidence: float = 2.0
):
    """Greedy, overruled where search shows a clear gain: for each option, ``samples``
    determinizations of the view (the same worlds for every option), the option played, then
    greedy play for every seat for ``turns`` turns (about a round by default), scored by
    :func:`_score`. An option replaces greedy's own choice only if its mean gain over it, world
    by world, beats both ``prior`` and ``confidence`` standard errors, so noise alone never
    overturns greedy. The budget is counted in samples: the same view and generator give the
    same move on any machine."""

    def lookahead(v: State, rng: random.Random):
        kind, me, _ = v.ask
        opts = list(v.options)
        default = greedy_choice(v)
        if kind == "order" or len(opts) == 1:
            return default
        if v.viewer is None:
            v = view(v, me)
        horizon = turns if turns is not None else v.players + 1
        worlds = [determinize(v, fresh_seed(rng)) for _ in range(samples)]
        base = [_rollout(apply(w, default), me, horizon) for w in worlds]
        best, best_gain = default, 0.0
        for a in _distinct(v, opts):
            if a == default:
                continue
            diffs = [_rollout(apply(w, a), me, horizon) - b for w, b in zip(worlds, base, strict=True)]
            mean = sum(diffs) / samples
            var = sum((d - mean) ** 2 for d in diffs) / max(1, samples - 1)
            if mean > prior and mean > confidence * (var / samples) ** 0.5 and mean > best_gain:
                best, best_gain = a, mean
        return best

    return lookahead


def _distinct(v: State, opts: list) -> list:
    """Options that differ in effect: summoning either of two identical cards is one option."""
    if not opts or not isinstance(opts[0], Summon):
        return opts
    hand = v.hands[v.ask[1]]
    seen, out = set(), []
    for a in opts:
        key = (hand[a.index], a.ability)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def bots() -> dict[str, Callable[[State, random.Random], object]]:
    """The bots the pages offer, weakest first: ``random``, ``greedy``, ``lookahead``."""
    return {"random": random_bot(legal_actions), "greedy": make_greedy(), "lookahead": make_lookahead()}


__all__ = ["bots", "greedy_choice", "make_greedy", "make_lookahead"]
