"""How the Lab's tables and charts are drawn for a class: plain column names, percentages
with one decimal, and chart text large enough for a projector."""

from __future__ import annotations

from collections.abc import Callable

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from lab.run import Results

CONFIG = {"displayModeBar": False}
FONT_PX = 15  # Plotly's default 12 px is hard to read from the back of a classroom


def _number(label: str, fmt: str = "%.1f"):
    return st.column_config.NumberColumn(label, format=fmt)


def _percent(label: str):
    return st.column_config.NumberColumn(label, format="%.1f%%")


SEAT = {"seat": st.column_config.TextColumn("Seat"), "bot": st.column_config.TextColumn("Bot")}
COLUMNS = {
    "wins": {
        **SEAT,
        "wins": _number("Wins", "%d"),
        "games": _number("Games", "%d"),
        "rate": _percent("Win rate"),
        "ci_low": _percent("95% interval from"),
        "ci_high": _percent("to"),
    },
    "scores": {
        **SEAT,
        "mean": _number("Average"),
        "sd": _number("Spread (SD)"),
        "min": _number("Lowest", "%g"),
        "median": _number("Median", "%g"),
        "max": _number("Highest", "%g"),
    },
    "length": {
        "games": _number("Games", "%d"),
        "mean": _number("Average moves"),
        "median": _number("Median", "%g"),
        "min": _number("Fewest", "%d"),
        "max": _number("Most", "%d"),
    },
    "per game": {
        "label": st.column_config.TextColumn("What happened", width="large"),
        "value": _number("Per game", "%.2f"),
        "games_with": _percent("Games where it happened"),
    },
    "run average": {
        "label": st.column_config.TextColumn("What", width="large"),
        "shown": st.column_config.TextColumn("Over the run"),
    },
}
PERCENT_COLUMNS = ("rate", "ci_low", "ci_high", "games_with")  # shares 0..1 shown as 0..100 %


def shown(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame as the page shows it: shares as percentages.

    >>> shown(pd.DataFrame({"rate": [0.516], "wins": [258]})).to_dict("records")
    [{'rate': 51.6, 'wins': 258}]
    """
    frame = frame.copy()
    for column in PERCENT_COLUMNS:
        if column in frame:
            frame[column] = frame[column] * 100
    return frame


def run_values(frame: pd.DataFrame) -> pd.DataFrame:
    """Run-wide ratios as read aloud: a share as a percentage, an average as a number.

    >>> run_values(pd.DataFrame({"kind": ["run share", "run average"], "value": [0.94, 3.2]}))["shown"].tolist()
    ['94.0%', '3.20']
    """
    frame = frame.copy()
    frame["shown"] = [
        "–" if pd.isna(v) else f"{v:.1%}" if kind == "run share" else f"{v:.2f}"
        for kind, v in zip(frame["kind"], frame["value"], strict=True)
    ]
    return frame


def show_table(frame: pd.DataFrame, kind: str) -> None:
    columns = COLUMNS[kind]
    st.dataframe(
        shown(frame), hide_index=True, column_order=list(columns), column_config=columns, height="content"
    )


def for_projector(figure: go.Figure) -> go.Figure:
    """Larger text; a bar's own label sits mid-bar, clear of its confidence interval's line."""
    figure = go.Figure(figure)  # a copy: the run's figures stay as lab built them
    figure.update_layout(font={"size": FONT_PX}, title={"font": {"size": FONT_PX + 3}})
    figure.update_traces(insidetextanchor="middle", selector={"type": "bar", "textposition": "inside"})
    return figure


def styled(chart: Callable[[Results], go.Figure | None]) -> Callable[[Results], go.Figure | None]:
    """A chart of ``lab.charts``, restyled for the projector (None stays None)."""

    def build(results: Results) -> go.Figure | None:
        figure = chart(results)
        return None if figure is None else for_projector(figure)

    return build


def show_chart(figure: go.Figure | None, key: str) -> None:
    if figure is not None:
        # theme=None: Streamlit's theme would replace the figure's fonts with its small ones
        st.plotly_chart(figure, key=key, theme=None, config=CONFIG)
