"""The effect primitives abilities are made of, resolved one step at a time.

``pending(w)`` runs the ability in ``w.ctx`` until a decision is needed (it returns the
options and sets ``w.ask``) or the ability is over (it returns None). ``answer(w, action)``
applies the chosen option; a decision with a single option (one opponent, one colour, one
card, cards all alike to order) is taken on the spot and logged as automatic, exactly as
``rules.advance`` would take it, without the round trip. Primitives (``cards.Step.do``):
``choose_opponent``, ``choose_colour``, ``look_yama``, ``reveal_until_colour``, ``look_hand``
and ``move`` (from the Yama, the discard pile, your hand, the revealed cards, an opponent's
line or hand, to your line, your hand, the discard pile or the bottom of the Yama).
"""

from __future__ import annotations

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
from .cards import COLOURS, YOKAI_TYPES
from .cards import Step as EffectStep
from .work import Work, distinct_orders, protected_count

STRIKE = -1
STRIKE_STEPS = (EffectStep("move", count=0, source="hand", to="line", pick="all"),)


def steps_of(w: Work) -> tuple:
    card = w.ctx.card
    return w.deck.effects[card] if card >= 0 else STRIKE_STEPS


def _next_step(w: Work) -> None:
    ctx = w.ctx
    ctx.step += 1
    ctx.picked = 0


def _stop_ability(w: Work, why: str) -> None:
    ctx = w.ctx
    w.note("nothing", ctx.owner, value=why, card=ctx.card)
    ctx.step = len(steps_of(w))
    ctx.picked = 0


def finish(w: Work) -> None:
    """End the ability: cards still revealed go to the bottom of the Yama, in order."""
    ctx = w.ctx
    if ctx.revealed:
        w.yama += ctx.revealed
        w.note(
            "move",
            ctx.owner,
            cards=ctx.revealed,
            source="revealed",
            to="yama_bottom",
            card=ctx.card,
            private_to=ctx.revealed_to,
        )
    w.ctx = None


def _private(w: Work, source: str, to: str) -> int | None:
    ctx = w.ctx
    if source == "revealed" and ctx.revealed_to is not None:
        return ctx.owner
    if source == "yama" and to in ("hand", "yama_bottom"):
        return ctx.owner
    return None


def _put(w: Work, cards: tuple, to: str) -> None:
    owner = w.ctx.owner
    if to == "line":
        w.add_to_line(owner, cards)
    elif to == "hand":
        w.add_to_hand(owner, cards)
    elif to == "discard":
        w.discard += cards
    else:
        w.yama += cards


def _deliver_all(w: Work, s: EffectStep, cards: tuple, source: str, source_seat: int | None) -> None:
    """Cards moved all at once; several going to a line wait for their owner's order."""
    ctx = w.ctx
    if not cards:
        w.note("nothing", ctx.owner, value=f"no card to take from {source.replace('_', ' ')}", card=ctx.card)
        _next_step(w)
        return
    owner, to = ctx.owner, s.to
    to_seat = owner if to == "line" or to == "hand" else None
    private_to = _private(w, source, to)
    w.events += (("move", owner, cards, source, source_seat, to, to_seat, None, ctx.card, private_to, False),)
    if to == "line" and len(cards) >= 2:
        keep = ctx.revealed if source != "revealed" else ()
        if keep:  # cannot happen with a valid deck: revealed cards are placed before new ones
            w.yama += keep
        ctx.revealed, ctx.revealed_to, ctx.placing = cards, None, True
        return
    _put(w, cards, to)
    ctx.step += 1
    ctx.picked = 0


def _choose_opponent(w: Work, s: EffectStep):
    ctx = w.ctx
    if s.needs == "hand":
        hands = w.hands
        cands = [o for o in w.opponents(ctx.owner) if hands[o]]
    else:
        lines, deck = w.lines, w.deck
        cands = [o for o in w.opponents(ctx.owner) if len(lines[o]) > protected_count(lines[o], deck)]
    if not cands:
        _stop_ability(
            w, f"no opponent has {'a card in hand' if s.needs == 'hand' else 'an unprotected card in line'}"
        )
        return None
    if len(cands) == 1:  # the only option: taken here, as ``advance`` would (logged as automatic)
        w.events += (("opponent", ctx.owner, (), "", None, "", None, cands[0], ctx.card, None, True),)
        ctx.target = cands[0]
        ctx.step += 1
        ctx.picked = 0
        return None
    w.ask = ("opponent", ctx.owner, ctx.card)
    return [seat_of(o) for o in sorted(cands)]


