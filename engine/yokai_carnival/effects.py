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
    HAND_CHOICES,
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
from .knowledge import everyone, forget, learn, learn_drawn, looked, to_bottom
from .state import event
from .work import (
    SORTED,
    WITHOUT,
    Ability,
    Work,
    distinct_orders,
    grow_line,
    grow_line_by,
    protected_count,
    sorted_hand,
    with_seat,
    without,
)

STRIKE = -1
GENERAL_CARDS = frozenset(range(YOKAI_TYPES, YOKAI_TYPES + GENERALS))
STRIKE_STEPS = (EffectStep("move", count=0, source="hand", to="line", pick="all"),)

Run = Callable[[Work, Ability], "list | tuple | None"]

OPPONENTS = tuple(tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in range(11))
"""``OPPONENTS[players][seat]``: the other seats in turn order, starting after ``seat``."""
CHOSEN = tuple(
    tuple(
        tuple((event("opponent", owner, value=seat, card=card, auto=True),) for card in range(16))
        for seat in range(10)
    )
    for owner in range(10)
)
"""``CHOSEN[owner][seat][card]``: the one-event tuple of the only opponent, taken by the rules."""


def _stop_ability(w: Work, ctx: Ability, why: str, end: int) -> None:
    """Nothing more happens: the ability skips to its ``end`` (its number of steps)."""
    w.events += (event("nothing", ctx.owner, value=why, card=ctx.card),)
    ctx.step = end
    ctx.picked = 0


def _put_hand(w: Work, owner: int, cards: tuple) -> None:
    hands = w.hands
    w.hands = with_seat(hands, owner, sorted_hand(hands[owner], cards))


def _put_discard(w: Work, owner: int, cards: tuple) -> None:
    w.discard += cards


def _put_yama(w: Work, owner: int, cards: tuple) -> None:
    w.yama += cards


PUT = {"line": grow_line, "hand": _put_hand, "discard": _put_discard, "yama_bottom": _put_yama}
"""``PUT[to](w, owner, cards)``: cards going to the owner's line or hand, the discard pile or
the bottom of the Yama (settled when a step is compiled)."""


def _deliverer(to: str, source: str) -> Callable:
    """The compiled ``deliver(w, ctx, cards, source_seat)`` of a move taking cards all at once
    from ``source`` to ``to``: the move is recorded and the cards go there; several going to a
    line wait for their owner's order. The step's fields are settled here, once."""
    why = f"no card to take from {source.replace('_', ' ')}"
    owned = to == "line" or to == "hand"
    to_line = to == "line"
    to_hand = to == "hand"
    to_bottom_of_yama = to == "yama_bottom"
    from_hand = source == "hand"
    from_revealed = source == "revealed"
    teaches = from_hand or to_hand or to_bottom_of_yama
    # from the Yama into a hand or back under the Yama: only its owner knows the cards
    private = source == "yama" and (to == "hand" or to == "yama_bottom")
    put = PUT[to]

    def deliver(w: Work, ctx: Ability, cards: tuple, source_seat: int | None) -> None:
        owner = ctx.owner
        if not cards:
            w.events += (event("nothing", owner, value=why, card=ctx.card),)
            ctx.step += 1
            ctx.picked = 0
            return
        if from_revealed:
            private_to = owner if ctx.revealed_to is not None else None
        else:
            private_to = owner if private else None
        w.events += (
            event(
                "move",
                owner,
                cards=cards,
                source=source,
                source_seat=source_seat,
                to=to,
                to_seat=owner if owned else None,
                card=ctx.card,
                private_to=private_to,
            ),
        )
        if teaches:  # (settled once: most moves teach nothing)
            if from_hand:  # (seen by all: they join a line or the discard pile)
                w.known_hands = forget(w.known_hands, owner, cards)
            if to_hand and private_to is None:
                w.known_hands = learn(w.known_hands, w.players, owner, cards, None)
            elif to_bottom_of_yama:
                seen_by = everyone(w.players) if private_to is None else 1 << private_to
                w.yama_known = to_bottom(w.yama_known, len(w.yama), len(cards), seen_by)
        if not to_line:
            put(w, owner, cards)
        elif len(cards) == 1:
            grow_line_by(w, owner, cards[0])
        else:
            keep = () if from_revealed else ctx.revealed
            if keep:  # cannot happen with a valid deck: revealed cards are placed before new ones
                w.yama += keep
            ctx.revealed, ctx.revealed_to, ctx.placing = cards, None, True
            return
        ctx.step += 1
        ctx.picked = 0

    return deliver


