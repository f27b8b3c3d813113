"""Hidden information: a seat's view, and full states sampled consistently with a view.

A view shows the seat its own hand, every line, the discard pile, Summon Waiting and the
counts of everything else; every card it may not know is ``UNSEEN`` (-1). Cards looked at by
an ability stay visible to the seat that looked while the choice lasts, and what the seat
learnt of other hidden cards stays visible (``knowledge``: cards it saw join a hand, a hand
it looked at, cards it saw put under the Yama). Another seat's Strike check is not shown.

>>> from engine.yokai_carnival import new_game
>>> v = view(new_game(5), 1)
>>> v.seed, v.hands[0], len(v.yama), set(v.yama), v.hands[1] == new_game(5).hands[1]
(None, (-1, -1, -1), 58, {-1}, True)
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, islice

from engine.core import check_seed, rng_for, shuffle
from engine.core.seats import own_view

from .cards import COPIES, GENERALS, YOKAI_TYPES
from .knowledge import aligned, seen_by
from .rules import current_player, options_of, reopen
from .state import UNSEEN, Event, State, remake

STRIKE_CHECKS = ("strike_1", "strike_2")

INCONSISTENT = "This view is inconsistent: its card counts do not add up"


def _hide(cards: tuple) -> tuple:
    return (UNSEEN,) * len(cards)


def _event(e: Event, seat: int) -> Event:
    """A recorded event as ``seat`` may know it."""
    if e.private_to is None or e.private_to == seat or not e.cards:
        return e
    return e._replace(cards=_hide(e.cards))


def _events(events: tuple, seat: int) -> tuple:
    """A turn's events as ``seat`` may know them: hidden cards hidden, and another seat's No
    Strike left out (a player who may Strike decides in private: the others only see what is
    played, so their log reads the same whether a Strike was possible or not)."""
    return tuple(_event(e, seat) for e in events if e.kind != "no_strike" or e.seat == seat)


def _partly(hand: tuple, known: tuple) -> tuple:
    """Another seat's hand with the cards this seat knows in it, the others hidden."""
    return known + (UNSEEN,) * (len(hand) - len(known))


def _own_row(known: tuple, seat: int) -> tuple:
    """``known_hands`` as ``seat`` may see it: only what it knows itself."""
    if not known:
        return ()
    cols = [
        tuple(c if v == seat else () for v, c in enumerate(col)) if col and col[seat] else () for col in known
    ]
    return tuple(cols) if any(cols) else ()


def _yama(state: State, seat: int) -> tuple[tuple, tuple]:
    """The Yama as ``seat`` sees it (the cards it saw put at the bottom, the rest hidden), and
    the record of those cards as it may see it."""
    yama = state.yama
    record = aligned(state.yama_known, len(yama))
    bit = 1 << seat
    mine = tuple(m & bit for m in record)
    if not any(mine):
        return _hide(yama), ()
    top = len(yama) - len(mine)
    return (UNSEEN,) * top + tuple(c if m else UNSEEN for c, m in zip(yama[top:], mine, strict=True)), mine


def _strike_hidden(state: State, seat: int) -> tuple[str, tuple | None]:
    """The phase and decision ``seat`` sees: another seat's Strike check is shown as what the
    others would see anyway (check 1: the Yokai Summon that follows it; check 2: a private
    choice), so a view never tells whether that hand is of one colour."""
    ask = state.ask
    if ask is None or ask[1] == seat or ask[0] not in STRIKE_CHECKS:
        return state.phase, ask
    if ask[0] == "strike_1":
        return "summon", ("summon", ask[1], None)
    return "strike_2", ("private", ask[1], None)


def view(state: State, seat: int) -> State:
    """What ``seat`` may know: no seed, no deck order, no hand but its own (sizes stay)."""
    if own_view(state, seat):
        return state
    ctx = state.ctx
    looked = ctx.target if ctx is not None and ctx.looked and ctx.owner == seat else None
    known = state.known_hands
    hands = tuple(
        h if s in (seat, looked) else _partly(h, seen_by(known, seat, s)) for s, h in enumerate(state.hands)
    )
    yama, yama_known = _yama(state, seat)
    if ctx is not None and ctx.revealed_to is not None and ctx.revealed_to != seat:
        ctx = remake(ctx, revealed=_hide(ctx.revealed))
    deciding = state.ask is not None and state.ask[1] == seat
    phase, ask = _strike_hidden(state, seat)
    return remake(
        state,
        seed=None,
        setup=None,
        replayable=False,
        yama=yama,
        generals=_hide(state.generals),
        hands=hands,
        known_hands=_own_row(known, seat),
        yama_known=yama_known,
        ctx=ctx,
        phase=phase,
        ask=ask,
        options=state.options if deciding else (),
        events=_events(state.events, seat),
        previous=_events(state.previous, seat),
        log=(),
        viewer=seat,
    )


def determinize(v: State, seed: int) -> State:
    """A full state consistent with view ``v``: the unseen Yokai cards dealt at random (from
    ``seed``) to the hidden hands, the hidden revealed cards and the Yama, and the unseen
    Generals to the General Yama. A full state is first viewed by the seat deciding."""
    check_seed(seed)
    if v.viewer is None:
        v = view(v, current_player(v) if current_player(v) is not None else v.to_move)
    # every card in sight (UNSEEN counted too, and never asked for)
    known = Counter(chain(*v.hands, *v.lines, v.discard, v.waiting, v.yama, v.ctx.revealed if v.ctx else ()))
    rng = rng_for(seed, "determinize")
    pool = [n for n in range(YOKAI_TYPES) for _ in range(COPIES - known[n])]
    shuffle(rng, pool)
    gpool = [g for g in range(YOKAI_TYPES, YOKAI_TYPES + GENERALS) if not known[g]]
    shuffle(rng, gpool)
    it = iter(pool)

    def fill(cards: tuple) -> tuple:
        if cards.count(UNSEEN) == len(cards):  # a hidden zone: the next cards of the pool
            out = tuple(islice(it, len(cards)))
            if len(out) < len(cards):
                raise ValueError(INCONSISTENT)
            return out
        return tuple(next(it) if c == UNSEEN else c for c in cards)

    hands = tuple(h if UNSEEN not in h else tuple(sorted(fill(h))) for h in v.hands)
    ctx = v.ctx
    if ctx is not None and UNSEEN in ctx.revealed:
        ctx = remake(ctx, revealed=fill(ctx.revealed))
    yama = fill(v.yama)
    if len(gpool) < len(v.generals) or next(it, None) is not None:
        raise ValueError(INCONSISTENT)
    full = remake(
        v,
        seed=seed,
        yama=yama,
        generals=tuple(gpool[: len(v.generals)]),
        hands=hands,
        ctx=ctx,
        viewer=None,
    )
    if v.phase in ("summon", "strike_1", "strike_2") and v.ctx is None:
        # the mover's Strike check as the sampled hand allows it (another seat's view does not
        # show whether that hand may Strike): check 1 or the Yokai Summon; at check 2, Strike
        # or No Strike, or No Strike alone (``rules.reopen``)
        return reopen(full, any(e.kind == "no_strike" for e in v.events))
    return remake(full, options=options_of(full))