def _choose_colour(w: Work, s: EffectStep):
    ctx = w.ctx
    if s.among == "target_line":
        colour = w.deck.colour_of
        line = w.lines[ctx.target]
        present = {colour[line[i]] for i in w.unprotected(ctx.target) if line[i] < YOKAI_TYPES}
        if not present:
            _stop_ability(w, "the opponent's line has no unprotected Yokai card")
            return None
        if len(present) == 1:  # the only option: taken here (logged as automatic)
            (c,) = present
            w.events += (("colour", ctx.owner, (), "", None, "", None, COLOURS[c], ctx.card, None, True),)
            ctx.colour = c
            ctx.step += 1
            ctx.picked = 0
            return None
        names = [COLOURS[c] for c in sorted(present)]
    else:
        names = COLOURS
    w.ask = ("colour", ctx.owner, ctx.card)
    return [COLOUR_CHOICES[c] for c in names]


def _look_yama(w: Work, s: EffectStep):
    ctx = w.ctx
    cards = w.yama[: s.count]
    w.yama = w.yama[s.count :]
    owner = ctx.owner
    w.events += (("look", owner, cards, "yama", None, "", None, None, ctx.card, owner, False),)
    ctx.revealed += cards
    ctx.revealed_to = ctx.owner
    ctx.step += 1
    ctx.picked = 0
    return None


def _reveal_until_colour(w: Work, s: EffectStep):
    ctx = w.ctx
    colour = w.deck.colour_of
    yama = w.yama
    end = len(yama)
    for i, c in enumerate(yama):
        if colour[c] == ctx.colour:
            end = i + 1
            break
    cards = yama[:end]
    w.yama = yama[end:]
    w.events += (("reveal", ctx.owner, cards, "yama", None, "", None, ctx.colour, ctx.card, None, False),)
    ctx.revealed += cards
    ctx.revealed_to = None
    ctx.step += 1
    ctx.picked = 0
    return None


def _look_hand(w: Work, s: EffectStep):
    ctx = w.ctx
    owner, target = ctx.owner, ctx.target
    w.events += (("look", owner, w.hands[target], "hand", target, "", None, None, ctx.card, owner, False),)
    ctx.looked = True
    ctx.step += 1
    ctx.picked = 0
    return None


def _candidates(w: Work, s: EffectStep) -> tuple[list, int]:
    """The cards a one-by-one move may take now, and the seat that chooses."""
    ctx = w.ctx
    src, owner = s.source, ctx.owner
    if src == "discard":
        return [DISCARD_PICKS[i] for i, c in enumerate(w.discard) if c < YOKAI_TYPES], owner
    if src == "hand":
        return list(HAND_PICKS[owner][: len(w.hands[owner])]), owner
    if src == "revealed":
        return list(REVEALED_PICKS[: len(ctx.revealed)]), owner
    if src == "target_line":
        free = w.unprotected(ctx.target)
        return list(LINE_PICKS[ctx.target][free.start : free.stop]), owner
    if src == "opponent_lines":
        out = []
        for o in sorted(w.opponents(owner)):
            free = w.unprotected(o)
            out += LINE_PICKS[o][free.start : free.stop]
        return out, owner
    chooser = ctx.target if s.chooser == "target" else owner
    return list(HAND_PICKS[ctx.target][: len(w.hands[ctx.target])]), chooser


def _move(w: Work, s: EffectStep):
    ctx = w.ctx
    if ctx.placing:
        orders = distinct_orders(ctx.revealed)
        if len(orders) == 1:  # cards all alike: the only order, placed here (logged as automatic)
            answer(w, orders[0], True)
            return None
        w.ask = ("order", ctx.owner, ctx.card)
        return orders
    src, pick = s.source, s.pick
    if pick == "choice":
        if ctx.picked >= s.count:  # (count is 1 or more for a choice) this step is done
            ctx.step += 1
            ctx.picked = 0
            return None
        cands, chooser = _candidates(w, s)
        if ctx.picked == 0 and not s.up_to and src in ("discard", "hand") and len(cands) < s.count:
            where = "discard pile" if src == "discard" else "hand"
            _stop_ability(w, f"the {where} has fewer than {s.count} Yokai card(s)")
            return None
        if not cands or ctx.picked >= s.count:
            if ctx.picked == 0:
                w.note("nothing", ctx.owner, value="no card to take", card=ctx.card)
            _next_step(w)
            return None
        if s.up_to:
            cands.append(STOP)
        elif len(cands) == 1:  # the only card: taken here (logged as automatic)
            _take(w, s, cands[0], True)
            return None
        w.ask = ("discard_own" if chooser != ctx.owner else "card", chooser, ctx.card)
        return cands
    if src == "yama":
        cards = w.yama[: s.count]
        w.yama = w.yama[s.count :]
        _deliver_all(w, s, cards, "yama", None)
    elif src == "hand":
        cards = w.hands[ctx.owner]
        w.set_hand(ctx.owner, ())
        _deliver_all(w, s, cards, "hand", ctx.owner)
    elif src == "revealed":
        if pick == "match":
            colour, named = w.deck.colour_of, ctx.colour
            match, other = [], []
            for c in ctx.revealed:
                (match if c < YOKAI_TYPES and colour[c] == named else other).append(c)
            cards, rest = tuple(match), tuple(other)
        else:
            cards, rest = ctx.revealed, ()
        was = ctx.revealed_to
        _deliver_all(w, s, cards, "revealed", None)
        if not ctx.placing:
            ctx.revealed, ctx.revealed_to = rest, was if rest else None
    elif src in ("target_line", "each_opponent_line"):
        seats = [ctx.target] if src == "target_line" else w.opponents(ctx.owner)
        taken_all: tuple = ()
        for seat in seats:
            line = w.lines[seat]
            free = protected_count(line, w.deck)
            if pick == "rightmost":  # the taken cards end the line: cut it
                cut = max(free, len(line) - s.count) if s.count else free
                if cut == len(line):
                    continue
                taken = line[: cut - 1 if cut else None : -1]
                w.set_line(seat, line[:cut])
            else:  # colour
                colour = w.deck.colour_of
                idx = [
                    i
                    for i in range(free, len(line))
                    if line[i] < YOKAI_TYPES and colour[line[i]] == ctx.colour
                ]
                if not idx:
                    continue
                taken = tuple(line[i] for i in reversed(idx))
                gone = set(idx)
                w.set_line(seat, tuple(c for i, c in enumerate(line) if i not in gone))
            owner, to = ctx.owner, s.to
            to_seat = owner if to == "line" else None
            w.events += (("move", owner, taken, "line", seat, to, to_seat, None, ctx.card, None, False),)
            taken_all += taken
        if not taken_all:
            w.note("nothing", ctx.owner, value="no unprotected card to take", card=ctx.card)
            _next_step(w)
        elif s.to == "line" and len(taken_all) >= 2:
            ctx.revealed, ctx.revealed_to, ctx.placing = taken_all, None, True
        else:
            _put(w, taken_all, s.to)
            _next_step(w)
    return None


