"""What the shell needs to list Yokai Carnival."""

from engine.core import GameInfo

INFO = GameInfo(
    id="yokai_carnival",
    title="Yokai Carnival",
    japanese="妖怪カーニバル",
    players=range(2, 6),
    default_players=2,
    blurb="Build lines of yokai cards, strike your rivals' lines and call a General Summon.",
    audience="2–5 players.",
    hidden_information=True,
)
