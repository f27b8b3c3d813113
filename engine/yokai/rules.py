"""The rules: a new game, whose turn it is, the legal actions and ``apply``.

A turn is peek, peek, move, hint. ``apply`` takes by itself a step with one option (the
only legal move; a reveal when no hint is revealed yet) and skips a move step with none,
logging it in the turn's events; neither is ever offered as an action.

>>> s = new_game(5)
>>> phase(s), len(legal_actions(s)), legal_actions(s)[-1]
('peek', 17, Declare())
>>> s = apply(apply(s, Peek((0, 0))), Peek((3, 3)))
>>> phase(s), all(type(a) is Move for a in legal_actions(s))
('move', True)
"""

from __future__ import annotations

from bisect import bisect_left, insort
from operator import attrgetter

from engine.core import IllegalAction, Termination, check_seed, rng_for, shuffled
from engine.core.made import made
from engine.core.quote import quote_thing

from .actions import ACTION_TYPES, PEEKS, PLACES, Declare, Move, Peek, Place, Reveal, cell_text
from .cards import (
    CARDS,
    CARDS_PER_FAMILY,
    FAMILIES,
    HINT_CARDS,
    KIND_IDS,
    START_CELLS,
    hint_deck_kinds,
    hint_name,
    kind_of,
    parse_hint,
)
from .fast import moves as fast_moves
from .geometry import move_problem
from .info import INFO, Ending
from .state import State

SETUP_KEYS = ("layout", "hints", "last_hint_only")
_NONE = Termination.NONE
_KIND = tuple(map(kind_of, range(len(HINT_CARDS))))
_REVEAL = Reveal()
_DECLARE = Declare()
_ENDS = attrgetter("src", "dst")


def _layout_ids(layout: object) -> tuple[int, ...]:
    if not isinstance(layout, list | tuple) or len(layout) != CARDS:
        raise ValueError(f"A Yokai layout is a list of 16 families (row by row), not {layout!r}")
    ids = []
    for family in layout:
        if family not in FAMILIES:
            raise ValueError(f"{family!r} is not a Yokai family (they are: {', '.join(FAMILIES)})")
        ids.append(FAMILIES.index(family))
    for f, family in enumerate(FAMILIES):
        if ids.count(f) != CARDS_PER_FAMILY:
            raise ValueError(f"A layout holds 4 cards of each family, not {ids.count(f)} {family}")
    return tuple(ids)


def _hint_ids(hints: object) -> tuple[int, ...]:
    if not isinstance(hints, list | tuple) or not 1 <= len(hints) <= len(HINT_CARDS):
        raise ValueError(f"A hint deck is a list of 1 to 14 hint cards, top first, not {hints!r}")
    ids = tuple(parse_hint(h) for h in hints)
    if len(set(ids)) != len(ids):
        raise ValueError("A hint deck holds each hint card at most once")
    return ids


def _dealt_hints(seed: int, players: int) -> tuple[int, ...]:
    rng = rng_for(seed, "hints")
    chosen = [
        h for ids, n in zip(KIND_IDS, hint_deck_kinds(players), strict=True) for h in rng.sample(ids, n)
    ]
    rng.shuffle(chosen)
    return tuple(chosen)


