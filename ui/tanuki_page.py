"""The Tanuki Matsuri page (狸祭り): Play, Learn, What-if and Rules tabs.

The code lives here, in an imported module, so a rerun does not recompile it: the page
script ``pages/tanuki_matsuri.py`` only calls :func:`draw` and then ``controls.bot_turns``.
"""

from __future__ import annotations

import json
import os
from functools import partial

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import FRUIT_ICON, sheet_figure
from engine import BadSheet
from explainers import tanuki_matsuri as ex
from explainers.rules import rule_summary
from explainers.tanuki_scenes import scenes
from ui import controls
from ui.session import HUMAN, load_session, new_session
from ui.tanuki_highscores import HighScores, game_key

NS = "tanuki_matsuri"
HINT_BUDGET_S = float(os.environ.get("DOJO_HINT_BUDGET_S", "0.8"))
NO_SEAT = -1


def K(name: str) -> str:
    return f"{NS}:{name}"


# -- callbacks ------------------------------------------------------------------------------
def _on_sheet_click(chart_key: str) -> None:
    event = st.session_state.get(chart_key)
    points = event.selection.points if event is not None else []
    token = points[0].get("customdata") if points else None
    if not isinstance(token, str) or not token:
        return
    try:
        action = tm.decode_action(token)
    except ValueError:
        return
    if controls.current(NS).to_move_is_bot():
        controls.flash(NS, "warning", "A bot is to move: wait for it (or change the bot pace).")
        return
    controls.play(NS, action)


