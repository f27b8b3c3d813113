"""A working copy of a state, used inside one ``apply`` and frozen at its end, and the line
rules every module shares (protection, the unconfirmed line, four colours).

The copy is cheap: it shares the state's zones (tuples) and replaces a zone, never changes
it, so the state it came from stays as it was.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from .actions import order_of
from .cards import HAND_LIMIT, YOKAI_TYPES, Deck
from .state import Ctx, State, event, made, made_state

ALL_COLOURS = frozenset(range(4))


def protected_count(line, deck: Deck) -> int:
    """How many cards from the left are protected: up to and including the rightmost General
    that protects (every General but Shuten-dōji in the default deck).

    >>> from .cards import DEFAULT
    >>> protected_count((0, 9, 3, 8, 1, 2), DEFAULT), protected_count((8, 0, 9), DEFAULT)
    (4, 1)
    """
    present = deck.protectors.intersection(line)
    if not present:
        return 0
    back = line[::-1]  # the rightmost protecting General is the one nearest the end
    if len(present) == 1:
        (c,) = present
        return len(line) - back.index(c)
    return len(line) - min([back.index(c) for c in present])


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


MEMO_LIMIT = 1 << 10
"""At most this many lines in a deck's memo of unconfirmed colours (``Deck.line_masks``): it is
emptied when full."""


def unconfirmed_mask(line, deck: Deck) -> int:
    """The colours of the unconfirmed line as bits (1, 2, 4, 8 by colour; 15: all four).

    Remembered per line in ``deck.line_masks``: a line usually grows by one card a turn, so the
    mask of the line before it is known and the new one is one ``|`` away (:func:`extended_mask`).

    >>> from .cards import DEFAULT
    >>> unconfirmed_mask((2, 0, 4, 6), DEFAULT), unconfirmed_mask((2, 0, 4, 8, 6), DEFAULT)
    (15, 8)
    """
    masks = deck.line_masks
    m = masks.get(line)
    if m is None:
        bits = deck.colour_bits
        m = 0
        for c in reversed(line):
            b = bits[c]
            if b >= 16:  # a General: the unconfirmed line starts right of it
                break
            m |= b
            if m == 15:
                break
        if len(masks) >= MEMO_LIMIT:
            masks.clear()
        masks[line] = m
    return m


def extended_mask(line: tuple, old: tuple, card: int, deck: Deck) -> int:
    """``unconfirmed_mask(line, deck)`` for ``line == old + (card,)``, remembered for ``line``."""
    b = deck.colour_bits[card]
    m = 0 if b >= 16 else unconfirmed_mask(old, deck) | b
    masks = deck.line_masks
    if len(masks) >= MEMO_LIMIT:
        masks.clear()
    masks[line] = m
    return m


def grow_line(w, seat: int, cards: tuple) -> None:
    """``w.lines[seat] += cards``, with the new line's unconfirmed colours remembered (from the
    old line's, as :func:`extended_mask` does for one card)."""
    lines = w.lines
    old = lines[seat]
    line = old + cards
    deck = w.deck
    masks = deck.line_masks
    m = masks.get(old)
    if m is None:
        m = unconfirmed_mask(old, deck)
    bits = deck.colour_bits
    for c in cards:
        b = bits[c]
        m = 0 if b >= 16 else m | b
    if len(masks) >= MEMO_LIMIT:
        masks.clear()
    masks[line] = m
    out = [*lines]
    out[seat] = line
    w.lines = tuple(out)


def grow_line_by(w, seat: int, card: int) -> None:
    """``grow_line(w, seat, (card,))``: one card, the most common case."""
    lines = w.lines
    old = lines[seat]
    line = old + (card,)
    deck = w.deck
    masks = deck.line_masks
    m = masks.get(old)
    if m is None:
        m = unconfirmed_mask(old, deck)
    b = deck.colour_bits[card]
    if len(masks) >= MEMO_LIMIT:
        masks.clear()
    masks[line] = 0 if b >= 16 else m | b
    out = [*lines]
    out[seat] = line
    w.lines = tuple(out)


def general_due(line, deck: Deck) -> bool:
    """True when the unconfirmed line holds all of red, blue, yellow and green.

    >>> from .cards import DEFAULT
    >>> general_due((2, 0, 4, 6), DEFAULT), general_due((2, 0, 4, 8, 6), DEFAULT)
    (True, False)
    """
    return unconfirmed_mask(line, deck) == 15


def with_seat(zones: tuple, seat: int, cards: tuple) -> tuple:
    """``zones`` (one per seat) with ``seat``'s replaced by ``cards``.

    Zones change on every move, so this is written for speed: a list copy costs a third of
    slicing the tuple around ``seat`` and joining the pieces (fewer short-lived tuples).
    """
    out = [*zones]
    out[seat] = cards
    return tuple(out)


class _Sorted(dict):
    """Each small hand (a tuple, in any order) to the same cards sorted: filled as hands come
    (hands hold at most 3 cards of 8 types, so it stays small; bounded anyway)."""

    def __missing__(self, cards: tuple) -> tuple:
        out = [*cards]
        out.sort()
        out = tuple(out)
        if len(self) < 4096:
            self[cards] = out
        return out


SORTED = _Sorted()
"""``SORTED[cards] == tuple(sorted(cards))``."""


class _Without(dict):
    """Each small hand to the hands left by taking out one card: ``WITHOUT[hand][i] ==
    without(hand, i)`` (filled as hands come, bounded like :data:`SORTED`)."""

    def __missing__(self, hand: tuple) -> tuple:
        out = tuple(hand[:i] + hand[i + 1 :] for i in range(len(hand)))
        if len(self) < 4096:
            self[hand] = out
        return out


