"""The Lab's bots: each game's own, weakest first, then the generic search bot (information-set
Monte Carlo tree search through the protocol, :mod:`engine.core.search`) at its default
playout budget, so a Lab run gives the same records on any machine.

>>> list(lab_bots("yokai"))
['random', 'partner', 'search']
"""

from __future__ import annotations

from functools import cache

from engine.core import Bot, search_bot
from engine.core.registry import game as registry_game

SEARCH = "search"


@cache
def lab_bots(game_id: str) -> dict[str, Bot]:
    game = registry_game(game_id)
    return {**game.bots(), SEARCH: search_bot(game)}
