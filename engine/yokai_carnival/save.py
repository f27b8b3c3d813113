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

from engine.core import BadSave, dump_save, replay_save

from .actions import decode_action, encode_action
from .info import INFO
from .rules import apply, new_game
from .state import State


def to_json(state: State) -> str:
    """The canonical save text of a game (a view or a determinized state cannot be saved)."""
    if not state.replayable or state.seed is None:
        raise ValueError("This is a view or a determinized state, not a game: it cannot be saved")
    setup = json.loads(state.setup)
    return dump_save(INFO.id, state.seed, state.players, setup, [encode_action(a) for a in state.log])


def _decode_setup(setup: dict) -> dict:
    for key in ("yama", "generals"):
        if key in setup and not isinstance(setup[key], list):
            raise BadSave(f"This save's {key} must be a list of card ids.")
    if "deck" in setup and not isinstance(setup["deck"], dict):
        raise BadSave("This save's deck must be a JSON object.")
    return dict(setup)


def from_json(text: str | bytes) -> State:
    """Load a save by replaying it; ``BadSave`` on anything wrong."""
    return replay_save(text, INFO.id, new_game, apply, decode_action, _decode_setup)