PENDING = {
    "choose_opponent": _choose_opponent,
    "choose_colour": _choose_colour,
    "look_yama": _look_yama,
    "reveal_until_colour": _reveal_until_colour,
    "look_hand": _look_hand,
    "move": _move,
}


def pending(w: Work):
    """Resolve the ability until it needs a decision (its options) or is over (None)."""
    ctx = w.ctx
    steps = steps_of(w)
    while ctx.step < len(steps):
        step = steps[ctx.step]
        opts = PENDING[step.do](w, step)
        if opts is not None:
            return opts
    return None


def answer(w: Work, action, auto: bool) -> None:
    """Apply a chosen option (known to be legal) of the ability's current decision."""
    ctx = w.ctx
    kind = type(action)
    if kind is Pick:
        _take(w, steps_of(w)[ctx.step], action, auto)
    elif kind is Order:
        cards = tuple(ctx.revealed[i] for i in action.indices)
        w.add_to_line(ctx.owner, cards)
        w.note("order", ctx.owner, cards=cards, to="line", to_seat=ctx.owner, card=ctx.card, auto=auto)
        ctx.revealed, ctx.revealed_to, ctx.placing = (), None, False
        _next_step(w)
    elif kind is ChooseSeat:
        w.note("opponent", ctx.owner, value=action.seat, card=ctx.card, auto=auto)
        ctx.target = action.seat
        _next_step(w)
    elif kind is ChooseColour:
        w.note("colour", ctx.owner, value=action.colour, card=ctx.card, auto=auto)
        ctx.colour = COLOURS.index(action.colour)
        _next_step(w)
    else:  # Stop
        w.note("stop", ctx.owner, card=ctx.card)
        _next_step(w)


def _take(w: Work, s: EffectStep, pick, auto: bool) -> None:
    ctx = w.ctx
    revealed = ctx.revealed
    i = pick.index
    if pick.zone == "discard":
        card = w.discard[i]
        w.discard = w.discard[:i] + w.discard[i + 1 :]
    elif pick.zone == "revealed":
        card = revealed[i]
        revealed = revealed[:i] + revealed[i + 1 :]
    elif pick.zone == "line":
        line = w.lines[pick.seat]
        card = line[i]
        w.set_line(pick.seat, line[:i] + line[i + 1 :])
    else:
        hand = w.hands[pick.seat]
        card = hand[i]
        w.set_hand(pick.seat, hand[:i] + hand[i + 1 :])
    chooser = ctx.target if s.chooser == "target" else ctx.owner
    source = s.source if s.source != "target_hand" else "hand"
    source = "line" if pick.zone == "line" else source
    to = s.to
    to_seat = ctx.owner if to == "line" or to == "hand" else None
    value = None if pick.zone == "hand" else i
    private_to = _private(w, pick.zone, to)
    w.events += (
        ("move", chooser, (card,), source, pick.seat, to, to_seat, value, ctx.card, private_to, auto),
    )
    _put(w, (card,), to)
    ctx.revealed = revealed
    ctx.revealed_to = ctx.revealed_to if revealed else None
    ctx.picked += 1