def _on_sheet_upload() -> None:
    upload = st.session_state.get(K("sheet_upload"))
    if upload is None:
        return
    try:
        try:
            data = json.loads(upload.getvalue().decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise BadSheet("sheet: the file is not valid JSON") from None
        sheet = tm.load_sheet(data)
    except BadSheet as exc:
        controls.flash(NS, "error", f"“{upload.name}” is not a valid sheet, so nothing changed. {exc}")
        return
    st.session_state[K("custom_sheet")] = sheet
    st.session_state[K("sheet_choice")] = "custom"
    controls.flash(NS, "success", f"Sheet “{sheet.name}” loaded: press “Start new game” to play on it.")


def _sheet_widgets() -> None:
    custom = st.session_state.get(K("custom_sheet"))
    names = {"default": f"{tm.DEFAULT_SHEET.name} (default)"}
    if custom is not None:
        names["custom"] = f"{custom.name} (uploaded)"
    if st.session_state.get(K("sheet_choice")) not in names:
        st.session_state[K("sheet_choice")] = "default"
    st.radio("Sheet", list(names), format_func=names.get, key=K("sheet_choice"), horizontal=True)
    st.file_uploader(
        "Custom sheet (JSON)",
        type=["json"],
        key=K("sheet_upload"),
        on_change=_on_sheet_upload,
        help="A sheet file in the project's sheet schema (see the Rules tab). An invalid file is "
        "refused with the name of the field at fault.",
    )


def _sheet_setup() -> dict:
    custom = st.session_state.get(K("custom_sheet"))
    if st.session_state.get(K("sheet_choice")) == "custom" and custom is not None:
        return {"sheet": custom}
    return {}


def _setup_of(state: tm.State) -> dict:
    setup: dict = {"sheet": state.sheet}
    if state.scripted:
        setup["dice"] = [list(r) for r in state.scripted]
    return setup


def _replay_seed(seed: int | None = None) -> None:
    session = controls.current(NS)
    state = session.state
    seed = session.seed if seed is None else seed
    setup = _setup_of(state) if seed == session.seed else {"sheet": state.sheet}
    st.session_state[K("session")] = new_session(tm, seed, state.players, session.seats, **setup)
    st.session_state.pop(K("hint"), None)
    controls.flash(NS, "success", f"Seed {seed} again: the same dice come up turn by turn. Beat your score!")


def _ask_hint() -> None:
    session = controls.current(NS)
    state = session.state
    if tm.is_over(state):
        return
    result = tm.hint(state, seed=session.seed + session.cursor, budget_s=HINT_BUDGET_S)
    st.session_state[K("hint")] = (state, result)


def _open_scene(index: int) -> None:
    scene = scenes()[index]
    st.session_state[K("session")] = load_session(tm, tm.to_json(scene.state))
    st.session_state[K("tab")] = "Play"
    controls.flash(NS, "success", f"Scene “{scene.title}” opened in Play: carry on from here.")


def _move_scene(step: int) -> None:
    st.session_state[K("scene")] = (st.session_state.get(K("scene"), 0) + step) % len(scenes())


# -- high scores ------------------------------------------------------------------------------
def _solo_human(session) -> bool:
    return session.state.players == 1 and session.seats == (HUMAN,)


def _record_high_score(session) -> None:
    """Record a finished solo game once (its key is unique in the table)."""
    state = session.state
    if not (session.at_end and tm.is_over(state) and _solo_human(session)):
        return
    try:
        key = game_key(tm.to_json(state))
    except ValueError:
        return
    if st.session_state.get(K("recorded")) == key:
        return
    store = HighScores()
    previous = store.best(session.seed, state.sheet.name)
    total = tm.score(state, 0).total
    added = store.record(session.seed, state.sheet.name, total, key)
    st.session_state[K("recorded")] = key
    st.session_state[K("record_note")] = (key, added, previous)


# -- the Play tab -----------------------------------------------------------------------------
def _action_label(action) -> tuple[str, str | None]:
    if isinstance(action, tm.TakeDie):
        icon = "🌸" if action.flower or action.value == 6 else FRUIT_ICON[tm.FRUITS[action.value - 1]]
        return str(action), icon if icon != "F" else "🟣"
    # The side column is narrow and the prompt above the buttons already names the effect:
    # a column choice only needs the column.
    if isinstance(action, tm.ChooseTanuki):
        return f"Column {action.column} · {tm.FRUITS[action.column - 1]}", "🦝"
    if isinstance(action, tm.CrossTanuki):
        return f"Cross out: column {action.column} · {tm.FRUITS[action.column - 1]}", "✖️"
    return str(action), None


def _seat_shown(session) -> int:
    state = session.state
    to_move = tm.current_player(state)
    if state.players == 1:
        return 0
    options = [NO_SEAT, *range(state.players)]
    follow = tm.INFO.seat_name(to_move) if to_move is not None else "—"

    def name(seat: int) -> str:
        if seat == NO_SEAT:
            return f"Whoever is to move (now {follow})"
        return f"{tm.INFO.seat_name(seat)} ({session.seat_kind(seat)})"

    if st.session_state.get(K("view_seat"), NO_SEAT) not in options:
        st.session_state[K("view_seat")] = NO_SEAT
    chosen = st.selectbox("Sheet shown", options, format_func=name, key=K("view_seat"))
    if chosen == NO_SEAT:
        return to_move if to_move is not None else tm.outcome(state).ranking[0]
    return chosen


def _end_summary(session, seat: int) -> None:
    state = session.state
    out = tm.outcome(state)
    sc = ex.score_of(state, seat)
    if state.players == 1:
        st.success(f"🎉 Game over — {out.termination}. Final score: **{sc.total}**.")
    else:
        top = out.scores[out.ranking[0]]
        best = [tm.INFO.seat_name(s) for s in out.ranking if out.scores[s] == top]
        result = f"{best[0]} wins" if len(best) == 1 else f"tie between {', '.join(best)}"
        st.success(f"🎉 Game over — {out.termination}. {result} with **{top}** points.")
    st.markdown(f"#### Score breakdown · {tm.INFO.seat_name(seat)}")
    st.markdown(ex.score_summary(sc))
    st.dataframe(ex.columns_table(sc))
    st.dataframe(ex.breakdown_table(sc), hide_index=True)
    if any(c.tanuki_crossed for c in sc.columns):
        st.caption(f"**Rule note:** {ex.RULE_NOTES['crossed']}")
    if state.players == 1:
        _high_score_panel(session)


def _high_score_panel(session) -> None:
    state = session.state
    note = st.session_state.get(K("record_note"))
    if _solo_human(session) and note:
        _, added, previous = note
        total = tm.score(state, 0).total
        if added and (previous is None or total > previous):
            st.markdown(f"🏆 **New best for seed {session.seed}** on this sheet ({total}).")
        elif added:
            st.markdown(f"Recorded. Your best on seed {session.seed} is still **{previous}**.")
        else:
            st.caption("This game is already in the high-score table.")
    elif not _solo_human(session):
        st.caption("Only solo games played by a human are recorded in the high-score table.")
    st.button("🔁 Replay this seed", key=K("replay_seed"), on_click=_replay_seed, type="primary")
    _high_score_table(session)


def _high_score_table(session) -> None:
    store = HighScores()
    entries = store.top(10)
    st.markdown("#### High scores (this computer)")
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
    st.dataframe(rows, hide_index=True)
    st.caption(f"Stored in `{store.path}` (set `DOJO_HIGHSCORES` to move it).")


def _current_hint(state):
    """The hint asked for the position on screen, if any (a hint is for one position only)."""
    stored = st.session_state.get(K("hint"))
    return stored[1] if stored is not None and stored[0] is state else None


def _side_panel(session, seat: int) -> None:
    state = session.state
    to_move = tm.current_player(state)
    sc = ex.score_of(state, seat)
    st.metric(f"Score · {tm.INFO.seat_name(seat)}", sc.total)
    st.caption(ex.score_summary(sc))
    if to_move is None:
        st.markdown("**Game over.**")
    else:
        kind = session.seat_kind(to_move)
        who = "you" if kind == HUMAN and state.players == 1 else kind
        st.markdown(f"**To move:** {tm.INFO.seat_name(to_move)} ({who}) · turn {state.turn + 1}")
        st.markdown(ex.decision_text(state))
        bot = session.to_move_is_bot()
        for action in tm.legal_actions(state):
            label, icon = _action_label(action)
            st.button(
                label,
                key=K(f"act:{tm.encode_action(action)}"),
                icon=icon,
                on_click=controls.play,
                args=(NS, action),
                disabled=bot,
                use_container_width=True,
            )
        st.button(
            "💡 Hint: expected final scores",
            key=K("hint_button"),
            on_click=_ask_hint,
            disabled=bot,
            help="Plays every open choice out to the end many times (future dice sampled, never "
            "read from the game) and compares the average final scores.",
        )
        hint = _current_hint(state)
        if hint is not None:
            st.markdown(ex.hint_summary(hint))
            st.caption("Every choice with its expected final score is listed under the sheet.")
    st.markdown("**Last turn**")
    st.markdown("\n".join(f"- {line}" for line in ex.chain_lines(state)) or "- (nothing yet)")
    if state.players > 1:
        st.caption(f"**Rule note:** {ex.RULE_NOTES['clockwise']}")


def _play_tab(session) -> float | None:
    session = controls.toolbar(tm, NS, extra_setup=_sheet_setup, extra_widgets=_sheet_widgets)
    state = session.state
    left, right = st.columns([5, 2], gap="medium")
    with left:
        seat = _seat_shown(session)
        if tm.is_over(state):
            _end_summary(session, seat)
        interactive = not session.to_move_is_bot()
        fig = sheet_figure(state, seat, interactive=interactive)
        chart_key = K(f"sheet:{session.cursor}:{seat}:{len(session.history)}")
        st.plotly_chart(
            fig,
            key=chart_key,
            on_select=partial(_on_sheet_click, chart_key),
            selection_mode="points",
            config={"displayModeBar": False},
        )
        note = (
            ex.RULE_NOTES["layout"]
            if state.sheet == tm.DEFAULT_SHEET
            else "A custom sheet, loaded from a file."
        )
        st.caption(f"Sheet: **{state.sheet.name}**. {note}")
        if state.players > 1:
            st.markdown("#### Standings")
            st.dataframe(ex.standings_table(state, session.seats))
        hint = _current_hint(state)
        if hint is not None:
            # Under the sheet, not in the side panel: the table needs the width to be read.
            st.markdown("#### 💡 Hint: expected final scores")
            st.dataframe(ex.hint_table(hint), hide_index=True, use_container_width=True)
            st.caption(f"**Rule note:** {ex.RULE_NOTES['view']}")
        with st.expander("Game log: every turn's chain"):
            st.markdown("\n".join("- " + " · ".join(lines) for _, lines in ex.game_log(state)))
    with right:
        _side_panel(session, seat)
        pace = controls.pace_control(NS)
    return pace


def _learn_tab() -> None:
    all_scenes = scenes()
    index = st.session_state.get(K("scene"), 0) % len(all_scenes)
    scene = all_scenes[index]
    prev, label, nxt, open_col = st.columns([1, 3, 1, 2], vertical_alignment="center")
    prev.button("◀ Previous", key=K("scene_prev"), on_click=_move_scene, args=(-1,), use_container_width=True)
    label.markdown(f"**Scene {index + 1} of {len(all_scenes)}**")
    nxt.button("Next ▶", key=K("scene_next"), on_click=_move_scene, args=(1,), use_container_width=True)
    open_col.button("Try it in Play", key=K("scene_open"), on_click=_open_scene, args=(index,))
    st.subheader(scene.title)
    left, right = st.columns([5, 2], gap="medium")
    with right:
        st.markdown(scene.text)
        st.caption(f"Rule: {scene.rule}")
        st.markdown("**The chain, as the log tells it**")
        st.markdown("\n".join(f"- {line}" for line in ex.chain_lines(scene.state)))
        if tm.pending(scene.state) is not None and tm.pending(scene.state).kind != "die":
            st.markdown(ex.decision_text(scene.state))
        sc = ex.score_of(scene.state, 0)
        st.caption(ex.score_summary(sc))
    with left:
        st.plotly_chart(
            sheet_figure(scene.state, 0), key=K(f"scene_fig:{index}"), config={"displayModeBar": False}
        )
    if tm.is_over(scene.state):
        st.markdown("#### Scoring this sheet")
        c1, c2 = st.columns([2, 3])
        c1.dataframe(ex.columns_table(sc))
        c2.dataframe(ex.breakdown_table(sc), hide_index=True)


# -- What-if ----------------------------------------------------------------------------------
def _wi_marks() -> dict:
    if K("wi_marks") not in st.session_state:
        st.session_state[K("wi_marks")] = tm.blank_marks()
        st.session_state[K("wi_sheet")] = tm.DEFAULT_SHEET
        st.session_state[K("wi_dice")] = [3, 5, 6]
    return st.session_state[K("wi_marks")]


def _wi_reset_widgets() -> None:
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(K("wi:"))]:
        del st.session_state[key]
    st.session_state.pop(K("wi_hint"), None)
    st.session_state.pop(K("wi_cmp"), None)


