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
