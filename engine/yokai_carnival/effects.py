"""The effect primitives abilities are made of, resolved one step at a time.

``rules._effect(w)`` runs the ability in ``w.ctx`` until a decision is needed (it returns
the options and sets ``w.ask``) or the ability is over. ``answer(w, action)``
applies the chosen option; a decision with a single option (one opponent, one colour, one
card, cards all alike to order) is taken on the spot and logged as automatic, exactly as
``rules.advance`` would take it, without the round trip. Primitives (``cards.Step.do``):
``choose_opponent``, ``choose_colour``, ``look_yama``, ``reveal_until_colour``, ``look_hand``
and ``move`` (from the Yama, the discard pile, your hand, the revealed cards, an opponent's
line or hand, to your line, your hand, the discard pile or the bottom of the Yama).

Cards stay data: each primitive here is a *compiler* that turns one step of the deck file into
a small function ``run(w, ctx) -> options | None`` with the step's fields and branches settled
once, when the deck is loaded (:func:`compile_program`, kept on the deck as
``Deck.programs``). A step then costs no dispatch on its kind and no reading of its fields,
which matters because the search bots resolve abilities thousands of times a second.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse

from . import cards
from .actions import (
    COLOUR_CHOICES,
    DISCARD_PICKS,
    HAND_PICKS,
    LINE_PICKS,
    REVEALED_PICKS,
    STOP,
    ChooseColour,
    ChooseSeat,
    Order,
    Pick,
    seat_of,
)
from .cards import COLOURS, GENERALS, YOKAI_TYPES
from .cards import Step as EffectStep
from .work import Ability, Work, distinct_orders, grow_line, protected_count, sorted_hand, with_seat, without

STRIKE = -1
GENERAL_CARDS = frozenset(range(YOKAI_TYPES, YOKAI_TYPES + GENERALS))
STRIKE_STEPS = (EffectStep("move", count=0, source="hand", to="line", pick="all"),)

Run = Callable[[Work, Ability], "list | tuple | None"]

OPPONENTS = tuple(tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in range(11))
"""``OPPONENTS[players][seat]``: the other seats in turn order, starting after ``seat``."""
CHOSEN = tuple(
    tuple(
        tuple((("opponent", owner, (), "", None, "", None, seat, card, None, True),) for card in range(16))
        for seat in range(10)
    )
    for owner in range(10)
)
"""``CHOSEN[owner][seat][card]``: the one-event tuple of the only opponent, taken by the rules."""


def _stop_ability(w: Work, ctx: Ability, why: str, end: int) -> None:
    """Nothing more happens: the ability skips to its ``end`` (its number of steps)."""
    w.events += (("nothing", ctx.owner, (), "", None, "", None, why, ctx.card, None, False),)
    ctx.step = end
    ctx.picked = 0


def _put(w: Work, owner: int, cards: tuple, to: str) -> None:
    if to == "line":
        grow_line(w, owner, cards)
    elif to == "hand":
        w.add_to_hand(owner, cards)
    elif to == "discard":
        w.discard += cards
    else:
        w.yama += cards


def _deliver_all(w: Work, ctx: Ability, to: str, cards: tuple, source: str, source_seat: int | None) -> None:
    """Cards moved all at once; several going to a line wait for their owner's order."""
    owner = ctx.owner
    if not cards:
        why = f"no card to take from {source.replace('_', ' ')}"
        w.events += (("nothing", owner, (), "", None, "", None, why, ctx.card, None, False),)
        ctx.step += 1
        ctx.picked = 0
        return
    to_seat = owner if to == "line" or to == "hand" else None
    if source == "revealed":
        private_to = owner if ctx.revealed_to is not None else None
    else:  # from the Yama into a hand or back under the Yama: only its owner knows the cards
        private_to = owner if source == "yama" and (to == "hand" or to == "yama_bottom") else None
    w.events += (("move", owner, cards, source, source_seat, to, to_seat, None, ctx.card, private_to, False),)
    if to == "line" and len(cards) >= 2:
        keep = ctx.revealed if source != "revealed" else ()
        if keep:  # cannot happen with a valid deck: revealed cards are placed before new ones
            w.yama += keep
        ctx.revealed, ctx.revealed_to, ctx.placing = cards, None, True
        return
    _put(w, owner, cards, to)
    ctx.step += 1
    ctx.picked = 0


