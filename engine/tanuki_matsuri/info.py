"""The game's card for the registry and the pages: id, names, player counts, blurb."""

from __future__ import annotations

from engine.core import GameInfo, Termination


class Ending(Termination):
    """How a game ends (``Ending.NONE`` while it goes on)."""

    LAST_TORII = "the last torii was circled"
    LAST_FLOWER = "the last flower was circled"
    LAST_TORII_AND_FLOWER = "the last torii and the last flower were circled"


INFO = GameInfo(
    id="tanuki_matsuri",
    title="Tanuki Matsuri",
    japanese="狸祭り",
    players=range(1, 11),
    default_players=1,
    hidden_information=False,
    blurb="A roll-and-write festival: take a die, circle fruit, chain effects, multiply by your tanuki.",
    audience="Families and classrooms, 8+; solo to 10 players; about 20 minutes.",
    endings=Ending,
)
