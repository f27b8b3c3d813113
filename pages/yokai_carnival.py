"""Yokai Carnival (妖怪カーニバル): play (2–5 seats, people or bots), learn, what-if, rules."""

import engine.yokai_carnival as yc
from ui.games.yokai_carnival import learn, play, setup, whatif
from ui.kit import GamePage, game_page
from ui.registry import icon

game_page(
    GamePage(
        yc,
        icon("yokai_carnival"),
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        setup_widgets=setup.widgets,
        setup_values=setup.values,
    )
)
