"""What the shell needs to list Yokai."""

from engine.core import GameInfo

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
)
