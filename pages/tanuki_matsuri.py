"""Tanuki Matsuri (狸祭り): play solo or as a group, learn with scripted scenes, what-if, rules."""

from ui.warm import plotly_early

# The browser starts loading Plotly.js now, while the server imports and runs the page.
plotly_early()

import engine.tanuki_matsuri as tm  # noqa: E402
from ui.games.tanuki_matsuri import ICON, class_view, learn, play, setup, whatif  # noqa: E402
from ui.kit import GamePage, game_page  # noqa: E402

game_page(
    GamePage(
        tm,
        ICON,
        play.board,
        play.panel,
        learn.draw,
        whatif.draw,
        below=play.below,
        under_play=class_view.opener,
        setup_widgets=setup.widgets,
        setup_values=setup.values,
        game_over=play.game_over,
        seat_shown=play.SEAT_SHOWN,
        own_play=class_view.play_tab,
    )
)