def _wi_from_game() -> None:
    session = controls.current(NS)
    state = session.state
    seat = tm.current_player(state)
    seat = 0 if seat is None else seat
    st.session_state[K("wi_marks")] = tm.marks_of(state, seat)
    st.session_state[K("wi_sheet")] = state.sheet
    st.session_state[K("wi_dice")] = list(state.dice[:3])
    _wi_reset_widgets()


def _wi_blank() -> None:
    sheet = st.session_state.get(K("wi_sheet"), tm.DEFAULT_SHEET)
    st.session_state[K("wi_marks")] = tm.blank_marks(sheet)
    _wi_reset_widgets()


def _wi_num(container, label: str, name: str, hi: int, get, put) -> None:
    key = K(f"wi:{name}")
    if key not in st.session_state:
        st.session_state[key] = min(get(), hi)
    put(container.number_input(label, 0, hi, key=key))


def _wi_hint(position) -> None:
    st.session_state[K("wi_hint")] = (position, tm.hint(position, seed=1, budget_s=HINT_BUDGET_S))


def _wi_compare(position, plan_list) -> None:
    a = plan_list[st.session_state[K("wi_plan_a")]]
    b = plan_list[st.session_state[K("wi_plan_b")]]
    st.session_state[K("wi_cmp")] = (position, tm.compare(position, a, b, seed=1, budget_s=HINT_BUDGET_S))