WITHOUT = _Without()


class _Draws(dict):
    """The "draw" event of one seat, by how many cards it wanted and the cards it drew (the
    event of every turn: recorded from a table)."""

    def __init__(self, seat: int, want: int) -> None:
        super().__init__()
        self.seat, self.want = seat, want

    def __missing__(self, drawn: tuple) -> tuple:
        seat = self.seat
        out = (
            event(
                "draw",
                seat,
                cards=drawn,
                source="yama",
                to="hand",
                to_seat=seat,
                value=self.want,
                private_to=seat,
            ),
        )
        if len(self) < 4096:
            self[drawn] = out
        return out


DRAWS = tuple(tuple(_Draws(seat, want) for want in range(4)) for seat in range(10))
"""``DRAWS[seat][want][drawn]``: the one-event tuple of that draw."""
SUMMONED = tuple(
    tuple(
        tuple(
            event("summon", seat, cards=(card,), source="hand", to="line", to_seat=seat, value=ability)
            for ability in (False, True)
        )
        for card in range(YOKAI_TYPES + 8)
    )
    for seat in range(10)
)
"""``SUMMONED[seat][card][ability]``: the event of that Yokai Summon."""


def _fill_tables(seats: int = 5) -> None:
    """Fill :data:`SORTED`, :data:`WITHOUT` and :data:`DRAWS` for every hand of Yokai cards (at
    most 3 of 8 types) and the seats of a 5-player game, when the module loads: a game then
    never stops to add an entry (other keys, e.g. a 10-seat test table, still come as asked)."""
    small = [cards for n in range(HAND_LIMIT + 1) for cards in product(range(YOKAI_TYPES), repeat=n)]
    for cards in small:
        SORTED[cards]  # noqa: B018 (``__missing__`` fills the entry)
        if list(cards) == sorted(cards):
            WITHOUT[cards]  # noqa: B018
    for seat in range(seats):
        for want in range(HAND_LIMIT + 1):
            for cards in small:
                if len(cards) <= want:
                    DRAWS[seat][want][cards]  # noqa: B018


_fill_tables()


def sorted_hand(hand: tuple, cards: tuple) -> tuple:
    """``hand`` with ``cards`` added, sorted (``tuple(sorted(hand + cards))``, from a table)."""
    return SORTED[hand + cards]


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


@lru_cache(maxsize=8192)
def distinct_orders(cards: tuple) -> tuple:
    """One :class:`~.actions.Order` per distinct sequence of card types (first permutation
    wins)."""
    seen, out = set(), []
    pick = cards.__getitem__
    for perm in permutations(range(len(cards))):
        key = tuple(map(pick, perm))
        if key not in seen:
            seen.add(key)
            out.append(order_of(perm))
    return tuple(out)


def _fill_orders() -> None:
    """Fill :func:`distinct_orders` for 2 or 3 Yokai cards joining a line at once (a Strike,
    the top cards of the Yama...), when the module loads."""
    for n in (2, HAND_LIMIT):
        for cards in product(range(YOKAI_TYPES), repeat=n):
            distinct_orders(cards)


_fill_orders()
_new = object.__new__


class Ability:
    """The :class:`~.state.Ctx` of the ability being resolved, changed in place inside one
    ``apply``: a plain object with a Ctx's attributes, from which :meth:`freeze` makes that
    Ctx."""

    def __init__(self, card: int, owner: int, after: str) -> None:
        # a dict of its own (see ``state.made``)
        self.__dict__ = {
            "card": card,
            "owner": owner,
            "after": after,
            "step": 0,
            "target": None,
            "colour": None,
            "revealed": (),
            "revealed_to": None,
            "placing": False,
            "looked": False,
            "picked": 0,
        }

    @staticmethod
    def of(ctx: Ctx) -> Ability:
        a = _new(Ability)
        a.__dict__ = ctx.__dict__.copy()
        return a

    def freeze(self) -> Ctx:
        """The ability as a :class:`Ctx`, which takes over its attributes: the ability is not
        used again."""
        return made(Ctx, self.__dict__)


class Work:
    """The state's fields as attributes (zones are tuples, replaced when they change), with
    ``ctx`` an :class:`Ability` while one resolves; :meth:`freeze` makes the new state."""

    def __init__(self, s: State) -> None:
        d = dict(s.__dict__)  # a dict of its own (see ``state.made``), copied on from here
        if d["ctx"] is not None:
            d["ctx"] = Ability.of(d["ctx"])
        d["ask"] = None
        d["options"] = ()
        self.__dict__ = d

    def freeze(self) -> State:
        """The work as the new :class:`State`, which takes over its attributes (cheaper than
        copying every field): the work is not used again."""
        return frozen(self)

    def opponents(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after ``seat``."""
        n = self.players
        return [(seat + k) % n for k in range(1, n)]

    def unprotected(self, seat: int) -> range:
        line = self.lines[seat]
        return range(protected_count(line, self.deck), len(line))

    def new_ctx(self, card: int, owner: int, after: str) -> None:
        self.ctx = Ability(card, owner, after)

    def set_hand(self, seat: int, cards: tuple) -> None:
        self.hands = with_seat(self.hands, seat, cards)

    def set_line(self, seat: int, cards: tuple) -> None:
        self.lines = with_seat(self.lines, seat, cards)

    def add_to_hand(self, seat: int, cards: tuple) -> None:
        self.hands = with_seat(self.hands, seat, sorted_hand(self.hands[seat], cards))

    def add_to_line(self, seat: int, cards: tuple) -> None:
        grow_line(self, seat, tuple(cards))


def frozen(w: Work) -> State:
    """``w.freeze()`` without the method call."""
    return made_state(w.__dict__)