def new_game(seed: int, players: int = INFO.default_players, **setup) -> State:
    """A new game: the 16 cards shuffled face down in a 4×4 grid, the hint deck dealt by
    player count (2: 2/3/2, 3: 2/4/3, 4: 3/4/3 one-/two-/three-colour hints). ``layout`` (16
    families, row by row), ``hints`` (hint cards top first, each a list of families) and
    ``last_hint_only`` (the level 3 variant) pin a scenario.

    >>> s = new_game(3, 4)
    >>> s.deck_size, s.deck_kinds, s.to_move
    (10, (3, 4, 3), 0)
    """
    check_seed(seed)
    INFO.check_players(players)
    INFO.check_setup(setup, SETUP_KEYS)
    layout, hints = setup.get("layout"), setup.get("hints")
    last_only = setup.get("last_hint_only", False)
    if not isinstance(last_only, bool):
        raise ValueError(f"last_hint_only is True or False, not {last_only!r}")
    families = (
        _layout_ids(layout)
        if layout is not None
        else tuple(
            shuffled(seed, [f for f in range(len(FAMILIES)) for _ in range(CARDS_PER_FAMILY)], "layout")
        )
    )
    deck = _hint_ids(hints) if hints is not None else _dealt_hints(seed, players)
    kinds = [0, 0, 0]
    for h in deck:
        kinds[_KIND[h]] += 1
    fixed = None
    if layout is not None or hints is not None:
        fixed = (families if layout is not None else None, deck if hints is not None else None)
    # made, not State(...): a state built by ``__init__`` keeps its values inline, and the
    # first ``_next`` copy of it would turn them into a shared-key dict, the slow path for every
    # later copy of the game (with ``fast._search``'s dropped cycle: 165.0k -> 157.5k
    # instructions a step over ``bench.steps yokai 300``, callgrind)
    return made(
        State,
        {
            "seed": seed,
            "players": players,
            "setup": fixed,
            "last_hint_only": last_only,
            "cells": START_CELLS,
            "families": families,
            "hints": (None,) * CARDS,
            "deck": deck,
            "deck_size": len(deck),
            "deck_kinds": tuple(kinds),
            "drawn": (),
            "revealed": (),
            "seen": (0,) * players,
            "to_move": 0,
            "turn": 0,
            "peeks": (),
            "moved": False,
            "log": (),
            "events": ((), ()),
            "termination": _NONE,
            "viewer": None,
            "moves": None,
            "free": _START_FREE,
        },
    )


def is_over(state: State) -> bool:
    return state.termination is not Termination.NONE


def current_player(state: State) -> int | None:
    return None if state.termination is not Termination.NONE else state.to_move


def phase(state: State) -> str:
    """``"peek"``, ``"move"``, ``"hint"`` or ``"over"``: the step the seat to move is at."""
    if state.termination is not Termination.NONE:
        return "over"
    if len(state.peeks) < 2:
        return "peek"
    return "hint" if state.moved else "move"


def can_declare(state: State) -> bool:
    """True at the start of a turn, before the first peek: the seat may declare instead."""
    return state.termination is Termination.NONE and not state.peeks and not state.moved


def placeable(state: State) -> list[int]:
    """Indices of the revealed hints that may be placed (level 3: only the last revealed)."""
    if not state.revealed:
        return []
    if state.last_hint_only:
        return [len(state.revealed) - 1]
    return list(range(len(state.revealed)))


def _free_cells(cells: tuple, hints: tuple) -> tuple:
    """The sorted cells of the cards without a hint."""
    return tuple(sorted(cell for cell, hint in zip(cells, hints, strict=True) if hint is None))


_START_FREE = tuple(sorted(START_CELLS))


def _unhinted(state: State) -> tuple:
    """The sorted cells of the cards without a hint (they may be peeked, moved, given a
    hint): every step asks, so every state the rules make carries them (``free``); a state
    made by ``State(...)`` or ``replace`` works them out each time it is asked."""
    free = state.free
    return _free_cells(state.cells, state.hints) if free is None else free


def _hint_options(state: State) -> list:
    options = [_REVEAL] if state.deck_size else []
    free = _unhinted(state)
    for i in placeable(state):
        options.extend(map(PLACES[i].__getitem__, free))
    return options


def _hint_option_count(state: State) -> int:
    """``len(_hint_options(state))`` without building the list."""
    placeable_count = 1 if state.last_hint_only and state.revealed else len(state.revealed)
    return (1 if state.deck_size else 0) + placeable_count * state.hints.count(None)


