"""The page kit: what every game page shares (session, toolbar, links, bots and pace,
seating and pass-the-device, board clicks, the Learn pager and the page frame).

A game page is a :class:`GamePage` of short functions in ``ui/games/<game>/``; see the
README's "How a new game plugs in".
"""

from .clicks import board_chart, show_chart
from .frame import GamePage, Table, game_page
from .pager import pager, pager_footer
from .session import HUMAN, GameSession, load_session, new_session
from .store import Keys, current, flash, play, store

__all__ = [
    "HUMAN",
    "GamePage",
    "GameSession",
    "Keys",
    "Table",
    "board_chart",
    "current",
    "flash",
    "game_page",
    "load_session",
    "new_session",
    "pager",
    "pager_footer",
    "play",
    "show_chart",
    "store",
]
