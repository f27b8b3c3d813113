"""A board's text for a screen reader, next to the board: a region "Board as text" with whose
turn it is, the position as a table and the last move (``explainers.board_text.BoardText``).
It is visually hidden and takes no room, so the board's layout on a projector stays the same.
"""

from __future__ import annotations

from html import escape

import streamlit as st

from explainers.board_text import BoardText

# Visually hidden, still read (the usual "sr-only" rule); its element container leaves the
# page's flow so that Streamlit's gap between elements does not move what comes after it.
CSS = (
    "<style>.dojo-board-text{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;"
    "overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}"
    "[data-testid='stElementContainer']:has(.dojo-board-text){position:absolute}</style>"
)


def board_html(text: BoardText) -> str:
    """The region's HTML: a heading, the turn, the notes, the table, the last move."""
    head = "".join(f"<th scope='col'>{escape(c)}</th>" for c in text.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in text.rows)
    notes = "".join(f"<p>{escape(note)}</p>" for note in text.notes)
    return (
        f"<section class='dojo-board-text' aria-label='Board as text'>"
        f"<h3>{escape(text.title)} as text</h3><p>{escape(text.turn)}</p>{notes}"
        f"<table><caption>{escape(text.title)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table><p>Last move: {escape(text.last_move)}</p></section>"
    )


def board_text(text: BoardText) -> None:
    """Draw the board's text (call it right after the board)."""
    st.html(CSS + board_html(text))
