"""Yokai's page code: play (board, panel, below), learn, what-if, set-up and page memory."""

ICON = "👻"
"""Its icon on Home, in the menu and on its page."""
