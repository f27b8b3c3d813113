"""Tanuki Matsuri's sheet as text (see ``explainers.board_text``): one seat's sheet.

>>> import engine.tanuki_matsuri as tm
>>> text = board_text(tm.view(tm.new_game(5, 1), 0), 0)
>>> text.title, text.turn.split(" — ")[0], text.rows[0][0]
("Player 1's sheet", 'To move: Player 1. Take a die', '1 watermelon')
"""

from __future__ import annotations

import engine.tanuki_matsuri as tm
from explainers import tanuki_matsuri as ex
from explainers.board_text import BoardText, plain

COLUMNS = ("Column", "Fruits circled", "Tanuki circled", "Crossed out", "Tanuki that count", "Points")


def _turn(view) -> str:
    if tm.is_over(view):
        return f"Game over: {tm.outcome(view).termination}."
    prompt = plain(ex.decision_text(view).split("\n")[0])
    pending = tm.pending(view)
    dice = f" Open dice: {', '.join(map(str, pending.open_dice))}." if pending and pending.open_dice else ""
    return f"To move: {tm.INFO.seat_name(tm.current_player(view))}. {prompt}{dice}"


def _lines(view, seat: int) -> tuple[str, ...]:
    """``"Line G: 1 watermelon"``, one per line with something circled."""
    out = []
    for index, counts in enumerate(tm.line_marks(view, seat)):
        circled = [f"{n} {tm.FRUITS[c]}" for c, n in enumerate(counts) if n]
        if circled:
            out.append(f"Line {tm.line_label(index)}: {', '.join(circled)}.")
    return tuple(out)


def board_text(view, seat: int) -> BoardText:
    """The seat's columns (fruits, tanuki, points), its lines, flowers and Granny, the last turn."""
    score = ex.score_of(view, seat)
    rows = tuple(
        (
            f"{c.column} {c.fruit}",
            *map(str, (c.fruits, c.tanuki_circled, c.tanuki_crossed, c.tanuki, c.points)),
        )
        for c in score.columns
    )
    marks = tm.marks_of(view, seat)
    notes = (
        plain(ex.score_summary(score)) + ".",
        f"Flowers circled: {marks['flowers']}. Granny: {marks['granny']}. Torii: {marks['torii']}.",
        *_lines(view, seat),
    )
    last = " ".join(f"{line}." for line in ex.chain_lines(view)) or "Nothing played yet."
    return BoardText(f"{tm.INFO.seat_name(seat)}'s sheet", _turn(view), COLUMNS, rows, last, notes)
