"""The effect primitives abilities are made of, resolved one step at a time.

``pending(w)`` runs the ability in ``w.ctx`` until a decision is needed (it returns the
options and sets ``w.ask``) or the ability is over (it returns None). ``answer(w, action)``
applies the chosen option. Primitives (``cards.Step.do``): ``choose_opponent``,
``choose_colour``, ``look_yama``, ``reveal_until_colour``, ``look_hand`` and ``move``
(from the Yama, the discard pile, your hand, the revealed cards, an opponent's line or hand,
to your line, your hand, the discard pile or the bottom of the Yama).
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
    Stop,
    seat_of,
)
from .cards import COLOURS, YOKAI_TYPES
from .cards import Step as EffectStep
from .work import Work, distinct_orders

STRIKE = -1
STRIKE_STEPS = (EffectStep("move", count=0, source="hand", to="line", pick="all"),)


def steps_of(w: Work) -> tuple:
    card = w.ctx.card
    return STRIKE_STEPS if card == STRIKE else w.deck.effects[card]


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
    w.note(
        "move",
        ctx.owner,
        cards=cards,
        source=source,
        source_seat=source_seat,
        to=s.to,
        to_seat=ctx.owner if s.to in ("line", "hand") else None,
        card=ctx.card,
        private_to=_private(w, source, s.to),
    )
    if s.to == "line" and len(cards) >= 2:
        keep = ctx.revealed if source != "revealed" else ()
        if keep:  # cannot happen with a valid deck: revealed cards are placed before new ones
            w.yama += keep
        ctx.revealed, ctx.revealed_to, ctx.placing = cards, None, True
        return
    _put(w, cards, s.to)
    _next_step(w)


def _choose_opponent(w: Work, s: EffectStep):
    ctx = w.ctx
    if s.needs == "hand":
        cands = [o for o in w.opponents(ctx.owner) if w.hands[o]]
    else:
        cands = [o for o in w.opponents(ctx.owner) if w.unprotected(o)]
    if not cands:
        _stop_ability(
            w, f"no opponent has {'a card in hand' if s.needs == 'hand' else 'an unprotected card in line'}"
        )
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
        names = [COLOURS[c] for c in sorted(present)]
    else:
        names = COLOURS
    w.ask = ("colour", ctx.owner, ctx.card)
    return [COLOUR_CHOICES[c] for c in names]


def _look_yama(w: Work, s: EffectStep):
    ctx = w.ctx
    cards = w.yama[: s.count]
    w.yama = w.yama[s.count :]
    w.note("look", ctx.owner, cards=cards, source="yama", card=ctx.card, private_to=ctx.owner)
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
    w.note("reveal", ctx.owner, cards=cards, source="yama", card=ctx.card, value=ctx.colour)
    ctx.revealed += cards
    ctx.revealed_to = None
    ctx.step += 1
    ctx.picked = 0
    return None


def _look_hand(w: Work, s: EffectStep):
    ctx = w.ctx
    w.note(
        "look",
        ctx.owner,
        cards=w.hands[ctx.target],
        source="hand",
        source_seat=ctx.target,
        card=ctx.card,
        private_to=ctx.owner,
    )
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
        w.ask = ("order", ctx.owner, ctx.card)
        return distinct_orders(ctx.revealed)
    src, pick = s.source, s.pick
    if pick == "choice":
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
        w.ask = ("discard_own" if chooser != ctx.owner else "card", chooser, ctx.card)
        return cands + [STOP] if s.up_to else cands
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
            colour = w.deck.colour_of
            cards = tuple(c for c in ctx.revealed if c < YOKAI_TYPES and colour[c] == ctx.colour)
            rest = tuple(c for c in ctx.revealed if not (c < YOKAI_TYPES and colour[c] == ctx.colour))
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
            free = w.unprotected(seat)
            if pick == "rightmost":
                idx = list(free)[-s.count :] if s.count else list(free)
            else:  # colour
                colour = w.deck.colour_of
                idx = [i for i in free if line[i] < YOKAI_TYPES and colour[line[i]] == ctx.colour]
            if not idx:
                continue
            taken = tuple(line[i] for i in reversed(idx))
            gone = set(idx)
            w.set_line(seat, tuple(c for i, c in enumerate(line) if i not in gone))
            w.note(
                "move",
                ctx.owner,
                cards=taken,
                source="line",
                source_seat=seat,
                to=s.to,
                to_seat=ctx.owner if s.to == "line" else None,
                card=ctx.card,
            )
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
    while True:
        steps = steps_of(w)
        if ctx.step >= len(steps):
            return None
        step = steps[ctx.step]
        opts = PENDING[step.do](w, step)
        if opts is not None:
            return opts


def answer(w: Work, action, auto: bool) -> None:
    """Apply a chosen option (known to be legal) of the ability's current decision."""
    ctx = w.ctx
    s = steps_of(w)[ctx.step]
    if isinstance(action, Order):
        cards = tuple(ctx.revealed[i] for i in action.indices)
        w.add_to_line(ctx.owner, cards)
        w.note("order", ctx.owner, cards=cards, to="line", to_seat=ctx.owner, card=ctx.card, auto=auto)
        ctx.revealed, ctx.revealed_to, ctx.placing = (), None, False
        _next_step(w)
    elif isinstance(action, ChooseSeat):
        w.note("opponent", ctx.owner, value=action.seat, card=ctx.card, auto=auto)
        ctx.target = action.seat
        _next_step(w)
    elif isinstance(action, ChooseColour):
        w.note("colour", ctx.owner, value=action.colour, card=ctx.card, auto=auto)
        ctx.colour = COLOURS.index(action.colour)
        _next_step(w)
    elif isinstance(action, Stop):
        w.note("stop", ctx.owner, card=ctx.card)
        _next_step(w)
    else:
        _take(w, s, action, auto)


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
    w.note(
        "move",
        chooser,
        cards=(card,),
        source=source,
        source_seat=pick.seat,
        to=s.to,
        to_seat=ctx.owner if s.to in ("line", "hand") else None,
        card=ctx.card,
        private_to=_private(w, pick.zone, s.to),
        auto=auto,
        value=None if pick.zone == "hand" else pick.index,
    )
    _put(w, (card,), s.to)
    ctx.revealed = revealed
    ctx.revealed_to = ctx.revealed_to if revealed else None
    ctx.picked += 1
