"""The turn flow: draw to 3, Strike check 1, Yokai Summon (and its ability), Strike check 2,
Strike, the General Summon check, refilling Summon Waiting, end of turn and the end of the game.

>>> from engine.yokai_carnival.actions import Summon
>>> s = new_game(7)
>>> current_player(s), decision(s).kind, len(hand(s, 0)), yama_size(s)
(0, 'summon', 3, 58)
>>> s = apply(s, Summon(0, False))
>>> len(lines(s)[0]), current_player(s)
(1, 1)
"""

from __future__ import annotations

import json
from _random import Random as MersenneTwister
from collections import Counter
from dataclasses import dataclass
from hashlib import sha256

from engine.core import IllegalAction, check_seed, rng_for, shuffle
from engine.core.quote import quote_thing

from . import effects
from .actions import ACTION_TYPES, NO_STRIKE, STRIKE, SUMMON_CHOICES, Pick, Strike, Summon, general_of
from .cards import COPIES, DEFAULT, DEFAULT_DECK, GENERALS, YOKAI_TYPES, Card, Deck, parse_deck
from .effects import OVER
from .fast import ASKS, END_EVENTS, NEXT_SEAT, plain_summon
from .info import INFO
from .knowledge import everyone, forget, learn_drawn, to_bottom
from .state import UNSEEN, State, event, made, made_state
from .work import (
    DRAWS,
    MEMO_LIMIT,
    SORTED,
    SUMMONED,
    WITHOUT,
    Ability,
    Work,
    can_strike,
    general_due,
    grow_line_by,
    protected_count,
    sorted_hand,
    unconfirmed_mask,
    unconfirmed_start,
    with_seat,
    without,
)

HAND = 3
GENERAL_YAMA = {2: 4, 3: 5, 4: 6, 5: 8}
"""General Yama size by player count (the rest stay in the box)."""
WAITING = 2
SETUP_KEYS = ("yama", "generals", "deck", "position")
STRIKE_OPTIONS = (STRIKE, NO_STRIKE)
_END = END_EVENTS
END_1 = tuple((e,) for e in END_EVENTS)
"""``END_1[seat]``: the one-event tuple of the end of that seat's turn."""
_new = object.__new__
SUMMONED_1 = tuple(tuple((by_ability[True],) for by_ability in by_card) for by_card in SUMMONED)
"""``SUMMONED_1[seat][card]``: ``(SUMMONED[seat][card][True],)``, the event of a Summon with the
ability, as a one-event tuple."""
SUMMON_ABILITY = tuple(
    tuple(Ability(card, seat, "strike_2").__dict__ for card in range(16)) for seat in range(10)
)
"""``SUMMON_ABILITY[seat][card]``: the fields of a new Ability of that card, used at that
seat's Yokai Summon (copied: a dict of its own, see ``state.made``)."""
GENERAL_ABILITY = tuple(
    tuple(Ability(card, seat, "refill").__dict__ for card in range(16)) for seat in range(10)
)
"""``GENERAL_ABILITY[seat][card]``: likewise, at that seat's General Summon."""
NO_STRIKE_1 = tuple((event("no_strike", seat, value="strike_1"),) for seat in range(10))
"""``NO_STRIKE_1[seat]``: the one-event tuple of that seat's No Strike at Strike check 1."""
GENERAL_SUMMONED = tuple(
    tuple(
        tuple(
            (event("general", seat, cards=(g,), source="summon_waiting", to="line", to_seat=seat, auto=auto),)
            for auto in (False, True)
        )
        for g in range(16)
    )
    for seat in range(10)
)
"""``GENERAL_SUMMONED[seat][g][auto]``: the one-event tuple of that seat's General Summon of ``g``
(a General Summon ends most turns with an ability: its events come from tables)."""
REFILLED = tuple(
    (event("refill", None, cards=(g,), source="general_yama", to="summon_waiting"),) for g in range(16)
)
"""``REFILLED[g]``: the one-event tuple of General ``g`` refilling Summon Waiting."""
NO_REFILL = (event("refill", None, value="the General Yama is empty"),)


# ---- the turn flow -----------------------------------------------------------------------


