"""Fan & Mallet (団扇と小槌): play (hot-seat, against a bot, bot against bot), learn, what-if, rules."""

import engine.fan_mallet as fm
from ui.games.fan_mallet import learn, play, whatif
from ui.kit import GamePage, game_page
from ui.registry import icon

game_page(
    GamePage(
        fm,
        icon("fan_mallet"),
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        game_over=play.game_over,
    )
)
