"""Test-only page: Pebbles driven by the shared controls (added when DOJO_TEST_GAMES=1)."""

from functools import lru_cache

import plotly.graph_objects as go
import streamlit as st

from tests.support import pebbles
from ui import controls

NS = "pebbles"


@lru_cache(maxsize=32)
def board(state) -> go.Figure:
    """The pile as clickable pebbles (cached per state: building a figure costs milliseconds)."""
    xs = list(range(state.pile))
    take = [state.pile - x for x in xs]
    clickable = [t <= 3 and not pebbles.is_over(state) for t in take]
    return go.Figure(
        data=[
            go.Scatter(
                x=xs,
                y=[0] * len(xs),
                mode="markers+text",
                marker={"size": 40, "color": ["#c0392b" if c else "#7f8c8d" for c in clickable]},
                text=[f"{t}" if c else "" for t, c in zip(take, clickable, strict=True)],
                customdata=[f"take:{t}" if c else "" for t, c in zip(take, clickable, strict=True)],
                hovertemplate="Take %{customdata}<extra></extra>",
            )
        ],
        layout={
            "height": 200,
            "xaxis": {"visible": False, "range": [-1, 16]},
            "yaxis": {"visible": False},
            "margin": {"l": 0, "r": 0, "t": 0, "b": 0},
            "clickmode": "event+select",
            "dragmode": False,
        },
    )


def on_click() -> None:
    points = st.session_state[f"{NS}:board"].selection.points
    if points and str(points[0].get("customdata", "")).startswith("take:"):
        controls.play(NS, pebbles.Take(int(points[0]["customdata"].split(":")[1])))


st.title("🪨 Pebbles · 小石")
st.write("A tiny test game: take 1 to 3 pebbles; whoever takes the last one wins.")
play_tab, learn_tab, whatif_tab, rules_tab = st.tabs(["Play", "Learn", "What-if", "Rules"])
with play_tab:
    controls.ensure_session(pebbles, NS)
    session = controls.toolbar(pebbles, NS)
    state = session.state
    left, right = st.columns([3, 1])
    with left:
        st.plotly_chart(board(state), key=f"{NS}:board", on_select=on_click, selection_mode="points")
        st.metric("Pebbles left", state.pile)
    with right:
        if pebbles.is_over(state):
            st.success(
                f"🏆 {pebbles.INFO.seat_name(pebbles.outcome(state).winner)} took the last pebble and wins."
            )
        else:
            seat = pebbles.current_player(state)
            st.markdown(f"**To move:** {pebbles.INFO.seat_name(seat)} ({session.seats[seat]})")
            for action in pebbles.legal_actions(state):
                st.button(
                    str(action),
                    key=f"{NS}:act:{action.count}",
                    on_click=controls.play,
                    args=(NS, action),
                    disabled=session.to_move_is_bot(),
                )
        pace = controls.pace_control(NS)
    controls.bot_turns(NS, pace)
with learn_tab:
    st.write("Leave a multiple of 4 pebbles to your opponent.")
with whatif_tab:
    st.write("No calculator for the test game.")
with rules_tab:
    st.write("Take 1 to 3 pebbles in turn; whoever takes the last one wins.")
