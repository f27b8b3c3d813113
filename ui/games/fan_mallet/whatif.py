"""Fan & Mallet's What-if tab: build a house, put up to 5 followers on it, and score it with
the same rules (and tables) as a possession; what the rules forbid is refused and dropped."""

from __future__ import annotations

import streamlit as st

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.fan_mallet import house_figure
from ui.kit import Keys, show_chart

from .learn import score_block


def _house(keys: Keys) -> fm.House:
    return fm.House(colour=st.session_state[keys("wi_colour")], faction=st.session_state[keys("wi_faction")])


def _check_picks(keys: Keys) -> None:
    """Keep only the followers the house can hold; say why the others were refused."""
    picks = [fm.parse_follower(c) for c in st.session_state.get(keys("wi_stack"), [])]
    kept, problems = ex.stack_problems(_house(keys), picks)
    st.session_state[keys("wi_stack")] = [f.code for f in kept]
    st.session_state[keys("wi_refused")] = problems


def _load_example(keys: Keys) -> None:
    scene = next((s for s in ex.SCENES if s.title == st.session_state.get(keys("wi_example"))), None)
    if scene is None:
        return
    house, stack = ex.scene_stack(scene)
    st.session_state[keys("wi_colour")] = house.colour
    st.session_state[keys("wi_faction")] = house.faction
    st.session_state[keys("wi_stack")] = [f.code for f in stack]
    st.session_state[keys("wi_refused")] = []


def draw(keys: Keys) -> None:
    st.write(
        "Build a house and put up to 5 followers on it, bottom first: the app scores it with the same "
        "rules as a possession (also for a partial house) and refuses what the rules forbid."
    )
    st.selectbox(
        "Start from a rulebook example (optional)",
        ["—", *(s.title for s in ex.SCENES)],
        key=keys("wi_example"),
        on_change=_load_example,
        args=(keys,),
    )
    c1, c2 = st.columns([1, 1])
    c1.selectbox(
        "House origin colour", fm.COLOURS, key=keys("wi_colour"), on_change=_check_picks, args=(keys,)
    )
    c2.radio("House faction", fm.FACTIONS, key=keys("wi_faction"), horizontal=True)
    st.multiselect(
        "Followers, bottom first (in the order you pick them)",
        [f.code for f in fm.FOLLOWERS],
        format_func=lambda c: ex.follower_name(fm.parse_follower(c)),
        max_selections=5,
        key=keys("wi_stack"),
        on_change=_check_picks,
        args=(keys,),
    )
    for problem in st.session_state.get(keys("wi_refused"), []):
        st.error(f"✋ {problem}")
    house = _house(keys)
    stack = tuple(fm.parse_follower(c) for c in st.session_state.get(keys("wi_stack"), []))
    if not stack:
        st.info("Pick followers to see the calculation.")
        return
    explained = ex.explain_score(house, stack)
    m1, m2, m3 = st.columns(3)
    m1.metric("White total", explained.result.totals["white"])
    m2.metric("Black total", explained.result.totals["black"])
    m3.metric("Would possess", explained.result.winner)
    left, right = st.columns([1.1, 1])
    with left:
        show_chart(house_figure(house, stack, explained.result.powers), keys("wi_house"))
    right.markdown(f"**{explained.verdict}**")
    if len(stack) < 5:
        right.caption(
            f"Only {len(stack)} follower(s): a real house is scored when its 5th arrives; abilities are "
            "evaluated on the cards present."
        )
    score_block(explained)
