"""The fast path of a Fan & Mallet move: :func:`play`, the new state straight from the old one.

A random playout is little else than this, so it takes as few Python steps as it can;
``tests/engine/fan_mallet/test_fm_fast_paths.py`` checks it against the explaining functions
of ``rules`` (``target_of``, ``score_house``).
"""

from __future__ import annotations

from bisect import insort

from engine.core import IllegalAction
from engine.core.made import made

from .components import COLOUR_BIT, FACTIONS, FOLLOWERS, MARKERS
from .placement import search_order
from .scoring import totals_of
from .state import State

# search_order(seat, pawn) as _SEARCH[seat][pawn], pawn None included
_SEARCH = tuple({p: search_order(seat, p) for p in (None, *range(12))} for seat in (0, 1))


def play(state: State, card: int) -> State:
    """Fast path of :func:`apply` for a card id known to be in the mover's hand.

    On the mover's own view it places the card without drawing (bots use this to look one move ahead).
    The card goes where :func:`~engine.fan_mallet.placement.target_of` says; the new state is the
    old one's fields with the changed ones replaced (a random playout is little else than this, so
    it takes as few Python steps as it can; tests/engine/fan_mallet/test_fm_fast_paths.py checks it
    against the explaining functions).
    """
    seat = state.to_move
    bit = COLOUR_BIT[card]
    masks = list(state.masks)
    card_seat = 0 if card < 30 else 1
    for h in _SEARCH[card_seat][state.pawns[card_seat]]:
        if not masks[h] & bit:
            break
    else:  # cannot happen with the real components
        raise IllegalAction(f"No house can take {FOLLOWERS[card]}")
    masks[h] |= bit
    stacks = list(state.stacks)
    stack = stacks[h] = stacks[h] + (card,)
    fields = state.__dict__.copy()  # the fields in declaration order; the changed ones are set below
    fields["stacks"] = tuple(stacks)
    fields["masks"] = tuple(masks)
    pawns = state.pawns
    fields["pawns"] = (h, pawns[1]) if seat == 0 else (pawns[0], h)
    fields["log"] = log = state.log + (card,)
    fields["to_move"] = 1 - seat
    fields["winner"] = winner = None
    if len(stack) == 5:
        white, black = totals_of(stack)
        if white == black:
            owner = FACTIONS.index(state.houses[h].faction)
        else:
            owner = 0 if white > black else 1
        markers, possessions = state.markers, state.possessions
        first = not possessions
        placed = min(2 if first else 1, MARKERS - markers[owner])
        owners = list(state.owners)
        owners[h] = owner
        fields["owners"] = tuple(owners)
        markers = (markers[0] + placed, markers[1]) if owner == 0 else (markers[0], markers[1] + placed)
        fields["markers"] = markers
        fields["possessions"] = possessions + ((h, owner, placed, first, len(log)),)
        if markers[owner] >= MARKERS:
            fields["winner"] = winner = owner
    hands, decks = state.hands, state.decks
    hand = list(hands[seat])
    deck = decks[seat]
    try:
        hand.remove(card)
    except ValueError:  # not in hand: placed all the same (callers pass cards in hand)
        pass
    if winner is None and deck:  # draw the top card, the hand stays sorted
        insort(hand, deck[0])
        deck = deck[1:]
    hand = tuple(hand)
    if seat == 0:
        fields["hands"], fields["decks"] = (hand, hands[1]), (deck, decks[1])
        fields["deck_sizes"] = (len(deck), state.deck_sizes[1])
        if len(hand) != state.hand_sizes[0]:  # 6 cards in hand until the deck runs out
            fields["hand_sizes"] = (len(hand), state.hand_sizes[1])
    else:
        fields["hands"], fields["decks"] = (hands[0], hand), (decks[0], deck)
        fields["deck_sizes"] = (state.deck_sizes[0], len(deck))
        if len(hand) != state.hand_sizes[1]:
            fields["hand_sizes"] = (state.hand_sizes[0], len(hand))
    return made(State, fields)  # the fields handed over whole (``engine.core.made`` says why)
