"""Saves: seed, setup (a scenario's layout and hints, the level 3 variant) and the action
log, replayed through the rules."""

from __future__ import annotations

from engine.core import BadSave, dump_save, replay_save

from .actions import decode_action, encode_action
from .cards import FAMILIES, HINT_CARDS
from .rules import apply, new_game
from .state import State

GAME = "yokai"


def _setup(state: State) -> dict:
    setup: dict = {}
    if state.setup is not None:
        layout, hints = state.setup
        if layout is not None:
            setup["layout"] = [FAMILIES[f] for f in layout]
        if hints is not None:
            setup["hints"] = [[f for f in FAMILIES if f in HINT_CARDS[h]] for h in hints]
    if state.last_hint_only:
        setup["last_hint_only"] = True
    return setup


def to_json(state: State) -> str:
    """The canonical save text of a full state (a view cannot be saved).

    >>> from engine.yokai import new_game, apply, legal_actions
    >>> s = new_game(2, last_hint_only=True); s = apply(s, legal_actions(s)[0])
    >>> to_json(from_json(to_json(s))) == to_json(s)
    True
    """
    if state.viewer is not None or state.seed is None:
        raise ValueError("A view cannot be saved (a save of seed and moves would reveal hidden cards)")
    return dump_save(GAME, state.seed, state.players, _setup(state), [encode_action(a) for a in state.log])


def _decode_setup(setup: dict) -> dict:
    layout = setup.get("layout")
    if layout is not None and not (isinstance(layout, list) and all(isinstance(f, str) for f in layout)):
        raise BadSave("This save's layout must be a list of 16 family names")
    hints = setup.get("hints")
    if hints is not None and not (
        isinstance(hints, list)
        and all(isinstance(h, list) and all(isinstance(f, str) for f in h) for h in hints)
    ):
        raise BadSave("This save's hints must be a list of hint cards, each a list of family names")
    return setup


def from_json(text: str | bytes) -> State:
    """Load a save by replaying it; :class:`~engine.core.BadSave` on anything wrong."""
    return replay_save(text, GAME, new_game, apply, decode_action, _decode_setup)
