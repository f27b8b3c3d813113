"""What the browser tests need to know of Fan & Mallet's page (the rest comes from the registry)."""

START_TEXT = ("To move: White — God of riches.", "Black's hand: 6 hidden cards")
"""The board's text on a new game: whose turn, and what the seat sees (the other hand's size only)."""
TURN_KEYS = ["pick"]
"""The keys of the buttons a human's turn presses, in order: a card of the hand (pills)…"""
CONFIRM = ("Preview:", "play")
"""…then, once the preview shows, Play the selected card."""
TURN_BUTTONS = ["▶ Play the selected card"]
"""The accessible names of the buttons a human's turn must reach on a projector."""
STEP_BUTTONS: dict[int, list[str]] = {}
"""Buttons a lesson step shows beside the board for the class, by the step they open at."""
LESSON_END_SHOWN = ["Last move"]
"""Texts shown once a lesson is closed: the board marks the lesson's last card and the panel
explains it…"""
LESSON_END_GONE = ["No card has been played yet"]
"""…so the empty panel's text is gone…"""
LESSON_END_TURN = True
"""…and a human's turn follows (White plays on from there): ``TURN_BUTTONS`` must fit."""
