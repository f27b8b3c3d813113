"""The hint engine: Monte Carlo rollouts from the current decision.

Every open choice of the seat to move (each die, and for a fruit each line it can go on) is
played out many times to the end of the game on determinized copies — the future dice come
from the hint's own seed, never from the game's — with the greedy policy for every later
decision. The same dice are used for every choice in a round (common random numbers), so
differences between choices are measured precisely. The hint reads only the seat's view.

>>> from .rules import new_game
>>> h = hint(new_game(seed=2), seed=1, rollouts=4)
>>> h.best == h.choices[0].plan[0], h.rollouts
(True, 4)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from engine.core import IllegalAction

from .actions import ChooseLine
from .board import total
from .effects import fruit_lines
from .greedy import greedy_choice
from .rules import apply, choice_key, determinize, run, view
from .state import State, Work, thaw


@dataclass(frozen=True)
class HintChoice:
    """One option: the actions it takes now (``plan``), its expected final score (``mean``) for
    the seat to move, the standard error of that mean and the number of rollouts. ``close``:
    its expected score is within two standard errors of the best choice's (measured on the
    paired differences with the best, since every choice plays the same dice); the best choice
    is close to itself."""

    plan: tuple
    label: str
    mean: float
    stderr: float
    n: int
    close: bool = False


@dataclass(frozen=True)
class Hint:
    """The hint's answer: every choice (best first) and the suggested action. ``close_call``:
    another choice is close to the best (the rollouts cannot tell them apart)."""

    seat: int
    kind: str
    choices: tuple[HintChoice, ...]
    best: object
    best_plan: tuple
    rollouts: int  # per choice
    elapsed_s: float
    close_call: bool = False

    def by_action(self) -> dict:
        """Each legal action's best expected final score (over the plans starting with it)."""
        out: dict = {}
        for ch in self.choices:
            out.setdefault(ch.plan[0], ch.mean)
        return out


@dataclass(frozen=True)
class Comparison:
    """Two plans on the same dice: ``diff`` = a.mean − b.mean, with its standard error."""

    a: HintChoice
    b: HintChoice
    diff: float
    diff_stderr: float
    n: int


def _label(plan: tuple) -> str:
    return " → ".join(str(a) for a in plan)


def plans(state: State) -> list[tuple]:
    """The options the hint evaluates: each legal action, and for a die that places a fruit,
    that die together with each line it may go on."""
    p = state.pending
    if p is None:
        raise ValueError("The game is over: no decision to hint")
    out = []
    if p.kind != "die":
        return [(a,) for a in p.options]
    b = state.boards[p.seat]
    g = state.layout
    for a in p.options:
        if a.flower or a.value == 6:
            out.append((a,))
            continue
        lines = fruit_lines(b, g, a.value - 1)
        if len(lines) > 1:
            out.extend((a, ChooseLine(line, a.value)) for line in lines)
        else:
            out.append((a,))
    return out


def _as_view(state: State) -> State:
    if state.over:
        raise ValueError("The game is over: no decision to hint")
    return view(state, state.pending.seat) if state.seed is not None else state


def _rollout(base: Work, keys: tuple, seat: int, seed: int) -> int:
    w = base.copy()
    rnd = random.Random(seed).random
    nd = len(w.dice)
    w.roller = lambda turn: tuple(int(rnd() * 6) + 1 for _ in range(nd))
    queue = list(keys)

    def choose(w, kind, opts, info):
        if queue:
            return queue.pop(0)
        return greedy_choice(w, kind, opts, info)

    run(w, choose)
    return total(w.boards[seat], w.g)


def _check_budget(rollouts: object, time_cap_s: object) -> None:
    if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
        raise ValueError(f"rollouts must be a whole number of at least 1, not {rollouts!r}")
    if time_cap_s is not None and (
        not isinstance(time_cap_s, int | float) or isinstance(time_cap_s, bool) or not time_cap_s > 0
    ):
        raise ValueError(f"time_cap_s must be a positive number of seconds or None, not {time_cap_s!r}")


