"""Hidden information: a seat's view, and full states sampled consistently with a view.

A seat knows the families of the cards it has looked at (the knowledge follows a card when
it moves), who looked at which card (everyone watches the peeks), every hint revealed or
placed and how many hints are left; once the game is over every card is turned up. A hint
may be misplaced, so hints never constrain what the cards truly are.

>>> from engine.yokai import new_game, apply, Peek
>>> s = apply(new_game(5), Peek((1, 2)))
>>> v = view(s, 0); w = view(s, 1)
>>> v.seed, v.deck, v.deck_size, v.families[9] is not None, w.families[9]
(None, (), 7, True, None)
>>> view(determinize(v, 8), 0) == v
True
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Termination, check_seed, rng_for
from engine.core.seats import own_view

from .cards import CARDS, CARDS_PER_FAMILY, FAMILIES, KIND_IDS, kind_of
from .state import State


def view(state: State, seat: int) -> State:
    """What ``seat`` may know: no seed, no setup, no deck order, no family it has not seen."""
    if own_view(state, seat):
        return state
    families = state.families
    if state.termination is Termination.NONE:
        mask = state.seen[seat]
        families = tuple(f if mask >> c & 1 else None for c, f in enumerate(families))
    return replace(state, seed=None, setup=None, deck=(), families=families, viewer=seat)


def determinize(v: State, seed: int) -> State:
    """A full state consistent with view ``v``: the families of the cards the seat has not
    seen dealt from what is left of the 4 per family, and the rest of the hint deck drawn
    within each kind (one-, two-, three-colour) from the hints not yet revealed. A full state
    is first viewed by the seat to move.
    """
    check_seed(seed)
    if v.viewer is None:
        v = view(v, v.to_move)
    rng = rng_for(seed, "determinize")
    known = [f for f in v.families if f is not None]
    pool = [f for f in range(len(FAMILIES)) for _ in range(CARDS_PER_FAMILY - known.count(f))]
    unknown = [c for c in range(CARDS) if v.families[c] is None]
    if len(pool) != len(unknown):
        raise ValueError("This view is inconsistent: more than 4 cards of one family")
    rng.shuffle(pool)
    families = list(v.families)
    for card, family in zip(unknown, pool, strict=True):
        families[card] = family
    left = [v.deck_kinds[k] - sum(1 for h in v.drawn if kind_of(h) == k) for k in range(3)]
    deck = [
        h for k, n in enumerate(left) for h in rng.sample([h for h in KIND_IDS[k] if h not in v.drawn], n)
    ]
    rng.shuffle(deck)
    if len(deck) != v.deck_size:
        raise ValueError("This view is inconsistent: its hint deck does not add up")
    families = tuple(families)
    # the setup makes the sampled game a real one: its save replays to this very state
    return replace(
        v, seed=seed, setup=(families, (*v.drawn, *deck)), deck=tuple(deck), families=families, viewer=None
    )