def _start(w: Work):
    seat = w.to_move
    hand = w.hands[seat]
    want = HAND - len(hand)
    if want > 0:
        yama = w.yama
        drawn = yama[:want]
        if drawn:
            w.yama = yama[want:]
            w.set_hand(seat, sorted_hand(hand, drawn))
            if len(drawn) + len(w.yama_known) > len(yama):  # (reaching cards seen put under it)
                w.known_hands, w.yama_known = learn_drawn(
                    w.known_hands, w.yama_known, len(yama), drawn, w.players, seat
                )
    else:
        want, drawn = 0, ()
    w.events += (
        event("draw", seat, cards=drawn, source="yama", to="hand", to_seat=seat, value=want, private_to=seat),
    )
    w.phase = "strike_1"
    return None


def _strike_check(w: Work):
    seat = w.to_move
    if can_strike(w.hands[seat], w.deck):
        w.ask = (w.phase, seat, None)
        return STRIKE_OPTIONS
    w.phase = "summon" if w.phase == "strike_1" else "general"
    return None


def _summon(w: Work):
    seat = w.to_move
    hand = w.hands[seat]
    if not hand:
        w.events += (event("nothing", seat, value="no card in hand to summon"),)
        w.phase = "general"
        return None
    w.ask = ("summon", seat, None)
    return SUMMON_CHOICES[hand]


def _effect(w: Work):
    """Resolve the ability in ``w.ctx`` (its compiled program, ``effects``) until it needs a
    decision (its options). Once it is over, the cards still revealed go to the bottom of the
    Yama, in order, and the phase the ability was used in goes on at once."""
    ctx = w.ctx
    program = w.deck.programs[ctx.card]
    while True:  # (the program's last function returns ``effects.OVER``)
        opts = program[ctx.step](w, ctx)
        if opts is not None:
            break
    if opts is not OVER:
        return opts
    revealed = ctx.revealed
    if revealed:
        seen_by = everyone(w.players) if ctx.revealed_to is None else 1 << ctx.revealed_to
        w.yama_known = to_bottom(w.yama_known, len(w.yama), len(revealed), seen_by)
        w.yama += revealed
        w.events += (
            event(
                "move",
                ctx.owner,
                cards=revealed,
                source="revealed",
                to="yama_bottom",
                card=ctx.card,
                private_to=ctx.revealed_to,
            ),
        )
    w.ctx = None
    after = ctx.after
    w.phase = after
    if after != "strike_2":
        return PHASES[after](w)
    return _after_summon(w)


def _general(w: Work):
    seat = w.to_move
    w.phase = "end"
    if not general_due(w.lines[seat], w.deck):
        return None
    if not w.waiting:
        w.events += (event("nothing", seat, value="no General is waiting"),)
        return None
    w.phase = "general_choice"
    w.ask = ("general", seat, None)
    return [general_of(i) for i in range(len(w.waiting))]


def _refill(w: Work):
    if w.generals:
        g = w.generals[0]
        w.generals = w.generals[1:]
        w.waiting += (g,)
        w.events += REFILLED[g]
    else:
        w.events += NO_REFILL
    w.phase = "end"
    return _end(w)


def _end(w: Work):
    seat = w.to_move
    no_waiting, no_yama = not w.waiting, not w.yama
    if no_waiting or no_yama:
        w.end = (
            "YAMA_AND_SUMMON_WAITING_EMPTY"
            if no_waiting and no_yama
            else "SUMMON_WAITING_EMPTY"
            if no_waiting
            else "YAMA_EMPTY"
        )
        w.events += (event("end", seat, value=w.end),)
        w.phase = "over"
        return None
    return _next_turn(w, seat)


def _next_turn(w: Work, seat: int):
    """The end of ``seat``'s turn when the game goes on, and the next turn up to its first
    decision, in one go (the phases "end", "start", Strike check 1 and "summon" fused: most
    moves end a turn, so this is the rules' hottest path)."""
    w.previous = w.events + END_1[seat]
    seat = NEXT_SEAT[w.players][seat]
    w.to_move = seat
    w.turn += 1
    hands = w.hands
    hand = hands[seat]
    want = HAND - len(hand)
    if want > 0:  # (the Yama is not empty: the game would be over)
        yama = w.yama
        drawn = yama[:want]
        w.yama = yama[want:]
        hand = SORTED[hand + drawn]
        hands = [*hands]
        hands[seat] = hand
        w.hands = tuple(hands)
        w.events = DRAWS[seat][want][drawn]
        if len(drawn) + len(w.yama_known) > len(yama):  # (reaching cards seen put under it)
            w.known_hands, w.yama_known = learn_drawn(
                w.known_hands, w.yama_known, len(yama), drawn, w.players, seat
            )
    else:
        w.events = DRAWS[seat][0][()]
    if hand in w.deck.strike_hands:
        w.phase = "strike_1"
        w.ask = ASKS[seat][0]
        return STRIKE_OPTIONS
    w.phase = "summon"
    if not hand:
        return None
    w.ask = ASKS[seat][1]
    return SUMMON_CHOICES[hand]


