"""Saves: seed, scenario and the action log (follower codes), replayed through the rules."""

from __future__ import annotations

from engine.core import BadSave, dump_save, replay_save

from .components import FOLLOWER_ID, FOLLOWERS, INHABIT, Inhabit, parse_follower
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
    return dump_save(GAME, state.seed, 2, _setup(state), [FOLLOWERS[c].code for c in state.log])


def _decode_setup(setup: dict) -> dict:
    unknown = set(setup) - {"houses", "decks"}
    if unknown:
        raise BadSave(f"This save's setup has unknown field(s): {', '.join(sorted(unknown))}")
    out = {}
    if "houses" in setup:
        houses = setup["houses"]
        if not isinstance(houses, list) or not all(isinstance(h, str) for h in houses):
            raise BadSave("This save's houses must be a list of house codes like 'w:red'")
        out["houses"] = houses
    if "decks" in setup:
        decks = setup["decks"]
        if not isinstance(decks, dict) or not all(
            isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks.values()
        ):
            raise BadSave("This save's decks must map white and black to lists of follower codes")
        out["decks"] = decks
    return out


def decode_action(raw: object) -> Inhabit:
    """A saved action (a follower code such as ``"w:red:3"``) as an :class:`Inhabit`."""
    if not isinstance(raw, str):
        raise ValueError(f"an action is a follower code like 'w:red:3', not {raw!r}")
    return INHABIT[FOLLOWER_ID[parse_follower(raw)]]


def from_json(text: str | bytes) -> State:
    """Load a save by replaying it; :class:`~engine.core.BadSave` on anything wrong."""
    return replay_save(text, GAME, new_game, apply, decode_action, _decode_setup)
