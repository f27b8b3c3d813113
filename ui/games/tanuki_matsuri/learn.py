"""Tanuki Matsuri's Learn tab: scripted scenes on the real sheet, each with its chain of
effects explained and the rule it teaches; any scene opens in Play to carry on from there."""

from __future__ import annotations

import streamlit as st

import engine.tanuki_matsuri as tm
from boards.tanuki_matsuri import figure
from explainers import tanuki_matsuri as ex
from explainers.tanuki_matsuri_scenes import scenes
from ui.kit import Keys, pager, pager_footer, show_chart, try_in_play


def draw(keys: Keys) -> None:
    all_scenes = scenes()
    index = pager(keys, [s.title for s in all_scenes])
    scene = all_scenes[index]
    left, right = st.columns([5, 2], gap="medium")
    with right:
        st.markdown(scene.text)
        st.caption(f"Rule: {scene.rule}")
        st.markdown("**The chain, as the log tells it**")
        st.markdown("\n".join(f"- {line}" for line in ex.chain_lines(scene.state)))
        waiting = tm.pending(scene.state)
        if waiting is not None and waiting.kind != "die":
            st.markdown(ex.decision_text(scene.state))
        sc = ex.score_of(scene.state, 0)
        st.caption(ex.score_summary(sc))
        try_in_play(keys, tm, scene.state, scene.title)
    with left:
        show_chart(figure(tm.view(scene.state, 0), interactive=False), keys(f"scene_fig:{index}"))
    if tm.is_over(scene.state):
        st.markdown("#### Scoring this sheet")
        c1, c2 = st.columns([2, 3])
        c1.table(ex.columns_table(sc))
        c2.table(ex.breakdown_table(sc), hide_index=True)
    pager_footer(keys, len(all_scenes))
