"""A mutable working copy of a state, used inside one ``apply`` and frozen at its end, and
the line rules every module shares (protection, the unconfirmed line, four colours)."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

from .actions import Order
from .cards import YOKAI_TYPES, Deck
from .state import Ctx, Event, State

ALL_COLOURS = frozenset(range(4))


def protected_count(line, deck: Deck) -> int:
    """How many cards from the left are protected: up to and including the rightmost General
    that protects (every General but Shuten-dōji in the default deck)."""
    for i in range(len(line) - 1, -1, -1):
        c = line[i]
        if c >= YOKAI_TYPES and deck.protects_flags[c - YOKAI_TYPES]:
            return i + 1
    return 0


def unconfirmed_start(line) -> int:
    """Where the unconfirmed line starts: right of the rightmost General of any kind."""
    for i in range(len(line) - 1, -1, -1):
        if line[i] >= YOKAI_TYPES:
            return i + 1
    return 0


def unconfirmed_colours(line, deck: Deck) -> set[int]:
    colour = deck.colour_of
    return {colour[c] for c in line[unconfirmed_start(line) :] if 0 <= c < YOKAI_TYPES}


def general_due(line, deck: Deck) -> bool:
    """True when the unconfirmed line holds all of red, blue, yellow and green."""
    return unconfirmed_colours(line, deck) >= ALL_COLOURS


def can_strike(hand, deck: Deck) -> bool:
    """Three Yokai cards of one colour in hand."""
    if len(hand) != 3 or min(hand) < 0:
        return False
    colour = deck.colour_of
    return colour[hand[0]] == colour[hand[1]] == colour[hand[2]]


def distinct_orders(cards) -> list[Order]:
    """One :class:`Order` per distinct sequence of card types (first permutation wins)."""
    seen, out = set(), []
    for perm in permutations(range(len(cards))):
        key = tuple(cards[i] for i in perm)
        if key not in seen:
            seen.add(key)
            out.append(Order(perm))
    return out


class Work:
    """The state's parts as lists, changed in place while one action resolves."""

    __slots__ = (
        "s",
        "deck",
        "yama",
        "generals",
        "waiting",
        "discard",
        "hands",
        "lines",
        "to_move",
        "turn",
        "phase",
        "ctx",
        "ask",
        "options",
        "events",
        "previous",
        "log",
        "end",
        "strikes",
        "summons",
    )

    def __init__(self, s: State) -> None:
        self.s = s
        self.deck = s.deck
        self.yama = list(s.yama)
        self.generals = list(s.generals)
        self.waiting = list(s.waiting)
        self.discard = list(s.discard)
        self.hands = [list(h) for h in s.hands]
        self.lines = [list(line) for line in s.lines]
        self.to_move = s.to_move
        self.turn = s.turn
        self.phase = s.phase
        self.ctx = s.ctx
        self.ask = None
        self.options = ()
        self.events = list(s.events)
        self.previous = s.previous
        self.log = s.log
        self.end = s.end
        self.strikes = s.strikes
        self.summons = s.summons

    def freeze(self) -> State:
        s = self.s
        return State(
            s.seed,
            s.players,
            s.deck,
            s.setup,
            s.replayable,
            tuple(self.yama),
            tuple(self.generals),
            tuple(self.waiting),
            tuple(self.discard),
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(line) for line in self.lines),
            self.to_move,
            self.turn,
            self.phase,
            self.ctx,
            self.ask,
            tuple(self.options),
            tuple(self.events),
            self.previous,
            self.log,
            self.end,
            s.viewer,
            self.strikes,
            self.summons,
        )

    @property
    def players(self) -> int:
        return self.s.players

    def opponents(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after ``seat``."""
        n = self.s.players
        return [(seat + k) % n for k in range(1, n)]

    def unprotected(self, seat: int) -> range:
        line = self.lines[seat]
        return range(protected_count(line, self.deck), len(line))

    def note(self, kind: str, seat: int | None, **fields) -> None:
        self.events.append(Event(kind, seat, **fields))

    def set_ctx(self, **changes) -> None:
        self.ctx = replace(self.ctx, **changes)

    def new_ctx(self, card: int, owner: int, after: str) -> None:
        self.ctx = Ctx(card, owner, after)

    def add_to_hand(self, seat: int, cards) -> None:
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort()
