"""The pieces of the Learn scenes (pure Python): a scene, and positions built with the
engine's set-up keywords and codec tokens."""

from __future__ import annotations

from dataclasses import dataclass

import engine.yokai_carnival as yc

SEED = 5


@dataclass(frozen=True)
class Scene:
    """A titled position (``state``), the one before the moves shown (``before``), the seat
    whose view is drawn, the explanation it is about and the rule it teaches. ``check`` is the
    position where the explained check is made (None: ``before``)."""

    title: str
    text: str
    rule: str
    state: yc.State
    before: yc.State
    seat: int = 0
    explain: str = "turn"  # "turn", "strike", "general", "protection" or "ranking"
    note: str = ""
    check: yc.State | None = None

    @property
    def checked(self) -> yc.State:
        """The position of the explained check: ``check``, else ``before``."""
        return self.check if self.check is not None else self.before


def play(state, *tokens: str):
    for token in tokens:
        state = yc.apply(state, yc.decode_action(token))
    return state


def position(lines, hands, waiting=("gashadokuro", "daitengu"), discard=(), yama=(), to_move=0):
    pos = {"lines": [list(x) for x in lines], "hands": [list(h) for h in hands], "to_move": to_move}
    pos["summon_waiting"] = list(waiting)
    pos["discard"] = list(discard)
    return yc.new_game(SEED, len(lines), position=pos, yama=list(yama))
