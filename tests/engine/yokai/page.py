"""What the browser tests need to know of Yokai's page (the rest comes from the registry)."""

START_TEXT = ("To move: Player 1, step 1: peek at 2 cards.", "face down, not seen")
"""The board's text on a new game: whose turn, and what the seat sees."""
TURN_KEYS = ["w_peek_go", "w_move_go", "w_place", "w_reveal"]
"""The keys of the buttons a human's turn presses, in order (peek, move, place or reveal a hint)."""
CONFIRM = None
"""No second press."""
TURN_BUTTONS = ["👁 Peek ", "🙏 Declare"]
"""The accessible names of the buttons a human's turn must reach on a projector."""
STEP_BUTTONS: dict[int, list[str]] = {}
"""Buttons a lesson step shows beside the board for the class, by the step they open at."""