def _after_summon(w: Work):
    """Strike check 2, then (in the common case: no Strike, no General Summon, the game goes
    on) the end of the turn and the next turn up to its Yokai Summon, in one go; anything else
    goes back to the phase functions."""
    seat = w.to_move
    deck = w.deck
    if w.hands[seat] in deck.strike_hands:
        return _strike_check(w)
    line = w.lines[seat]
    m = deck.line_masks.get(line)  # (``unconfirmed_mask``, its memo read here)
    if m is None:
        m = unconfirmed_mask(line, deck)
    if m == 15:  # a General Summon is due
        w.phase = "general"
        return None
    yama = w.yama
    if not w.waiting or not yama:
        w.phase = "end"
        return None
    return _next_turn(w, seat)


PHASES = {
    "start": _start,
    "strike_1": _strike_check,
    "summon": _summon,
    "effect": _effect,
    "strike_2": _after_summon,
    "general": _general,
    "refill": _refill,
    "end": _end,
}


def _resolve(w: Work, action, auto: bool) -> None:
    phase, seat = w.phase, w.to_move
    if phase == "general_choice":  # (first: the most common phase here)
        i = action.index
        waiting = w.waiting
        g = waiting[i]
        w.waiting = without(waiting, i)
        grow_line_by(w, seat, g)
        w.summons += 1
        w.events += GENERAL_SUMMONED[seat][g][auto]
        a = _new(Ability)  # (``Ability(g, seat, "refill")``, from a table)
        a.__dict__ = GENERAL_ABILITY[seat][g].copy()
        w.ctx = a
        w.phase = "effect"
    elif phase == "effect":
        effects.answer(w, action, auto)
    elif phase == "summon":
        hands, lines = w.hands, w.lines
        hand = hands[seat]
        i = action.index
        card = hand[i]
        w.hands = with_seat(hands, seat, without(hand, i))
        w.lines = with_seat(lines, seat, lines[seat] + (card,))
        if w.known_hands:
            w.known_hands = forget(w.known_hands, seat, (card,))
        ability = action.ability
        w.events += (
            event(
                "summon",
                seat,
                cards=(card,),
                source="hand",
                to="line",
                to_seat=seat,
                value=ability,
                auto=auto,
            ),
        )
        if ability and w.deck.effects[card]:
            w.ctx = Ability(card, seat, "strike_2")
            w.phase = "effect"
        else:
            w.phase = "strike_2"
    elif phase in ("strike_1", "strike_2"):
        if isinstance(action, Strike):
            w.strikes += 1
            w.events += (event("strike", seat, cards=w.hands[seat], value=phase, auto=auto),)
            w.new_ctx(effects.STRIKE, seat, "general")
            w.phase = "effect"
        else:
            w.events += (event("no_strike", seat, value=phase, auto=auto),)
            w.phase = "summon" if phase == "strike_1" else "general"


def advance(w: Work) -> None:
    """Play the rules forward until a seat has a decision with 2 or more options, or the end;
    a decision with one option is taken here and logged as automatic."""
    phases = PHASES
    while w.phase != "over":
        opts = phases[w.phase](w)
        if opts is None:
            continue
        if len(opts) == 1:
            _resolve(w, opts[0], True)
            continue
        w.options = tuple(opts)
        return
    w.ask, w.options = None, ()


def options_of(state: State) -> tuple:
    """Recompute the current decision's options (for a determinized view)."""
    if state.phase == "over":
        return ()
    w = Work(state)
    phase = w.phase
    if phase == "general_choice":
        w.phase = "general"
    # one phase only: Strike check 2 without the rest of the turn that the rules fuse onto it
    opts = _strike_check(w) if phase == "strike_2" else PHASES[w.phase](w)
    return tuple(opts or ())


