"""Yokai Carnival (妖怪カーニバル): play (2–5 seats, people or bots), learn, what-if, rules."""

from ui.warm import plotly_early

# The browser starts loading Plotly.js now, while the server imports and runs the page.
plotly_early()

import engine.yokai_carnival as yc  # noqa: E402
from ui.games.yokai_carnival import ICON, learn, play, setup, whatif  # noqa: E402
from ui.kit import GamePage, game_page  # noqa: E402

game_page(
    GamePage(
        yc,
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
