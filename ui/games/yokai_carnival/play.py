"""Yokai Carnival's Play tab: the table (click a hand card to see what it does, again to
summon it; click a highlighted card or seat when an ability asks), the side panel (who
decides what, a button for every choice, the last turn explained) and, below the board, the
checks, the protection and the discard pile."""

from __future__ import annotations

from functools import partial

import streamlit as st

import engine.yokai_carnival as yc
import explainers.yokai_carnival as ex
from boards.yokai_carnival import figure
from explainers.yokai_carnival_text import board_text as as_text
from ui.kit import Keys, Table, board_chart
from ui.kit.actions import action_buttons, forget_pick, legal_tokens, pick_or_play, picked
from ui.kit.board_text import board_text
from ui.kit.game_over import game_over_banner
from ui.kit.store import play_token
from ui.kit.text_table import markdown_table, show_table


def _on_click(keys: Keys, token: str) -> None:
    """A hand card: the first click shows what it does, the second summons it. Any other
    card or seat is the answer to the question asked, played at once."""
    if isinstance(yc.decode_action(token), yc.Summon):
        pick_or_play(keys, token)
    else:
        forget_pick(keys)
        play_token(keys, token)


def board(table: Table) -> None:
    keys = table.keys
    pick = picked(keys, legal_tokens(table))
    fig = figure(
        table.view,
        selected=yc.decode_action(pick) if pick else None,
        interactive=table.seating.can_act,
        previous=table.previous,
    )
    board_chart(
        fig,
        keys,
        f"{table.session.cursor}:{table.seating.seat}:{pick}",
        on_token=partial(_on_click, keys),
        interactive=table.seating.can_act,
    )
    board_text(as_text(table.view))
    if pick:
        index = yc.decode_action(pick).index
        card = ex.card_at(table.view, "hand", None, index)
        st.info(
            f"**Preview — {ex.card_label(card)}:** "
            + " ".join(ex.preview_lines(table.view, index))
            + " Click the card again (or its button) to summon it with its ability."
        )
    pile = yc.discard(table.view)
    with st.expander(f"Discard pile: {len(pile)} card(s), newest last"):
        if pile:
            show_table(ex.discard_table(table.view))
        else:
            st.caption("Empty: cards discarded by abilities land here, face up.")


def _buttons(table: Table) -> None:
    actions = yc.legal_actions(table.session.state)
    if any(isinstance(a, yc.Summon) for a in actions):
        st.caption("Summon a card: ✨ uses its ability, or play it without. Its text shows on the board.")
    label = partial(ex.action_label, table.view)
    action_buttons(table, label, actions=actions, picked=st.session_state.get(table.keys("pick")))


def _checks(table: Table, kind: str) -> None:
    """The explanation of the decision waiting: the Strike check, the General Summon check."""
    view, seat = table.view, yc.decision(table.view).seat
    if kind in ("strike_1", "strike_2"):
        st.caption(f"Strike check: {ex.strike_summary(view, seat)}")
    elif kind == "general":
        st.caption(f"General Summon: {ex.general_summary(view, seat)}")


def panel(table: Table) -> None:
    view = table.view
    history = table.session.history[: table.session.cursor + 1]
    since = ex.since_own_turn_markdown(history, table.seating.seat)
    if table.session.over:
        _end(table)
        st.markdown(since)
        return
    d = yc.decision(view)
    card = d is not None and d.card is not None
    if not (card or table.seating.can_act):
        # Nothing to draw between them: who decides and the last turn are one element, as the
        # bots' clock resends every element each move.
        st.markdown(f"{ex.decision_line(view)}\n\n{since}")
        return
    st.markdown(ex.decision_line(view))
    if card:
        st.caption(f"{ex.card_label(d.card)}: {d.card.text}")
    if table.seating.can_act:
        _checks(table, d.kind)
        _buttons(table)
    st.markdown(since)


def _end(table: Table) -> None:
    state = table.session.state
    winner = yc.ranking(state)[0]
    size = len(yc.lines(state)[winner])
    game_over_banner(f"**{ex.seat_name(winner)}** wins with {size} cards in line.")
    show_table(ex.ranking_table(state))


def below(table: Table) -> None:
    """The checks and protection of any seat, and at the end the ranking step by step."""
    view, keys = table.view, table.keys
    players = len(yc.lines(view))
    if table.session.over:
        st.markdown("#### Final ranking, step by step")
        st.caption(ex.note("ranking"))
        show_table(ex.steps_table(yc.outcome(view).steps))
    default = table.seating.seat if table.seating.seat is not None else 0
    seat = st.selectbox(
        "Explain the line of",
        range(players),
        index=default,
        format_func=ex.seat_name,
        key=keys(f"explain_seat:{players}"),
    )
    left, right = st.columns(2)
    with left:
        # Both checks and the table in one element: the bots' clock resends each element.
        checklist = markdown_table(ex.colour_checklist(view, seat))
        st.markdown(
            f"**General Summon check** · {ex.general_summary(view, seat)}\n\n{checklist}\n\n"
            f"**Strike check** · {ex.strike_summary(view, seat)}"
        )
    with right:
        show_table(ex.protection_table(view, seat), title="**Which cards are protected, and why**")
    steps = st.expander("The last turn, step by step", key=keys("last_steps"), on_change="rerun")
    if steps.open:  # built only when someone opens it: the bots' clock reruns this every move
        with steps:
            show_table(ex.steps_table(yc.last_turn(view)))
            st.caption(ex.note("auto"))