def _whatif_tab() -> None:
    marks = _wi_marks()
    sheet = st.session_state[K("wi_sheet")]
    st.markdown(
        "Mark a sheet by hand (or copy the game in progress), see its score, then ask which die and "
        "line gives the best **expected final score** — not only the most points now."
    )
    b1, b2, _ = st.columns([2, 1, 3])
    b1.button("📋 Start from the current game", key=K("wi_from_game"), on_click=_wi_from_game)
    b2.button("🧽 Blank sheet", key=K("wi_blank"), on_click=_wi_blank)
    with st.expander("✏️ Marks (circled fruits per line, tanuki, tracks, dice)", expanded=True):
        head = st.columns(6)
        head[0].markdown("**Line**")
        for c, fruit in enumerate(tm.FRUITS):
            head[c + 1].markdown(f"**{c + 1} {FRUIT_ICON[fruit]} {fruit}**")
        for i, line in enumerate(sheet.lines):
            row = st.columns(6)
            row[0].markdown(f"**{tm.line_label(i)}** (+{line.bonus})")
            for c, icons in enumerate(line.cells):
                if icons:
                    _wi_num(
                        row[c + 1],
                        f"{tm.line_label(i)} {tm.FRUITS[c]} circled",
                        f"c{i}_{c}",
                        len(icons),
                        lambda i=i, c=c: marks["cells"][i][c],
                        lambda v, i=i, c=c: marks["cells"][i].__setitem__(c, v),
                    )
        row = st.columns(6)
        row[0].markdown("**Tanuki** circled / crossed")
        for c in range(5):
            _wi_num(
                row[c + 1],
                f"{tm.FRUITS[c]} tanuki circled",
                f"t{c}",
                sheet.slots[c],
                lambda c=c: marks["tanuki"][c][0],
                lambda v, c=c: marks["tanuki"][c].__setitem__(0, v),
            )
            _wi_num(
                row[c + 1],
                f"{tm.FRUITS[c]} tanuki crossed",
                f"x{c}",
                sheet.slots[c],
                lambda c=c: marks["tanuki"][c][1],
                lambda v, c=c: marks["tanuki"][c].__setitem__(1, v),
            )
        row = st.columns(6)
        for col, name, hi in (
            (1, "flowers", len(sheet.flowers)),
            (2, "granny", sheet.granny),
            (3, "torii", sheet.torii),
        ):
            _wi_num(
                row[col],
                f"{name.capitalize()} circled",
                name,
                hi,
                lambda n=name: marks[n],
                lambda v, n=name: marks.__setitem__(n, v),
            )
        dice = st.session_state[K("wi_dice")]
        for d in range(3):
            key = K(f"wi:d{d}")
            if key not in st.session_state:
                st.session_state[key] = dice[d]
            dice[d] = row[4 if d < 2 else 5].number_input(f"Die {d + 1}", 1, 6, key=key)
    position = tm.position(marks, dice, sheet)
    sc = ex.score_of(position, 0)
    left, right = st.columns([5, 3], gap="medium")
    with left:
        st.plotly_chart(
            sheet_figure(position, 0, interactive=False), key=K("wi_fig"), config={"displayModeBar": False}
        )
    with right:
        st.metric("Score of this sheet", sc.total)
        st.markdown(ex.score_summary(sc))
        st.dataframe(ex.columns_table(sc))
        if any(c.tanuki_crossed for c in sc.columns):
            st.caption(f"**Rule note:** {ex.RULE_NOTES['crossed']}")
    st.dataframe(ex.breakdown_table(sc), hide_index=True)
    st.markdown("#### Which die, which line? (expected final score)")
    plan_list = tm.plans(position)
    st.button("🎲 Evaluate every choice", key=K("wi_eval"), on_click=_wi_hint, args=(position,))
    stored = st.session_state.get(K("wi_hint"))
    if stored is not None and stored[0] == position:
        hint = stored[1]
        table = ex.hint_table(hint)
        table.insert(2, "Points right after", [ex.immediate_points(position, ch.plan) for ch in hint.choices])
        st.markdown(ex.hint_summary(hint))
        st.dataframe(table, hide_index=True)
    if len(plan_list) >= 2:
        labels = [ex.plan_label(p) for p in plan_list]
        c1, c2, c3 = st.columns([3, 3, 1], vertical_alignment="bottom")
        for key, default in ((K("wi_plan_a"), 0), (K("wi_plan_b"), 1)):
            if st.session_state.get(key) not in range(len(plan_list)):
                st.session_state[key] = default
        c1.selectbox("Take …", range(len(plan_list)), format_func=labels.__getitem__, key=K("wi_plan_a"))
        c2.selectbox("… or rather", range(len(plan_list)), format_func=labels.__getitem__, key=K("wi_plan_b"))
        c3.button("Compare", key=K("wi_compare"), on_click=_wi_compare, args=(position, plan_list))
        cmp = st.session_state.get(K("wi_cmp"))
        if cmp is not None and cmp[0] == position:
            result = cmp[1]
            st.markdown(ex.comparison_text(result))
            st.dataframe(
                [
                    {
                        "Choice": ch.label,
                        "Expected final score": round(ch.mean, 1),
                        "Points right after": ex.immediate_points(position, ch.plan),
                    }
                    for ch in (result.a, result.b)
                ],
                hide_index=True,
            )


# -- the page ---------------------------------------------------------------------------------
def draw() -> float | None:
    """Draw the whole page; return the bot pace for ``controls.bot_turns`` (called last)."""
    st.title("🦝 Tanuki Matsuri · 狸祭り")
    st.write(
        "A roll-and-write festival: take a die, circle a fruit on your sheet, let the effects chain, "
        "and multiply each column by its tanuki. Solo, or up to 10 players at one screen."
    )
    session = controls.ensure_session(tm, NS)
    _record_high_score(session)
    play_tab, learn_tab, whatif_tab, rules_tab = st.tabs(
        ["Play", "Learn", "What-if", "Rules"], key=K("tab"), on_change="rerun"
    )
    pace = controls.current_pace(NS)
    with play_tab:
        if play_tab.open is not False:
            pace = _play_tab(session)
    with learn_tab:
        if learn_tab.open is not False:
            _learn_tab()
    with whatif_tab:
        if whatif_tab.open is not False:
            _whatif_tab()
    with rules_tab:
        if rules_tab.open is not False:
            st.markdown(rule_summary(NS) or "")
    return pace
