"""Test-only page: Pebbles on the page kit (added when DOJO_TEST_GAMES=1).

The smallest example of a game page: a board, a side panel, and Learn and What-if tabs.
"""

from functools import lru_cache

import plotly.graph_objects as go
import streamlit as st

import engine.pebbles as pebbles
from ui.kit import GamePage, Table, board_chart, game_page, pager, pager_footer


@lru_cache(maxsize=32)
def figure(view, *, interactive: bool = True) -> go.Figure:
    """The pile as pebbles; the last three carry the token of the take that leaves them."""
    xs = list(range(view.pile))
    take = [view.pile - x for x in xs]
    legal = {a.count: a for a in pebbles.legal_actions(view)} if interactive else {}
    tokens = [pebbles.encode_action(legal[t]) if t in legal else "" for t in take]
    return go.Figure(
        data=[
            go.Scatter(
                x=xs,
                y=[0] * len(xs),
                mode="markers+text",
                marker={"size": 40, "color": ["#c0392b" if t else "#7f8c8d" for t in tokens]},
                text=[str(t) if token else "" for t, token in zip(take, tokens, strict=True)],
                textfont={"size": 18},
                customdata=tokens,
                hovertemplate="Take %{text}<extra></extra>",
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


def board(table: Table) -> None:
    view = table.view
    if table.seating.demo:  # the full state: say so, as every board does
        st.caption("👁 Demo mode: every secret is shown.")
    can_act = table.seating.can_act
    board_chart(figure(view, interactive=can_act), table.keys, str(table.session.cursor), interactive=can_act)
    st.metric("Pebbles left", view.pile)


def panel(table: Table) -> None:
    if table.session.over:
        winner = pebbles.outcome(table.session.state).winner
        st.success(f"🏆 {pebbles.INFO.seat_name(winner)} took the last pebble and wins.")
        return
    for action in pebbles.legal_actions(table.view) if table.seating.can_act else []:
        st.button(
            str(action),
            key=table.keys(f"act:{pebbles.encode_action(action)}"),
            on_click=table.play,
            args=(action,),
        )


SCENES = ("Leave a multiple of 4", "Why it works")


def learn(keys) -> None:
    index = pager(keys, SCENES)
    st.write(
        ["Leave a multiple of 4 pebbles to your opponent.", "Whatever they take, you take the rest of 4."][
            index
        ]
    )
    pager_footer(keys, len(SCENES))


def whatif(keys) -> None:
    st.write("No calculator for the test game.")


game_page(GamePage(pebbles, "🪨", board, panel, learn, whatif))
