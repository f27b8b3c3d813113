"""Yokai (妖怪): play with bot partners or people at one screen, learn, what-if, rules."""

import engine.yokai as yk
from ui.games.yokai import learn, play, setup, whatif
from ui.kit import GamePage, game_page
from ui.registry import icon

game_page(
    GamePage(
        yk,
        icon("yokai"),
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        setup_widgets=setup.widgets,
        setup_values=setup.values,
    )
)
