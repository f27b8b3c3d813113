"""Tanuki Matsuri (狸祭り): play solo or as a group, learn with scripted scenes, what-if, rules."""

import engine.tanuki_matsuri as tm
from ui.games.tanuki_matsuri import learn, play, setup, whatif
from ui.kit import GamePage, game_page
from ui.registry import icon

game_page(
    GamePage(
        tm,
        icon("tanuki_matsuri"),
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        setup_widgets=setup.widgets,
        setup_values=setup.values,
        game_over=play.game_over,
    )
)
