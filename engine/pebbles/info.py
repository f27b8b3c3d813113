"""Pebbles' identity: its ``INFO`` and how a game of it ends."""

from engine.core import GameInfo, Termination


class Ending(Termination):
    """How a game of Pebbles ends (``Ending.NONE`` while it goes on)."""

    LAST_PEBBLE = "the last pebble was taken"


INFO = GameInfo(
    id="pebbles",
    title="Pebbles",
    japanese="小石",
    players=range(2, 4),
    default_players=2,
    blurb="Take 1 to 3 pebbles; whoever takes the last one wins (a test game).",
    audience="The project's tests, and whoever adds a game: the smallest complete example.",
    hidden_information=True,
    seat_names=("Left", "Right", "Middle"),
    endings=Ending,
)
