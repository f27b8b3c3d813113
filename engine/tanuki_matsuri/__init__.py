"""Tanuki Matsuri (狸祭り): the roll-and-write rules engine, its bots and hint engine.

>>> import engine.tanuki_matsuri as tm
>>> s = tm.new_game(seed=4, dice=[[2, 2, 2]])
>>> tm.dice(s), tm.current_player(s), str(tm.legal_actions(s)[0])
((2, 2, 2), 0, 'Circle pineapple on line A')
>>> tm.log_lines(s)
['Turn 1: Player 1 rolls 2, 2, 2', 'Player 1 takes die 2 (auto)']
"""

from . import class_roll
from .actions import Action, ChooseLine, ChooseTanuki, CrossTanuki, TakeDie, decode_action, encode_action
from .board import effect_words
from .bots import bots
from .coaching import COACHING
from .examples import SETUP_EXAMPLES as SETUP_EXAMPLES  # set-up values the contract tests round-trip
from .facts import FACTS
from .hint import Comparison, Hint, HintChoice, compare, hint, plans
from .info import Ending
from .position import blank_marks, marks_of, position
from .rules import (
    INFO,
    apply,
    current_player,
    determinize,
    dice,
    is_over,
    legal_actions,
    log_lines,
    new_game,
    pending,
    play,
    taken_die,
    turn_log,
    view,
    viewer,
)
from .save import from_json, to_json
from .scoring import ColumnScore, Score, icon_marks, line_marks, marks, outcome, score
from .sheet import DEFAULT_SHEET, FRUITS, Line, Sheet, line_label, load_sheet, sheet_to_dict
from .state import LogEvent, Pending, State
from .tuning import TUNING

CLASS_GAME = class_roll
"""The class game on one roll (``class_roll``): what the shared code asks a game that offers one."""

__all__ = [
    "CLASS_GAME",
    "blank_marks",
    "marks_of",
    "position",
    "DEFAULT_SHEET",
    "FRUITS",
    "FACTS",
    "COACHING",
    "INFO",
    "TUNING",
    "Ending",
    "Action",
    "ChooseLine",
    "ChooseTanuki",
    "ColumnScore",
    "Comparison",
    "CrossTanuki",
    "Hint",
    "HintChoice",
    "Line",
    "LogEvent",
    "Pending",
    "Score",
    "Sheet",
    "State",
    "TakeDie",
    "apply",
    "bots",
    "compare",
    "current_player",
    "decode_action",
    "determinize",
    "dice",
    "effect_words",
    "encode_action",
    "from_json",
    "hint",
    "icon_marks",
    "is_over",
    "legal_actions",
    "line_label",
    "line_marks",
    "load_sheet",
    "log_lines",
    "marks",
    "new_game",
    "outcome",
    "pending",
    "plans",
    "play",
    "score",
    "sheet_to_dict",
    "taken_die",
    "to_json",
    "turn_log",
    "view",
    "viewer",
]
