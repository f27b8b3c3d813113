"""Tanuki Matsuri's Play tab: the pencil-mark sheet (click a die, then a highlighted fruit,
tanuki or column), the decision waiting and its buttons, the hint, and below the sheet the
standings, the hint table, the game log and, at the end, the score and high scores."""

from __future__ import annotations

import os

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import FRUIT_ICON, figure
from engine.core import rng_for
from explainers import tanuki_matsuri as ex
from explainers.tanuki_matsuri_text import board_text as as_text
from storage.highscores import HighScores, game_key, where_kept
from ui.kit import (
    HUMAN,
    Keys,
    Table,
    board_chart,
    challenge_game,
    current,
    flash,
    load_session,
    page_button,
    presenter,
    store,
)
from ui.kit.actions import action_buttons
from ui.kit.board_text import board_text
from ui.kit.game_over import SCORED_ICON, game_over_banner
from ui.kit.text_table import show_table

HINT_CAP_S = float(os.environ.get("DOJO_HINT_BUDGET_S", "0.45"))
HINT_ROLLOUTS = 400
SEAT_SHOWN = "Sheet shown"
"""The label of the picker of whose sheet the page draws (several players)."""


def _solo_human(session) -> bool:
    """A solo game of a human outside a class challenge (a challenge keeps its own results,
    and its seed must not reach classmates through the high-score table)."""
    return session.seats == (HUMAN,) and challenge_game.of(session) is None


def game_over(keys: Keys, session) -> None:
    """A move ended a solo game played by a human: record its score (once per game)."""
    if not _solo_human(session):
        return
    state = session.state
    store_ = HighScores()
    previous = store_.best(session.seed, state.sheet.name)
    total = tm.score(state, 0).total
    added = store_.record(session.seed, state.sheet.name, total, game_key(tm.to_json(state)))
    st.session_state[keys("record_note")] = (added, previous)


def _replay_seed(keys: Keys) -> None:
    session = current(keys)
    store(keys, load_session(tm, tm.to_json(session.history[0]), seats=session.seats))
    st.session_state.pop(keys("hint"), None)
    flash(keys, "success", f"Seed {session.seed} again: the same dice come up turn by turn. Beat your score!")


def _ask_hint(keys: Keys) -> None:
    session = current(keys)
    if session.over:
        return
    seed = rng_for(session.seed, "hint", session.cursor).getrandbits(63)
    result = tm.hint(session.state, seed=seed, rollouts=HINT_ROLLOUTS, time_cap_s=HINT_CAP_S)
    st.session_state[keys("hint")] = (session.state, result)


def _hint_now(table: Table):
    stored = st.session_state.get(table.keys("hint"))
    return stored[1] if stored is not None and stored[0] is table.session.state else None


def board(table: Table) -> None:
    fig = figure(table.view, interactive=table.seating.can_act, previous=table.previous)
    board_chart(
        fig, table.keys, f"{table.session.cursor}:{table.seating.seat}", interactive=table.seating.can_act
    )
    board_text(as_text(table.view, table.seating.seat))
    sheet = table.session.state.sheet
    note = ex.RULE_NOTES["layout"] if sheet == tm.DEFAULT_SHEET else "A custom sheet, loaded from a file."
    st.caption(f"Sheet: **{sheet.name}**. {note}")


def choice_label(action) -> str:
    if isinstance(action, tm.TakeDie):  # (the prompt above says when no die can be used)
        glyph = "🌸" if action.flower or action.value == 6 else FRUIT_ICON[tm.FRUITS[action.value - 1]]
        return f"{glyph} Take die {action.value}"
    # The prompt above names the effect and the fruit: a button names only what differs.
    if isinstance(action, tm.ChooseTanuki):
        return f"🦝 Column {action.column} · {tm.FRUITS[action.column - 1]}"
    if isinstance(action, tm.CrossTanuki):
        return f"✖️ Column {action.column} · {tm.FRUITS[action.column - 1]}"
    if isinstance(action, tm.ChooseLine):
        return f"Line {tm.line_label(action.line)}"
    return str(action)


def per_row(actions: list, presenting: bool) -> int:
    """Buttons a row. In presenter mode the panel is wide: up to seven lines fit four a row,
    the rest two, so a projector shows every choice and the Hint below them without scrolling.
    Beside the sidebar it is narrow (about 200 px on a 1280 px screen, where three or four a
    row cut "Line A" and "Take die 1" to "…"): lines two a row, the rest one."""
    lines = bool(actions) and all(isinstance(a, tm.ChooseLine) for a in actions)
    if presenting:
        return 4 if lines else 2
    return 2 if lines else 1


