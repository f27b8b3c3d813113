"""The engine core: the game protocol, errors, explanation steps, seeded randomness, saves,
the registry of games and the one bots-see-views game loop."""

from .errors import BadSave, BadSheet, IllegalAction
from .loop import PlayedGame, bot_decision, bot_rng, play_game, playout, simulate
from .protocol import Action, Bot, Game, State, random_bot
from .rng import check_seed, fresh_seed, new_seed, rng_for, shuffle, shuffled
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
from .search import search_bot
from .types import GameInfo, Outcome, Step, Termination

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
    "PlayedGame",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SaveData",
    "State",
    "Step",
    "Termination",
    "bot_decision",
    "bot_rng",
    "check_seed",
    "decode_link",
    "dump_save",
    "encode_link",
    "fresh_seed",
    "new_seed",
    "parse_save",
    "play_game",
    "playout",
    "random_bot",
    "replay_save",
    "rng_for",
    "search_bot",
    "shuffle",
    "shuffled",
    "simulate",
]
