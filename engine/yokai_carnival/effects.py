"""The effect primitives abilities are made of, resolved one step at a time.

``pending(w)`` runs the ability in ``w.ctx`` until a decision is needed (it returns the
options and sets ``w.ask``) or the ability is over (it returns None). ``answer(w, action)``
applies the chosen option. Primitives (``cards.Step.do``): ``choose_opponent``,
``choose_colour``, ``look_yama``, ``reveal_until_colour``, ``look_hand`` and ``move``
(from the Yama, the discard pile, your hand, the revealed cards, an opponent's line or hand,
to your line, your hand, the discard pile or the bottom of the Yama).
"""

from __future__ import annotations

from .actions import STOP, ChooseColour, ChooseSeat, Order, Pick, Stop
from .cards import YOKAI_TYPES
from .cards import Step as EffectStep
from .work import Work, distinct_orders

STRIKE = -1
STRIKE_STEPS = (EffectStep("move", count=0, source="hand", to="line", pick="all"),)


def steps_of(w: Work) -> tuple:
    card = w.ctx.card
    return STRIKE_STEPS if card == STRIKE else w.deck.effects[card]


def _next_step(w: Work) -> None:
    w.set_ctx(step=w.ctx.step + 1, picked=0)


def _stop_ability(w: Work, why: str) -> None:
    ctx = w.ctx
    w.note("nothing", ctx.owner, value=why, card=ctx.card)
    w.set_ctx(step=len(steps_of(w)), picked=0)


def finish(w: Work) -> None:
    """End the ability: cards still revealed go to the bottom of the Yama, in order."""
    ctx = w.ctx
    if ctx.revealed:
        w.yama.extend(ctx.revealed)
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


def _put(w: Work, cards, to: str) -> None:
    owner = w.ctx.owner
    if to == "line":
        w.lines[owner].extend(cards)
    elif to == "hand":
        w.add_to_hand(owner, cards)
    elif to == "discard":
        w.discard.extend(cards)
    else:
        w.yama.extend(cards)


