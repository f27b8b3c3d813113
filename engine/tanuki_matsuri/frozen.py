"""Frozen states from working copies: with every field (``freeze``), or quick (``quick_freeze``:
the working copy kept, fields and explanations built when first read).

A quick state holds ``_w`` (its working copy, never changed again), ``_opts`` (the legal
actions, made from the shared action values), ``over`` and ``_from`` (the state and action it
came from, ``None`` for a new game; dropped once its ``log`` and ``actions`` are both built).
Its ``pending`` is built from its options, its ``log`` and ``actions`` by :func:`from_history`
with the builders the rules register.
"""

from __future__ import annotations

from .actions import (
    CROSS_CHOICES,
    LINE_CHOICES,
    TAKE,
    TAKE_FOR_FLOWER,
    TANUKI_CHOICES,
    ChooseLine,
    ChooseTanuki,
    CrossTanuki,
    TakeDie,
)
from .board import BONUS, DIE, column_of, effect_name
from .dice import open_dice
from .info import INFO
from .sheet import FRUITS
from .state import SHARED, Pending, State, Work, keep, lazy

KIND = {TakeDie: "die", ChooseLine: "line", ChooseTanuki: "tanuki", CrossTanuki: "penalty"}


def options_of(kind: str, opts: list, info) -> tuple:
    """The actions of a decision's keys (the shared action values of ``actions``)."""
    if kind == "die":
        made = TAKE_FOR_FLOWER if info else TAKE
    elif kind == "line":
        made = LINE_CHOICES[column_of(info)]
    else:
        made = TANUKI_CHOICES if kind == "tanuki" else CROSS_CHOICES
    return tuple(map(made.__getitem__, opts))


def pending_of(kind: str, options: tuple, info, seat: int, opened: tuple) -> Pending:
    """The pending decision of ``seat``: ``info`` is the flower flag of a die decision, else
    the effect code being resolved; ``opened`` the dice open to the seat."""
    who = INFO.seat_name(seat)
    if kind == "die":
        prompt = f"{who}: take a die" + (" (none can be used: it circles a flower)" if info else "")
        return Pending("die", seat, "roll", options, prompt, None, info, opened)
    effect = effect_name(info)
    if kind == "line":
        c = column_of(info)
        source = f"die {c + 1}" if info >= DIE else "fruit bonus"
        prompt = f"{who}: choose the line for the {FRUITS[c]} ({source})"
        return Pending("line", seat, effect, options, prompt, c + 1, False, opened)
    if kind == "tanuki":
        return Pending(
            "tanuki", seat, effect, options, f"{who}: circle a tanuki in a column", None, False, opened
        )
    prompt = f"{who}: cross out a circled tanuki (mandatory)"
    return Pending("penalty", seat, effect, options, prompt, None, False, opened)


def _make_pending(w: Work) -> Pending | None:
    """The pending decision of a working copy (``None`` once the game is over)."""
    if w.over or w.pending is None:
        return None
    kind, opts, info = w.pending
    opened = open_dice(w.dice, w.n, w.pick, w.active_take)
    return pending_of(kind, options_of(kind, opts, info), info, w.seat(), opened)


def lazy_pending(state: State) -> Pending | None:
    """The pending decision of a state made by ``apply``, from its options."""
    options = state._opts
    if state.over or not options:
        return None
    kind = KIND[type(options[0])]
    info = options[0].flower if kind == "die" else state.stack[-1]
    seat = (state.turn + state.pick) % state.players
    opened = open_dice(state.dice, state.players, state.pick, state.active_take)
    return pending_of(kind, options, info, seat, opened)


def freeze(w: Work, actions: tuple, log: tuple, replayable: bool, viewer: int | None = None) -> State:
    """The frozen state of a working copy, with its explanations."""
    return State(
        sheet=w.g.sheet,
        **{name: frozen(getattr(w, slot)) for name, slot, frozen, _ in SHARED},
        over=w.over,
        pending=_make_pending(w),
        actions=actions,
        log=log + tuple(w.log or ()),
        replayable=replayable,
        viewer=viewer,
    )


_new = object.__new__


def quick_freeze(w: Work, before: State | None, action) -> State:
    """The frozen state of a working copy (kept as it is: no one changes it again) without
    its explanations: its fields are built when first read (see ``lazy``). ``before`` is the
    state ``action`` was applied to (``None`` for a new game)."""
    if w.over:
        opts = ()
    else:
        kind, keys, info = w.pending
        if kind == "die":  # options_of(), inlined for the common cases
            opts = tuple(map((TAKE_FOR_FLOWER if info else TAKE).__getitem__, keys))
        elif kind == "line":
            opts = tuple(map(LINE_CHOICES[info - DIE if info >= DIE else info - BONUS].__getitem__, keys))
        else:
            opts = options_of(kind, keys, info)
    s = _new(State)
    # Filled in place, not made from a dict (``engine.core.made``): a write into a frozen
    # state, but into one nobody holds yet, and it pays. With ``made(State, {...})`` a step
    # costs 47,206 instructions instead of 45,800 (3% more; callgrind, ``bench.steps
    # tanuki_matsuri 300``); listed in ``tests/engine/test_frozen_writes.py``.
    d = s.__dict__
    d["_w"] = w
    d["over"] = w.over
    d["_opts"] = opts
    if before is None:
        d["_from"] = None
    else:
        d["_from"] = (before, action)
        if before.viewer is not None or not before.replayable:
            d["replayable"], d["viewer"] = before.replayable, before.viewer
    return s


def from_history(state: State, name: str, first, step):
    """Fill the lazy ``name`` (``log`` or ``actions``) of ``state`` and of the states before it
    that lack it, oldest first: ``first(new_game_state)``, then ``step(before, action, value
    before)``. A loop, not recursion: a game may be long."""
    todo = []
    s = state
    while name not in s.__dict__:
        todo.append(s)
        before = s.__dict__["_from"]
        if before is None:
            break
        s = before[0]
    other = EXPLAINED[name]
    for s in reversed(todo):
        d = s.__dict__
        before = d["_from"]
        if before is None:
            value = first(s)
        else:
            value = step(before[0], before[1], before[0].__dict__[name])
        keep(s, name, value)
        if other in d:
            # Both explanations are built: the state no longer needs where it came from, and
            # dropping the link lets the states before it go (a game's states would otherwise
            # stay alive as long as its last one). A write, but not of a field: ``_from`` is
            # no part of the state's value.
            del d["_from"]
    return state.__dict__[name]


EXPLAINED = {"log": "actions", "actions": "log"}
"""The lazy explanations :func:`from_history` builds, each with the other one."""


lazy("pending", lazy_pending)