# ---- the primitives, each compiled from one step of the deck file -------------------------


def _choose_opponent(s: EffectStep, end: int) -> Run:
    by_hand = s.needs == "hand"
    why = f"no opponent has {'a card in hand' if by_hand else 'an unprotected card in line'}"

    def run(w: Work, ctx: Ability):
        owner = ctx.owner
        if w.players == 2:  # one opponent: chosen by the rules when it qualifies (logged as automatic)
            o = 1 - owner
            if by_hand:
                ok = w.hands[o]
            else:
                line = w.lines[o]
                ok = line and not w.deck.protects_at[line[-1]]
            if not ok:
                _stop_ability(w, ctx, why, end)
                return None
            w.events += CHOSEN[owner][o][ctx.card]
            ctx.target = o
            ctx.step += 1
            ctx.picked = 0
            return None
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
    every = tuple([COLOUR_CHOICES[c] for c in COLOURS])

    def any_colour(w: Work, ctx: Ability):
        w.ask = ("colour", ctx.owner, ctx.card)
        return every

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
            w.events += (event("colour", ctx.owner, value=COLOURS[c], card=ctx.card, auto=True),)
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
        _off_yama(w, ctx, count, "look", None, ctx.owner)
        return None

    return run


def _reveal_until_colour(s: EffectStep, end: int) -> Run:
    def run(w: Work, ctx: Ability):
        named = ctx.colour
        yama = w.yama
        # the first card of that colour (the first copy of its type is that very card)
        first = next(filter(w.deck.colour_members[named].__contains__, yama), None)
        _off_yama(w, ctx, len(yama) if first is None else yama.index(first) + 1, "reveal", named, None)
        return None

    return run


def _off_yama(w: Work, ctx: Ability, count: int, kind: str, value, seen_by: int | None) -> None:
    """The top ``count`` cards of the Yama come off, recorded as a ``kind`` event, and wait in
    the ability's revealed cards, seen by one seat or, when ``seen_by`` is None, by all."""
    yama = w.yama
    cards = yama[:count]
    w.yama = yama[count:]
    w.events += (
        event(kind, ctx.owner, cards=cards, source="yama", value=value, card=ctx.card, private_to=seen_by),
    )
    ctx.revealed += cards
    ctx.revealed_to = seen_by
    ctx.step += 1
    ctx.picked = 0


def _look_hand(s: EffectStep, end: int) -> Run:
    def run(w: Work, ctx: Ability):
        owner, target = ctx.owner, ctx.target
        w.events += (
            event(
                "look",
                owner,
                cards=w.hands[target],
                source="hand",
                source_seat=target,
                card=ctx.card,
                private_to=owner,
            ),
        )
        ctx.looked = True
        w.known_hands = looked(w.known_hands, w.players, owner, target, w.hands[target])
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


DISCARD_FIRST = tuple(DISCARD_PICKS[:n] for n in range(len(DISCARD_PICKS) + 1))
"""``DISCARD_FIRST[n]``: the picks of the first ``n`` cards of the discard pile, a table (the
options of a decision are tuples of shared actions; likewise ``REVEALED_FIRST`` and, one per
distinct card, ``actions.HAND_CHOICES``)."""
REVEALED_FIRST = tuple(REVEALED_PICKS[:n] for n in range(len(REVEALED_PICKS) + 1))
STOP_OPTION = (STOP,)


