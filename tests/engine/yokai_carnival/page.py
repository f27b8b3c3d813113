"""What the browser tests need to know of Yokai Carnival's page (the rest comes from the registry)."""

import re

START_TEXT = ("Player 1 decides: ", "3 cards, hidden")
"""The board's text on a new game: whose turn, and what the seat sees (a random deal: three cards
of one colour open on Strike check 1 instead of a Summon)."""
TURN_KEYS = ["act:"]
"""The keys of the buttons a human's turn presses, in order (the kit's action buttons)."""
CONFIRM = None
"""No second press."""
TURN_BUTTONS = [re.compile(r"ability|^⚔ Strike: |^No Strike$")]
"""The accessible names of the buttons a human's turn must reach on a projector: its Summons
("with/without ability"), or Strike check 1's two buttons when a deal of three cards of one
colour opens on it (about one new game in twenty; CI's projector test met one)."""
STEP_BUTTONS = {2: ["Strike: add", "No Strike"]}
"""Buttons a lesson step shows beside the board for the class, by the step they open at."""
