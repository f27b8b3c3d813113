"""Hidden information: a seat's view, and full states sampled consistently with a view.

>>> from engine.fan_mallet import new_game
>>> v = view(new_game(5), 0)
>>> v.seed, v.decks, v.hands[1], v.hand_sizes, v.deck_sizes
(None, ((), ()), (), (6, 6), (24, 24))
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import rng_for

from .components import DECK_IDS, FACTIONS
from .state import State


def view(state: State, seat: int) -> State:
    """What ``seat`` may see: no seed, no scenario, no deck order, no opponent hand (sizes stay)."""
    if seat not in (0, 1):
        raise ValueError(f"Fan & Mallet has seats 0 (white) and 1 (black), not {seat!r}")
    if state.viewer is not None:
        if state.viewer != seat:
            raise ValueError(f"This is {FACTIONS[state.viewer]}'s view; it cannot show {FACTIONS[seat]}'s")
        return state
    hands = (state.hands[0], ()) if seat == 0 else ((), state.hands[1])
    return replace(state, seed=None, scenario=None, hands=hands, decks=((), ()), viewer=seat)


def unseen_cards(v: State) -> tuple[list[int], list[int]]:
    """Card ids the viewer has not seen, per faction (white, black), in id order."""
    seen = set(v.hands[v.viewer])
    for stack in v.stacks:
        seen.update(stack)
    return tuple([c for c in DECK_IDS[f] if c not in seen] for f in FACTIONS)


def determinize(v: State, seed: int) -> State:
    """A full state consistent with view ``v``: the unseen cards dealt at random (from ``seed``)
    to the opponent's hand and both decks. A full state is first viewed by the seat to move.
    """
    if v.viewer is None:
        v = view(v, v.to_move)
    me = v.viewer
    opp = 1 - me
    rng = rng_for(seed, "determinize")
    unseen = unseen_cards(v)
    mine, theirs = unseen[me], unseen[opp]
    rng.shuffle(mine)
    rng.shuffle(theirs)
    n = v.hand_sizes[opp]
    if len(mine) != v.deck_sizes[me] or len(theirs) != n + v.deck_sizes[opp]:
        raise ValueError("This view is inconsistent: its card counts do not add up to 60")
    hands = [(), ()]
    decks = [(), ()]
    hands[me] = v.hands[me]
    decks[me] = tuple(mine)
    hands[opp] = tuple(sorted(theirs[:n]))
    decks[opp] = tuple(theirs[n:])
    return replace(v, seed=seed, scenario=None, hands=tuple(hands), decks=tuple(decks), viewer=None)
