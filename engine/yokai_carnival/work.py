"""A working copy of a state, used inside one ``apply`` and frozen at its end, and the line
rules every module shares (protection, the unconfirmed line, four colours).

The copy is cheap: it shares the state's zones (tuples) and replaces a zone, never changes
it, so the state it came from stays as it was.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from .actions import order_of
from .cards import YOKAI_TYPES, Deck
from .state import Ctx, State

ALL_COLOURS = frozenset(range(4))


def protected_count(line, deck: Deck) -> int:
    """How many cards from the left are protected: up to and including the rightmost General
    that protects (every General but Shuten-dōji in the default deck).

    >>> from .cards import DEFAULT
    >>> protected_count((0, 9, 3, 8, 1, 2), DEFAULT), protected_count((8, 0, 9), DEFAULT)
    (4, 1)
    """
    protects = deck.protects_at
    i = len(line)
    for c in reversed(line):
        if protects[c]:
            return i
        i -= 1
    return 0


def unconfirmed_start(line) -> int:
    """Where the unconfirmed line starts: right of the rightmost General of any kind."""
    i = len(line)
    for c in reversed(line):
        if c >= YOKAI_TYPES:
            return i
        i -= 1
    return 0


def unconfirmed_colours(line, deck: Deck) -> set[int]:
    colour = deck.colour_of
    return {colour[c] for c in line[unconfirmed_start(line) :] if 0 <= c < YOKAI_TYPES}


def general_due(line, deck: Deck) -> bool:
    """True when the unconfirmed line holds all of red, blue, yellow and green.

    >>> from .cards import DEFAULT
    >>> general_due((2, 0, 4, 6), DEFAULT), general_due((2, 0, 4, 8, 6), DEFAULT)
    (True, False)
    """
    bits = deck.colour_bits
    seen = 0
    for c in reversed(line):
        seen |= bits[c]
        if seen >= 15:  # all four colours (15), or a General reached first (16 and more)
            return seen == 15
    return False


def with_seat(zones: tuple, seat: int, cards: tuple) -> tuple:
    """``zones`` (one per seat) with ``seat``'s replaced by ``cards``.

    Zones change on every move, so this is written for speed: a list copy costs a third of
    slicing the tuple around ``seat`` and joining the pieces (fewer short-lived tuples).
    """
    out = [*zones]
    out[seat] = cards
    return tuple(out)


def sorted_hand(hand: tuple, cards: tuple) -> tuple:
    """``hand`` with ``cards`` added, sorted (``tuple(sorted(hand + cards))``, with one list
    instead of three intermediate sequences)."""
    out = [*hand, *cards]
    out.sort()
    return tuple(out)


def without(cards: tuple, i: int) -> tuple:
    """``cards`` without the card at ``i`` (``cards[:i] + cards[i + 1:]``, cheaper)."""
    out = [*cards]
    del out[i]
    return tuple(out)


def can_strike(hand, deck: Deck) -> bool:
    """Three Yokai cards of one colour in hand (a table of every such hand: hands are tuples).

    >>> from .cards import DEFAULT
    >>> can_strike((0, 0, 1), DEFAULT), can_strike((0, 1, 2), DEFAULT), can_strike((-1, -1, -1), DEFAULT)
    (True, False, False)
    """
    return hand in deck.strike_hands


@lru_cache(maxsize=1024)
def distinct_orders(cards: tuple) -> tuple:
    """One :class:`~.actions.Order` per distinct sequence of card types (first permutation
    wins)."""
    seen, out = set(), []
    for perm in permutations(range(len(cards))):
        key = tuple(cards[i] for i in perm)
        if key not in seen:
            seen.add(key)
            out.append(order_of(perm))
    return tuple(out)


_new = object.__new__


class Ability:
    """The :class:`~.state.Ctx` of the ability being resolved, changed in place inside one
    ``apply``: a plain object with a Ctx's attributes, which :meth:`freeze` turns into that
    Ctx (it swaps the class, like :meth:`Work.freeze`)."""

    def __init__(self, card: int, owner: int, after: str) -> None:
        self.card = card
        self.owner = owner
        self.after = after
        self.step = 0
        self.target = None
        self.colour = None
        self.revealed = ()
        self.revealed_to = None
        self.placing = False
        self.looked = False
        self.picked = 0

    @staticmethod
    def of(ctx: Ctx) -> Ability:
        a = _new(Ability)
        a.__dict__ = ctx.__dict__.copy()
        return a

    def freeze(self) -> Ctx:
        self.__class__ = Ctx
        return self


class Work:
    """The state's fields as attributes (zones are tuples, replaced when they change), with
    ``ctx`` an :class:`Ability` while one resolves; :meth:`freeze` makes the new state."""

    def __init__(self, s: State) -> None:
        d = s.__dict__.copy()
        if d["ctx"] is not None:
            d["ctx"] = Ability.of(d["ctx"])
        d["ask"] = None
        d["options"] = ()
        self.__dict__ = d

    def freeze(self) -> State:
        """The work as the new :class:`State`: this very object becomes it (same attributes,
        a plain class with a ``__dict__`` like State, so the class can be swapped; cheaper
        than copying every field), and the work is not used again."""
        ctx = self.ctx
        if ctx is not None:
            self.ctx = ctx.freeze()
        self.__class__ = State
        return self

    def opponents(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after ``seat``."""
        n = self.players
        return [(seat + k) % n for k in range(1, n)]

    def unprotected(self, seat: int) -> range:
        line = self.lines[seat]
        return range(protected_count(line, self.deck), len(line))

    def note(
        self,
        kind: str,
        seat: int | None,
        cards: tuple = (),
        source: str = "",
        source_seat: int | None = None,
        to: str = "",
        to_seat: int | None = None,
        value: object = None,
        card: int | None = None,
        private_to: int | None = None,
        auto: bool = False,
    ) -> None:
        """Record an event of this turn (the fields of :func:`~.state.fact`, in its order)."""
        self.events += ((kind, seat, cards, source, source_seat, to, to_seat, value, card, private_to, auto),)

    def new_ctx(self, card: int, owner: int, after: str) -> None:
        self.ctx = Ability(card, owner, after)

    def set_hand(self, seat: int, cards: tuple) -> None:
        self.hands = with_seat(self.hands, seat, cards)

    def set_line(self, seat: int, cards: tuple) -> None:
        self.lines = with_seat(self.lines, seat, cards)

    def add_to_hand(self, seat: int, cards: tuple) -> None:
        self.hands = with_seat(self.hands, seat, sorted_hand(self.hands[seat], cards))

    def add_to_line(self, seat: int, cards: tuple) -> None:
        self.set_line(seat, self.lines[seat] + tuple(cards))