# ---- the primitives, each compiled from one step of the deck file -------------------------


def _choose_opponent(s: EffectStep, end: int) -> Run:
    by_hand = s.needs == "hand"
    why = f"no opponent has {'a card in hand' if by_hand else 'an unprotected card in line'}"

    def run(w: Work, ctx: Ability):
        owner = ctx.owner
        opponents = OPPONENTS[w.players][owner]
        cands = []
        if by_hand:
            hands = w.hands
            for o in opponents:
                if hands[o]:
                    cands.append(o)
        else:  # a line has an unprotected card exactly when its rightmost card is not protected
            lines, protects = w.lines, w.deck.protects_at
            for o in opponents:
                line = lines[o]
                if line and not protects[line[-1]]:
                    cands.append(o)
        if not cands:
            _stop_ability(w, ctx, why, end)
            return None
        if len(cands) == 1:  # the only option: taken here, as ``advance`` would (logged as automatic)
            w.events += CHOSEN[owner][cands[0]][ctx.card]
            ctx.target = cands[0]
            ctx.step += 1
            ctx.picked = 0
            return None
        w.ask = ("opponent", owner, ctx.card)
        return [seat_of(o) for o in sorted(cands)]

    return run


def _choose_colour(s: EffectStep, end: int) -> Run:
    every = [COLOUR_CHOICES[c] for c in COLOURS]

    def any_colour(w: Work, ctx: Ability):
        w.ask = ("colour", ctx.owner, ctx.card)
        return list(every)

    if s.among != "target_line":
        return any_colour

    def in_target_line(w: Work, ctx: Ability):
        colour = w.deck.colour_of
        line = w.lines[ctx.target]
        start = protected_count(line, w.deck)
        present = {colour[c] for c in line[start:] if c < YOKAI_TYPES}
        if not present:
            _stop_ability(w, ctx, "the opponent's line has no unprotected Yokai card", end)
            return None
        if len(present) == 1:  # the only option: taken here (logged as automatic)
            (c,) = present
            w.events += (("colour", ctx.owner, (), "", None, "", None, COLOURS[c], ctx.card, None, True),)
            ctx.colour = c
            ctx.step += 1
            ctx.picked = 0
            return None
        w.ask = ("colour", ctx.owner, ctx.card)
        return [COLOUR_CHOICES[COLOURS[c]] for c in sorted(present)]

    return in_target_line


def _look_yama(s: EffectStep, end: int) -> Run:
    count = s.count

    def run(w: Work, ctx: Ability):
        yama = w.yama
        cards = yama[:count]
        w.yama = yama[count:]
        owner = ctx.owner
        w.events += (("look", owner, cards, "yama", None, "", None, None, ctx.card, owner, False),)
        ctx.revealed += cards
        ctx.revealed_to = owner
        ctx.step += 1
        ctx.picked = 0
        return None

    return run


def _reveal_until_colour(s: EffectStep, end: int) -> Run:
    def run(w: Work, ctx: Ability):
        named = ctx.colour
        yama = w.yama
        # the first card of that colour (the first copy of its type is that very card)
        first = next(filter(w.deck.colour_members[named].__contains__, yama), None)
        stop = len(yama) if first is None else yama.index(first) + 1
        cards = yama[:stop]
        w.yama = yama[stop:]
        w.events += (("reveal", ctx.owner, cards, "yama", None, "", None, named, ctx.card, None, False),)
        ctx.revealed += cards
        ctx.revealed_to = None
        ctx.step += 1
        ctx.picked = 0
        return None

    return run


