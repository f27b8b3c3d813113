"""The page kit: what every game page shares (session, toolbar, links, bots and pace,
seating and pass-the-device, board clicks, the move buttons, the game-over banner, the Learn
pager and the page frame).

A game page is a :class:`GamePage` of short functions in ``ui/games/<game>/``; see the
README's "How a new game plugs in".
"""

from .actions import action_buttons
from .clicks import board_chart, show_chart
from .frame import GamePage, Table, game_page
from .game_over import game_over_banner
from .pager import pager, pager_footer, try_in_play
from .session import HUMAN, GameSession, load_session, new_session
from .store import Keys, current, flash, page_button, play, store

__all__ = [
    "HUMAN",
    "GamePage",
    "GameSession",
    "Keys",
    "Table",
    "action_buttons",
    "board_chart",
    "current",
    "flash",
    "game_over_banner",
    "game_page",
    "load_session",
    "new_session",
    "page_button",
    "pager",
    "pager_footer",
    "play",
    "show_chart",
    "store",
    "try_in_play",
]
