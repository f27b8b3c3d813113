"""Pebbles (小石), the test game: play, learn, what-if, rules (only when DOJO_TEST_GAMES=1)."""

from ui.warm import plotly_early

# The browser starts loading Plotly.js now, while the server imports and runs the page.
plotly_early()

import engine.pebbles as pebbles  # noqa: E402
from ui.games.pebbles import ICON, learn, play, whatif  # noqa: E402
from ui.kit import GamePage, game_page  # noqa: E402

game_page(GamePage(pebbles, ICON, play.board, play.panel, learn.draw, whatif.draw))
