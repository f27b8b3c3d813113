"""The most common move in one go: a Yokai Summon without an ability (or of a card that has
none) when no General Summon is due and the game goes on — the summon, the end of the turn
and the next turn up to its first decision, straight from the state to the new state.

Anything else (a General Summon due, the game ending, an ability to resolve) returns None and
``apply`` plays the move phase by phase; ``test_fast_paths`` checks both give the same games.
"""

from __future__ import annotations

from .actions import NO_STRIKE, STRIKE, SUMMON_OPTIONS
from .state import State
from .work import general_due

HAND = 3
STRIKE_OPTIONS = (STRIKE, NO_STRIKE)
END_EVENTS = tuple(("end", seat, (), "", None, "", None, None, None, None, False) for seat in range(10))
"""The "end" event of each seat's turn (as ``state.fact("end", seat)``)."""

_new = object.__new__
_set = object.__setattr__


def plain_summon(state: State, action) -> State | None:
    """The state after ``action``, a legal Summon, or None when it needs the phase-by-phase
    rules."""
    seat = state.to_move
    hands = state.hands
    hand = hands[seat]
    i = action.index
    card = hand[i]
    deck = state.deck
    ability = action.ability
    if (ability and deck.effects[card]) or len(hand) > HAND:
        return None
    line = state.lines[seat] + (card,)
    yama, waiting = state.yama, state.waiting
    if not yama or not waiting or general_due(line, deck):
        return None
    # Strike check 2 cannot offer a Strike: the hand is down to at most 2 cards
    d = state.__dict__.copy()
    lines = state.lines
    lines = [*lines]  # (a list, then a tuple: cheaper than slicing the tuple around ``seat``)
    lines[seat] = line
    d["lines"] = tuple(lines)
    if state.replayable:
        d["log"] = state.log + (action,)
    summon = ("summon", seat, (card,), "hand", None, "line", seat, ability, None, None, False)
    d["previous"] = state.events + (summon, END_EVENTS[seat])
    rest = [*hand]
    del rest[i]
    hands = [*hands]
    hands[seat] = tuple(rest)
    seat += 1
    if seat == state.players:
        seat = 0
    d["to_move"] = seat
    d["turn"] = state.turn + 1
    hand = hands[seat]
    want = HAND - len(hand)
    if want > 0:
        drawn = yama[:want]
        d["yama"] = yama[want:]
        hand = [*hand, *drawn]
        hand.sort()
        hands[seat] = hand = tuple(hand)
    else:
        want, drawn = 0, ()
    d["hands"] = tuple(hands)
    d["events"] = (("draw", seat, drawn, "yama", None, "hand", seat, want, None, seat, False),)
    if hand in deck.strike_hands:
        d["phase"] = "strike_1"
        d["ask"] = ("strike_1", seat, None)
        d["options"] = STRIKE_OPTIONS
        return _state(d)
    if not hand:
        return None
    d["phase"] = "summon"
    d["ask"] = ("summon", seat, None)
    d["options"] = SUMMON_OPTIONS[len(hand)]
    return _state(d)


def _state(d: dict) -> State:
    s = _new(State)
    _set(s, "__dict__", d)  # State is frozen: its fields, built above, become its attributes
    return s
