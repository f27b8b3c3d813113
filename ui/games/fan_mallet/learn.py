"""Fan & Mallet's Learn tab: where each card goes (Inhabit), then the possession examples and
each kid ghost, scored step by step on the rulebook's own numbers."""

from __future__ import annotations

import streamlit as st

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.fan_mallet import figure, house_figure
from ui.kit import Keys, pager, pager_footer, show_chart

TITLES = ("Inhabit — where does each card go?", *(scene.title for scene in ex.SCENES))


def score_block(explained) -> None:
    """The follower table, the totals and the rule notes this score depends on."""
    st.table(explained.table, hide_index=True)
    st.table(explained.totals, hide_index=True)
    for note in explained.notes:
        st.caption(note.markdown())


def _placement(keys: Keys) -> None:
    st.caption("Rulebook section: Inhabit")
    state = fm.view(ex.placement_scene(), 0)
    st.write(ex.PLACEMENT_TEXT)
    codes = [fm.encode_action(a) for a in fm.legal_actions(state)]
    code = st.selectbox(
        "Show the path of",
        codes,
        format_func=lambda c: ex.follower_name(fm.decode_action(c).follower),
        key=keys("learn_card"),
    )
    show_chart(figure(state, selected=fm.decode_action(code), interactive=False), keys("learn_board"))
    st.markdown(ex.explain_placement(state, code)[2])
    st.table(ex.hand_overview(state, "white"), hide_index=True)
    st.caption(ex.RULE_NOTES["target"].markdown())


def _scene(keys: Keys, scene: ex.Scene) -> None:
    st.caption(f"Rulebook section: {scene.rule}")
    house, stack = ex.scene_stack(scene)
    explained = ex.explain_score(house, stack)
    left, right = st.columns([1.1, 1])
    with left:
        show_chart(house_figure(house, stack, explained.result.powers, scene.focus), keys("learn_house"))
    with right:
        st.markdown(f"**{ex.house_name(house).capitalize()}**, followers bottom to top.")
        st.write(scene.text)
        st.markdown(f"**{explained.verdict}**")
    score_block(explained)


def draw(keys: Keys) -> None:
    index = pager(keys, TITLES)
    if index == 0:
        _placement(keys)
    else:
        _scene(keys, ex.SCENES[index - 1])
    pager_footer(keys, len(TITLES))
