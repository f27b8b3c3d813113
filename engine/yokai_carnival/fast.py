"""The most common move in one go: a Yokai Summon without an ability (or of a card that has
none) when no General Summon is due and the game goes on — the summon, the end of the turn
and the next turn up to its first decision, straight from the state to the new state.

Anything else (a General Summon due, the game ending, an ability to resolve) returns None and
``apply`` plays the move phase by phase; ``test_fast_paths`` checks both give the same games.
"""

from __future__ import annotations

from .actions import NO_STRIKE, STRIKE, SUMMON_CHOICES
from .knowledge import forget, learn_drawn
from .state import State, event, made
from .work import DRAWS, MEMO_LIMIT, SORTED, SUMMONED, WITHOUT, unconfirmed_mask

HAND = 3
STRIKE_OPTIONS = (STRIKE, NO_STRIKE)
END_EVENTS = tuple(event("end", seat) for seat in range(10))
"""The "end" event of each seat's turn."""
SUMMONED_AND_END = tuple(
    tuple(tuple((summon, END_EVENTS[seat]) for summon in by_card) for by_card in by_seat)
    for seat, by_seat in enumerate(SUMMONED)
)
"""``SUMMONED_AND_END[seat][card][ability]``: a Yokai Summon's event, then the turn's end."""
ASKS = tuple((("strike_1", seat, None), ("summon", seat, None)) for seat in range(10))
"""``ASKS[seat]``: the decisions that open a turn, Strike check 1 and the Yokai Summon."""
NEXT_SEAT = tuple(tuple((seat + 1) % n for seat in range(n)) for n in range(11))
"""``NEXT_SEAT[players][seat]``: the seat whose turn follows ``seat``'s."""


def plain_summon(state: State, action, seat: int, hand: tuple, card: int) -> State | None:
    """The state after ``action``, a legal Summon of ``card`` (card ``action.index`` of
    ``hand``, the hand of ``seat``, the seat to move) with no ability to resolve, or None when
    it needs the phase-by-phase rules."""
    deck = state.deck
    yama = state.yama
    if not yama or not state.waiting or len(hand) > HAND:
        return None
    lines = state.lines
    old = lines[seat]
    line = old + (card,)
    # the unconfirmed colours of the new line, from those of the old one (``extended_mask``)
    masks = deck.line_masks
    m = masks.get(old)
    if m is None:
        m = unconfirmed_mask(old, deck)
    b = deck.colour_bits[card]
    m = 0 if b >= 16 else m | b
    if len(masks) >= MEMO_LIMIT:
        masks.clear()
    masks[line] = m
    if m == 15:  # a General Summon is due
        return None
    # Strike check 2 cannot offer a Strike: the hand is down to at most 2 cards
    new = state.__dict__.copy()  # the new state's fields: the old ones, the changed ones set below
    lines = [*lines]  # (a list, then a tuple: cheaper than slicing the tuple around ``seat``)
    lines[seat] = line
    new["lines"] = tuple(lines)
    if state.replayable:
        new["log"] = (state.log, action)
    new["previous"] = state.events + SUMMONED_AND_END[seat][card][action.ability]
    hands = [*state.hands]
    hands[seat] = WITHOUT[hand][action.index]
    known = state.known_hands
    if known and known[seat]:  # the summoned card leaves the hand in sight of all
        new["known_hands"] = forget(known, seat, (card,))
    seat = NEXT_SEAT[state.players][seat]
    new["to_move"] = seat
    new["turn"] = state.turn + 1
    hand = hands[seat]
    want = HAND - len(hand)
    if want > 0:
        drawn = yama[:want]
        new["yama"] = yama[want:]
        hands[seat] = hand = SORTED[hand + drawn]
        new["events"] = DRAWS[seat][want][drawn]
        if len(drawn) + len(state.yama_known) > len(yama):  # (reaching cards seen put under it)
            new["known_hands"], new["yama_known"] = learn_drawn(
                new["known_hands"], state.yama_known, len(yama), drawn, state.players, seat
            )
    else:
        new["events"] = DRAWS[seat][0][()]
    new["hands"] = tuple(hands)
    if hand in deck.strike_hands:
        new["phase"] = "strike_1"
        new["ask"] = ASKS[seat][0]
        new["options"] = STRIKE_OPTIONS
    elif hand:
        new["phase"] = "summon"
        new["ask"] = ASKS[seat][1]
        new["options"] = SUMMON_CHOICES[hand]
    else:
        return None
    return made(State, new)
