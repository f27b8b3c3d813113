"""A run's results as Plotly figures, built in one go from the tables (no Streamlit).

>>> from lab.executor import InProcess
>>> from lab.plan import Plan
>>> from lab.run import run
>>> results = run(Plan("fan_mallet", 2, ("greedy", "random"), 10, 5), InProcess())
>>> [trace.type for trace in win_rate_chart(results).data]
['bar']
"""

from __future__ import annotations

import plotly.graph_objects as go

from .run import Results
from .tables import facts_table, seat_label, win_rates

COLOURS = ("#2a6f97", "#c8553d", "#588157", "#8d6a9f", "#d4a017")  # one per seat, up to five
HEIGHT = 360


def _layout(figure: go.Figure, title: str, x: str, y: str) -> go.Figure:
    figure.update_layout(
        title=title,
        xaxis_title=x,
        yaxis_title=y,
        height=HEIGHT,
        margin={"l": 60, "r": 20, "t": 50, "b": 50},
        template="plotly_white",
        showlegend=False,
    )
    return figure


def _seat(results: Results, seat: int) -> str:
    return f"{seat_label(results, seat)} ({results.plan.seats[seat]})"


def win_rate_chart(results: Results) -> go.Figure:
    """One bar per seat (the team's for a cooperative game): its win rate, with the 95%
    Wilson interval as error bars. A solo game gets a note instead (its scores tell)."""
    table = win_rates(results)
    figure = go.Figure()
    if table.empty:
        figure.add_annotation(text="A solo game has no winner to count: see the scores", showarrow=False)
        figure.update_xaxes(visible=False)
        figure.update_yaxes(visible=False)
        return _layout(figure, "Win rate", "", "")
    names = [f"{row.seat} ({row.bot})" for row in table.itertuples()]
    figure.add_bar(
        x=names,
        y=table["rate"],
        marker_color=[COLOURS[n % len(COLOURS)] for n in range(len(table))],
        error_y={
            "type": "data",
            "symmetric": False,
            "array": table["ci_high"] - table["rate"],
            "arrayminus": table["rate"] - table["ci_low"],
        },
        text=[f"{rate:.0%}" for rate in table["rate"]],
        textposition="inside",
        hovertemplate="%{x}: %{y:.1%} won<extra></extra>",
    )
    figure.update_yaxes(range=[0, 1], tickformat=".0%")
    return _layout(figure, "Win rate with 95% confidence interval", "Seat (bot)", "Games won")


def score_chart(results: Results) -> go.Figure:
    """The final scores' distribution, one box per seat (points shown for small runs)."""
    figure = go.Figure()
    small = len(results.records) <= 200
    for seat in range(results.plan.players):
        figure.add_box(
            y=[record.scores[seat] for record in results.records],
            name=_seat(results, seat),
            marker_color=COLOURS[seat % len(COLOURS)],
            boxpoints="all" if small else "outliers",
            jitter=0.3 if small else 0,
            pointpos=0,
            boxmean=True,
        )
    return _layout(figure, "Final scores", "Seat (bot)", "Score")


def length_chart(results: Results) -> go.Figure:
    """A histogram of the moves a game took."""
    figure = go.Figure()
    figure.add_histogram(
        x=[record.moves for record in results.records],
        marker_color=COLOURS[0],
        hovertemplate="%{x} moves: %{y} games<extra></extra>",
    )
    figure.update_layout(bargap=0.05)
    return _layout(figure, "Game length", "Moves in the game", "Games")


def facts_chart(results: Results) -> go.Figure | None:
    """The game's per-game facts as horizontal bars (their mean per game), or None for a
    game without facts."""
    table = facts_table(results)
    table = table[table["kind"] == "per game"]
    if table.empty:
        return None
    labels = list(reversed(table["label"]))  # Plotly draws the first category at the bottom
    values = list(reversed(table["value"]))
    figure = go.Figure()
    figure.add_bar(
        x=values,
        y=labels,
        orientation="h",
        marker_color=COLOURS[0],
        text=[f"{value:.2f}" for value in values],
        textposition="outside",
        hovertemplate="%{y}: %{x:.2f} a game<extra></extra>",
    )
    _layout(figure, "What happens in a game (mean per game)", "Per game", "")
    figure.update_layout(height=max(HEIGHT, 28 * len(labels) + 110), margin={"l": 20})
    figure.update_yaxes(automargin=True)
    return figure