def panel(table: Table) -> None:
    view, keys, seat = table.view, table.keys, table.seating.seat
    sc = ex.score_of(view, seat)
    st.metric(f"Score · {tm.INFO.seat_name(seat)}", sc.total)
    st.caption(ex.score_summary(sc))
    if not table.session.over and table.seating.can_act:
        st.markdown(ex.decision_text(view))
        actions = tm.legal_actions(view)
        action_buttons(table, choice_label, actions=actions, per_row=per_row(actions, presenter.is_on(keys)))
        # no tooltip: it covered the very button the hint recommends; the caption says how
        page_button(keys, "💡 Hint", "hint_button", _ask_hint, width="stretch")
        hint = _hint_now(table)
        if hint is not None:
            st.markdown(ex.hint_summary(hint))
            st.caption(
                "The hint plays every open choice out to the end many times (future dice sampled, "
                "never read from the game) and compares the expected final scores."
            )
    lines = "\n".join(f"- {line}" for line in ex.chain_lines(view)) or "- (nothing yet)"
    st.markdown(f"**Last turn**\n\n{lines}")  # one element: the bots' clock resends each
    if len(table.session.seats) > 1:
        st.caption(f"**Rule note:** {ex.RULE_NOTES['clockwise']}")


def _end_summary(table: Table) -> None:
    state, seat = table.session.state, table.seating.seat
    out = tm.outcome(state)
    sc = ex.score_of(state, seat)
    if len(table.session.seats) == 1:
        game_over_banner(f"Game over — {out.termination}. Final score: **{sc.total}**.", icon=SCORED_ICON)
    else:
        top = out.scores[out.ranking[0]]
        best = [tm.INFO.seat_name(s) for s in out.ranking if out.scores[s] == top]
        result = f"{best[0]} wins" if len(best) == 1 else f"tie between {', '.join(best)}"
        game_over_banner(f"Game over — {out.termination}. {result} with **{top}** points.")
    st.markdown(f"#### Score breakdown · {tm.INFO.seat_name(seat)}")
    st.markdown(ex.score_summary(sc))
    show_table(ex.columns_table(sc), index=True)
    show_table(ex.breakdown_table(sc))
    if any(c.tanuki_crossed for c in sc.columns):
        st.caption(f"**Rule note:** {ex.RULE_NOTES['crossed']}")
    if len(table.session.seats) == 1 and challenge_game.of(table.session) is None:
        _high_scores(table)


def _high_scores(table: Table) -> None:
    session, keys = table.session, table.keys
    note = st.session_state.get(keys("record_note"))
    total = tm.score(session.state, 0).total
    if _solo_human(session) and note:
        added, previous = note
        if added and (previous is None or total > previous):
            st.markdown(f"🏆 **New best for seed {session.seed}** on this sheet ({total}).")
        elif added:
            st.markdown(f"Recorded. Your best on seed {session.seed} is still **{previous}**.")
        else:
            st.caption("This game is already in the high-score table.")
    elif not _solo_human(session):
        st.caption("Only solo games played by a human are recorded in the high-score table.")
    page_button(keys, "🔁 Replay this seed", "replay_seed", _replay_seed, type="primary")
    entries = HighScores().top(10)
    st.markdown("#### High scores")
    if not entries:
        st.caption("No solo game finished yet.")
        return
    rows = [
        {
            "Rank": i + 1,
            "Score": e.score,
            "Seed": e.seed,
            "Sheet": e.sheet,
            "Date": e.played_at.replace("T", " "),
        }
        for i, e in enumerate(entries)
    ]
    show_table(rows)  # cells are escaped: a sheet's name comes from an uploaded file
    st.caption(f"Scores are kept {where_kept()}.")


def below(table: Table) -> None:
    state = table.session.state
    if table.session.over:
        _end_summary(table)
    if len(table.session.seats) > 1:
        show_table(ex.standings_table(state, table.session.seats), index=True, title="#### Standings")
    hint = _hint_now(table)
    if hint is not None:
        show_table(ex.hint_table(hint), title="#### 💡 Hint: expected final scores")
        st.caption(f"**Rule note:** {ex.RULE_NOTES['view']}")
    log = st.expander("Game log: every turn's chain", key=table.keys("game_log"), on_change="rerun")
    if log.open:  # built only when someone opens it: the bots' clock reruns this every move
        with log:
            st.markdown("\n".join("- " + " · ".join(lines) for _, lines in ex.game_log(state)))
