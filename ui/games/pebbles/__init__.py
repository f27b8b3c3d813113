"""Pebbles' page code (the test game, the smallest complete example): Play (board, side
panel), Learn, What-if. ``ICON`` is its icon on Home, in the menu and on its page."""

ICON = "🪨"
