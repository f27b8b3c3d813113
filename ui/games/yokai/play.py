"""Yokai's Play tab: the board (click two cards to peek, a card then a green cell to move, the
deck or a hint then a card for the hint step, or Declare), the same actions as plain widgets in
the side panel, and below the board the last turn, the game log with the bots' reasons and, at
the end, the win check and the score."""

from __future__ import annotations

from functools import partial

import streamlit as st

import engine.yokai as yk
import explainers.yokai as ex
from boards.yokai import figure
from explainers.yokai_text import board_text as as_text
from explainers.yokai_words import cell_namer, hint_label, word
from ui.kit import Keys, Table, board_chart, current
from ui.kit.board_text import board_text
from ui.kit.game_over import game_over_banner
from ui.kit.text_table import show_table, small

from . import state as ps


def board(table: Table) -> None:
    keys, session = table.keys, table.session
    lang = ps.lang(keys)
    pick, refused = ps.pick(keys), ps.refused(keys)
    can_act = table.seating.can_act
    fig = figure(
        table.view,
        selected=pick,
        interactive=can_act,
        previous=table.previous,
        memory=ps.memory(keys),
        refused=refused,
        lang=lang,
    )
    version = f"{session.cursor}:{table.seating.seat}:{pick}:{refused}:{lang}:{ps.memory(keys)}"
    board_chart(fig, keys, version, on_token=partial(ps.on_token, keys), interactive=can_act)
    board_text(as_text(table.view))
    if refused is not None and pick is not None:
        sentence, cut = ex.refusal(session.state, pick, refused)
        st.warning(f"**Refused:** {sentence}")
        st.caption(ex.RULE_NOTES["connect"])
    st.caption(word("communication", lang))


def _peek_widgets(keys: Keys, state, lang: str) -> None:
    cells = [a.cell for a in yk.legal_actions(state) if isinstance(a, yk.Peek)]
    cell_label = cell_namer(yk.board(state))  # the names written on the board's edges
    cell = st.selectbox(word("peek", lang), cells, format_func=cell_label, key=keys("w_peek"))
    _play_button(
        keys, f"👁 {word('peek', lang)} {cell_label(cell)}", "w_peek_go", yk.Peek(cell), type="primary"
    )


def _play(keys: Keys, action) -> None:
    from ui.kit import play

    if play(keys, action):
        st.session_state.pop(keys("pick"), None)


def _play_button(keys: Keys, label: str, name: str, action, **options) -> None:
    """A full-width button that plays ``action`` (``None``: nothing to play yet)."""
    st.button(label, key=keys(name), on_click=_play, args=(keys, action), width="stretch", **options)


def _set_pick_from(keys: Keys, widget: str) -> None:
    ps.set_pick(keys, st.session_state[widget])


def _follows_pick(keys: Keys, label: str, options: list, name: str, format_func):
    """A choice among ``options`` that follows the board: what a click picked there is chosen
    here, and a choice made here is the board's pick."""
    key = keys(name)
    if ps.pick(keys) in options:
        st.session_state[key] = ps.pick(keys)
    return st.selectbox(
        label, options, format_func=format_func, key=key, on_change=_set_pick_from, args=(keys, key)
    )


def _move_widgets(keys: Keys, state, lang: str) -> None:
    moves = [a for a in yk.legal_actions(state) if isinstance(a, yk.Move)]
    cell_label = cell_namer(yk.board(state))
    src = _follows_pick(keys, "Card to move", sorted({m.src for m in moves}), "w_src", cell_label)
    dsts = yk.legal_destinations(state, src) if src is not None else []
    dst = st.selectbox("To (a green cell)", dsts, format_func=cell_label, key=keys(f"w_dst:{src}"))
    _play_button(
        keys,
        f"➜ {word('move', lang)} {cell_label(src)} → {cell_label(dst)}" if dst else word("move", lang),
        "w_move_go",
        yk.Move(src, dst) if dst else None,
        disabled=dst is None,
        type="primary",
    )


def _hint_widgets(keys: Keys, state, lang: str) -> None:
    legal = yk.legal_actions(state)
    if yk.Reveal() in legal:
        _play_button(
            keys, f"🂠 {word('reveal', lang)} ({yk.hint_deck_size(state)} left)", "w_reveal", yk.Reveal()
        )
    places = [a for a in legal if isinstance(a, yk.Place)]
    if not places:
        return
    revealed = yk.revealed_hints(state)
    hints = sorted({a.hint for a in places})
    hint = _follows_pick(
        keys, word("place", lang), hints, "w_hint", lambda i: f"{i + 1}: {hint_label(revealed[i])}"
    )
    cells = [a.cell for a in places if a.hint == hint]
    cell_label = cell_namer(yk.board(state))
    cell = st.selectbox("On the card at", cells, format_func=cell_label, key=keys("w_hint_cell"))
    _play_button(
        keys,
        f"📌 {word('place', lang)} → {cell_label(cell)}",
        "w_place",
        yk.Place(hint, cell),
        type="primary",
    )


def panel(table: Table) -> None:
    keys, session = table.keys, table.session
    lang = ps.lang(keys)
    state = session.state
    if session.over:
        won = yk.families_grouped(state)
        score = ex.score_line(state, lang) if won else ""
        game_over_banner(f"**{ex.verdict(state, lang)}** {score}", won=won)
    elif table.seating.can_act:
        _actions(keys, state, lang)
    st.toggle(
        word("memory", lang),
        key=keys("memory"),
        value=True,
        help="Show the cards you saw in earlier turns (pale). Off: only this turn's two peeks, as at the table.",
    )
    ps.language_switch(keys, "play")


def _actions(keys: Keys, state, lang: str) -> None:
    phase = yk.phase(state)
    hint = {"peek": "click_peek", "move": "click_move", "hint": "click_hint"}[phase]
    st.markdown(f"**{word('step_' + phase, lang).capitalize()}** — {word(hint, lang)}.")
    if phase == "peek":
        _peek_widgets(keys, state, lang)
    elif phase == "move":
        _move_widgets(keys, state, lang)
    else:
        _hint_widgets(keys, state, lang)
    if yk.can_declare(state):
        st.button(
            f"🙏 {word('declare_short', lang)}",  # (the whole sentence was cut to "…" at 1280 px)
            key=keys("w_declare"),
            on_click=_play,
            args=(keys, yk.Declare()),
            width="stretch",
            help=f"{word('declare', lang)}. Instead of playing this turn: the game ends and the cards are turned up.",
        )


def below(table: Table) -> None:
    session = table.session
    view = table.view
    if session.over:
        st.markdown("#### Win check, family by family")
        show_table(ex.win_table(session.state))
        if yk.families_grouped(session.state):
            st.markdown(f"#### {ex.score_line(session.state, ps.lang(table.keys))}")
            show_table(ex.score_table(session.state))
            st.caption(ex.RULE_NOTES["tiers"])
    turn = ex.last_turn_table(view)
    if turn.empty:
        st.markdown(f"#### Last turn\n\n{small('Nothing played yet. Player 1 starts: peek at two cards.')}")
    else:
        show_table(turn, title="#### Last turn")  # one element: the bots' clock resends each
    for sentence in ex.rule_steps(view):  # a skipped move, a hint revealed by the rules
        st.info(sentence)
    title = "#### Game log · each bot partner's reason"
    rows = ex.log_rows(current(table.keys).history[: session.cursor + 1], session.seats, limit=8)
    if rows.empty:
        st.markdown(f"{title}\n\n{small('No move yet.')}")
    else:
        show_table(rows, title=title)
