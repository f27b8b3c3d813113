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
    events = running or previous
    steps = []
    for event in events:
        kind, seat = event[0], event[1]
        who = _who(seat)
        if kind == "peek":
            _, _, card, cell = event
            family = state.families[card]
            shown = family is not None and state.viewer in (None, seat)
            value = FAMILIES[family] if shown else None
            reason = f"{who} looked at it: {a_family(value)}" if shown else f"{who} looked at it secretly"
            steps.append(
                Step(f"Peek at {cell_text(cell)}", value, reason, RULE_PEEK, kind="peek", subject=cell)
            )
        elif kind == "move":
            _, _, card, src, dst, auto = event
            reason = "the only legal move" if auto else f"{who} moved it"
            steps.append(
                Step(
                    f"Move {cell_text(src)} to {cell_text(dst)}",
                    dst,
                    reason,
                    RULE_MOVE,
                    kind="move",
                    subject=src,
                    note="only move" if auto else "",
                )
            )
        elif kind == "skip":
            steps.append(
                Step(
                    "Move skipped",
                    None,
                    "no card without a hint can move and keep the 16 cards one group",
                    RULE_MOVE,
                    kind="skip",
                    subject=seat,
                    note="no legal move",
                )
            )
        elif kind == "reveal":
            _, _, hint, auto = event
            reason = (
                "no hint was revealed to place, so the hint step reveals one"
                if auto
                else f"{who} revealed it"
            )
            steps.append(
                Step(
                    "Reveal a hint",
                    hint_name(HINT_CARDS[hint]),
                    reason,
                    RULE_HINT,
                    kind="reveal",
                    subject=HINT_CARDS[hint],
                    note="only option" if auto else "",
                )
            )
        elif kind == "place":
            _, _, hint, card, cell, _auto = event
            steps.append(
                Step(
                    f"Hint on {cell_text(cell)}",
                    hint_name(HINT_CARDS[hint]),
                    f"{who} placed it",
                    RULE_HINT,
                    kind="place",
                    subject=cell,
                )
            )
        else:
            steps.append(
                Step(
                    "Declared",
                    None,
                    f"{who} declared the Yokai appeased",
                    RULE_END,
                    kind="declare",
                    subject=seat,
                )
            )
    return tuple(steps)
