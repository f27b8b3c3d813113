"""Yokai Carnival's Learn tab: one scripted game phase by phase, one scene per card ability and
the rulebook's own figures, on the Play tab's board, each with the rule it teaches and the
engine's explanation; any scene opens in Play to carry on from there."""

from __future__ import annotations

import streamlit as st

import engine.yokai_carnival as yc
import explainers.yokai_carnival as ex
from boards.yokai_carnival import figure
from ui.kit import Keys, pager, pager_footer, show_chart, try_in_play

from .scenes import Scene, scenes


def _explain(scene: Scene) -> None:
    """The engine's explanation this scene is about, as a table."""
    state, seat, check = scene.state, scene.seat, scene.checked
    view = yc.view(state, seat)
    when = "now" if check is state else "as it was made, before the moves shown"
    if scene.explain == "strike":
        st.markdown(f"**Strike check, {when}:** {ex.strike_summary(check, seat)}")
        st.table(ex.steps_table(yc.strike_check(check, seat)), hide_index=True)
    elif scene.explain == "general":
        st.markdown(
            f"**General Summon check, {when}:** {ex.general_summary(check, seat, past=check is not state)}"
        )
        st.table(ex.colour_checklist(check, seat), hide_index=True)
        if check is not state:
            st.markdown(f"**Now:** {ex.general_summary(state, seat)}")
    elif scene.explain == "protection":
        for who in range(len(yc.lines(view))):
            st.markdown(f"**{ex.seat_name(who)}'s line**")
            st.table(ex.protection_table(view, who), hide_index=True)
    elif scene.explain == "ranking":
        st.table(ex.ranking_table(state), hide_index=True)
        st.table(ex.steps_table(yc.outcome(state).steps), hide_index=True)
    if scene.explain != "ranking" and yc.last_turn(view):
        st.markdown("**What happened, step by step**")
        st.table(ex.steps_table(yc.last_turn(view)), hide_index=True)


def draw(keys: Keys) -> None:
    all_scenes = scenes()
    index = pager(keys, [s.title for s in all_scenes])
    scene = all_scenes[index]
    left, right = st.columns([3.3, 1.2], gap="small")
    view = yc.view(scene.state, scene.seat)
    with left:
        previous = yc.view(scene.before, scene.seat) if scene.before is not scene.state else None
        show_chart(figure(view, interactive=False, previous=previous), keys(f"scene_fig:{index}"))
    with right:
        st.markdown(scene.text)
        st.caption(f"Rule: {scene.rule}")
        st.markdown(ex.decision_line(view))
        try_in_play(keys, yc, scene.state, scene.title)
    _explain(scene)
    if scene.note:
        st.caption(ex.note(scene.note))
    pager_footer(keys, len(all_scenes))
