"""Saves: seed, players, setup (custom sheet, scripted dice, legacy dice) and the action tokens.

A save of version 1 (before the seeded dice changed) replays with the dice of its time: its
game has ``legacy_dice``, and saving it again writes ``"legacy_dice": true`` in the setup
of a version-2 save, which replays the same.

>>> from .rules import new_game, apply, legal_actions
>>> s = new_game(seed=9, dice=[[1, 2, 6]])
>>> s = apply(s, legal_actions(s)[0])
>>> to_json(from_json(to_json(s))) == to_json(s)
True
"""

from __future__ import annotations

from engine.core import SAVE_VERSION, BadSave, BadSheet, dump_save, replay_save

from .actions import decode_action
from .rules import INFO, apply, new_game
from .sheet import DEFAULT_SHEET, load_sheet, sheet_to_dict
from .state import State


def to_json(state: State) -> str:
    """The canonical save text of a game (a view or a determinized state cannot be saved)."""
    if not state.replayable:
        raise ValueError("This is a view or a determinized state, not a game: it cannot be saved")
    setup: dict = {}
    if state.sheet != DEFAULT_SHEET:
        setup["sheet"] = sheet_to_dict(state.sheet)
    if state.scripted:
        setup["dice"] = [list(r) for r in state.scripted]
    if state.legacy_dice:
        setup["legacy_dice"] = True
    return dump_save(INFO.id, state.seed, state.players, setup, state.actions)


def _decode_setup(setup: dict, version: int = SAVE_VERSION) -> dict:
    """The ``new_game`` keywords of a save's setup: the sheet parsed, anything else passed on
    (``new_game`` refuses a keyword it does not know); a version-1 save plays with the
    legacy dice."""
    out = dict(setup)
    if version == 1:
        if "legacy_dice" in setup:
            raise BadSave("This save's setup has legacy_dice, which a version-1 save cannot have.")
        out["legacy_dice"] = True
    if "sheet" in setup:
        if not isinstance(setup["sheet"], dict):
            raise BadSave("This save's sheet must be a JSON object.")
        try:
            out["sheet"] = load_sheet(setup["sheet"])
        except BadSheet as exc:
            raise BadSave(f"This save's sheet is not valid: {exc}") from None
    if "dice" in setup and not isinstance(setup["dice"], list):
        raise BadSave("This save's scripted dice must be a list of rolls.")
    return out


def from_json(text: str) -> State:
    """Load a save by replaying it; ``BadSave`` on anything wrong."""
    return replay_save(text, INFO.id, new_game, apply, decode_action, _decode_setup)