_LAYOUT_MOVES: dict = {}
"""(cells, free cells) -> legal moves: the same layout comes back often (every game opens
on the same grid; a search bot replays the turns ahead many times). Emptied when full."""
_LAYOUT_MOVES_SIZE = 4096


def _layout_moves(cells: tuple, free: tuple) -> tuple:
    """The legal moves of a layout whose cards without a hint lie on ``free``."""
    key = (cells, free)
    found = _LAYOUT_MOVES.get(key)
    if found is None:
        if len(_LAYOUT_MOVES) >= _LAYOUT_MOVES_SIZE:
            _LAYOUT_MOVES.clear()
        found = _LAYOUT_MOVES[key] = fast_moves(cells, free)
    return found


def _moves(state: State) -> tuple:
    """The legal moves: those the state was made with (the second peek lists them, see
    ``_peek``), else the layout's."""
    found = state.moves
    return _layout_moves(state.cells, _unhinted(state)) if found is None else found


def legal_actions(state: State) -> list:
    """Every action of the seat to move, in a stable order (``[]`` once the game is over)."""
    if state.termination is not _NONE:
        return []
    peeks = state.peeks
    if not peeks:
        return [*map(PEEKS.__getitem__, _unhinted(state)), _DECLARE]
    if len(peeks) == 1:  # every card without a hint but the one just looked at (it has none)
        cells = _unhinted(state)
        options = [*map(PEEKS.__getitem__, cells)]
        del options[bisect_left(cells, state.cells[peeks[0]])]
        return options
    if not state.moved:
        return list(_moves(state))
    return _hint_options(state)


def _next(state: State, **changes) -> State:
    """``dataclasses.replace`` without re-running ``__init__`` (a tenth of its cost, and the
    hot loop builds several states a step): a copy of the state's fields with ``changes``,
    handed to the new state whole (``made``: a block copy, and states that keep CPython's fast
    attribute reads; filling a new state's ``__dict__`` field by field cost 2.4% more of a
    playout step's instructions). The legal moves are dropped unless given; the free cells
    are worked out when a card moves or takes a hint (unless given) or the state had none (a
    state made by ``__init__`` lacks the key: ``free`` is a class default)."""
    fields = state.__dict__.copy()
    fields["moves"] = None
    fields.update(changes)
    if fields.get("free") is None or ("free" not in changes and ("cells" in changes or "hints" in changes)):
        fields["free"] = _free_cells(fields["cells"], fields["hints"])
    return made(State, fields)


def _event(state: State, *event) -> tuple:
    return (state.events[0], (*state.events[1], event))


def _card_at(state: State, cell) -> int | None:
    try:
        return state.cells.index(cell)
    except ValueError:
        return None


def apply(state: State, action) -> State:
    """A new state after ``action``; ``IllegalAction`` saying why for anything not legal now."""
    # the steps of a playout, checked only as far as they need; anything else (and every
    # refusal, with its reason) goes the checked way
    if state.viewer is None and state.termination is _NONE:
        kind = type(action)
        steps = len(state.peeks)
        if kind is Peek:
            if steps < 2:
                return _peek(state, action)
        elif steps == 2:
            if not state.moved:
                if kind is Move and _legal_move(state, action):
                    return _do_move(state, action, auto=False)
            elif kind is Place:
                return _place_hint(state, action)
            elif kind is Reveal and state.deck_size:
                return _reveal(state, auto=False)
    return _checked_apply(state, action)


