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
_ORDERS = {i: tuple((i + k) % 12 for k in range(1, 13)) for i in range(12)}
_START_ORDERS = tuple(tuple((s + k) % 12 for k in range(12)) for s in START)


def search_order(seat: int, pawn: int | None) -> tuple[int, ...]:
    """The 12 house indices in the order a follower of ``seat`` tries them.

    >>> search_order(1, None)[:3], search_order(0, 4)[:2], search_order(0, 4)[-1]
    ((6, 7, 8), (5, 6), 4)
    """
    return _START_ORDERS[seat] if pawn is None else _ORDERS[pawn]


def target_of(state: State, card: int) -> int | None:
    """The house index card id ``card`` would go to now (None if no house can take it).

    >>> from engine.fan_mallet import new_game
    >>> from engine.fan_mallet.components import card_id
    >>> s = new_game(1)
    >>> target_of(s, card_id("b:red:2")) == next(h for h in search_order(1, None) if s.houses[h].colour != "red")
    True
    """
    seat = 0 if card < 30 else 1
    bit = COLOUR_BIT[card]
    masks = state.masks
    for h in search_order(seat, state.pawns[seat]):
        if not masks[h] & bit:
            return h
    return None


@dataclass(frozen=True)
class Skip:
    """A house a follower passed by: ``why`` is ``"possessed"``, ``"origin"`` (the house's origin
    has the follower's ``colour``) or ``"same_colour"`` (``holder`` already stands there).

    >>> Skip(4, "same_colour", "red", parse_follower("w:red:3")).reason
    'house 4 already holds a red follower (white red 3)'
    """

    house: int
    why: str
    colour: str
    holder: Follower | None = None

    @property
    def reason(self) -> str:
        """The whole sentence, e.g. ``"house 0's origin is red"``."""
        if self.why == "possessed":
            return f"house {self.house} is possessed (it holds 5 followers)"
        if self.why == "origin":
            return f"house {self.house}'s origin is {self.colour}"
        return f"house {self.house} already holds a {self.colour} follower ({self.holder})"


@dataclass(frozen=True)
class Preview:
    """Where ``follower`` would go: the ``target`` house index, the houses ``skipped`` on the
    way (:class:`Skip`, in order) and the explanation steps."""

    follower: Follower
    target: int | None
    skipped: list[Skip] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)


def skip_of(state: State, house: int, follower: Follower) -> Skip | None:
    """Why ``house`` cannot take ``follower`` (possessed, origin colour, same colour), or None."""
    colour = follower.colour
    if len(state.stacks[house]) >= 5 or state.owners[house] is not None:
        return Skip(house, "possessed", colour)
    if state.houses[house].colour == colour:
        return Skip(house, "origin", colour)
    for c in state.stacks[house]:
        if FOLLOWERS[c].colour == colour:
            return Skip(house, "same_colour", colour, FOLLOWERS[c])
    return None


def placement_preview(state: State, follower: Follower | str) -> Preview:
    """Explain where ``follower`` would be placed now, as in the rulebook's Inhabit example.

    >>> from engine.fan_mallet import new_game
    >>> p = placement_preview(new_game(1), "w:red:3")
    >>> p.target == next(i for i in range(12) if new_game(1).houses[i].colour != "red")
    True
    >>> [(s.kind, s.subject) for s in p.steps][0], p.steps[0].note
    (('start', 0), 'target')
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
            "Start",
            order[0],
            f"{where}, so the search starts at house {order[0]} and goes clockwise, the pawn's own house last",
            "Inhabit",
            kind="start",
            subject=order[0],
            note="target",
        )
    ]
    skipped: list[Skip] = []
    target = None
    for h in order:
        skip = skip_of(state, h, follower)
        last = " (the pawn's own house, tried last)" if h == pawn else ""
        if skip is None:
            target = h
            steps.append(
                Step(
                    f"House {h}",
                    "target",
                    f"{state.houses[h]} holds no {follower.colour} follower, its origin is not "
                    f"{follower.colour} and it is not possessed{last}: {follower} goes here",
                    "Inhabit",
                    kind="target",
                    subject=h,
                )
            )
            break
        skipped.append(skip)
        steps.append(Step(f"House {h}", "skipped", skip.reason + last, "Inhabit", kind="skipped", subject=h))
    if target is None:
        steps.append(Step("No house", None, f"no house can take {follower}", "Inhabit", kind="none"))
    elif FOLLOWER_ID[follower] not in state.hands[seat] and state.viewer in (None, seat):
        steps.append(Step("Note", None, f"{follower} is not in {name}'s hand", "Inhabit", kind="not_in_hand"))
    return Preview(follower, target, skipped, steps)
