"""Pebbles (小石), the test game: play, learn, what-if, rules (only when DOJO_TEST_GAMES=1)."""

import engine.pebbles as pebbles
from ui.games.pebbles import ICON, learn, play, whatif
from ui.kit import GamePage, game_page

game_page(GamePage(pebbles, ICON, play.board, play.panel, learn.draw, whatif.draw))
