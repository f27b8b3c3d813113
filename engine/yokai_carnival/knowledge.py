"""What a seat knows of hidden cards besides its own hand (issue #18): cards it saw go into
another seat's hand (a card Tengu revealed to everyone, a card taken from a line), a hand it
looked at (Nopperabō), and cards it saw put at the bottom of the Yama (Kitsune's, to its
player; Tengu's, to everyone).

Two fields of the state hold it, both ``()`` while nobody knows anything:

- ``known_hands[holder]``: ``()`` while no other seat knows a card of that hand, else one
  entry per seat: the cards (sorted) that seat knows to be in the holder's hand. A card that
  leaves a hand is always seen leaving (summoned, discarded, placed), so one copy of it is
  struck off what every seat knew of that hand; a card that joins a hand in sight of everyone
  is added to every other seat's knowledge. (By holder first: a summon checks its own hand's
  entry, one look, on every move.)
- ``yama_known``: for the cards put at the bottom of the Yama, the seats that saw each (a bit
  per seat), aligned with the end of the Yama: the Yama loses cards only from the top and gains
  them only at the bottom, so when it is shorter than this record only its last entries count.
  A card drawn from there into a hand (in the last turns of a game) is then known, by the seats
  that saw it, to be in that hand (``learn_drawn``). A known card that Kitsune looks at again is
  not followed (its player takes one of the cards in private: the view shows less, never more,
  than the seat knows).

>>> k = learn((), 3, 1, (5,), None)
>>> k[1][0], k[1][2], k[1][1], k[0]
((5,), (5,), (), ())
>>> forget(k, 1, (5,))
()
"""

from __future__ import annotations


def _frozen(cols: list) -> tuple:
    cols = [col if any(col) else () for col in cols]
    return tuple(cols) if any(cols) else ()


def _columns(known: tuple, players: int, holder: int) -> tuple[list, list]:
    cols = list(known) if known else [()] * players
    col = list(cols[holder]) if cols[holder] else [()] * players
    return cols, col


def learn(known: tuple, players: int, holder: int, cards: tuple, viewer: int | None) -> tuple:
    """``cards`` joined ``holder``'s hand in sight of ``viewer`` (None: of every seat)."""
    cols, col = _columns(known, players, holder)
    for v in range(players):
        if v != holder and (viewer is None or v == viewer):
            col[v] = tuple(sorted(col[v] + tuple(cards)))
    cols[holder] = tuple(col)
    return _frozen(cols)


def forget(known: tuple, holder: int, cards: tuple) -> tuple:
    """``cards`` left ``holder``'s hand, seen by all: one copy of each is struck off (one pass,
    and the same tuple back when no seat knew any of them there: a summon calls this)."""
    if not known or not known[holder]:
        return known
    for seen in known[holder]:  # (usually no seat knew these cards: a look, no new tuple)
        if seen:
            for c in cards:
                if c in seen:
                    return _struck_off(known, holder, cards)
    return known


def _struck_off(known: tuple, holder: int, cards: tuple) -> tuple:
    col = [*known[holder]]
    left = False
    for v, seen in enumerate(col):
        if seen:
            for c in cards:
                if c in seen:
                    i = seen.index(c)
                    seen = seen[:i] + seen[i + 1 :]
            col[v] = seen
            left = left or bool(seen)
    cols = [*known]
    cols[holder] = tuple(col) if left else ()
    for c in cols:
        if c:
            return tuple(cols)
    return ()


def looked(known: tuple, players: int, viewer: int, holder: int, hand: tuple) -> tuple:
    """``viewer`` looked at ``holder``'s whole hand."""
    cols, col = _columns(known, players, holder)
    col[viewer] = tuple(sorted(hand))
    cols[holder] = tuple(col)
    return _frozen(cols)


def seen_by(known: tuple, viewer: int, holder: int) -> tuple:
    """The cards ``viewer`` knows to be in ``holder``'s hand."""
    return known[holder][viewer] if known and known[holder] else ()


def aligned(yama_known: tuple, size: int) -> tuple:
    """The entries of ``yama_known`` that still stand for cards of a Yama of ``size`` cards."""
    if len(yama_known) <= size:
        return yama_known
    return yama_known[len(yama_known) - size :]


def to_bottom(yama_known: tuple, size: int, count: int, seen: int) -> tuple:
    """``count`` cards, seen by the seats of mask ``seen``, were put under a Yama that held
    ``size`` cards before."""
    return aligned(yama_known, size) + (seen,) * count


def learn_drawn(
    known: tuple, yama_known: tuple, size: int, cards: tuple, players: int, holder: int
) -> tuple[tuple, tuple]:
    """``cards`` were drawn from the top of a Yama of ``size`` cards into ``holder``'s hand:
    ``known_hands`` with each known bottom card among them learnt by the seats that saw it, and
    the record left for the rest of the Yama. Callers skip it when ``len(cards) +
    len(yama_known) <= size``: the cards drawn do not reach the record, and nothing changes.

    >>> k, left = learn_drawn((), (0b10, 0b11), 3, (4, 6), 3, 2)
    >>> seen_by(k, 1, 2), seen_by(k, 0, 2), left
    ((6,), (), (3,))
    """
    record = aligned(yama_known, size)
    first = size - len(record)  # the place in the Yama of the first card of the record
    reached = len(cards) - first
    if reached <= 0:
        return known, yama_known
    for j in range(reached):
        seen = record[j] & ~(1 << holder)
        for v in range(players):
            if seen >> v & 1:
                known = learn(known, players, holder, (cards[first + j],), v)
    return known, record[reached:]


def everyone(players: int) -> int:
    return (1 << players) - 1