def _look_hand(s: EffectStep, end: int) -> Run:
    def run(w: Work, ctx: Ability):
        owner, target = ctx.owner, ctx.target
        w.events += (
            ("look", owner, w.hands[target], "hand", target, "", None, None, ctx.card, owner, False),
        )
        ctx.looked = True
        ctx.step += 1
        ctx.picked = 0
        return None

    return run


def _place(w: Work, ctx: Ability):
    """Several cards wait to join the owner's line: ask for their order (one order: placed)."""
    orders = distinct_orders(ctx.revealed)
    if len(orders) == 1:  # cards all alike: the only order, placed here (logged as automatic)
        answer(w, orders[0], True)
        return None
    w.ask = ("order", ctx.owner, ctx.card)
    return orders


def _candidates(source: str) -> Callable[[Work, Ability], list]:
    """The cards a one-by-one move from ``source`` may take now."""
    if source == "discard":

        def discard(w: Work, ctx: Ability) -> list:
            pile = w.discard
            if GENERAL_CARDS.isdisjoint(pile):  # (usually: every card there is a Yokai card)
                return list(DISCARD_PICKS[: len(pile)])
            return [DISCARD_PICKS[i] for i, c in enumerate(pile) if c < YOKAI_TYPES]

        return discard
    if source == "hand":
        return lambda w, ctx: list(HAND_PICKS[ctx.owner][: len(w.hands[ctx.owner])])
    if source == "revealed":
        return lambda w, ctx: list(REVEALED_PICKS[: len(ctx.revealed)])
    if source == "target_line":

        def target_line(w: Work, ctx: Ability) -> list:
            line = w.lines[ctx.target]
            return list(LINE_PICKS[ctx.target][protected_count(line, w.deck) : len(line)])

        return target_line
    if source == "opponent_lines":

        def opponent_lines(w: Work, ctx: Ability) -> list:
            out, lines, deck = [], w.lines, w.deck
            for o in sorted(OPPONENTS[w.players][ctx.owner]):
                line = lines[o]
                out += LINE_PICKS[o][protected_count(line, deck) : len(line)]
            return out

        return opponent_lines
    return lambda w, ctx: list(HAND_PICKS[ctx.target][: len(w.hands[ctx.target])])  # target_hand


def _move_choice(s: EffectStep, end: int) -> Run:
    """Cards taken one by one, each a decision (unless only one card can be taken)."""
    count, up_to, source = s.count, s.up_to, s.source
    candidates = _candidates(source)
    short = None
    if not up_to and source in ("discard", "hand"):
        where = "discard pile" if source == "discard" else "hand"
        short = f"the {where} has fewer than {count} Yokai card(s)"
    by_target = s.chooser == "target"
    take = _taker(s)

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        picked = ctx.picked
        if picked >= count:  # (count is 1 or more for a choice) this step is done
            ctx.step += 1
            ctx.picked = 0
            return None
        cands = candidates(w, ctx)
        if short is not None and picked == 0 and len(cands) < count:
            _stop_ability(w, ctx, short, end)
            return None
        if not cands:
            if picked == 0:
                w.events += (
                    ("nothing", ctx.owner, (), "", None, "", None, "no card to take", ctx.card, None, False),
                )
            ctx.step += 1
            ctx.picked = 0
            return None
        if up_to:
            cands.append(STOP)
        elif len(cands) == 1:  # the only card: taken here (logged as automatic)
            take(w, ctx, cands[0], True)
            return None
        owner = ctx.owner
        chooser = ctx.target if by_target else owner
        w.ask = ("discard_own" if chooser != owner else "card", chooser, ctx.card)
        return cands

    run.take = take  # the answer to this step's decision (``answer``)
    return run


