"""Yokai (妖怪): the pure-Python rules engine of the cooperative card game.

Deviations from and additions to the page API brief (names are as agreed):

- ``apply`` takes a step with exactly one option by itself (the engine contract's rule), so
  ``Reveal()`` is not offered when nothing is revealed yet (the hint step then reveals at
  once), nor a ``Move`` when it is the only legal one. ``last_turn`` shows them with
  ``note="only option"`` / ``note="only move"``; a skipped move step has ``kind="skip"``.
- Once the game is over a view shows every family (the cards are turned up for the win check).
- ``move_problem`` returns a ``MoveProblem`` (``kind``, ``cut_off``, ``sentence``) or None.
- ``placed_hints(state)`` is {cell: families}; ``win_steps(state)`` is the family-by-family
  check alone; ``outcome(...).scores`` gives every seat the team's score (0 for a loss).
- Who looked at which card is public (``seen_by`` works for every seat on a view).
- A scenario's ``hints`` may be any 1 to 14 different hint cards.

>>> import engine.yokai as yk
>>> from engine.core import Game, playout, rng_for
>>> isinstance(yk, Game)
True
>>> end = playout(yk, yk.new_game(11), rng_for(11, "demo"))
>>> yk.is_over(end), yk.phase(end)
(True, 'over')
"""

from .actions import ACTION_TYPES, Action, Declare, Move, Peek, Place, Reveal, decode_action, encode_action
from .board import board
from .bots import bots, explain
from .cards import (
    FAMILIES,
    FAMILY_COLOURS,
    HINT_CARDS,
    YokaiCard,
    hint_deck_kinds,
    hint_name,
)
from .coaching import COACHING
from .examples import SETUP_EXAMPLES as SETUP_EXAMPLES  # set-up values the contract tests round-trip
from .facts import FACTS
from .geometry import (
    MoveProblem,
    family_groups,
    holding_cells,
    legal_destinations,
    move_problem,
)
from .hidden import determinize, view
from .info import INFO, Ending
from .rules import (
    apply,
    can_declare,
    current_player,
    hint_deck_size,
    is_over,
    legal_actions,
    new_game,
    peeked_this_turn,
    phase,
    placed_hints,
    revealed_hints,
    seen_by,
)
from .save import from_json, to_json
from .scoring import families_grouped, outcome, score, score_steps, tier, win_steps
from .state import State
from .tuning import TUNING
from .turns import last_turn

__all__ = [
    "ACTION_TYPES",
    "FAMILIES",
    "FAMILY_COLOURS",
    "HINT_CARDS",
    "FACTS",
    "COACHING",
    "INFO",
    "TUNING",
    "Ending",
    "Action",
    "Declare",
    "Move",
    "MoveProblem",
    "Peek",
    "Place",
    "Reveal",
    "State",
    "YokaiCard",
    "apply",
    "board",
    "bots",
    "can_declare",
    "current_player",
    "decode_action",
    "determinize",
    "encode_action",
    "explain",
    "families_grouped",
    "family_groups",
    "from_json",
    "hint_deck_kinds",
    "hint_deck_size",
    "hint_name",
    "holding_cells",
    "is_over",
    "last_turn",
    "legal_actions",
    "legal_destinations",
    "move_problem",
    "new_game",
    "outcome",
    "peeked_this_turn",
    "phase",
    "placed_hints",
    "revealed_hints",
    "score",
    "score_steps",
    "seen_by",
    "tier",
    "to_json",
    "view",
    "win_steps",
]