def _candidates(source: str) -> Callable[[Work, Ability], tuple]:
    """The cards a one-by-one move from ``source`` may take now (a tuple of picks)."""
    if source == "discard":

        def discard(w: Work, ctx: Ability) -> tuple:
            pile = w.discard
            if GENERAL_CARDS.isdisjoint(pile):  # (usually: every card there is a Yokai card)
                return DISCARD_FIRST[len(pile)]
            return tuple([DISCARD_PICKS[i] for i, c in enumerate(pile) if c < YOKAI_TYPES])

        return discard
    if source == "hand":
        return lambda w, ctx: HAND_CHOICES[ctx.owner][w.hands[ctx.owner]]
    if source == "revealed":
        return lambda w, ctx: REVEALED_FIRST[len(ctx.revealed)]
    if source == "target_line":

        def target_line(w: Work, ctx: Ability) -> tuple:
            line = w.lines[ctx.target]
            return LINE_PICKS[ctx.target][protected_count(line, w.deck) : len(line)]

        return target_line
    if source == "opponent_lines":

        def opponent_lines(w: Work, ctx: Ability) -> tuple:
            out, lines, deck = [], w.lines, w.deck
            for o in sorted(OPPONENTS[w.players][ctx.owner]):
                line = lines[o]
                out += LINE_PICKS[o][protected_count(line, deck) : len(line)]
            return tuple(out)

        return opponent_lines
    return lambda w, ctx: HAND_CHOICES[ctx.target][w.hands[ctx.target]]  # target_hand


def _move_choice(s: EffectStep, end: int, shown: bool = True) -> Run:
    """Cards taken one by one, each a decision (unless only one card can be taken). ``shown``:
    revealed cards may have been shown to all (else only their owner saw them, and taking one
    into a hand teaches no one)."""
    count, up_to, source = s.count, s.up_to, s.source
    candidates = _candidates(source)
    short = None
    if not up_to and source in ("discard", "hand"):
        where = "discard pile" if source == "discard" else "hand"
        short = f"the {where} has fewer than {count} Yokai card(s)"
    by_target = s.chooser == "target"
    own_hand = source == "hand"
    take = _taker(s)
    private_take = source == "revealed" and s.to == "hand" and not shown
    if source in ("hand", "target_hand") or s.to == "yama_bottom" or (s.to == "hand" and not private_take):
        take = _learning(take, s)

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        picked = ctx.picked
        if picked >= count:  # (count is 1 or more for a choice) this step is done
            ctx.step += 1
            ctx.picked = 0
            return None
        cands = candidates(w, ctx)
        # (a hand's picks are one per distinct card: its size is what counts)
        if (
            short is not None
            and picked == 0
            and (len(w.hands[ctx.owner]) if own_hand else len(cands)) < count
        ):
            _stop_ability(w, ctx, short, end)
            return None
        if not cands:
            if picked == 0:
                w.events += (event("nothing", ctx.owner, value="no card to take", card=ctx.card),)
            ctx.step += 1
            ctx.picked = 0
            return None
        if up_to:
            cands += STOP_OPTION
        elif len(cands) == 1:  # the only card: taken here (logged as automatic)
            take(w, ctx, cands[0], True)
            return None
        # (an opponent discarding from their own hand, or the owner choosing)
        w.ask = ("discard_own", ctx.target, ctx.card) if by_target else ("card", ctx.owner, ctx.card)
        return cands

    run.take = take  # the answer to this step's decision (``answer``)
    return run


def _learning(take: Callable, s: EffectStep) -> Callable:
    """``take``, then what the seats learn from the card it moved (its event, the last one): a
    card leaving a hand (seen by all), joining one in sight of all, or put under the Yama."""
    from_hand = s.source in ("hand", "target_hand")
    to = s.to

    def take_and_learn(w: Work, ctx: Ability, pick, auto: bool) -> None:
        size = len(w.yama)
        take(w, ctx, pick, auto)
        e = w.events[-1]  # the move's
        if from_hand:
            known = w.known_hands
            if known and known[pick.seat]:
                w.known_hands = forget(known, pick.seat, e.cards)
        if to == "hand":
            if e.private_to is None:
                w.known_hands = learn(w.known_hands, w.players, e.to_seat, e.cards, None)
        elif to == "yama_bottom":
            seen = everyone(w.players) if e.private_to is None else 1 << e.private_to
            w.yama_known = to_bottom(w.yama_known, size, 1, seen)

    take_and_learn.moves = take  # (the compiled take alone, which the tests check)
    return take_and_learn


