"""What the browser tests need to know of Pebbles' page (the rest comes from the registry)."""

START_TEXT = ("To move: Left.", "Right's lucky number: hidden")
"""The board's text on a new game: whose turn, and what the seat sees (not the others' numbers)."""
TURN_KEYS = ["act:"]
"""The keys of the buttons a human's turn presses, in order (the kit's action buttons)."""
CONFIRM = None
"""No second press: a take is played at once."""
TURN_BUTTONS = ["Take 1"]
"""The accessible names of the buttons a human's turn must reach on a projector."""
STEP_BUTTONS: dict[int, list[str]] = {}
"""Buttons a lesson step shows beside the board for the class (it ships no lesson)."""
LEFT = "Pebbles left"
"""The label of the page's count of pebbles left (the shared controls' tests read the pile there)."""
