"""Fan & Mallet (団扇と小槌): the pure-Python rules engine.

>>> import engine.fan_mallet as fm
>>> from engine.core import Game, playout, rng_for
>>> isinstance(fm, Game)
True
>>> end = playout(fm, fm.new_game(11), rng_for(11, "demo"))
>>> fm.is_over(end), max(fm.markers(end).values()) == fm.MARKERS
(True, True)
>>> fm.encode_action(fm.last_move(end)) == fm.last_move(end).follower.code
True
>>> from engine.core.registry import game
>>> game("fan_mallet") is fm
True
"""

from .bots import bots, evaluate, make_greedy, make_lookahead
from .coaching import COACHING
from .components import (
    COLOURS,
    FACTIONS,
    FOLLOWERS,
    HOUSES,
    KID_NAMES,
    Follower,
    House,
    Inhabit,
    decode_action,
    encode_action,
    parse_follower,
    parse_house,
)
from .examples import SETUP_EXAMPLES as SETUP_EXAMPLES  # set-up values the contract tests round-trip
from .facts import FACTS
from .hidden import determinize, view
from .info import INFO, Ending
from .placement import Preview, Skip, placement_preview, search_order
from .rules import (
    MARKERS,
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
    last_placed,
    last_possession,
    legal_actions,
    markers,
    new_game,
    outcome,
    pawn,
    possession_count,
    possessions,
    viewer,
)
from .save import from_json, to_json
from .scoring import ScoreResult, score_house
from .state import State
from .tuning import TUNING

__all__ = [
    "COLOURS",
    "FACTIONS",
    "FOLLOWERS",
    "HOUSES",
    "FACTS",
    "COACHING",
    "INFO",
    "TUNING",
    "Ending",
    "KID_NAMES",
    "MARKERS",
    "Follower",
    "House",
    "HouseSlot",
    "Inhabit",
    "Possession",
    "Preview",
    "ScoreResult",
    "Skip",
    "State",
    "apply",
    "bots",
    "current_player",
    "deck_size",
    "decode_action",
    "determinize",
    "encode_action",
    "evaluate",
    "from_json",
    "hand",
    "hand_size",
    "houses",
    "is_over",
    "last_move",
    "last_placed",
    "last_possession",
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
    "possession_count",
    "possessions",
    "score_house",
    "search_order",
    "to_json",
    "view",
    "viewer",
]
