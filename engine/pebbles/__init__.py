"""Pebbles (小石): a tiny test-only game, the smallest complete example of a game.

Registered only when ``DOJO_TEST_GAMES=1`` (``engine.core.registry``), so the whole suite —
contract, property, hostile, pages, Lab, notebooks' tour — runs over it, and a fifth game can
copy its layout: ``info.py`` (``INFO``, ``Ending``), ``rules.py`` (the protocol), ``facts.py``
(the Lab's teaching facts), no ``tuning.py`` (the defaults), ``boards/pebbles.py``,
``ui/games/pebbles/``, ``pages/pebbles.py``, ``explainers/rules/pebbles.md`` and its own tests
in ``tests/engine/pebbles/``.

>>> import engine.pebbles as pebbles
>>> from engine.core import Game
>>> isinstance(pebbles, Game)
True
"""

from .examples import SETUP_EXAMPLES as SETUP_EXAMPLES  # set-up values the contract tests round-trip
from .facts import FACTS
from .info import INFO, Ending
from .rules import (
    State,
    Take,
    apply,
    bots,
    current_player,
    decode_action,
    determinize,
    encode_action,
    from_json,
    is_over,
    legal_actions,
    new_game,
    outcome,
    to_json,
    view,
)

__all__ = [
    "FACTS",
    "INFO",
    "SETUP_EXAMPLES",
    "Ending",
    "State",
    "Take",
    "apply",
    "bots",
    "current_player",
    "decode_action",
    "determinize",
    "encode_action",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "outcome",
    "to_json",
    "view",
]
