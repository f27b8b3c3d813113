"""What a seat knows of hidden cards besides its own hand (issue #18): cards it saw go into
another seat's hand (a card Tengu revealed to everyone, a card taken from a line), a hand it
looked at (Nopperabō), and cards it saw put at the bottom of the Yama (Kitsune's, to its
player; Tengu's, to everyone).

Two fields of the state hold it, both ``()`` while nobody knows anything (most of a game):

- ``known_hands[viewer][holder]``: cards (sorted) the viewer knows to be in the holder's hand.
  A card that leaves a hand is always seen leaving (summoned, discarded, placed), so one copy
  of it is struck off what every seat knew of that hand; a card that joins a hand in sight of
  everyone is added to every other seat's knowledge.
- ``yama_known``: for the cards put at the bottom of the Yama, the seats that saw each (a bit
  per seat), aligned with the end of the Yama: the Yama loses cards only from the top and gains
  them only at the bottom, so when it is shorter than this record only its last entries count.
  Who knows a card drawn from there is not followed further (the view then shows less, never
  more, than the seat knows; it happens only in the last turns of a game).

>>> k = learn((), 3, 1, (5,), None)
>>> k[0][1], k[2][1], k[1][1]
((5,), (5,), ())
>>> forget(k, 1, (5,))
()
"""

from __future__ import annotations

UNKNOWN = ()


def _empty(players: int) -> list[list[tuple]]:
    return [[() for _ in range(players)] for _ in range(players)]


def _frozen(rows: list[list[tuple]]) -> tuple:
    if not any(any(row) for row in rows):
        return ()
    return tuple(tuple(row) for row in rows)


def learn(known: tuple, players: int, holder: int, cards: tuple, viewer: int | None) -> tuple:
    """``cards`` joined ``holder``'s hand in sight of ``viewer`` (None: of every seat)."""
    rows = [list(row) for row in known] if known else _empty(players)
    for v in range(players):
        if v != holder and (viewer is None or v == viewer):
            rows[v][holder] = tuple(sorted(rows[v][holder] + tuple(cards)))
    return _frozen(rows)


def forget(known: tuple, holder: int, cards: tuple) -> tuple:
    """``cards`` left ``holder``'s hand, seen by all: one copy of each is struck off."""
    if not known:
        return known
    rows = [list(row) for row in known]
    for row in rows:
        left = list(row[holder])
        if not left:
            continue
        for c in cards:
            if c in left:
                left.remove(c)
        row[holder] = tuple(left)
    return _frozen(rows)


def looked(known: tuple, players: int, viewer: int, holder: int, hand: tuple) -> tuple:
    """``viewer`` looked at ``holder``'s whole hand."""
    rows = [list(row) for row in known] if known else _empty(players)
    rows[viewer][holder] = tuple(sorted(hand))
    return _frozen(rows)


def aligned(yama_known: tuple, size: int) -> tuple:
    """The entries of ``yama_known`` that still stand for cards of a Yama of ``size`` cards."""
    if len(yama_known) <= size:
        return yama_known
    return yama_known[len(yama_known) - size :]


def to_bottom(yama_known: tuple, size: int, count: int, seen_by: int) -> tuple:
    """``count`` cards, seen by the seats of mask ``seen_by``, were put under a Yama that held
    ``size`` cards before."""
    return aligned(yama_known, size) + (seen_by,) * count


def everyone(players: int) -> int:
    return (1 << players) - 1
