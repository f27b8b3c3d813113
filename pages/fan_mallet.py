"""Fan & Mallet (団扇と小槌): play (hot-seat, against a bot, bot against bot), learn, what-if, rules."""

from ui.warm import plotly_early

# The browser starts loading Plotly.js now, while the server imports and runs the page.
plotly_early()

import engine.fan_mallet as fm  # noqa: E402
from ui.games.fan_mallet import ICON, learn, play, whatif  # noqa: E402
from ui.kit import GamePage, game_page  # noqa: E402

game_page(
    GamePage(
        fm,
        ICON,
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        game_over=play.game_over,
    )
)
