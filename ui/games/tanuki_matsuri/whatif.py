"""Tanuki Matsuri's What-if tab: mark a sheet by hand (or copy the game in progress), see its
score, and ask which die and line gives the best expected final score."""

from __future__ import annotations

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import FRUIT_ICON, figure
from explainers import tanuki_matsuri as ex
from ui.kit import Keys, current, page_button, show_chart

from .play import HINT_CAP_S, HINT_ROLLOUTS


def _marks(keys: Keys) -> dict:
    if keys("wi_marks") not in st.session_state:
        st.session_state[keys("wi_marks")] = tm.blank_marks()
        st.session_state[keys("wi_sheet")] = tm.DEFAULT_SHEET
        st.session_state[keys("wi_dice")] = [3, 5, 6]
    return st.session_state[keys("wi_marks")]


def _reset_widgets(keys: Keys) -> None:
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(keys("wi:"))]:
        del st.session_state[key]
    st.session_state.pop(keys("wi_hint"), None)
    st.session_state.pop(keys("wi_cmp"), None)


def _from_game(keys: Keys) -> None:
    state = current(keys).state
    seat = tm.current_player(state)
    seat = 0 if seat is None else seat
    st.session_state[keys("wi_marks")] = tm.marks_of(state, seat)
    st.session_state[keys("wi_sheet")] = state.sheet
    st.session_state[keys("wi_dice")] = list(tm.dice(state)[:3])
    _reset_widgets(keys)


def _blank(keys: Keys) -> None:
    st.session_state[keys("wi_marks")] = tm.blank_marks(
        st.session_state.get(keys("wi_sheet"), tm.DEFAULT_SHEET)
    )
    _reset_widgets(keys)


def _number(keys: Keys, container, label: str, name: str, hi: int, get, put) -> None:
    key = keys(f"wi:{name}")
    if key not in st.session_state:
        st.session_state[key] = min(get(), hi)
    put(container.number_input(label, 0, hi, key=key))


def _hint(keys: Keys, position) -> None:
    st.session_state[keys("wi_hint")] = (
        position,
        tm.hint(position, seed=1, rollouts=HINT_ROLLOUTS, time_cap_s=HINT_CAP_S),
    )


def _compare(keys: Keys, position, plan_list) -> None:
    a = plan_list[st.session_state[keys("wi_plan_a")]]
    b = plan_list[st.session_state[keys("wi_plan_b")]]
    result = tm.compare(position, a, b, seed=1, rollouts=HINT_ROLLOUTS, time_cap_s=HINT_CAP_S)
    st.session_state[keys("wi_cmp")] = (position, result)


def _editor(keys: Keys, marks: dict, sheet) -> list[int]:
    head = st.columns(6)
    head[0].markdown("**Line**")
    for c, fruit in enumerate(tm.FRUITS):
        head[c + 1].markdown(f"**{c + 1} {FRUIT_ICON[fruit]} {fruit}**")
    for i, line in enumerate(sheet.lines):
        row = st.columns(6)
        row[0].markdown(f"**{tm.line_label(i)}** (+{line.bonus})")
        for c, icons in enumerate(line.cells):
            if icons:
                _number(
                    keys,
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
        for k, what in ((0, "circled"), (1, "crossed")):
            _number(
                keys,
                row[c + 1],
                f"{tm.FRUITS[c]} tanuki {what}",
                f"{'tx'[k]}{c}",
                sheet.slots[c],
                lambda c=c, k=k: marks["tanuki"][c][k],
                lambda v, c=c, k=k: marks["tanuki"][c].__setitem__(k, v),
            )
    row = st.columns(6)
    for col, name, hi in (
        (1, "flowers", len(sheet.flowers)),
        (2, "granny", sheet.granny),
        (3, "torii", sheet.torii),
    ):
        _number(
            keys,
            row[col],
            f"{name.capitalize()} circled",
            name,
            hi,
            lambda n=name: marks[n],
            lambda v, n=name: marks.__setitem__(n, v),
        )
    dice = st.session_state[keys("wi_dice")]
    for d in range(3):
        key = keys(f"wi:d{d}")
        if key not in st.session_state:
            st.session_state[key] = dice[d]
        dice[d] = row[4 if d < 2 else 5].number_input(f"Die {d + 1}", 1, 6, key=key)
    return dice


def _choices(keys: Keys, position) -> None:
    st.markdown("#### Which die, which line? (expected final score)")
    plan_list = tm.plans(position)
    st.button("🎲 Evaluate every choice", key=keys("wi_eval"), on_click=_hint, args=(keys, position))
    stored = st.session_state.get(keys("wi_hint"))
    if stored is not None and stored[0] == position:
        table = ex.hint_table(stored[1])
        table.insert(
            2, "Points right after", [ex.immediate_points(position, ch.plan) for ch in stored[1].choices]
        )
        st.markdown(ex.hint_summary(stored[1]))
        st.table(table, hide_index=True)
    if len(plan_list) < 2:
        return
    labels = [ex.plan_label(p) for p in plan_list]
    c1, c2, c3 = st.columns([3, 3, 1], vertical_alignment="bottom")
    for key, default in ((keys("wi_plan_a"), 0), (keys("wi_plan_b"), 1)):
        if st.session_state.get(key) not in range(len(plan_list)):
            st.session_state[key] = default
    c1.selectbox("Take …", range(len(plan_list)), format_func=labels.__getitem__, key=keys("wi_plan_a"))
    c2.selectbox("… or rather", range(len(plan_list)), format_func=labels.__getitem__, key=keys("wi_plan_b"))
    c3.button("Compare", key=keys("wi_compare"), on_click=_compare, args=(keys, position, plan_list))
    cmp = st.session_state.get(keys("wi_cmp"))
    if cmp is not None and cmp[0] == position:
        result = cmp[1]
        st.markdown(ex.comparison_text(result))
        rows = [
            {
                "Choice": ch.label,
                "Expected final score": round(ch.mean, 1),
                "Points right after": ex.immediate_points(position, ch.plan),
            }
            for ch in (result.a, result.b)
        ]
        st.table(rows, hide_index=True)


def draw(keys: Keys) -> None:
    marks = _marks(keys)
    sheet = st.session_state[keys("wi_sheet")]
    st.markdown(
        "Mark a sheet by hand (or copy the game in progress), see its score, then ask which die and "
        "line gives the best **expected final score** — not only the most points now."
    )
    b1, b2, _ = st.columns([2, 1, 3])
    page_button(keys, "📋 Start from the current game", "wi_from_game", _from_game, where=b1)
    page_button(keys, "🧽 Blank sheet", "wi_blank", _blank, where=b2)
    with st.expander("✏️ Marks (circled fruits per line, tanuki, tracks, dice)", expanded=True):
        dice = _editor(keys, marks, sheet)
    position = tm.position(marks, dice, sheet)
    sc = ex.score_of(position, 0)
    left, right = st.columns([5, 3], gap="medium")
    with left:
        show_chart(figure(tm.view(position, 0), interactive=False), keys("wi_fig"))
    with right:
        st.metric("Score of this sheet", sc.total)
        st.markdown(ex.score_summary(sc))
    # Full width: six columns in the narrow right column scrolled sideways, cut off on a projector
    # and out of reach of the keyboard (axe: scrollable-region-focusable).
    st.table(ex.columns_table(sc))
    if any(c.tanuki_crossed for c in sc.columns):
        st.caption(f"**Rule note:** {ex.RULE_NOTES['crossed']}")
    st.table(ex.breakdown_table(sc), hide_index=True)
    _choices(keys, position)
