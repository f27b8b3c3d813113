"""How a state shows itself in Jupyter: an HTML card built from the game protocol alone.

Every game's state class has ``_repr_html_`` returning :func:`state_html`, so a notebook cell
that ends with a state draws the same card for every game: the title, who decides now (or
how the game ended), each seat's score, and either the moves open now or the outcome's
explanation steps. Pure Python: the notebooks' Plotly boards come from ``boards/``.

>>> from engine.core.registry import games
>>> g = games()[0]
>>> card = state_html(g.INFO.id, g.new_game(3))
>>> f"To move: <b>{g.INFO.seat_name(g.current_player(g.new_game(3)))}</b>" in card
True
"""

from __future__ import annotations

from html import escape

from .protocol import Game
from .registry import game

MAX_ACTIONS = 12
"""Moves listed on a card; the rest are counted (an opening in Yokai has dozens)."""

_STYLE = "font-family: sans-serif; border: 1px solid #ccc; border-radius: 6px; padding: 8px 12px;"
_CELL = "text-align: left; padding: 2px 10px 2px 0; vertical-align: top;"


def _number(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _table(header: tuple[str, ...], rows: list[tuple]) -> str:
    head = "".join(f'<th style="{_CELL}">{escape(h)}</th>' for h in header)
    body = "".join(
        "<tr>" + "".join(f'<td style="{_CELL}">{escape(str(v))}</td>' for v in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _seats_table(g, state, mover: int | None) -> str:
    scores = g.outcome(state).scores
    rows = [
        (g.INFO.seat_name(seat) + (" ◀ to move" if seat == mover else ""), _number(score))
        for seat, score in enumerate(scores)
    ]
    return _table(("Seat", "Score"), rows)


def _actions(g, state) -> str:
    actions = g.legal_actions(state)
    items = "".join(
        f"<li>{escape(str(a))} <code>{escape(g.encode_action(a))}</code></li>" for a in actions[:MAX_ACTIONS]
    )
    more = f"<li>… and {len(actions) - MAX_ACTIONS} more</li>" if len(actions) > MAX_ACTIONS else ""
    return f"<p>Legal actions ({len(actions)}):</p><ul>{items}{more}</ul>"


def state_html(game_id: str | Game, state) -> str:
    """The HTML card of ``state`` (a full state or a seat's view) of the game ``game_id`` (or
    of that game's module, for a game not registered, such as a test game).

    It reads ``state.viewer`` (the seat of a view, None or absent for a full state)."""
    g = game(game_id) if isinstance(game_id, str) else game_id
    info = g.INFO
    viewer = getattr(state, "viewer", None)
    whose = "full state (nothing hidden)" if viewer is None else f"{info.seat_name(viewer)}'s view"
    parts = [f"<p><b>{escape(info.title)}</b> {escape(info.japanese)} · <i>{escape(whose)}</i></p>"]
    mover = g.current_player(state)
    if g.is_over(state):
        outcome = g.outcome(state)
        winner = (
            "" if outcome.winner is None else f" Winner: <b>{escape(info.seat_name(outcome.winner))}</b>."
        )
        parts.append(f"<p>Game over: {escape(str(outcome.termination))}.{winner}</p>")
        parts.append(_seats_table(g, state, None))
        steps = [(s.label, _number(s.value), s.reason) for s in outcome.steps]
        parts.append(_table(("Step", "Value", "Why"), steps))
    else:
        parts.append(f"<p>To move: <b>{escape(info.seat_name(mover))}</b></p>")
        parts.append(_seats_table(g, state, mover))
        if viewer is None or viewer == mover:
            parts.append(_actions(g, state))
        else:
            parts.append(f"<p>Only {escape(info.seat_name(mover))}'s own view lists the moves open now.</p>")
    return f'<div style="{_STYLE}">' + "".join(parts) + "</div>"
