"""What the browser tests need to know of Tanuki Matsuri's page (the rest comes from the registry).

A new game opens on one of two decisions: taking a die, or, when the first roll is a triple
(1 in 36), circling its fruit, the die having been taken by itself. The facts name both, as
patterns (``test_tm_page_facts`` checks them against new games of both kinds)."""

import re

START_TEXT = (
    re.compile(r"To move: Player 1\. (Take a die|Die \d: circle a )"),
    re.compile(r"Open dice: |rolls (\d), \1, \1\b"),
)
"""The board's text on a new game: whose turn, and what the seat sees (the open dice, or the
triple that was rolled)."""
TURN_KEYS = ["act:"]
"""The keys of the buttons a human's turn presses, in order (the kit's action buttons)."""
CONFIRM = None
"""No second press: a die is taken at once."""
TURN_BUTTONS = [re.compile(r"Take die|^Line [A-G]$"), "💡 Hint"]
"""The accessible names of the buttons a human's turn must reach on a projector."""
STEP_BUTTONS: dict[int, list[str]] = {}
"""Buttons a lesson step shows beside the board for the class, by the step they open at."""
