"""Bots: ``random`` and ``partner`` (a cheap cooperative strategy), and ``explain``.

The partner reads only its view: the families it has seen, the hints on the table (it
trusts a one-colour hint) and who has looked at which card. It peeks at what it knows least,
moves a card it knows next to (or closer to) the others of its family, places a hint where
it tells partners the most about a card they have not seen, and declares the Yokai appeased
once every family it can name is grouped.

>>> import random
>>> from engine.yokai import new_game, view, legal_actions
>>> s = new_game(4)
>>> a = bots()["partner"](view(s, 0), random.Random(0))
>>> a in legal_actions(s), explain(view(s, 0), a).startswith("Partner peeks")
(True, True)
"""

from __future__ import annotations

import random

from engine.core import random_bot

from .actions import Declare, Move, Peek, Place, Reveal
from .cards import CARDS, CARDS_PER_FAMILY, FAMILIES, HINT_CARDS, a_family
from .fast import code, pieces
from .rules import legal_actions, phase
from .state import State

GOOD_PLACE = 2.0


def _seat(v: State) -> int:
    return v.viewer if v.viewer is not None else v.to_move


def beliefs(v: State) -> list[int | None]:
    """The family the seat can name for each card: seen, a one-colour hint, or the only
    family left by the 4-per-family count; None otherwise."""
    seat = _seat(v)
    mask = v.seen[seat]
    known: list[int | None] = []
    for card in range(CARDS):
        family = v.families[card] if (v.viewer is None and mask >> card & 1) or v.viewer is not None else None
        hint = v.hints[card]
        if family is None and hint is not None and len(HINT_CARDS[hint]) == 1:
            family = FAMILIES.index(next(iter(HINT_CARDS[hint])))
        known.append(family)
    missing = [f for f in range(len(FAMILIES)) for _ in range(CARDS_PER_FAMILY - known.count(f))]
    if missing and len(set(missing)) == 1:
        known = [missing[0] if f is None else f for f in known]
    return known


def _grouped(v: State, known: list[int | None]) -> bool:
    if any(f is None for f in known):
        return False
    for f in range(len(FAMILIES)):
        if len(pieces({code(v.cells[c]) for c in range(CARDS) if known[c] == f})) != 1:
            return False
    return True


def _seen_count(v: State, card: int) -> int:
    return sum(mask >> card & 1 for mask in v.seen)


def _peek_key(v: State, card: int) -> tuple[int, int]:
    mine = v.seen[_seat(v)] >> card & 1
    return (mine, _seen_count(v, card))


def _move_gain(v: State, known: list[int | None], card: int, dst) -> tuple[int, int]:
    """(adjacent family members gained, distance to them saved) for moving ``card``."""
    family = known[card]
    if family is None:
        return (0, 0)
    src = v.cells[card]
    near = adj = 0
    for other in range(CARDS):
        if other != card and known[other] == family:
            x, y = v.cells[other]
            before = abs(src[0] - x) + abs(src[1] - y)
            after = abs(dst[0] - x) + abs(dst[1] - y)
            near += before - after
            adj += (after == 1) - (before == 1)
    return (adj, near)


def _place_value(v: State, known: list[int | None], action: Place) -> float:
    card = v.cells.index(action.cell)
    hint = HINT_CARDS[v.revealed[action.hint]]
    family = v.families[card] if v.seen[_seat(v)] >> card & 1 else None
    if family is None:
        return -10.0 - len(hint)  # a guess: the widest hint is the least likely to be wrong
    if FAMILIES[family] not in hint:
        return -20.0
    others = sum(1 for s, mask in enumerate(v.seen) if s != _seat(v) and not mask >> card & 1)
    value = (4 - len(hint)) * others
    x, y = action.cell
    mates = sum(
        1
        for c in range(CARDS)
        if c != card and known[c] == family and abs(v.cells[c][0] - x) + abs(v.cells[c][1] - y) == 1
    )
    return value + (1.0 if mates else -1.0)


def _best(options: list, key, rng: random.Random):
    top = max(key(a) for a in options)
    return rng.choice([a for a in options if key(a) == top])


def partner(v: State, rng: random.Random):
    """The partner bot's action for the seat to move (see the module docstring)."""
    legal = legal_actions(v)
    step = phase(v)
    known = beliefs(v)
    if step == "peek":
        if not v.peeks and _grouped(v, known):
            return Declare()
        peeks = [a for a in legal if type(a) is Peek]
        return _best(peeks, lambda a: tuple(-k for k in _peek_key(v, v.cells.index(a.cell))), rng)
    if step == "move":

        def gain(a: Move) -> tuple:
            card = v.cells.index(a.src)
            adj, near = _move_gain(v, known, card, a.dst)
            return (adj, near, known[card] is not None)

        return _best(legal, gain, rng)
    places = [a for a in legal if type(a) is Place]
    if places:
        best = _best(places, lambda a: _place_value(v, known, a), rng)
        if _place_value(v, known, best) >= GOOD_PLACE or Reveal() not in legal:
            return best
    return Reveal()


def explain(v: State, action) -> str:
    """One sentence for the log: why the partner strategy would take ``action`` here."""
    known = beliefs(v)
    kind = type(action)
    if kind is Declare:
        if _grouped(v, known):
            return "Partner declares the Yokai appeased: every family it can name is grouped"
        return "Declares the Yokai appeased without knowing every family: a gamble"
    # The reasons leave the cells out: the page names them as its board labels them.
    if kind is Peek:
        card = v.cells.index(action.cell)
        mine, count = _peek_key(v, card)
        if not count:
            return "Partner peeks at this card: nobody has seen it yet"
        if not mine:
            return f"Partner peeks at this card: it has not seen it ({count} other player{'s' if count > 1 else ''} has)"
        return "Partner peeks at this card again: it already knows every card it may look at"
    if kind is Move:
        card = v.cells.index(action.src)
        adj, near = _move_gain(v, known, card, action.dst)
        family = known[card]
        if family is None:
            return "Partner moves this card: no card it knows can come closer to its family"
        name = FAMILIES[family]
        if adj > 0:
            return f"Partner moves {a_family(name)}: next to another {name}"
        if near > 0:
            return f"Partner moves {a_family(name)}: closer to the other {name} it knows"
        return f"Partner moves {a_family(name)}: no move brings a family closer together"
    if kind is Reveal:
        return "Partner reveals a hint: no revealed hint would tell partners something new"
    if kind is Place:
        card = v.cells.index(action.cell)
        hint = HINT_CARDS[v.revealed[action.hint]]
        family = v.families[card]
        names = "/".join(f for f in FAMILIES if f in hint)
        if family is None:
            return f"Partner places {names} on this card: the deck is empty, so a hint must go somewhere"
        if FAMILIES[family] not in hint:
            return f"Places {names} on this card: it is {a_family(FAMILIES[family])}, so the hint is wrong"
        return f"Partner places {names} on this card: it tells partners what this {FAMILIES[family]} is"
    return f"Plays {action}"


def bots() -> dict:
    """The bots, weakest first: ``random`` and ``partner``."""
    return {"random": random_bot(legal_actions), "partner": partner}
