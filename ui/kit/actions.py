"""Moves as widgets: one button per legal action, and the hand card picked by a first click.

Every widget that plays a move is keyed by the game's action codec (``act:<token>``), so a
button keeps its key (and a test or a browser finds it) for as long as its action is legal,
and its label comes from the game's own words (its explainer), never from the kit.

A board click that should first show what a card does (Fan & Mallet's path, Yokai
Carnival's ability) goes through :func:`pick_or_play`: the first click picks the card
(``keys("pick")``), a click on the picked card plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import streamlit as st

from .store import Keys, current, flash, play

if TYPE_CHECKING:
    from .frame import Table


def action_key(keys: Keys, game, action) -> str:
    """The widget key of ``action``'s button: ``"<game>:act:<codec token>"``."""
    return keys(f"act:{game.encode_action(action)}")


def legal_tokens(table: Table) -> list[str]:
    """The codec tokens of the moves the page may offer now (none while the seat shown may
    not act, or once the game is over)."""
    if not table.seating.can_act or table.session.over:
        return []
    game = table.game
    return [game.encode_action(a) for a in game.legal_actions(table.session.state)]


def action_buttons(
    table: Table,
    label: Callable[[object], str],
    *,
    actions: Iterable | None = None,
    picked: str | None = None,
    per_row: int = 1,
) -> None:
    """One button per legal action (or per action of ``actions``), labelled by
    ``label(action)`` (the game's explainer), keyed by its codec token, playing it on click;
    ``per_row`` buttons share a row (short labels: seven lines to choose from stay on a
    projector's screen). The button of the ``picked`` token is primary (the card a first
    board click chose)."""
    game = table.game
    actions = list(game.legal_actions(table.session.state) if actions is None else actions)
    if per_row == 1:
        for action in actions:
            _button(table, label, action, picked)
        return
    for start in range(0, len(actions), per_row):
        row = actions[start : start + per_row]
        for cell, action in zip(st.columns(per_row)[: len(row)], row, strict=True):
            with cell:
                _button(table, label, action, picked)


def _button(table: Table, label: Callable[[object], str], action, picked: str | None) -> None:
    token = table.game.encode_action(action)
    st.button(
        label(action),
        key=table.keys(f"act:{token}"),
        on_click=table.play,
        args=(action,),
        type="primary" if token == picked else "secondary",
        width="stretch",
    )


def picked(keys: Keys, tokens: list[str]) -> str | None:
    """The token a first click picked, if it is still among ``tokens`` (else forgotten)."""
    token = st.session_state.get(keys("pick"))
    if token not in tokens:
        st.session_state[keys("pick")] = None
        return None
    return token


def play_picked(keys: Keys, nothing: str = "Pick a card first.") -> None:
    """Play the picked token (a Play button); say ``nothing`` when no card is picked."""
    token = st.session_state.get(keys("pick"))
    if not token:
        flash(keys, "warning", nothing)
        return
    if play(keys, current(keys).game.decode_action(token)):
        st.session_state[keys("pick")] = None


def pick_or_play(keys: Keys, token: str) -> None:
    """A click on a card: the first picks it (the page shows what it would do), a click on
    the picked card plays it."""
    if st.session_state.get(keys("pick")) == token:
        play_picked(keys)
    else:
        st.session_state[keys("pick")] = token


def forget_pick(keys: Keys) -> None:
    st.session_state[keys("pick")] = None
