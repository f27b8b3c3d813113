"""What the shell needs to list Yokai."""

from engine.core import GameInfo, Termination


class Ending(Termination):
    """How a game ends (``Ending.NONE`` while it goes on)."""

    DECLARED = "a player declared the Yokai appeased"
    LAST_HINT = "the last hint was placed"


INFO = GameInfo(
    id="yokai",
    title="Yokai",
    japanese="妖怪",
    players=range(2, 5),
    default_players=2,
    blurb=(
        "A cooperative game of hidden cards: move them, keep them connected, give hints and "
        "group the four families."
    ),
    audience="2–4 players working together.",
    hidden_information=True,
    endings=Ending,
    cooperative=True,
)
