"""What the shell needs to list Yokai Carnival."""

from engine.core import GameInfo, Termination


class Ending(Termination):
    """How a game ends (``Ending.NONE`` while it goes on)."""

    SUMMON_WAITING_EMPTY = "no General is left in Summon Waiting"
    YAMA_EMPTY = "the Yama is empty"
    YAMA_AND_SUMMON_WAITING_EMPTY = "the Yama and Summon Waiting are both empty"


INFO = GameInfo(
    id="yokai_carnival",
    title="Yokai Carnival",
    japanese="妖怪カーニバル",
    players=range(2, 6),
    default_players=2,
    blurb="Build lines of yokai cards, strike your rivals' lines and call a General Summon.",
    audience="2–5 players.",
    hidden_information=True,
    endings=Ending,
)
