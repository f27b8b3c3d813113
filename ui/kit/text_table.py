"""The Play area's small tables as Markdown text instead of ``st.table``.

The bot clock reruns the Play area of every pupil's page each second, and a class shares one
server. ``st.table`` turns a pandas frame into Arrow bytes on every run (2–3 ms a table on
this machine, most of it pandas-to-Arrow); the same table as Markdown costs about 0.1 ms and
the browser draws it as the same HTML table, with header cells, wrapping long "Why" texts.
Measured with ``bench.profile_server``: tables were the largest single part of a Play run.

Cells are plain text: whatever they hold is escaped, so a name can never become a link,
an image or a cell border.

>>> import pandas as pd
>>> print(markdown_table(pd.DataFrame({"Step": ["Summon", "a|b"], "Value": [3, 1.5]})))
| Step | Value |
| --- | --- |
| Summon | 3 |
| a\\|b | 1.5 |
"""

from __future__ import annotations

import math
import numbers

import pandas as pd
import streamlit as st

from engine.core.quote import inert


def _cell(value: object) -> str:
    if isinstance(value, numbers.Real):  # Python's and numpy's numbers alike
        if math.isnan(value):
            return " "
        if isinstance(value, bool) or float(value).is_integer():
            return str(int(value)) if not isinstance(value, bool) else str(value)
        return f"{value:.2f}".rstrip("0")  # at most two decimals, as the explainers round
    if value is None:
        return " "
    text = inert(" ".join(str(value).split()))  # a cell is one line
    return text.replace("|", "\\|") or " "


def markdown_table(frame: pd.DataFrame | list[dict], *, index: bool = False) -> str:
    """``frame`` as a GitHub-flavoured Markdown table (``index``: its index as the first column)."""
    if not isinstance(frame, pd.DataFrame):
        frame = pd.DataFrame(frame)
    if index:
        frame = frame.reset_index()
    header = [_cell(c) for c in frame.columns]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    # Columns as lists, not ``itertuples``: that builds a namedtuple class on every call, which
    # was most of a small table's cost on the bot clock (``bench.profile_server --gil``).
    rows = zip(*(frame.iloc[:, i].tolist() for i in range(frame.shape[1])), strict=True)
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def small(text: str) -> str:
    """``text`` as Markdown that looks like ``st.caption``, to say it inside another element
    (``text`` must hold no square bracket)."""
    return f":small[:gray[{text}]]"


def show_table(frame: pd.DataFrame | list[dict], *, index: bool = False, title: str = "") -> None:
    """Draw ``frame`` as a table (see the module's note on why Markdown). ``title``: Markdown
    said above it in the same element ("#### Last turn"): on the bots' clock every element
    is sent again each tick (``bench.deltas``), a heading and its table are one."""
    table = markdown_table(frame, index=index)
    st.markdown(f"{title}\n\n{table}" if title else table)