def reopen(state: State, declined: bool) -> State:
    """``state`` (a sampled world at a Yokai Summon or a Strike check, its ``options`` not yet
    set) with the decision its mover's hand gives: Strike check 1 when the hand may Strike and
    no Strike was declined this turn, else the Yokai Summon. At Strike check 2 (which the other
    seats see as a private choice) the mover still decides, so that the world looks the same to
    them: Strike or No Strike, or No Strike alone when the sampled hand may not Strike."""
    w = Work(state)
    seat = w.to_move
    if w.phase == "strike_2":
        w.ask = ("strike_2", seat, None)
        w.options = STRIKE_OPTIONS if w.hands[seat] in w.deck.strike_hands else (NO_STRIKE,)
        return w.freeze()
    if not declined and w.hands[seat] in w.deck.strike_hands:
        w.phase, w.ask, w.options = "strike_1", ASKS[seat][0], STRIKE_OPTIONS
    else:
        w.phase = "summon"
        advance(w)
    return w.freeze()


# ---- the protocol ------------------------------------------------------------------------


def current_player(state: State) -> int | None:
    """The seat that decides now (an opponent, inside some abilities); None once over."""
    return None if state.ask is None else state.ask[1]


def is_over(state: State) -> bool:
    """True once the game has ended."""
    return state.phase == "over"


def legal_actions(state: State) -> list:
    """Every action the deciding seat may take now, in a stable order."""
    if state.viewer is not None and state.ask is not None and state.viewer != state.ask[1]:
        raise ValueError("This view belongs to a seat that is not deciding; its options are hidden")
    return [*state.options]


def apply(state: State, action) -> State:
    """A new state after ``action`` (``state`` is unchanged); ``IllegalAction`` for anything
    that is not legal now."""
    if state.viewer is not None:
        raise ValueError("A view cannot be played on; determinize it first")
    options = state.options
    if type(action) is Summon:
        # legal: a Yokai Summon is being decided and ``i`` is the first copy of its card in the
        # (sorted) hand, as the options list it (equal cards are one choice)
        i = action.index
        seat = state.to_move
        hand = state.hands[seat]
        if state.phase != "summon" or i >= len(hand) or (i and hand[i - 1] == hand[i]):
            action = _legal(state, action)
        card = hand[i]
        deck = state.deck
        if action.ability and deck.effects[card]:
            return _summon_with_ability(state, action, seat, card)
        new = plain_summon(state, action, seat, hand, card)  # the most common move, in one go
        if new is not None:
            return new
    elif action is NO_STRIKE and options is STRIKE_OPTIONS and state.phase == "strike_1":
        return _no_strike(state, action)
    else:
        for option in options:
            if option is action:  # the rules' own option object: legal, nothing to check
                break
        else:
            action = _legal(state, action)
    w = _new(Work)  # (``Work(state)``, written out: the copy of a state's own dict is one too;
    w.__dict__ = state.__dict__.copy()  # ``ask`` and ``options`` are set again, whatever comes)
    if state.replayable:
        w.log = (state.log, action)
    ctx = state.ctx
    if ctx is not None:
        a = _new(Ability)
        a.__dict__ = ctx.__dict__.copy()
        w.ctx = a
        if state.phase == "effect":  # an answer inside an ability: the ability goes on at once
            if type(action) is Pick:  # (``effects.answer``'s first case, written out)
                state.deck.programs[a.card][a.step].take(w, a, action, False)
            else:
                effects.answer(w, action, False)
            return _settled(w, _effect(w))
    _resolve(w, action, False)
    if w.phase == "effect":  # a Strike or a General Summon: its ability starts at once
        return _settled(w, _effect(w))
    advance(w)
    return made_state(w.__dict__)


def _no_strike(state: State, action) -> State:
    """No Strike at Strike check 1 (legal: the options are the Strike check's): the Yokai
    Summon follows, from a hand of 3 (a Strike was possible), as ``_resolve`` and ``advance``
    would play it."""
    fields = state.__dict__.copy()
    seat = state.to_move
    if state.replayable:
        fields["log"] = (state.log, action)
    fields["events"] = state.events + NO_STRIKE_1[seat]
    fields["phase"] = "summon"
    fields["ask"] = ASKS[seat][1]
    fields["options"] = SUMMON_CHOICES[state.hands[seat]]
    return made(State, fields)


