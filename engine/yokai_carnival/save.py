"""Saves: seed, players, setup (scenario decks, an edited deck, a position) and the action
tokens, replayed through the rules.

>>> from .rules import new_game, apply, legal_actions
>>> s = new_game(9, 3)
>>> s = apply(s, legal_actions(s)[0])
>>> to_json(from_json(to_json(s))) == to_json(s)
True
"""

from __future__ import annotations

import json

from engine.core import BadSave, IllegalAction, dump_save, replay_save

from .actions import Pick, Summon, decode_action, encode_action
from .info import INFO
from .rules import apply, new_game
from .state import State, played


def to_json(state: State) -> str:
    """The canonical save text of a game (a view or a determinized state cannot be saved)."""
    if not state.replayable or state.seed is None:
        raise ValueError("This is a view or a determinized state, not a game: it cannot be saved")
    setup = json.loads(state.setup)
    return dump_save(INFO.id, state.seed, state.players, setup, [encode_action(a) for a in played(state.log)])


def _decode_setup(setup: dict) -> dict:
    for key in ("yama", "generals"):
        if key in setup and not isinstance(setup[key], list):
            raise BadSave(f"This save's {key} must be a list of card ids.")
    if "deck" in setup and not isinstance(setup["deck"], dict):
        raise BadSave("This save's deck must be a JSON object.")
    return dict(setup)


def _older(state: State, action) -> State:
    """``apply``, reading a save written before equal cards became one choice (issue #18):
    there, a Summon or a pick of a hand card could name any copy of a card (``s1`` for the
    second Nue), and a pick between equal cards only was a decision, which the rules now take
    themselves. A copy is read as the first copy; a hand pick left over from such a decision
    (right after the rules took one from that hand) is passed over."""
    try:
        return apply(state, action)
    except IllegalAction:
        first = _first_copy(state, action)
        if first is not None:
            return apply(state, first)
        if _taken_by_the_rules(state, action):
            return state
        raise


def _first_copy(state: State, action):
    if type(action) is Summon and state.ask is not None and state.ask[0] == "summon":
        hand = state.hands[state.to_move]
        if action.index < len(hand):
            i = hand.index(hand[action.index])
            return Summon(i, action.ability) if i != action.index else None
    if type(action) is Pick and action.zone == "hand" and action.seat < state.players:
        hand = state.hands[action.seat]
        if action.index < len(hand):
            i = hand.index(hand[action.index])
            first = Pick("hand", action.seat, i)
            return first if i != action.index and first in state.options else None
    return None


def _taken_by_the_rules(state: State, action) -> bool:
    """The rules took a card from the pick's hand by themselves, and no player decided anything
    since (the events of this turn and the turn before, newest first)."""
    if type(action) is not Pick or action.zone != "hand":
        return False
    for e in reversed(state.previous + state.events):
        kind, auto = e.kind, e.auto
        if kind == "move" and e.source == "hand":
            return auto and e.source_seat == action.seat
        if kind in _DECIDED or (not auto and (kind in _CHOSEN or (kind == "move" and e.value is not None))):
            return False
    return False


_DECIDED = frozenset({"summon", "strike", "no_strike", "stop"})
_CHOSEN = frozenset({"opponent", "colour", "order", "general"})


def from_json(text: str | bytes) -> State:
    """Load a save by replaying it; ``BadSave`` on anything wrong."""
    return replay_save(text, INFO.id, new_game, _older, decode_action, _decode_setup)
