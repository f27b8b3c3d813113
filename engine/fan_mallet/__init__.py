"""Fan & Mallet (団扇と小槌): the pure-Python rules engine.

>>> import engine.fan_mallet as fm
>>> from engine.core import Game, playout, rng_for
>>> isinstance(fm, Game)
True
>>> end = playout(fm, fm.new_game(11), rng_for(11, "demo"))
>>> fm.is_over(end), max(fm.markers(end).values())
(True, 7)
"""

from .bots import bots, evaluate, make_greedy, make_lookahead, random_bot
from .components import (
    COLOURS,
    FACTIONS,
    FOLLOWERS,
    HOUSES,
    KID_NAMES,
    Follower,
    House,
    Inhabit,
    parse_follower,
    parse_house,
)
from .hidden import determinize, view
from .info import INFO
from .placement import Preview, placement_preview, search_order
from .rules import (
    HouseSlot,
    Possession,
    apply,
    current_player,
    deck_size,
    hand,
    hand_size,
    houses,
    is_over,
    last_move,
    last_possession,
    legal_actions,
    markers,
    new_game,
    outcome,
    pawn,
    possession_count,
    possessions,
)
from .save import decode_action, from_json, to_json
from .scoring import ScoreResult, score_house
from .state import State

__all__ = [
    "COLOURS",
    "FACTIONS",
    "FOLLOWERS",
    "HOUSES",
    "INFO",
    "KID_NAMES",
    "Follower",
    "House",
    "HouseSlot",
    "Inhabit",
    "Possession",
    "Preview",
    "ScoreResult",
    "State",
    "apply",
    "bots",
    "current_player",
    "deck_size",
    "decode_action",
    "determinize",
    "evaluate",
    "from_json",
    "hand",
    "hand_size",
    "houses",
    "is_over",
    "last_move",
    "last_possession",
    "possession_count",
    "legal_actions",
    "make_greedy",
    "make_lookahead",
    "markers",
    "new_game",
    "outcome",
    "parse_follower",
    "parse_house",
    "pawn",
    "placement_preview",
    "possessions",
    "random_bot",
    "score_house",
    "search_order",
    "to_json",
    "view",
]