def _settled(w: Work, opts) -> State:
    """The new state, given the options a phase function returned: ``advance`` from there."""
    if opts is None or len(opts) == 1:
        if opts is not None:
            _resolve(w, opts[0], True)
        advance(w)
    else:
        w.options = tuple(opts)
    return made_state(w.__dict__)


def _summon_with_ability(state: State, action: Summon, seat: int, card: int) -> State:
    """A legal Summon of ``card`` with its ability: ``_resolve`` and ``advance``'s first turn
    written out for this, the most common move with an ability (a third of all moves)."""
    w = _new(Work)  # (``Work(state)``, written out: there is no ability yet)
    w.__dict__ = state.__dict__.copy()
    hands = [*state.hands]
    hands[seat] = WITHOUT[hands[seat]][action.index]
    w.hands = tuple(hands)
    known = state.known_hands
    if known and known[seat]:  # the summoned card leaves the hand in sight of all
        w.known_hands = forget(known, seat, (card,))
    lines = [*state.lines]
    old = lines[seat]
    lines[seat] = line = old + (card,)
    w.lines = tuple(lines)
    deck = state.deck  # the new line's unconfirmed colours, for Strike check 2 (``extended_mask``)
    masks = deck.line_masks
    m = masks.get(old)
    if m is None:
        m = unconfirmed_mask(old, deck)
    if len(masks) >= MEMO_LIMIT:
        masks.clear()
    b = deck.colour_bits[card]
    masks[line] = 0 if b >= 16 else m | b
    w.events = state.events + SUMMONED_1[seat][card]
    a = _new(Ability)
    a.__dict__ = SUMMON_ABILITY[seat][card].copy()
    w.ctx = a
    w.phase = "effect"  # (``ask`` and ``options`` are set again below, whatever comes next)
    if state.replayable:
        w.log = (state.log, action)
    return _settled(w, _effect(w))


def _legal(state: State, action):
    """The option equal to ``action``, or ``IllegalAction`` saying why there is none."""
    if state.phase == "over":
        raise IllegalAction("The game is over: no more moves")
    try:
        ok = action in state.options
    except TypeError:
        ok = False
    if not ok or type(action) not in {type(o) for o in state.options}:
        raise IllegalAction(_why_illegal(state, action))
    return action


def _why_illegal(state: State, action) -> str:
    kind = state.ask[0]
    who = INFO.seat_name(state.ask[1])
    what = action if isinstance(action, ACTION_TYPES) else quote_thing(action)
    return f"{what!s} is not possible now: {who} must {PROMPTS.get(kind, 'decide')} ({len(state.options)} options)"


# ---- set-up ------------------------------------------------------------------------------


def _ids(deck: Deck, values, what: str, generals: bool) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, list | tuple):
        raise ValueError(f"{what} must be a list of card ids")
    out = []
    for v in values:
        try:
            n = deck.number(v) if isinstance(v, str) else -1
        except ValueError:
            n = -1
        if n < 0 or (n >= YOKAI_TYPES) != generals:
            kind = "a General" if generals else "a Yokai card"
            raise ValueError(f"{what}: {v!r} is not {kind} id of this deck")
        out.append(n)
    return out


def _any_ids(deck: Deck, values, what: str) -> list[int]:
    if isinstance(values, str | bytes) or not isinstance(values, list | tuple):
        raise ValueError(f"{what} must be a list of card ids")
    out = []
    for v in values:
        try:
            out.append(deck.number(v))
        except (ValueError, TypeError):
            raise ValueError(f"{what}: {v!r} is not a card id of this deck") from None
    return out


def _per_seat(value, players: int, what: str) -> list:
    if not isinstance(value, list | tuple) or len(value) != players:
        raise ValueError(f"position {what} must be a list of {players} lists (one per seat)")
    return list(value)


