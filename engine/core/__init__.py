"""The engine core: the game protocol, errors, explanation steps, seeded randomness, saves."""

from .errors import BadSave, BadSheet, IllegalAction
from .protocol import Action, Bot, Game, State, playout, random_bot
from .rng import check_seed, fresh_seed, rng_for, shuffled
from .save import (
    MAX_LINK_CHARS,
    SAVE_FORMAT,
    SAVE_VERSION,
    SaveData,
    decode_link,
    dump_save,
    encode_link,
    parse_save,
    replay_save,
)
from .types import GameInfo, Outcome, Step

__all__ = [
    "Action",
    "BadSave",
    "BadSheet",
    "Bot",
    "Game",
    "GameInfo",
    "IllegalAction",
    "MAX_LINK_CHARS",
    "Outcome",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SaveData",
    "State",
    "Step",
    "check_seed",
    "decode_link",
    "dump_save",
    "encode_link",
    "fresh_seed",
    "parse_save",
    "playout",
    "random_bot",
    "replay_save",
    "rng_for",
    "shuffled",
]
