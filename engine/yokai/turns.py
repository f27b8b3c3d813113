"""The most recent turn as explanation steps (``last_turn``), from the turn's events.

Events are ``("peek", seat, card, cell)``, ``("move", seat, card, src, dst, auto)``,
``("skip", seat)``, ``("reveal", seat, hint, auto)``, ``("place", seat, hint, card, cell,
auto)`` and ``("declare", seat)``; ``auto`` marks a step ``apply`` took because it was the
only option.

>>> from engine.yokai import new_game, apply, view, Peek
>>> s = apply(new_game(5), Peek((1, 2)))
>>> [(st.kind, st.subject, st.value is None) for st in last_turn(view(s, 1))]
[('peek', (1, 2), True)]
"""

from __future__ import annotations

from engine.core import Step

from .actions import cell_text
from .cards import FAMILIES, HINT_CARDS, a_family, hint_name
from .state import State

RULE_PEEK = "Turn: 1. look at two cards"
RULE_MOVE = "Turn: 2. move a card"
RULE_HINT = "Turn: 3. reveal or place a hint"
RULE_END = "End of the game"


def _who(seat: int) -> str:
    return f"Player {seat + 1}"


def last_turn(state: State) -> tuple[Step, ...]:
    """Steps of the running turn, or of the previous one if this turn has not begun:
    peeks (``value`` the family only where the state shows it to the peeking seat), the move,
    a skipped move and why, the hint step, a declaration."""
    previous, running = state.events
    return tuple(_STEPS[event[0]](state, event) for event in running or previous)


def _peek(state: State, event: tuple) -> Step:
    _, seat, card, cell = event
    family = state.families[card]
    shown = family is not None and state.viewer in (None, seat)
    value = FAMILIES[family] if shown else None
    who = _who(seat)
    reason = f"{who} looked at it: {a_family(value)}" if shown else f"{who} looked at it secretly"
    return Step(f"Peek at {cell_text(cell)}", value, reason, RULE_PEEK, kind="peek", subject=cell)


def _move(state: State, event: tuple) -> Step:
    _, seat, _card, src, dst, auto = event
    return Step(
        f"Move {cell_text(src)} to {cell_text(dst)}",
        dst,
        "the only legal move" if auto else f"{_who(seat)} moved it",
        RULE_MOVE,
        kind="move",
        subject=src,
        note="only move" if auto else "",
    )


def _skip(state: State, event: tuple) -> Step:
    return Step(
        "Move skipped",
        None,
        "no card without a hint can move and keep the 16 cards one group",
        RULE_MOVE,
        kind="skip",
        subject=event[1],
        note="no legal move",
    )


def _reveal(state: State, event: tuple) -> Step:
    _, seat, hint, auto = event
    return Step(
        "Reveal a hint",
        hint_name(HINT_CARDS[hint]),
        "no hint was revealed to place, so the hint step reveals one"
        if auto
        else f"{_who(seat)} revealed it",
        RULE_HINT,
        kind="reveal",
        subject=HINT_CARDS[hint],
        note="only option" if auto else "",
    )


def _place(state: State, event: tuple) -> Step:
    _, seat, hint, _card, cell, _auto = event
    return Step(
        f"Hint on {cell_text(cell)}",
        hint_name(HINT_CARDS[hint]),
        f"{_who(seat)} placed it",
        RULE_HINT,
        kind="place",
        subject=cell,
    )


def _declare(state: State, event: tuple) -> Step:
    seat = event[1]
    return Step(
        "Declared", None, f"{_who(seat)} declared the Yokai appeased", RULE_END, kind="declare", subject=seat
    )


_STEPS = {
    "peek": _peek,
    "move": _move,
    "skip": _skip,
    "reveal": _reveal,
    "place": _place,
    "declare": _declare,
}
"""The step of each kind of event."""