def _position(deck: Deck, players: int, pos) -> dict:
    if not isinstance(pos, dict):
        raise ValueError("position must be a JSON object (lines, hands, discard, summon_waiting, to_move)")
    unknown = sorted(set(pos) - {"lines", "hands", "discard", "summon_waiting", "to_move"})
    if unknown:
        raise ValueError(
            f"position has no field {unknown[0]!r} (it has: lines, hands, discard, summon_waiting, to_move)"
        )
    out: dict = {}
    if "lines" in pos:
        out["lines"] = [
            _any_ids(deck, v, f"position lines[{i}]")
            for i, v in enumerate(_per_seat(pos["lines"], players, "lines"))
        ]
    if "hands" in pos:
        hands = [
            _ids(deck, v, f"position hands[{i}]", False)
            for i, v in enumerate(_per_seat(pos["hands"], players, "hands"))
        ]
        for i, h in enumerate(hands):
            if len(h) > HAND:
                raise ValueError(f"position hands[{i}] holds {len(h)} cards; a hand holds at most {HAND}")
        out["hands"] = hands
    if "discard" in pos:
        out["discard"] = _any_ids(deck, pos["discard"], "position discard")
    if "summon_waiting" in pos:
        sw = _ids(deck, pos["summon_waiting"], "position summon_waiting", True)
        if len(sw) > WAITING:
            raise ValueError(f"position summon_waiting holds at most {WAITING} Generals, not {len(sw)}")
        out["summon_waiting"] = sw
    to_move = pos.get("to_move", 0)
    if not isinstance(to_move, int) or isinstance(to_move, bool) or not 0 <= to_move < players:
        raise ValueError(f"position to_move must be a seat from 0 to {players - 1}, not {to_move!r}")
    out["to_move"] = to_move
    return out


def new_game(seed: int, players: int = 2, **setup) -> State:
    """A new game: Yama shuffled (or ``yama=[ids, top first]``, the rest shuffled below),
    General Yama by player count (``generals=[ids, top first]``; the first two go to Summon
    Waiting), 3 cards dealt to each seat in seat order; seat 0 begins. ``deck=`` plays with an
    edited deck dict; ``position=`` places given cards (see the API notes) and shuffles the rest.

    >>> new_game(1, 2, colour="red")
    Traceback (most recent call last):
    ...
    ValueError: Yokai Carnival has no set-up option 'colour' (it has: yama, generals, deck, position)
    """
    check_seed(seed)
    INFO.check_players(players)
    if not setup:
        return _plain_game(seed, players)
    INFO.check_setup(setup, SETUP_KEYS)
    deck = parse_deck(setup["deck"]) if "deck" in setup else DEFAULT
    pos = _position(deck, players, setup["position"]) if "position" in setup else None
    top = _ids(deck, setup.get("yama", []), "yama", False)
    gtop = _ids(deck, setup.get("generals", []), "generals", True)
    placed = _placed(pos)
    listed = placed + Counter(top) + Counter(gtop)
    _check_copies(deck, listed)
    rest = [n for n in range(YOKAI_TYPES) for _ in range(COPIES - listed[n])]
    shuffle(rng_for(seed, "yama"), rest)
    yama = top + rest
    grest = [g for g in range(YOKAI_TYPES, YOKAI_TYPES + GENERALS) if not listed[g]]
    shuffle(rng_for(seed, "generals"), grest)
    gorder = gtop + grest
    size = GENERAL_YAMA[players]
    hands = [[] for _ in range(players)]
    lines = [[] for _ in range(players)]
    discard: list[int] = []
    to_move = 0
    if pos is None or "summon_waiting" not in pos:
        used_generals = sum(1 for n in placed if n >= YOKAI_TYPES)
        gyama = gorder[: max(0, size - used_generals)]
        waiting, gyama = gyama[:WAITING], gyama[WAITING:]
    else:
        waiting = pos["summon_waiting"]
        used_generals = sum(1 for n in placed if n >= YOKAI_TYPES)
        gyama = gorder[: max(0, size - used_generals)]
    if pos:
        lines = [list(x) for x in pos.get("lines", lines)]
        discard = list(pos.get("discard", []))
        to_move = pos["to_move"]
    if pos and "hands" in pos:
        hands = [sorted(h) for h in pos["hands"]]
    else:
        for seat in range(players):
            hands[seat] = sorted(yama[:HAND])
            del yama[:HAND]
    state = State(
        seed=seed,
        players=players,
        deck=deck,
        setup=json.dumps(_canonical_setup(setup), sort_keys=True, separators=(",", ":"), ensure_ascii=False),
        replayable=True,
        yama=tuple(yama),
        generals=tuple(gyama),
        waiting=tuple(waiting),
        discard=tuple(discard),
        hands=tuple(tuple(h) for h in hands),
        lines=tuple(tuple(x) for x in lines),
        to_move=to_move,
        turn=1,
        phase="start",
        ctx=None,
        ask=None,
        options=(),
        events=(),
        previous=(),
        log=(),
    )
    w = Work(state)
    advance(w)
    return w.freeze()


