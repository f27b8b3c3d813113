"""The hot seat's "pass the device" screen, and which seat took the device in this game.

A game with hidden cards played by several people at one screen hides the board between
their turns (``seating``); the player to move takes the device with a button.
"""

from __future__ import annotations

import streamlit as st

from .session import GameSession
from .store import Keys, current
from .table import Table


def _take(keys: Keys, seat: int) -> None:
    st.session_state[keys("unlocked")] = (current(keys).history[0], seat)


def taken_by(keys: Keys, session: GameSession) -> int | None:
    """The seat that last took the device in this game. A new game (a new deal, a save or a
    link opened) is nobody's until a player takes it: the holder of the last game's device
    would otherwise see the first hand of the next deal when their seat moves first."""
    held = st.session_state.get(keys("unlocked"))
    if held is None or held[0] is not session.history[0]:  # (the game's first state, kept by every move)
        return None
    return held[1]


def handover(table: Table) -> None:
    """Ask for the device to be passed to the seat to move, with the button that takes it."""
    seat = table.seating.handover_to
    name = table.game.INFO.seat_name(seat)
    st.info(
        f"🔒 **Pass the device to {name}.** The board stays hidden so nobody sees another player's cards."
    )
    st.button(
        f"I am {name}: show my cards",
        key=table.keys("unlock"),
        on_click=_take,
        args=(table.keys, seat),
        type="primary",
    )
