"""Saves: seed, scenario and the action log (follower codes, :func:`encode_action`),
replayed through the rules."""

from __future__ import annotations

from engine.core import BadSave, dump_save, replay_save

from .components import INHABIT, decode_action, encode_action
from .rules import apply, new_game
from .state import State

GAME = "fan_mallet"


def _setup(state: State) -> dict:
    if state.scenario is None:
        return {}
    house_codes, white, black = state.scenario
    setup: dict = {}
    if house_codes is not None:
        setup["houses"] = list(house_codes)
    if white is not None:
        setup["decks"] = {"white": list(white), "black": list(black)}
    return setup


def to_json(state: State) -> str:
    """The canonical save text of a full state (a view cannot be saved).

    >>> from engine.fan_mallet import new_game, apply, legal_actions
    >>> s = new_game(2); s = apply(s, legal_actions(s)[0])
    >>> to_json(from_json(to_json(s))) == to_json(s)
    True
    """
    if state.viewer is not None or state.seed is None:
        raise ValueError("A view cannot be saved (a save of seed and moves would reveal hidden cards)")
    return dump_save(GAME, state.seed, 2, _setup(state), [encode_action(INHABIT[c]) for c in state.log])


def _decode_setup(setup: dict) -> dict:
    """The saved setup as ``new_game`` keywords (which refuses any unknown one); only JSON
    lists of code strings are accepted."""
    houses = setup.get("houses", [])
    if not isinstance(houses, list) or not all(isinstance(h, str) for h in houses):
        raise BadSave("This save's houses must be a list of house codes like 'w:red'")
    decks = setup.get("decks", {})
    if not isinstance(decks, dict) or not all(
        isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks.values()
    ):
        raise BadSave("This save's decks must map white and black to lists of follower codes")
    return setup


def from_json(text: str | bytes) -> State:
    """Load a save by replaying it; :class:`~engine.core.BadSave` on anything wrong."""
    return replay_save(text, GAME, new_game, apply, decode_action, _decode_setup)