def _placed(pos: dict | None) -> Counter:
    """The cards a ``position=`` set-up places (in lines, hands, the discard pile and Summon
    Waiting), by card number."""
    placed = Counter()
    if pos:
        for key in ("lines", "hands"):
            for cards in pos.get(key, []):
                placed.update(cards)
        placed.update(pos.get("discard", []))
        placed.update(pos.get("summon_waiting", []))
    return placed


def _check_copies(deck: Deck, listed: Counter) -> None:
    """``ValueError`` when a set-up names more copies of a card than the box holds."""
    for n, k in listed.items():
        limit = COPIES if n < YOKAI_TYPES else 1
        if k > limit:
            what = (
                f"more than {COPIES} copies of {deck.card(n).name}"
                if n < YOKAI_TYPES
                else f"{deck.card(n).name} twice"
            )
            raise ValueError(f"The set-up places {what}")


_YAMA = tuple(n for n in range(YOKAI_TYPES) for _ in range(COPIES))
_GENERALS = tuple(range(YOKAI_TYPES, YOKAI_TYPES + GENERALS))


def _generator(seed: int, key: str) -> MersenneTwister:
    """``rng_for(seed, key)`` for one text key, written out, as the C generator that
    ``random.Random`` extends (the same seed, the same numbers: only ``getrandbits`` is used)."""
    return MersenneTwister(int.from_bytes(sha256(f"{seed}\x1f{key}".encode()).digest()[:8], "big"))


_PLANS = tuple(tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1)) for size in range(65))
"""``_PLANS[len(items)]``: each position of the shuffle, from the last, with the number of
choices there and the bits drawn for one."""


