"""Fan & Mallet's page code: Play (board, side panel, possessions, match), Learn, What-if."""

ICON = "🪭"
"""Its icon on Home, in the menu and on its page."""
