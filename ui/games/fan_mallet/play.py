"""Fan & Mallet's Play tab: the oval and the hand (click a card to see its path, again to
play it), the side panel (markers, the last move explained) and, below, the possessions."""

from __future__ import annotations

from functools import partial

import streamlit as st

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.fan_mallet import figure
from engine.core import new_seed
from explainers.fan_mallet_text import board_text as as_text
from ui.kit import Keys, Table, board_chart, current, flash, new_session, page_button, store
from ui.kit.actions import legal_tokens, pick_or_play, picked, play_picked
from ui.kit.board_text import board_text
from ui.kit.game_over import game_over_banner
from ui.kit.text_table import show_table, small

from . import match

NOTHING_PICKED = "Pick a card from the hand first (click it on the board or below)."


def board(table: Table) -> None:
    keys, view = table.keys, table.view
    tokens = legal_tokens(table)
    pick = picked(keys, tokens)
    selected = fm.decode_action(pick) if pick else None
    fig = figure(view, selected=selected, interactive=table.seating.can_act)
    board_chart(
        fig,
        keys,
        f"{table.session.cursor}:{pick}",
        on_token=partial(pick_or_play, keys),
        interactive=table.seating.can_act,
    )
    board_text(as_text(view))
    if not tokens:
        return
    st.pills(
        f"{fm.INFO.seat_name(table.session.to_move)}: your hand",
        tokens,
        # The picker's label names the seat: each card says only itself, so the six fit one
        # row of a 1280-pixel projector.
        format_func=lambda t: ex.follower_label(fm.decode_action(t).follower),
        key=keys("pick"),
        width="stretch",
    )
    st.button(
        "▶ Play the selected card",
        key=keys("play"),
        on_click=play_picked,
        args=(keys, NOTHING_PICKED),
        type="primary",
    )
    if pick:
        _, tried, sentence = ex.explain_placement(table.session.state, pick)
        st.info(f"**Preview:** {sentence} Click the card again or press *Play* to play it.")
        with st.expander("Houses tried, in order"):
            show_table(tried)
            st.caption(ex.RULE_NOTES["target"].markdown())


def _last_move(table: Table) -> None:
    # Heading and sentence in one element: the bots' clock resends each element every move.
    previous = table.previous
    if previous is None:
        st.markdown(
            f"#### Last move\n\n{small('No card has been played yet. White (God of riches) starts.')}"
        )
        return
    follower = fm.last_move(table.view).follower
    _, tried, sentence = ex.explain_placement(previous, fm.encode_action(fm.Inhabit(follower)))
    st.markdown(f"#### Last move\n\n{sentence}")
    opened = st.expander("Houses tried, in order", key=table.keys("last_tried"), on_change="rerun")
    if opened.open:  # the table is built only when someone opens it
        with opened:
            show_table(tried)
            st.caption(ex.RULE_NOTES["target"].markdown())
    count = fm.possession_count(table.view)
    if count > fm.possession_count(previous):
        _, _, totals, summary = ex.explain_possession(table.session.state, count - 1)
        show_table(totals[["Step", "Value"]], title=f"#### Possession!\n{summary}")


def panel(table: Table) -> None:
    state = table.session.state
    if table.session.over:
        result = fm.outcome(state)
        game_over_banner(
            f"**{fm.INFO.seat_name(result.winner)}** has placed all {fm.MARKERS} markers and wins."
        )
    elif table.seating.can_act:
        st.markdown(
            "Click a card to see where it goes, click it again to play it: it goes to the first house "
            "clockwise from your pawn that can take it (rule: *Inhabit*)."
        )
    _last_move(table)  # first: on a projector it must show beside the board
    m = fm.markers(state)
    markers = st.container(horizontal=True)  # two elements fewer than columns, on every tick
    markers.metric("White ♙", f"{m['white']}/{fm.MARKERS}", help="Possession markers White has placed")
    markers.metric("Black ♟", f"{m['black']}/{fm.MARKERS}", help="Possession markers Black has placed")
    _match_panel(table)


def _record(keys: Keys) -> dict:
    return st.session_state.setdefault(keys("match"), match.new_record())


def game_over(keys: Keys, session) -> None:
    """A move ended the game: count it in the match (once per deal)."""
    match.record_game(_record(keys), session)


def _next_game(keys: Keys) -> None:
    record, session = _record(keys), current(keys)
    loser = match.last_loser(record)
    if loser is None:
        return
    kinds = {match.person_of(record, seat): session.seats[seat] for seat in (0, 1)}
    record["white_person"] = loser
    store(keys, new_session(fm, new_seed(), 2, (kinds[loser], kinds[1 - loser])))
    flash(keys, "success", f"Next match game: {match.PERSONS[loser]} lost, so plays White and starts.")


def _set_target(keys: Keys) -> None:
    _record(keys)["target"] = int(st.session_state[keys("target")])


def _match_panel(table: Table) -> None:
    keys, session = table.keys, table.session
    record = _record(keys)
    this_game = record["games"].get(session.deal_key()) if session.over else None
    if this_game is not None:
        st.markdown(f"**Match:** {this_game['text']} — {match.points_text(record)} (to {record['target']}).")
    winner = match.champion(record)
    if winner is not None:
        st.success(f"🏆 {match.PERSONS[winner]} wins the match ({match.points_text(record)}).")
        st.button(
            "Start a new match",
            key=keys("match_reset"),
            on_click=st.session_state.pop,
            args=(keys("match"), None),
        )
    elif this_game is not None:
        page_button(keys, "▶ Next match game", "match_next", _next_game, type="primary")
        st.caption(ex.RULE_NOTES["match"].markdown())
    panel = st.expander(
        f"🏆 Match {match.points_text(record, short=True)}", key=keys("match_panel"), on_change="rerun"
    )
    if not panel.open:
        return
    with panel:
        st.markdown(f"**Match play {match.score_line(record)}**")
        st.number_input(
            "Play to (points)",
            1,
            99,
            key=keys("target"),
            value=record["target"],
            disabled=bool(record["games"]),
            on_change=_set_target,
            args=(keys,),
            help=f"The winner of a game scores {fm.MARKERS} − the loser's placed markers.",
        )
        st.caption(ex.RULE_NOTES["match"].markdown())
        for line in match.history_lines(record):
            st.markdown(f"- {line}")


def below(table: Table) -> None:
    """Every possession so far, each reviewable step by step."""
    found = ex.possession_list(table.session.state)
    if not found:
        note = (
            "No house is possessed yet. When a house receives its 5th follower, its calculation "
            "appears here step by step (rule: Possession)."
        )
        st.markdown(f"### Possessions\n\n{small(note)}")
        return
    st.subheader("Possessions")
    index = st.selectbox(
        "Review a possession",
        list(range(len(found) - 1, -1, -1)),
        format_func=lambda i: ex.possession_label(found[i]),
        key=table.keys(f"poss:{len(found)}"),
    )
    p, scores, totals, summary = ex.explain_possession(table.session.state, index)
    st.markdown(summary)
    show_table(scores)
    show_table(totals)
    for note in ex.notes_for_stack(p.score):
        st.caption(note.markdown())