def _shuffle(rng: MersenneTwister, items: list) -> None:
    """``engine.core.shuffle(rng, items)`` (``random.shuffle``'s Fisher-Yates with its
    ``_randbelow`` inlined), for the generator of :func:`_generator` and a list of at most 64."""
    getrandbits = rng.getrandbits
    for i, n, k in _PLANS[len(items)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _plain_game(seed: int, players: int) -> State:
    """``new_game`` without set-up keywords: the same deal as the general path (and the same
    first decision as ``advance`` reaches from "start"), built directly."""
    yama = list(_YAMA)
    _shuffle(_generator(seed, "yama"), yama)
    gorder = list(_GENERALS)
    _shuffle(_generator(seed, "generals"), gorder)
    dealt = HAND * players
    hands = tuple([SORTED[tuple(yama[k : k + HAND])] for k in range(0, dealt, HAND)])
    first = hands[0]
    if first in DEFAULT.strike_hands:
        phase, options = "strike_1", STRIKE_OPTIONS
    else:
        phase, options = "summon", SUMMON_CHOICES[first]
    d = {  # the fields in State's order, in a dict of its own (see ``state.made``)
        "seed": seed,
        "players": players,
        "deck": DEFAULT,
        "setup": "{}",
        "replayable": True,
        "yama": tuple(yama[dealt:]),
        "generals": tuple(gorder[WAITING : GENERAL_YAMA[players]]),
        "waiting": tuple(gorder[:WAITING]),
        "discard": (),
        "hands": hands,
        "lines": ((),) * players,
        "to_move": 0,
        "turn": 1,
        "phase": phase,
        "ctx": None,
        "ask": (phase, 0, None),
        "options": options,
        "events": DRAWS[0][0][()],  # seat 0 holds 3 cards: it draws none
        "previous": (),
        "log": (),
        "end": "",
        "viewer": None,
        "strikes": 0,
        "summons": 0,
        "known_hands": (),
        "yama_known": (),
    }
    return made(State, d)


def _canonical_setup(setup: dict) -> dict:
    out = {}
    for key in SETUP_KEYS:
        if key in setup:
            out[key] = json.loads(json.dumps(setup[key]))
    if "deck" in out and out["deck"] == DEFAULT_DECK:
        del out["deck"]
    return out


# ---- read-outs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LineCard(Card):
    """A card in a line: the card's fields, whether it is protected, whether it is unconfirmed."""

    protected: bool
    unconfirmed: bool


def card_of(state: State, number: int) -> Card | None:
    """The :class:`Card` of a card number, None for a card this view does not show."""
    return None if number == UNSEEN else state.deck.card(number)


def lines(state: State) -> list[list[LineCard]]:
    """Every seat's line, left (oldest) to right, with protection and the unconfirmed part."""
    out = []
    for line in state.lines:
        p, u = protected_count(line, state.deck), unconfirmed_start(line)
        row = []
        for i, n in enumerate(line):
            c = state.deck.card(n)
            row.append(LineCard(c.id, c.name, c.japanese, c.colour, c.text, c.kind, i < p, i >= u))
        out.append(row)
    return out


def check_seat(state: State, seat: object) -> int:
    """``seat`` if it is a seat of this game, else ``ValueError`` naming it."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"This game has seats 0 to {state.players - 1}, not {quote_thing(seat)}")
    return seat


_seat = check_seat


def hand(state: State, seat: int) -> list[Card]:
    """A seat's hand (sorted by card type); ``ValueError`` for a hand this view hides."""
    cards = state.hands[_seat(state, seat)]
    if UNSEEN in cards:
        raise ValueError(f"{INFO.seat_name(seat)}'s hand is hidden in this view ({len(cards)} cards)")
    return [state.deck.card(n) for n in cards]


def hand_size(state: State, seat: int) -> int:
    """How many cards a seat holds (every view shows it)."""
    return len(state.hands[_seat(state, seat)])


def yama_size(state: State) -> int:
    return len(state.yama)


def general_yama_size(state: State) -> int:
    return len(state.generals)


def discard(state: State) -> list[Card]:
    """The discard pile, oldest first."""
    return [state.deck.card(n) for n in state.discard]


def summon_waiting(state: State) -> list[Card]:
    """The face-up Generals of Summon Waiting."""
    return [state.deck.card(n) for n in state.waiting]


def revealed(state: State) -> list[Card | None]:
    """Cards an ability has revealed or looked at, or cards waiting to be placed in order
    (None where this view does not show the card)."""
    return [] if state.ctx is None else [card_of(state, n) for n in state.ctx.revealed]


def ranking(state: State) -> list[int]:
    """Seats best first: most cards in line, then more Generals, then earlier in turn order."""
    return sorted(range(state.players), key=lambda s: _rank_key(state, s))


def _rank_key(state: State, seat: int) -> tuple:
    line = state.lines[seat]
    return (-len(line), -sum(1 for c in line if c >= YOKAI_TYPES), seat)


def viewer(state: State) -> int | None:
    """The seat a view belongs to, None for a full state."""
    return state.viewer


def deck_of(state: State) -> dict:
    """The deck this game is played with (a dict in the deck-file schema)."""
    return json.loads(state.deck.source)


@dataclass(frozen=True)
class Decision:
    """Who decides now, what about (a stable ``kind``), a prompt, and the card that asks."""

    seat: int
    kind: str
    prompt: str
    card: Card | None


PROMPTS = {
    "strike_1": "decide whether to Strike (Strike check 1)",
    "strike_2": "decide whether to Strike (Strike check 2)",
    "summon": "summon a Yokai card from hand",
    "general": "choose a General from Summon Waiting",
    "order": "choose the order of the cards joining the line",
    "opponent": "choose an opponent",
    "colour": "name a colour",
    "card": "choose a card",
    "discard_own": "discard a card from hand",
    "private": "make a choice the other players do not see",
}


def decision(state: State) -> Decision | None:
    """The decision waiting now, None once the game is over.

    >>> decision(new_game(7)).prompt
    'Player 1: summon a Yokai card from hand'
    """
    if state.ask is None:
        return None
    kind, seat, number = state.ask
    card = None if number is None or number < 0 else state.deck.card(number)
    prompt = PROMPTS[kind]
    if card is not None:
        prompt += f" for {card.name}"
    elif number == effects.STRIKE:
        prompt += " for the Strike"
    return Decision(seat, kind, f"{INFO.seat_name(seat)}: {prompt}", card)