def _evaluate(state: State, plan_list: list[tuple], seed: int, rollouts: int, time_cap_s: float | None):
    """Rounds of rollouts (one per plan, on the same dice): exactly ``rollouts`` rounds, unless
    ``time_cap_s`` stops them earlier (after at least 2). The clock decides nothing else."""
    _check_budget(rollouts, time_cap_s)
    v = _as_view(state)
    seat = v.pending.seat
    base = thaw(v)
    keyed = [tuple(choice_key(a) for a in plan) for plan in plan_list]
    results: list[list[int]] = [[] for _ in plan_list]
    seeds = random.Random(seed)
    t0 = time.perf_counter()
    n = 0
    while n < rollouts:
        s = seeds.getrandbits(63)
        for i, keys in enumerate(keyed):
            results[i].append(_rollout(base, keys, seat, s))
        n += 1
        if time_cap_s is not None and n >= 2:
            elapsed = time.perf_counter() - t0
            if elapsed * (n + 1) / n > time_cap_s:
                break
    return seat, results, n, time.perf_counter() - t0


def _stats(xs: list[int]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


def _close(best: list[int], xs: list[int]) -> bool:
    """True when ``xs`` is within two standard errors of ``best`` (paired differences)."""
    gap, gap_se = _stats([x - y for x, y in zip(best, xs, strict=True)])
    return gap <= 2 * gap_se


def hint(state_or_view: State, seed: int = 0, rollouts: int = 64, time_cap_s: float | None = None) -> Hint:
    """Expected final score of every open choice for the seat to move, best first.

    Runs exactly ``rollouts`` rounds (one rollout per choice each), so the same seed and
    rollouts give the same answer on any machine; ``time_cap_s`` (for a live page) may stop
    earlier, after at least 2 rounds. A full state is first reduced to the seat's view: the
    hint never sees future dice.
    """
    v = _as_view(state_or_view)
    plan_list = plans(v)
    seat, results, n, elapsed = _evaluate(v, plan_list, seed, rollouts, time_cap_s)
    order = sorted(range(len(plan_list)), key=lambda i: -sum(results[i]))
    best_xs = results[order[0]]
    choices = []
    for i in order:
        m, se = _stats(results[i])
        plan = plan_list[i]
        choices.append(HintChoice(plan, _label(plan), m, se, n, _close(best_xs, results[i])))
    close_call = any(ch.close for ch in choices[1:])
    best = choices[0]
    return Hint(seat, v.pending.kind, tuple(choices), best.plan[0], best.plan, n, elapsed, close_call)


def _check_plan(v: State, plan) -> tuple:
    plan = tuple(plan) if isinstance(plan, list | tuple) else (plan,)
    if not plan:
        raise IllegalAction("A plan needs at least one action")
    s = determinize(v, 0)
    turn, pick = s.turn, s.pick
    for i, a in enumerate(plan):
        if i and (s.over or (s.turn, s.pick) != (turn, pick)):
            raise IllegalAction(f"{_label(plan)}: the plan goes beyond this player's decision")
        s = apply(s, a)
    return plan


def compare(
    state_or_view: State,
    plan_a,
    plan_b,
    seed: int = 0,
    rollouts: int = 64,
    time_cap_s: float | None = None,
) -> Comparison:
    """Compare two plans for the seat to move on the same dice (for "what if I take die X here
    instead of die Y there"). A plan is an action or a list of actions of this decision, e.g.
    ``[TakeDie(3), ChooseLine(2, 3)]``; ``IllegalAction`` if it is not playable now. The
    budget is the same as :func:`hint`'s.

    >>> from .actions import TakeDie
    >>> from .rules import new_game
    >>> c = compare(new_game(seed=6, dice=[[1, 3, 5]]), TakeDie(5), [TakeDie(5)], rollouts=3)
    >>> c.diff, c.n, c.a.close
    (0.0, 3, True)
    """
    v = _as_view(state_or_view)
    a, b = _check_plan(v, plan_a), _check_plan(v, plan_b)
    _, (ra, rb), n, _ = _evaluate(v, [a, b], seed, rollouts, time_cap_s)
    ma, sa = _stats(ra)
    mb, sb = _stats(rb)
    md, sd = _stats([x - y for x, y in zip(ra, rb, strict=True)])
    close = abs(md) <= 2 * sd
    choice_a = HintChoice(a, _label(a), ma, sa, n, close or md >= 0)
    choice_b = HintChoice(b, _label(b), mb, sb, n, close or md <= 0)
    return Comparison(choice_a, choice_b, md, sd, n)