def _move_from_yama(s: EffectStep, end: int) -> Run:
    count = s.count
    deliver = _deliverer(s.to, "yama")
    to_hand = s.to == "hand"

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        yama = w.yama
        cards = yama[:count]
        w.yama = yama[count:]
        if to_hand and len(cards) + len(w.yama_known) > len(yama):  # (reaching cards seen put under it)
            w.known_hands, w.yama_known = learn_drawn(
                w.known_hands, w.yama_known, len(yama), cards, w.players, ctx.owner
            )
        deliver(w, ctx, cards, None)
        return None

    return run


def _move_hand(s: EffectStep, end: int) -> Run:
    deliver = _deliverer(s.to, "hand")

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        owner = ctx.owner
        cards = w.hands[owner]
        w.set_hand(owner, ())
        deliver(w, ctx, cards, owner)
        return None

    return run


def _move_revealed(s: EffectStep, end: int) -> Run:
    match = s.pick == "match"
    others = s.pick == "rest"
    deliver = _deliverer(s.to, "revealed")

    def run(w: Work, ctx: Ability):
        if ctx.placing:
            return _place(w, ctx)
        if others and not ctx.revealed:  # "the others": none left (e.g. Tengu's first card matched)
            ctx.step += 1
            ctx.picked = 0
            return None
        if match:
            named = w.deck.colour_members[ctx.colour].__contains__
            revealed = ctx.revealed
            cards, rest = tuple(filter(named, revealed)), tuple(filterfalse(named, revealed))
        else:
            cards, rest = ctx.revealed, ()
        was = ctx.revealed_to
        deliver(w, ctx, cards, None)
        if not ctx.placing:
            ctx.revealed, ctx.revealed_to = rest, was if rest else None
        return None

    return run


def _move_from_lines(s: EffectStep, end: int) -> Run:
    """The rightmost unprotected cards, or those of the named colour, of the target's line or
    of every opponent's line."""
    count, to, each = s.count, s.to, s.source != "target_line"
    rightmost = s.pick == "rightmost"
    put = PUT[to]

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
            w.events += (
                event(
                    "move",
                    owner,
                    cards=taken,
                    source="line",
                    source_seat=seat,
                    to=to,
                    to_seat=to_seat,
                    card=ctx.card,
                ),
            )
            taken_all += taken
        if not taken_all:
            w.events += (event("nothing", owner, value="no unprotected card to take", card=ctx.card),)
            ctx.step += 1
            ctx.picked = 0
        elif to == "line" and len(taken_all) >= 2:
            ctx.revealed, ctx.revealed_to, ctx.placing = taken_all, None, True
        else:
            if to == "hand":  # cards from lines: seen by all
                w.known_hands = learn(w.known_hands, w.players, owner, taken_all, None)
            put(w, owner, taken_all)
            ctx.step += 1
            ctx.picked = 0
        return None

    return run


def _move(s: EffectStep, end: int, shown: bool = True) -> Run:
    if s.pick == "choice":
        return _move_choice(s, end, shown)
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


class _Over(tuple):
    """The type of :data:`OVER`."""


OVER = _Over()
"""What the last function of a program returns: the ability is over (``rules._effect`` then
ends it). A step that is done returns None; a decision returns its options."""


def _over(w: Work, ctx: Ability):
    return OVER


def compile_program(steps: tuple[EffectStep, ...]) -> tuple[Run, ...]:
    """An ability's steps as functions, one per step (see the module docstring), then one
    that says the ability is over (so running a program needs no count of its steps)."""
    out = []
    for i, s in enumerate(steps):
        if s.do == "move":  # (are revealed cards shown to all? then a pick from them teaches)
            shown = any(p.do == "reveal_until_colour" for p in steps[:i])
            out.append(_move(s, len(steps), shown))
        else:
            out.append(COMPILERS[s.do](s, len(steps)))
    return (*out, _over)


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
        w.events += (event("order", owner, cards=cards, to="line", to_seat=owner, card=ctx.card, auto=auto),)
        ctx.revealed, ctx.revealed_to, ctx.placing = (), None, False
    elif kind is ChooseSeat:
        w.events += (event("opponent", owner, value=action.seat, card=ctx.card, auto=auto),)
        ctx.target = action.seat
    elif kind is ChooseColour:
        w.events += (event("colour", owner, value=action.colour, card=ctx.card, auto=auto),)
        ctx.colour = COLOURS.index(action.colour)
    else:  # Stop
        w.events += (event("stop", owner, card=ctx.card),)
    ctx.step += 1
    ctx.picked = 0