def _move_from_yama(s: EffectStep, end: int) -> Run:
    count, to = s.count, s.to

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        yama = w.yama
        cards = yama[:count]
        w.yama = yama[count:]
        _deliver_all(w, ctx, to, cards, "yama", None)
        return None

    return run


def _move_hand(s: EffectStep, end: int) -> Run:
    to = s.to

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        owner = ctx.owner
        cards = w.hands[owner]
        w.set_hand(owner, ())
        _deliver_all(w, ctx, to, cards, "hand", owner)
        return None

    return run


def _move_revealed(s: EffectStep, end: int) -> Run:
    to, match = s.to, s.pick == "match"

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        if match:
            named = w.deck.colour_members[ctx.colour].__contains__
            revealed = ctx.revealed
            cards, rest = tuple(filter(named, revealed)), tuple(filterfalse(named, revealed))
        else:
            cards, rest = ctx.revealed, ()
        was = ctx.revealed_to
        _deliver_all(w, ctx, to, cards, "revealed", None)
        if not ctx.placing:
            ctx.revealed, ctx.revealed_to = rest, was if rest else None
        return None

    return run


def _move_from_lines(s: EffectStep, end: int) -> Run:
    """The rightmost unprotected cards, or those of the named colour, of the target's line or
    of every opponent's line."""
    count, to, each = s.count, s.to, s.source != "target_line"
    rightmost = s.pick == "rightmost"

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        owner = ctx.owner
        seats = OPPONENTS[w.players][owner] if each else (ctx.target,)
        deck = w.deck
        to_seat = owner if to == "line" else None
        taken_all: tuple = ()
        for seat in seats:
            line = w.lines[seat]
            free = protected_count(line, deck)
            if rightmost:  # the taken cards end the line: cut it
                cut = max(free, len(line) - count) if count else free
                if cut == len(line):
                    continue
                taken = line[: cut - 1 if cut else None : -1]
                w.set_line(seat, line[:cut])
            else:  # colour
                colour = deck.colour_of
                named = ctx.colour
                idx = [
                    i for i in range(free, len(line)) if line[i] < YOKAI_TYPES and colour[line[i]] == named
                ]
                if not idx:
                    continue
                taken = tuple(line[i] for i in reversed(idx))
                gone = set(idx)
                w.set_line(seat, tuple(c for i, c in enumerate(line) if i not in gone))
            w.events += (("move", owner, taken, "line", seat, to, to_seat, None, ctx.card, None, False),)
            taken_all += taken
        if not taken_all:
            w.events += (
                (
                    "nothing",
                    owner,
                    (),
                    "",
                    None,
                    "",
                    None,
                    "no unprotected card to take",
                    ctx.card,
                    None,
                    False,
                ),
            )
            ctx.step += 1
            ctx.picked = 0
        elif to == "line" and len(taken_all) >= 2:
            ctx.revealed, ctx.revealed_to, ctx.placing = taken_all, None, True
        else:
            _put(w, owner, taken_all, to)
            ctx.step += 1
            ctx.picked = 0
        return None

    return run


def _move(s: EffectStep, end: int) -> Run:
    if s.pick == "choice":
        return _move_choice(s, end)
    if s.source == "yama":
        return _move_from_yama(s, end)
    if s.source == "hand":
        return _move_hand(s, end)
    if s.source == "revealed":
        return _move_revealed(s, end)
    return _move_from_lines(s, end)  # target_line, each_opponent_line


COMPILERS = {
    "choose_opponent": _choose_opponent,
    "choose_colour": _choose_colour,
    "look_yama": _look_yama,
    "reveal_until_colour": _reveal_until_colour,
    "look_hand": _look_hand,
    "move": _move,
}


def compile_program(steps: tuple[EffectStep, ...]) -> tuple[Run, ...]:
    """An ability's steps as functions, one per step (see the module docstring)."""
    return tuple(COMPILERS[s.do](s, len(steps)) for s in steps)