def _checked_apply(state: State, action) -> State:
    if type(action) not in ACTION_TYPES:
        raise IllegalAction(f"{quote_thing(action)} is not a Yokai move")
    if state.viewer is not None:
        raise IllegalAction("This is one seat's view: play on the full game (or a determinized view)")
    step = phase(state)
    if step == "over":
        raise IllegalAction("The game is over: no more moves")
    kind = type(action)
    if kind is Declare:
        if not can_declare(state):
            raise IllegalAction(
                "You may declare the Yokai appeased only at the start of your turn, instead of playing it"
            )
        return _next(
            state,
            log=(*state.log, action),
            events=_event(state, "declare", state.to_move),
            termination=Ending.DECLARED,
        )
    if kind is Peek:
        if step != "peek":
            raise IllegalAction("You have already looked at two cards this turn" + _now(step))
        return _peek(state, action)
    if kind is Move:
        if step != "move":
            raise IllegalAction("It is not time to move a card" + _now(step))
        if not _legal_move(state, action):
            raise IllegalAction(move_problem(state, action.src, action.dst).sentence)
        return _do_move(state, action, auto=False)
    if step != "hint":
        raise IllegalAction("It is not time for a hint" + _now(step))
    if kind is Reveal:
        if not state.deck_size:
            raise IllegalAction("The hint deck is empty: place a revealed hint instead")
        return _reveal(state, auto=False)
    return _place_hint(state, action)


def _legal_move(state: State, action: Move) -> bool:
    moves = _moves(state)  # listed as the move step began; sorted by (src, dst), so bisect
    i = bisect_left(moves, (action.src, action.dst), key=_ENDS)
    return i < len(moves) and _ENDS(moves[i]) == (action.src, action.dst)


def _now(step: str) -> str:
    return {
        "peek": ": now look at two cards.",
        "move": ": now move a card.",
        "hint": ": now reveal or place a hint.",
    }[step]


def _peek(state: State, action: Peek) -> State:
    try:
        card = state.cells.index(action.cell)
    except ValueError:
        card = None
    if card is None:
        raise IllegalAction(f"There is no card on {cell_text(action.cell)}")
    if state.hints[card] is not None:
        raise IllegalAction(
            f"The card on {cell_text(action.cell)} holds a hint: it can no longer be looked at"
        )
    if card in state.peeks:
        raise IllegalAction(f"You already looked at {cell_text(action.cell)} this turn: look at another card")
    seat = state.to_move
    seen = list(state.seen)
    seen[seat] |= 1 << card
    previous, running = state.events
    after = _next(
        state,
        seen=tuple(seen),
        peeks=(*state.peeks, card),
        log=(*state.log, action),
        events=(previous, (*running, ("peek", seat, card, action.cell))),
        # the second peek begins the move step: the state is made with its legal moves, which
        # ``legal_actions`` and ``apply`` then read (a peek moves no card)
        moves=_moves(state) if state.peeks else None,
    )
    return _begin_move(after) if state.peeks else after


def _begin_move(state: State) -> State:
    """The move step: skipped with no legal move, taken by itself with one. The state holds
    its moves (made with them by ``_peek``) for ``legal_actions`` and ``apply`` (a replayed
    save lists them too, a small price: playouts, which ask for them anyway, then look at the
    layout once)."""
    moves = _moves(state)
    if not moves:
        skipped = _next(state, moved=True, events=_event(state, "skip", state.to_move))
        return _begin_hint(skipped)
    if len(moves) == 1:
        return _do_move(state, moves[0], auto=True)
    return state


def _do_move(state: State, action: Move, auto: bool) -> State:
    src, dst = action.src, action.dst
    card = state.cells.index(src)
    cells = list(state.cells)
    cells[card] = dst
    free = list(_unhinted(state))
    del free[bisect_left(free, src)]
    insort(free, dst)
    after = _next(
        state,
        cells=tuple(cells),
        free=tuple(free),
        moved=True,
        log=state.log if auto else (*state.log, action),
        events=_event(state, "move", state.to_move, card, action.src, action.dst, auto),
    )
    return _begin_hint(after)


def _begin_hint(state: State) -> State:
    count = _hint_option_count(state)
    if not count:  # only reachable through a scenario; the rule still ends the game
        return _next(state, termination=Ending.LAST_HINT)
    if count == 1:  # the deck's top card, or else the one hint on the one free card
        if state.deck_size:
            return _reveal(state, auto=True)
        return _place_hint(state, _hint_options(state)[0], auto=True)
    return state


