"""Yokai's Learn tab: scripted scenes played through the real rules, on the Play board, each
with its explanation table (the last turn, a refused move, the hints, the win check, the score)."""

from __future__ import annotations

import streamlit as st

import engine.yokai as yk
import explainers.yokai as ex
from boards.yokai import figure
from explainers.yokai_scenes import Scene, scenes
from explainers.yokai_words import cell_namer, hint_label
from ui.kit import Keys, pager, pager_footer, show_chart, try_in_play

from . import state as ps


def _shown(state, seat):
    return state if seat is None else yk.view(state, seat)


def _explanation(scene: Scene) -> None:
    state = scene.state
    cell_label = cell_namer(yk.board(state))  # as the board's edges name the cells
    if scene.table == "refusal":
        sentence, cut = ex.refusal(state, scene.selected, scene.refused)
        st.markdown(f"**Refused:** {sentence}")
        st.table(cut, hide_index=True)
        st.markdown(
            "**Legal destinations:** "
            + ", ".join(map(cell_label, sorted(yk.legal_destinations(state, scene.selected), key=ex.reading)))
        )
        st.caption(ex.RULE_NOTES["connect"])
    elif scene.table == "hints":
        rows = [
            {"Card": cell_label(cell), "Hint": hint_label(hint), "Families": len(hint), "Locked": "🔒 yes"}
            for cell, hint in sorted(yk.placed_hints(state).items(), key=lambda item: ex.reading(item[0]))
        ]
        st.table(rows, hide_index=True)
    elif scene.table == "win":
        st.markdown(f"**{ex.verdict(state)}**")
        st.table(ex.win_table(state), hide_index=True)
    elif scene.table == "score":
        st.markdown(f"**{ex.score_line(state)}**")
        st.table(ex.score_table(state), hide_index=True)
    else:
        view = _shown(state, scene.seat)
        st.markdown("**The turn, step by step**")
        st.table(ex.last_turn_table(view), hide_index=True)
        if scene.table == "turn" and scene.title.startswith("A turn"):
            st.caption(ex.RULE_NOTES["peeks"])


def draw(keys: Keys) -> None:
    all_scenes = scenes()
    lang = ps.lang(keys)
    index = pager(keys, [s.title for s in all_scenes])
    scene = all_scenes[index]
    left, right = st.columns([3.3, 2], gap="medium")
    with left:
        previous = _shown(scene.previous, scene.seat) if scene.previous is not None else None
        fig = figure(
            _shown(scene.state, scene.seat),
            selected=scene.selected,
            refused=scene.refused,
            previous=previous,
            interactive=False,
            lang=lang,
        )
        show_chart(fig, keys(f"scene_fig:{index}:{lang}"))
    with right:
        st.markdown(scene.text)
        st.caption(f"Rule: {scene.rule}")
        if not yk.is_over(scene.state):
            try_in_play(keys, yk, scene.state, scene.title, seats=("human",) * scene.state.players)
        ps.language_switch(keys, "learn")
    _explanation(scene)
    if scene.table == "score":
        c1, c2 = st.columns(2)
        c1.table(ex.points_table(), hide_index=True)
        c2.table(ex.tiers_table(), hide_index=True)
        st.caption(ex.RULE_NOTES["tiers"])
    pager_footer(keys, len(all_scenes))