# ---- a one-by-one move's ``take``, put together from the step's source and destination ----
# Each ``leave`` takes the picked card (``seat``: the pick's; ``i``: its index) out of its zone
# and returns it with the only seat that knows it (None: seen by all); each ``arrive`` puts
# the card where the step sends it. The step's fields are settled when ``_taker`` picks them.


def _leave_line(w: Work, ctx: Ability, seat: int, i: int) -> tuple[int, None]:
    lines = [*w.lines]
    line = lines[seat]
    lines[seat] = without(line, i)
    w.lines = tuple(lines)
    return line[i], None


def _leave_hand(w: Work, ctx: Ability, seat: int, i: int) -> tuple[int, None]:
    hands = [*w.hands]
    hand = hands[seat]
    hands[seat] = WITHOUT[hand][i]
    w.hands = tuple(hands)
    return hand[i], None


def _leave_discard(w: Work, ctx: Ability, seat: int, i: int) -> tuple[int, None]:
    discard = w.discard
    w.discard = without(discard, i)
    return discard[i], None


def _leave_revealed(w: Work, ctx: Ability, seat: int, i: int) -> tuple[int, int | None]:
    revealed = ctx.revealed
    ctx.revealed = without(revealed, i)
    return revealed[i], ctx.owner if ctx.revealed_to is not None else None


LEAVE = {"line": _leave_line, "hand": _leave_hand, "discard": _leave_discard, "revealed": _leave_revealed}
"""``LEAVE[zone](w, ctx, seat, i) -> (card, private_to)``: the picked card leaves its zone."""


def _arrive_hand(w: Work, owner: int, card: int) -> None:
    hands = [*w.hands]
    hands[owner] = SORTED[hands[owner] + (card,)]
    w.hands = tuple(hands)


def _arrive_discard(w: Work, owner: int, card: int) -> None:
    w.discard += (card,)


def _arrive_yama(w: Work, owner: int, card: int) -> None:
    w.yama += (card,)


ARRIVE = {"line": grow_line_by, "hand": _arrive_hand, "discard": _arrive_discard, "yama_bottom": _arrive_yama}
"""``ARRIVE[to](w, owner, card)``: the taken card joins the owner's line or hand, the discard
pile or the bottom of the Yama."""

ZONE = {"discard": "discard", "revealed": "revealed", "hand": "hand", "target_hand": "hand"}
"""The zone a pick leaves, by the step's source (any other source: a line)."""


def _taker(s: EffectStep) -> Callable:
    """The ``take(w, ctx, pick, auto)`` of a one-by-one move: the picked card leaves its zone
    (the step's source settles it: the discard pile, the revealed cards, a line or a hand) for
    the step's destination, and the move is recorded. The step's fields are read here, once:
    a card is taken at every answer inside most abilities."""
    to = s.to
    if to not in ARRIVE or type(s.count) is not int or s.chooser not in ("self", "target"):
        raise ValueError(f"not a checked move step: {s!r}")
    zone = ZONE.get(s.source, "line")
    leave, arrive, count = LEAVE[zone], ARRIVE[to], s.count
    by_target = s.chooser == "target"
    owned = to == "line" or to == "hand"
    by_index = zone != "hand"  # the event's value: the index picked (a hand's cards are unordered)

    def take(w: Work, ctx: Ability, pick, auto: bool) -> None:
        i = pick.index
        seat = pick.seat
        card, private_to = leave(w, ctx, seat, i)
        owner = ctx.owner
        w.events += (
            event(
                "move",
                ctx.target if by_target else owner,
                cards=(card,),
                source=zone,
                source_seat=seat,
                to=to,
                to_seat=owner if owned else None,
                value=i if by_index else None,
                card=ctx.card,
                private_to=private_to,
                auto=auto,
            ),
        )
        arrive(w, owner, card)
        if not ctx.revealed:
            ctx.revealed_to = None
        picked = ctx.picked + 1
        if picked >= count:  # the step is done (what its ``run`` would find next)
            ctx.step += 1
            ctx.picked = 0
        else:
            ctx.picked = picked

    return take


cards.COMPILER = compile_deck  # every deck's programs compile with it at their first use
