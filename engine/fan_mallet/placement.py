"""Inhabit: which house a follower goes to, and why the houses before it were skipped.

The search starts at the house after the pawn and goes clockwise all the way round, the
pawn's own house last; from a starting point it starts at house 0 (white) or 6 (black).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Step

from .components import COLOUR_BIT, FACTIONS, FOLLOWER_ID, FOLLOWERS, Follower, parse_follower
from .state import State

START = (0, 6)  # first house tried from each seat's starting point
TARGET_NOTE = (
    "Rule note: the target is the house after the pawn's house, then clockwise all the way round, "
    "the pawn's own house last"
)
_ORDERS = {i: tuple((i + k) % 12 for k in range(1, 13)) for i in range(12)}
_START_ORDERS = tuple(tuple((s + k) % 12 for k in range(12)) for s in START)


def search_order(seat: int, pawn: int | None) -> tuple[int, ...]:
    """The 12 house indices in the order a follower of ``seat`` tries them.

    >>> search_order(1, None)[:3], search_order(0, 4)[:2], search_order(0, 4)[-1]
    ((6, 7, 8), (5, 6), 4)
    """
    return _START_ORDERS[seat] if pawn is None else _ORDERS[pawn]


def target_of(state: State, card: int) -> int | None:
    """Fast path: the house index card id ``card`` would go to (None if no house can take it)."""
    seat = 0 if card < 30 else 1
    bit = COLOUR_BIT[card]
    masks = state.masks
    for h in search_order(seat, state.pawns[seat]):
        if not masks[h] & bit:
            return h
    return None


@dataclass(frozen=True)
class Preview:
    """Where ``follower`` would go: ``target`` house index, the ``skipped`` houses with reasons, steps."""

    follower: Follower
    target: int | None
    skipped: list[tuple[int, str]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


def skip_reason(state: State, house: int, follower: Follower) -> str | None:
    """Why ``house`` cannot take ``follower`` (possessed / origin colour / same colour), or None."""
    h = state.houses[house]
    if len(state.stacks[house]) >= 5 or state.owners[house] is not None:
        return f"house {house} is possessed (it holds 5 followers)"
    if h.colour == follower.colour:
        return f"house {house}'s origin is {h.colour}"
    for c in state.stacks[house]:
        if FOLLOWERS[c].colour == follower.colour:
            return f"house {house} already holds a {follower.colour} follower ({FOLLOWERS[c]})"
    return None


def placement_preview(state: State, follower: Follower | str) -> Preview:
    """Explain where ``follower`` would be placed now, as in the rulebook's Inhabit example.

    >>> from engine.fan_mallet import new_game
    >>> p = placement_preview(new_game(1), "w:red:3")
    >>> p.target == next(i for i in range(12) if new_game(1).houses[i].colour != "red")
    True
    """
    follower = parse_follower(follower)
    seat = FACTIONS.index(follower.faction)
    pawn = state.pawns[seat]
    name = follower.faction.capitalize()
    order = search_order(seat, pawn)
    if pawn is None:
        where = f"{name}'s pawn is still on its starting point, just before house {order[0]}"
    else:
        where = f"{name}'s pawn stands on house {pawn}"
    steps = [
        Step(
            "Start", order[0], f"{where}, so the search starts at house {order[0]} ({TARGET_NOTE})", "Inhabit"
        )
    ]
    skipped: list[tuple[int, str]] = []
    target = None
    for h in order:
        reason = skip_reason(state, h, follower)
        last = " (the pawn's own house, tried last)" if h == pawn else ""
        if reason is None:
            target = h
            steps.append(
                Step(
                    f"House {h}",
                    "target",
                    f"{state.houses[h]} holds no {follower.colour} follower, its origin is not "
                    f"{follower.colour} and it is not possessed{last}: {follower} goes here",
                    "Inhabit",
                )
            )
            break
        skipped.append((h, reason))
        steps.append(Step(f"House {h}", "skipped", reason + last, "Inhabit"))
    if target is None:
        steps.append(Step("No house", None, f"no house can take {follower}", "Inhabit"))
    elif FOLLOWER_ID[follower] not in state.hands[seat] and state.viewer in (None, seat):
        steps.append(Step("Note", None, f"{follower} is not in {name}'s hand", "Inhabit"))
    return Preview(follower, target, skipped, steps)
