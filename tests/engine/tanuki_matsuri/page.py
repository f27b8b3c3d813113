"""What the browser tests need to know of Tanuki Matsuri's page (the rest comes from the registry)."""

START_TEXT = ("To move: Player 1. Take a die", "Open dice:")
"""The board's text on a new game: whose turn, and what the seat sees."""
TURN_KEYS = ["act:"]
"""The keys of the buttons a human's turn presses, in order (the kit's action buttons)."""
CONFIRM = None
"""No second press: a die is taken at once."""
TURN_BUTTONS = ["Take die", "💡 Hint"]
"""The accessible names of the buttons a human's turn must reach on a projector."""
STEP_BUTTONS: dict[int, list[str]] = {}
"""Buttons a lesson step shows beside the board for the class, by the step they open at."""
