"""Yokai (妖怪): play with bot partners or people at one screen, learn, what-if, rules."""

from ui.warm import plotly_early

# The browser starts loading Plotly.js now, while the server imports and runs the page.
plotly_early()

import engine.yokai as yk  # noqa: E402
from ui.games.yokai import ICON, learn, play, setup, whatif  # noqa: E402
from ui.kit import GamePage, game_page  # noqa: E402

game_page(
    GamePage(
        yk,
        ICON,
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        setup_widgets=setup.widgets,
        setup_values=setup.values,
    )
)