def _deliver_all(w: Work, s: EffectStep, cards: list, source: str, source_seat: int | None) -> None:
    """Cards moved all at once; several going to a line wait for their owner's order."""
    ctx = w.ctx
    if not cards:
        w.note("nothing", ctx.owner, value=f"no card to take from {source.replace('_', ' ')}", card=ctx.card)
        _next_step(w)
        return
    w.note(
        "move",
        ctx.owner,
        cards=tuple(cards),
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
            w.yama.extend(keep)
        w.set_ctx(revealed=tuple(cards), revealed_to=None, placing=True)
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
    return [ChooseSeat(o) for o in sorted(cands)]


def _choose_colour(w: Work, s: EffectStep):
    from .cards import COLOURS

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
        names = list(COLOURS)
    w.ask = ("colour", ctx.owner, ctx.card)
    return [ChooseColour(c) for c in names]


def _look_yama(w: Work, s: EffectStep):
    ctx = w.ctx
    cards = tuple(w.yama[: s.count])
    del w.yama[: s.count]
    w.note("look", ctx.owner, cards=cards, source="yama", card=ctx.card, private_to=ctx.owner)
    w.set_ctx(revealed=ctx.revealed + cards, revealed_to=ctx.owner, step=ctx.step + 1, picked=0)
    return None


def _reveal_until_colour(w: Work, s: EffectStep):
    ctx = w.ctx
    colour = w.deck.colour_of
    cards = []
    while w.yama:
        c = w.yama.pop(0)
        cards.append(c)
        if colour[c] == ctx.colour:
            break
    w.note("reveal", ctx.owner, cards=tuple(cards), source="yama", card=ctx.card, value=ctx.colour)
    w.set_ctx(revealed=ctx.revealed + tuple(cards), revealed_to=None, step=ctx.step + 1, picked=0)
    return None


def _look_hand(w: Work, s: EffectStep):
    ctx = w.ctx
    w.note(
        "look",
        ctx.owner,
        cards=tuple(w.hands[ctx.target]),
        source="hand",
        source_seat=ctx.target,
        card=ctx.card,
        private_to=ctx.owner,
    )
    w.set_ctx(looked=True, step=ctx.step + 1, picked=0)
    return None


def _candidates(w: Work, s: EffectStep) -> tuple[list[Pick], int]:
    """The cards a one-by-one move may take now, and the seat that chooses."""
    ctx = w.ctx
    src = s.source
    if src == "discard":
        return [Pick("discard", None, i) for i, c in enumerate(w.discard) if c < YOKAI_TYPES], ctx.owner
    if src == "hand":
        return [Pick("hand", ctx.owner, i) for i in range(len(w.hands[ctx.owner]))], ctx.owner
    if src == "revealed":
        return [Pick("revealed", None, i) for i in range(len(ctx.revealed))], ctx.owner
    if src == "target_line":
        return [Pick("line", ctx.target, i) for i in w.unprotected(ctx.target)], ctx.owner
    if src == "opponent_lines":
        return [
            Pick("line", o, i) for o in sorted(w.opponents(ctx.owner)) for i in w.unprotected(o)
        ], ctx.owner
    chooser = ctx.target if s.chooser == "target" else ctx.owner
    return [Pick("hand", ctx.target, i) for i in range(len(w.hands[ctx.target]))], chooser


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
        del w.yama[: s.count]
        _deliver_all(w, s, cards, "yama", None)
    elif src == "hand":
        cards = w.hands[ctx.owner]
        w.hands[ctx.owner] = []
        _deliver_all(w, s, cards, "hand", ctx.owner)
    elif src == "revealed":
        if pick == "match":
            colour = w.deck.colour_of
            cards = [c for c in ctx.revealed if c < YOKAI_TYPES and colour[c] == ctx.colour]
            rest = tuple(c for c in ctx.revealed if not (c < YOKAI_TYPES and colour[c] == ctx.colour))
        else:
            cards, rest = list(ctx.revealed), ()
        was = ctx.revealed_to
        _deliver_all(w, s, cards, "revealed", None)
        if not w.ctx.placing:
            w.set_ctx(revealed=rest, revealed_to=was if rest else None)
    elif src in ("target_line", "each_opponent_line"):
        seats = [ctx.target] if src == "target_line" else w.opponents(ctx.owner)
        taken_all = []
        for seat in seats:
            line = w.lines[seat]
            free = w.unprotected(seat)
            if pick == "rightmost":
                idx = list(free)[-s.count :] if s.count else list(free)
            else:  # colour
                colour = w.deck.colour_of
                idx = [i for i in free if line[i] < YOKAI_TYPES and colour[line[i]] == ctx.colour]
            taken = [line[i] for i in reversed(idx)]
            for i in reversed(idx):
                del line[i]
            if taken:
                w.note(
                    "move",
                    ctx.owner,
                    cards=tuple(taken),
                    source="line",
                    source_seat=seat,
                    to=s.to,
                    to_seat=ctx.owner if s.to == "line" else None,
                    card=ctx.card,
                )
            taken_all.extend(taken)
        if not taken_all:
            w.note("nothing", ctx.owner, value="no unprotected card to take", card=ctx.card)
            _next_step(w)
        elif s.to == "line" and len(taken_all) >= 2:
            w.set_ctx(revealed=tuple(taken_all), revealed_to=None, placing=True)
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
    while True:
        steps = steps_of(w)
        if w.ctx.step >= len(steps):
            return None
        opts = PENDING[steps[w.ctx.step].do](w, steps[w.ctx.step])
        if opts is not None:
            return opts


def answer(w: Work, action, auto: bool) -> None:
    """Apply a chosen option (known to be legal) of the ability's current decision."""
    ctx = w.ctx
    s = steps_of(w)[ctx.step]
    if isinstance(action, Order):
        cards = tuple(ctx.revealed[i] for i in action.indices)
        w.lines[ctx.owner].extend(cards)
        w.note("order", ctx.owner, cards=cards, to="line", to_seat=ctx.owner, card=ctx.card, auto=auto)
        w.set_ctx(revealed=(), revealed_to=None, placing=False, step=ctx.step + 1, picked=0)
    elif isinstance(action, ChooseSeat):
        w.note("opponent", ctx.owner, value=action.seat, card=ctx.card, auto=auto)
        w.set_ctx(target=action.seat, step=ctx.step + 1, picked=0)
    elif isinstance(action, ChooseColour):
        from .cards import COLOURS

        w.note("colour", ctx.owner, value=action.colour, card=ctx.card, auto=auto)
        w.set_ctx(colour=COLOURS.index(action.colour), step=ctx.step + 1, picked=0)
    elif isinstance(action, Stop):
        w.note("stop", ctx.owner, card=ctx.card)
        _next_step(w)
    else:
        _take(w, s, action, auto)


def _take(w: Work, s: EffectStep, pick: Pick, auto: bool) -> None:
    ctx = w.ctx
    revealed = ctx.revealed
    if pick.zone == "discard":
        card = w.discard.pop(pick.index)
    elif pick.zone == "revealed":
        card = revealed[pick.index]
        revealed = revealed[: pick.index] + revealed[pick.index + 1 :]
    elif pick.zone == "line":
        card = w.lines[pick.seat].pop(pick.index)
    else:
        card = w.hands[pick.seat].pop(pick.index)
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
    w.set_ctx(revealed=revealed, revealed_to=ctx.revealed_to if revealed else None, picked=ctx.picked + 1)
