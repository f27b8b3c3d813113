"""What the shell needs to list Fan & Mallet."""

from engine.core import GameInfo, Termination


class Ending(Termination):
    """How a game ends (``Ending.NONE`` while it goes on)."""

    ALL_MARKERS = "all 7 possession markers are placed"


INFO = GameInfo(
    id="fan_mallet",
    title="Fan & Mallet",
    japanese="団扇と小槌",
    players=range(2, 3),
    default_players=2,
    blurb=(
        "The God of riches and the God of poverty send followers into a ring of houses; "
        "fill a house with five and the stronger side possesses it. Place all 7 markers to win."
    ),
    audience="2 players, ages 8+, about 30 minutes; a quick game of card order and mental arithmetic",
    hidden_information=True,
    seat_names=("White — God of riches", "Black — God of poverty"),
    endings=Ending,
)