def compile_deck(effects: tuple[tuple[EffectStep, ...], ...]) -> tuple[tuple[Run, ...], ...]:
    """Every card's program by card number, then the Strike's last (index ``STRIKE``, -1)."""
    return tuple(compile_program(steps) for steps in effects) + (compile_program(STRIKE_STEPS),)


def answer(w: Work, action, auto: bool) -> None:
    """Apply a chosen option (known to be legal) of the ability's current decision."""
    ctx = w.ctx
    kind = type(action)
    if kind is Pick:  # the current step is a one-by-one move: its compiled ``take``
        w.deck.programs[ctx.card][ctx.step].take(w, ctx, action, auto)
        return
    owner = ctx.owner
    if kind is Order:
        cards = tuple(map(ctx.revealed.__getitem__, action.indices))
        grow_line(w, owner, cards)
        w.events += (("order", owner, cards, "", None, "line", owner, None, ctx.card, None, auto),)
        ctx.revealed, ctx.revealed_to, ctx.placing = (), None, False
    elif kind is ChooseSeat:
        w.events += (("opponent", owner, (), "", None, "", None, action.seat, ctx.card, None, auto),)
        ctx.target = action.seat
    elif kind is ChooseColour:
        w.events += (("colour", owner, (), "", None, "", None, action.colour, ctx.card, None, auto),)
        ctx.colour = COLOURS.index(action.colour)
    else:  # Stop
        w.events += (("stop", owner, (), "", None, "", None, None, ctx.card, None, False),)
    ctx.step += 1
    ctx.picked = 0


def _taker(s: EffectStep) -> Callable:
    """The compiled ``take(w, ctx, pick, auto)`` of a one-by-one move: the picked card leaves
    its zone (the step's source settles it: the discard pile, the revealed cards, a line or a
    hand) for the step's destination, and the move is recorded."""
    to = s.to
    zone = {"discard": "discard", "revealed": "revealed", "hand": "hand", "target_hand": "hand"}.get(
        s.source, "line"
    )
    by_target = s.chooser == "target"
    owned = to == "line" or to == "hand"
    from_hand = zone == "hand"
    count = s.count

    def take(w: Work, ctx: Ability, pick, auto: bool) -> None:
        revealed = ctx.revealed
        i = pick.index
        seat = pick.seat
        private_to = None
        if zone == "line":
            lines = w.lines
            line = lines[seat]
            card = line[i]
            w.lines = with_seat(lines, seat, without(line, i))
        elif from_hand:
            hands = w.hands
            hand = hands[seat]
            card = hand[i]
            w.hands = with_seat(hands, seat, without(hand, i))
        elif zone == "discard":
            discard = w.discard
            card = discard[i]
            w.discard = without(discard, i)
        else:  # revealed
            card = revealed[i]
            revealed = without(revealed, i)
            if ctx.revealed_to is not None:
                private_to = ctx.owner
        owner = ctx.owner
        w.events += (
            (
                "move",
                ctx.target if by_target else owner,
                (card,),
                zone,
                seat,
                to,
                owner if owned else None,
                None if from_hand else i,
                ctx.card,
                private_to,
                auto,
            ),
        )
        if to == "line":
            grow_line(w, owner, (card,))
        elif to == "hand":
            hands = w.hands
            w.hands = with_seat(hands, owner, sorted_hand(hands[owner], (card,)))
        elif to == "discard":
            w.discard += (card,)
        else:
            w.yama += (card,)
        ctx.revealed = revealed
        if not revealed:
            ctx.revealed_to = None
        picked = ctx.picked + 1
        if picked >= count:  # the step is done (what its ``run`` would find next)
            ctx.step += 1
            ctx.picked = 0
        else:
            ctx.picked = picked

    return take


cards.COMPILER = compile_deck  # every deck made from now on is compiled when it is made
cards.DEFAULT.__dict__["programs"] = compile_deck(cards.DEFAULT.effects)  # made before: compiled now
