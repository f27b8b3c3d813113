"""Yokai Carnival page code."""

ICON = "🏮"
"""Its icon on Home, in the menu and on its page."""