def _reveal(state: State, auto: bool) -> State:
    hint = state.deck[0]
    return _end_turn(
        state,
        deck=state.deck[1:],
        deck_size=state.deck_size - 1,
        drawn=(*state.drawn, hint),
        revealed=(*state.revealed, hint),
        log=state.log if auto else (*state.log, _REVEAL),
        events=_event(state, "reveal", state.to_move, hint, auto),
    )


def _place_hint(state: State, action: Place, auto: bool = False) -> State:
    index, cell, revealed = action.hint, action.cell, state.revealed
    if index < len(revealed) and (not state.last_hint_only or index == len(revealed) - 1):
        free = _unhinted(state)
        at = bisect_left(free, cell)
        if at < len(free) and free[at] == cell:  # a card without a hint lies there
            card = state.cells.index(cell)
            hint = revealed[index]
            hints = list(state.hints)
            hints[card] = hint
            return _end_turn(
                state,
                hints=tuple(hints),
                free=free[:at] + free[at + 1 :],
                revealed=revealed[:index] + revealed[index + 1 :],
                log=state.log if auto else (*state.log, action),
                events=_event(state, "place", state.to_move, hint, card, cell, auto),
            )
    return _refused_place(state, action)


def _refused_place(state: State, action: Place) -> State:
    """Why a hint cannot go there: the fast path's checks again, each with its reason."""
    if action.hint >= len(state.revealed):
        have = len(state.revealed)
        raise IllegalAction(
            f"There is no revealed hint {action.hint + 1}: {have} hint{'s are' if have != 1 else ' is'} revealed"
        )
    if action.hint not in placeable(state):
        raise IllegalAction("Level 3 variant: only the last revealed hint may be placed")
    if _card_at(state, action.cell) is None:
        raise IllegalAction(f"There is no card on {cell_text(action.cell)}")
    raise IllegalAction(f"The card on {cell_text(action.cell)} already holds a hint")


def _end_turn(state: State, **hint_step) -> State:
    """The state after the hint step's changes, with the turn passed on (one new state, not
    two: this runs every turn). The game ends when no hint is left to reveal or place."""
    deck_size = hint_step.get("deck_size", state.deck_size)
    if not deck_size and not hint_step.get("revealed", state.revealed):
        return _next(state, **hint_step, termination=Ending.LAST_HINT)
    hint_step.update(
        to_move=(state.to_move + 1) % state.players,
        turn=state.turn + 1,
        peeks=(),
        moved=False,
        events=(hint_step["events"][1], ()),
    )
    return _next(state, **hint_step)


def revealed_hints(state: State) -> list[frozenset]:
    """The hints revealed and not placed, in reveal order (``Place`` indexes this list)."""
    return [HINT_CARDS[h] for h in state.revealed]


def hint_deck_size(state: State) -> int:
    return state.deck_size


def placed_hints(state: State) -> dict:
    """{cell: hint families} of the hints lying on cards."""
    return {cell: HINT_CARDS[h] for cell, h in zip(state.cells, state.hints, strict=True) if h is not None}


def peeked_this_turn(state: State) -> tuple:
    """The cells of the cards the seat to move looked at this turn, in order."""
    return tuple(state.cells[card] for card in state.peeks)


def seen_by(state: State, seat: int) -> frozenset[int]:
    """The ids of the cards ``seat`` has seen (ever; the knowledge follows the card)."""
    if seat not in range(state.players):
        raise ValueError(f"This game has seats 0 to {state.players - 1}, not {seat!r}")
    mask = state.seen[seat]
    return frozenset(c for c in range(CARDS) if mask >> c & 1)


def hint_text(hint_id: int) -> str:
    return hint_name(HINT_CARDS[hint_id])
