"""Yokai Carnival's What-if tab: set lines, hands, the discard pile and Summon Waiting by hand
(the engine's ``position=`` set-up), then see whether a Strike or a General Summon is open
and what each card in hand would do, explained; "Play from here" opens it in Play."""

from __future__ import annotations

import streamlit as st

import engine.yokai_carnival as yc
import explainers.yokai_carnival as ex
from boards.yokai_carnival import figure
from ui.kit import Keys, flash, load_session, show_chart, store

from . import positions

SEED = 1  # the unlisted cards are shuffled from a fixed seed: the same inputs, the same table


def _field(keys: Keys, name: str, label: str, help_: str, errors: list[str]) -> list[str]:
    text = st.text_input(label, key=keys(f"wi:{name}"), help=help_, placeholder="e.g. Nue, Umibōzu, Tengu")
    try:
        return positions.parse_cards(text)
    except positions.BadCard as exc:
        errors.append(f"{label}: {exc}")
        return []


def _load_example(keys: Keys) -> None:
    example = positions.EXAMPLES.get(st.session_state.get(keys("wi:example")))
    if example is None:
        return
    st.session_state[keys("wi:players")] = len(example["lines"])
    for seat in range(5):
        lines = example["lines"]
        hands = example["hands"]
        st.session_state[keys(f"wi:line{seat}")] = ", ".join(lines[seat]) if seat < len(lines) else ""
        st.session_state[keys(f"wi:hand{seat}")] = ", ".join(hands[seat]) if seat < len(hands) else ""
    st.session_state[keys("wi:discard")] = ", ".join(example.get("discard", ()))
    st.session_state[keys("wi:waiting")] = list(example.get("summon_waiting", ()))
    st.session_state[keys("wi:to_move")] = example.get("to_move", 0)


def _open_in_play(keys: Keys, state) -> None:
    store(keys, load_session(yc, yc.to_json(state)))
    st.session_state[keys("tab")] = "Play"
    flash(keys, "success", "The What-if position opened in Play: every seat is played by a person here.")


def _inputs(keys: Keys, errors: list[str]) -> dict:
    st.selectbox(
        "Start from an example (optional)",
        ["—", *positions.EXAMPLES],
        key=keys("wi:example"),
        on_change=_load_example,
        args=(keys,),
    )
    c1, c2 = st.columns(2)
    players = int(c1.number_input("Players", 2, 5, key=keys("wi:players"), value=2))
    to_move = c2.selectbox("Whose turn", range(players), format_func=ex.seat_name, key=keys("wi:to_move"))
    names = positions.card_names()
    tip = "Card names or ids, left to right, separated by commas. Known cards: " + ", ".join(names)
    lines, hands = [], []
    for row in positions.seat_rows(players):  # Player 1, 2, 3 on a row, then 4 and 5: turn order
        cols = st.columns(3)
        for col, seat in zip(cols, row, strict=False):
            with col:
                lines.append(_field(keys, f"line{seat}", f"{ex.seat_name(seat)}: line", tip, errors))
                hands.append(
                    _field(keys, f"hand{seat}", f"{ex.seat_name(seat)}: hand (up to 3)", tip, errors)
                )
    discard = _field(keys, "discard", "Discard pile (oldest first)", tip, errors)
    st.session_state.setdefault(keys("wi:waiting"), list(positions.DEFAULT_WAITING))
    waiting = st.multiselect(
        "Summon Waiting (up to 2 Generals)",
        positions.general_ids(),
        format_func=positions.name_of,
        max_selections=2,
        key=keys("wi:waiting"),
    )
    if not waiting:
        st.warning(f"⚠ {positions.EMPTY_WAITING}")
    return {
        "lines": lines,
        "hands": hands,
        "discard": discard,
        "summon_waiting": waiting,
        "to_move": to_move,
    }


def draw(keys: Keys) -> None:
    st.write(
        "Set a position by hand: each line left (oldest) to right, each hand, the discard pile and "
        "Summon Waiting. Every card you leave out is shuffled into the Yama and the General Yama. The "
        "position starts at the draw of the player whose turn it is."
    )
    errors: list[str] = []
    position = _inputs(keys, errors)
    for error in errors:
        st.error(f"✋ {error}")
    if errors:
        return
    try:
        state = positions.build(position, SEED)
    except ValueError as exc:
        st.error(f"✋ This position does not fit the rules: {exc}")
        return
    seat = yc.decision(state).seat if yc.decision(state) is not None else position["to_move"]
    view = yc.view(state, seat)
    show_chart(figure(view, interactive=False), keys("wi:board"))
    st.markdown(ex.decision_line(view))
    left, right = st.columns(2)
    # st.table wraps long "Why" texts; a dataframe would cut them off at the column's edge.
    with left:
        st.markdown(f"**Strike** · {ex.strike_summary(view, seat)}")
        st.table(ex.steps_table(yc.strike_check(view, seat)), hide_index=True)
    with right:
        st.markdown(f"**General Summon** · {ex.general_summary(view, seat)}")
        st.table(ex.colour_checklist(view, seat), hide_index=True)
    st.markdown(f"**What each card in {ex.seat_name(seat)}'s hand would do now** (with its ability)")
    st.table(ex.hand_preview_table(view, seat), hide_index=True)
    st.markdown(f"**Which of {ex.seat_name(seat)}'s cards are protected, and why**")
    st.caption("Cards are counted from 1 at the left (oldest) end of the line.")
    st.table(ex.protection_table(view, seat), hide_index=True)
    st.button("▶ Play from here", key=keys("wi:play"), on_click=_open_in_play, args=(keys, state))
