"""Yokai Carnival (妖怪カーニバル): the pure-Python rules engine.

Deviations from and additions to the shared API notes (``yc_api.md``):

- Picking a card inside an ability is one class, ``Pick(zone, seat, index)`` (zone "hand",
  "line", "discard" or "revealed"); ``Summon(index, ability)`` has ``zone == "hand"`` and
  ``seat is None`` (always the mover's own hand); ``ChooseGeneral(index)`` has
  ``zone == "summon_waiting"``; ``Order(indices)`` lists positions in the "revealed" zone.
- ``revealed(state)`` lists the revealed zone: cards an ability looked at or revealed, and
  cards waiting to be placed in order (Strike, Nurarihyon...); None where a view hides one.
- Hands are kept sorted by card type (wanyudo ... nopperabo), so ``hand(state, seat)[i]`` is
  the card ``Summon(i, ...)`` plays.
- ``decision(state).kind``: "strike_1", "strike_2", "summon", "order", "general", "opponent",
  "colour", "card" (take a card for an ability, "up to N" adds ``Stop()``), "discard_own"
  (an opponent discarding from their own hand, e.g. for Yuki-onna) and, in another seat's
  view only, "private": a player who may Strike decides in private, so the other seats see
  Strike check 1 as the Yokai Summon that follows it and Strike check 2 as a private choice,
  and never a No Strike (issue #18).
- Equal cards are one choice: a Yokai Summon or a pick of a hand card is offered for the first
  copy of each card in the (sorted) hand.
- A view also shows what its seat knows of other hidden cards: cards it saw join another
  hand, a hand it looked at (Nopperabō), cards it saw put under the Yama (``knowledge``).
- ``last_turn(state)`` shows the running turn once its player has done more than draw,
  otherwise the turn before (so a finished bot turn stays on screen).
- Also exported: ``GENERAL_YAMA`` (size by player count), ``LineCard``, ``Decision``,
  ``DeckError``, ``COLOURS``.

Card texts are this project's reconstruction from the rulebook's colour themes; they live in
``deck.json`` as effect primitives, and an edited deck can be loaded (:func:`load_deck`).

>>> import engine.yokai_carnival as yc
>>> from engine.core import Game, playout, rng_for
>>> isinstance(yc, Game)
True
>>> end = playout(yc, yc.new_game(11, 3), rng_for(11, "demo"))
>>> yc.is_over(end), sorted(yc.ranking(end))
(True, [0, 1, 2])
"""

from .actions import (
    ChooseColour,
    ChooseGeneral,
    ChooseSeat,
    NoStrike,
    Order,
    Pick,
    Stop,
    Strike,
    Summon,
    decode_action,
    encode_action,
)
from .bots import bots
from .cards import COLOURS, DEFAULT_DECK, Card, DeckError, load_deck
from .coaching import COACHING
from .examples import SETUP_EXAMPLES as SETUP_EXAMPLES  # set-up values the contract tests round-trip
from .explain import general_summon_check, last_turn, preview, protection, strike_check
from .facts import FACTS
from .hidden import determinize, view
from .info import INFO, Ending
from .rules import (
    GENERAL_YAMA,
    Decision,
    LineCard,
    apply,
    current_player,
    decision,
    deck_of,
    discard,
    general_yama_size,
    hand,
    hand_size,
    is_over,
    legal_actions,
    lines,
    new_game,
    ranking,
    revealed,
    summon_waiting,
    viewer,
    yama_size,
)
from .save import from_json, to_json
from .scoring import outcome
from .state import State
from .tuning import TUNING

__all__ = [
    "COLOURS",
    "DEFAULT_DECK",
    "GENERAL_YAMA",
    "FACTS",
    "COACHING",
    "INFO",
    "TUNING",
    "Ending",
    "Card",
    "ChooseColour",
    "ChooseGeneral",
    "ChooseSeat",
    "Decision",
    "DeckError",
    "LineCard",
    "NoStrike",
    "Order",
    "Pick",
    "State",
    "Stop",
    "Strike",
    "Summon",
    "apply",
    "bots",
    "current_player",
    "deck_of",
    "decision",
    "decode_action",
    "determinize",
    "discard",
    "encode_action",
    "from_json",
    "general_summon_check",
    "general_yama_size",
    "last_turn",
    "preview",
    "protection",
    "strike_check",
    "hand",
    "hand_size",
    "is_over",
    "legal_actions",
    "lines",
    "load_deck",
    "new_game",
    "outcome",
    "ranking",
    "revealed",
    "summon_waiting",
    "to_json",
    "view",
    "viewer",
    "yama_size",
]
