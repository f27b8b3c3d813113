"""Helpers for the Tanuki Matsuri tests: small hand-made sheets."""

from __future__ import annotations

import engine.tanuki_matsuri as tm


def sheet_dict(lines, flowers=(None, None, None), granny=2, torii=2, slots=(3,) * 5, start=(1,) * 5):
    """A sheet dict; ``lines`` is a list of (bonus, {fruit: [effects]})."""
    return {
        "name": "Test sheet",
        "tanuki": {"slots": list(slots), "start_circled": list(start)},
        "lines": [{"bonus": b, "cells": {f: list(e) for f, e in cells.items()}} for b, cells in lines],
        "flowers": list(flowers),
        "granny": granny,
        "torii": torii,
    }


def make_sheet(lines, **kw) -> tm.Sheet:
    return tm.load_sheet(sheet_dict(lines, **kw))


def texts(state) -> list[str]:
    return [str(a) for a in tm.legal_actions(state)]


def take(state, value: int, flower: bool = False):
    """Take a die, then finish that seat's pick with the first legal choice each time."""
    seat = tm.current_player(state)
    state = tm.apply(state, tm.TakeDie(value, flower))
    while not tm.is_over(state) and tm.current_player(state) == seat and tm.pending(state).kind != "die":
        state = tm.apply(state, tm.legal_actions(state)[0])
    return state


EFFECTS = (None, "torii", "tanuki", "penalty", "granny", "flower") + tuple(f"fruit:{f}" for f in tm.FRUITS)


def random_sheet_dict(rng) -> dict:
    """A random sheet within the schema (``rng`` a seeded ``random.Random``): 1..8 lines of
    1..5 fruits with 1..4 icons, 1..12 flowers, 0..8 tanuki slots, 0..8 torii, and enough
    Granny icons for its Granny effects (0..2 to spare)."""
    lines = []
    for _ in range(rng.randint(1, 8)):
        fruits = rng.sample(tm.FRUITS, rng.randint(1, 5))
        cells = {f: [rng.choice(EFFECTS) for _ in range(rng.randint(1, 4))] for f in fruits}
        lines.append((rng.randint(0, 9), cells))
    flowers = [rng.choice(EFFECTS) for _ in range(rng.randint(1, 12))]
    slots = [rng.randint(0, 8) for _ in range(5)]
    start = [rng.randint(0, s) for s in slots]
    wanted = flowers.count("granny") + sum(
        icons.count("granny") for _, cells in lines for icons in cells.values()
    )
    return sheet_dict(
        lines,
        flowers=flowers,
        granny=wanted + rng.randint(0, 2),
        torii=rng.randint(0, 8),
        slots=slots,
        start=start,
    )
