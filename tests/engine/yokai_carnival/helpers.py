"""Positions for the Yokai Carnival tests, written with card ids."""

from __future__ import annotations

import engine.yokai_carnival as yc


def position(lines=None, hands=None, players=2, discard=(), waiting=None, yama=(), to_move=0, seed=1, **kw):
    """A game at the start of ``to_move``'s turn with these cards placed (ids)."""
    pos = {"to_move": to_move, "discard": list(discard)}
    if lines is not None:
        pos["lines"] = [list(x) for x in lines]
    if hands is not None:
        pos["hands"] = [list(h) for h in hands]
    if waiting is not None:
        pos["summon_waiting"] = list(waiting)
    return yc.new_game(seed, players, position=pos, yama=list(yama), **kw)


def play(state, *tokens):
    """Apply actions given as tokens."""
    for token in tokens:
        state = yc.apply(state, yc.decode_action(token))
    return state


def ids(cards) -> list[str]:
    return [c.id for c in cards]


def line_ids(state, seat) -> list[str]:
    return ids(yc.lines(state)[seat])


FOUR = ["umibozu", "nue", "kitsune"]  # blue, red, yellow: a green card completes the four colours


def summon(state, card_id, ability=True):
    """Summon the first hand card with this id (the seat to move)."""
    seat = yc.current_player(state)
    index = ids(yc.hand(state, seat)).index(card_id)
    return yc.apply(state, yc.Summon(index, ability))


def kinds(steps) -> list[str]:
    return [s.kind for s in steps]
