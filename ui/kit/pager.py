"""The Learn tab's scene pager, the same for every game: titled scenes, Previous and Next
above and below the scene (← and → on the keyboard), stopping at the first and last."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from engine.core import Game

from .session import load_session
from .store import Keys, flash, store


def _move(keys: Keys, count: int, step: int) -> None:
    index = st.session_state.get(keys("scene"), 0) + step
    st.session_state[keys("scene")] = max(0, min(count - 1, index))


def _buttons(keys: Keys, count: int, index: int, where: str):
    prev, label, nxt = st.columns([1, 4, 1], vertical_alignment="center")
    top = where == "top"
    prev.button(
        "◀ Previous",
        key=keys(f"scene_prev_{where}"),
        on_click=_move,
        args=(keys, count, -1),
        disabled=index == 0,
        shortcut="Left" if top else None,
        width="stretch",
    )
    nxt.button(
        "Next ▶",
        key=keys(f"scene_next_{where}"),
        on_click=_move,
        args=(keys, count, 1),
        disabled=index == count - 1,
        shortcut="Right" if top else None,
        width="stretch",
    )
    return label


def pager(keys: Keys, titles: Sequence[str]) -> int:
    """Draw the pager for scenes named ``titles``; return the index of the scene to show."""
    count = len(titles)
    index = max(0, min(count - 1, st.session_state.get(keys("scene"), 0)))
    st.session_state[keys("scene")] = index
    label = _buttons(keys, count, index, "top")
    label.markdown(f"**Scene {index + 1} of {count}: {titles[index]}**")
    return index


def try_in_play(keys: Keys, game: Game, state, title: str, seats: tuple[str, ...] | None = None) -> None:
    """The "Try it in Play" button: the scene's position opens on the Play tab (seats: the
    game's own default when None), to carry on from there."""
    st.button(
        "Try it in Play",
        key=keys("scene_open"),
        on_click=_open_in_play,
        args=(keys, game, state, title, seats),
    )


def _open_in_play(keys: Keys, game: Game, state, title: str, seats) -> None:
    store(keys, load_session(game, game.to_json(state), seats=seats))
    st.session_state[keys("tab")] = "Play"
    flash(keys, "success", f"Scene “{title}” opened in Play: carry on from here.")


def pager_footer(keys: Keys, count: int) -> None:
    """Previous and Next again under the scene, so a teacher never scrolls back up."""
    index = st.session_state.get(keys("scene"), 0)
    label = _buttons(keys, count, index, "bottom")
    label.caption(f"Scene {index + 1} of {count} · ← and → also turn the page")
