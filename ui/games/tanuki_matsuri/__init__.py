"""Tanuki Matsuri's page code: Play (sheet, decisions, hint, high scores), Learn, What-if."""

ICON = "🦝"
"""Its icon on Home, in the menu and on its page."""
