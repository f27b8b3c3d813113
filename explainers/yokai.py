"""Yokai: engine explanations -> teachable text and pandas tables (no Streamlit).

Why a move is refused (the cards it would cut off), the win check family by family, the
score line by line with its tier, the last turn, the game log with the bots' reasons, and the
What-if calculator's score for a set of hint outcomes. Steps are read by ``kind`` and
``subject``, never by parsing their prose.

>>> import engine.yokai as yk
>>> s = yk.new_game(1, layout=GROUPED)
>>> list(win_table(yk.apply(s, yk.Declare()))["Grouped"])
['✓ yes', '✓ yes', '✓ yes', '✓ yes']
>>> score_line(yk.apply(s, yk.Declare()))
'Score 35: Legendary victory'
"""

from __future__ import annotations

from functools import lru_cache

import pandas as pd

import engine.yokai as yk
from engine.yokai.scoring import POINTS
from explainers.coach import Words, nothing, percent
from explainers.yokai_words import (
    FAMILY_NAME,
    action_words,
    cell_namer,
    coach_label,
    family_label,
    hint_label,
    with_article,
    word,
)

GROUPED = ["kitsune"] * 2 + ["kappa"] * 2
GROUPED = GROUPED * 2 + (["rokurokubi"] * 2 + ["oni"] * 2) * 2
"""A deal whose families already sit in four 2 × 2 squares (Learn and What-if)."""

OUTCOMES = ("correct", "misplaced", "revealed", "unrevealed")
OUTCOME_TEXT = {
    "correct": "placed on a Yokai of one of its families",
    "misplaced": "placed on a Yokai of none of its families",
    "revealed": "revealed but never placed",
    "unrevealed": "never revealed (still in the deck)",
}
TIERS = (("Honourable", "up to 10 (even below 0)"), ("Glorious", "11 to 14"), ("Legendary", "15 or more"))
RULE_NOTES = {
    "tiers": "**Rule note:** the rulebook gives the points but no names; like the online edition, "
    "the page calls a win up to 10 Honourable, 11–14 Glorious and 15+ Legendary.",
    "connect": "**Rule note:** connectivity is judged on the final position: a card that holds the "
    "group together may still move to a cell that joins the pieces again.",
    "peeks": "**Rule note:** both peeks are compulsory, on two different cards without a hint; what a "
    "player saw stays known to that player only and follows the card when it moves.",
}


# -- refused moves ------------------------------------------------------------------------
def refusal(state, src, dst) -> tuple[str, pd.DataFrame]:
    """Why the card on ``src`` may not go to ``dst``: a sentence and the cards cut off, the
    cells named as the board labels them.

    >>> import engine.yokai as yk
    >>> text, table = refusal(yk.new_game(1), (1, 0), (1, -1))
    >>> text.startswith("On C6 the card would touch no other card"), len(table)
    (True, 1)
    """
    problem = yk.move_problem(state, src, dst)
    cards = yk.board(state)
    name = cell_namer(cards)
    if problem is None:
        return f"{name(src)} → {name(dst)} is a legal move.", pd.DataFrame()
    rows = [
        {
            "Cut off": name(cell),
            "What": "the moved card itself" if cell == dst else _card_words(cards.get(cell)),
        }
        for cell in sorted(problem.cut_off, key=reading)
    ]
    return refusal_sentence(problem, name), pd.DataFrame(rows)


def reading(cell) -> tuple[int, int]:
    """Sort key of cells in reading order: top row first, left to right (A1, B1, …, A2)."""
    return -cell[1], cell[0]


def refusal_sentence(problem, name) -> str:
    """A refused move's sentence from its fields (``name``: a cell's name on the board)."""
    src, dst = name(problem.src), name(problem.dst)
    if problem.kind == "no card":
        return f"There is no card on {src}."
    if problem.kind == "hinted":
        return f"The card on {src} holds a hint: it can no longer be moved."
    if problem.kind == "same cell":
        return "A card must move to another cell."
    if problem.kind == "occupied":
        return f"{dst} already holds a card: a card moves to an empty cell."
    if problem.cut_off == {problem.dst}:
        return f"On {dst} the card would touch no other card: every card must touch the group by a side."
    cut = ", ".join(name(c) for c in sorted(problem.cut_off, key=reading))
    return (
        f"Moving {src} to {dst} would cut off {cut}: all 16 cards must stay one group joined by their sides."
    )


def _card_words(card) -> str:
    if card is None:
        return "a card"
    what = family_label(card.family) if card.family else "a face-down card"
    return what + (f" (hint {hint_label(card.hint)})" if card.hint else "")


# -- win check and score ------------------------------------------------------------------
def win_table(state) -> pd.DataFrame:
    """The win check, one row per family: grouped or not, and why (its split, cells named as
    the board labels them)."""
    name = cell_namer(yk.board(state))
    groups = yk.family_groups(state)
    rows = []
    for step in yk.win_steps(state):
        mark = "?" if step.value is None else "✓ yes" if step.value else "✗ no"
        if step.value is False:
            parts = groups[step.subject]
            sizes = " + ".join(str(len(g)) for g in parts)
            where = "; ".join(", ".join(name(c) for c in sorted(g, key=reading)) for g in parts)
            why = f"its cards are split {sizes} ({where})"
        else:
            why = step.reason
        rows.append({"Family": family_label(step.subject), "Grouped": mark, "Why": why})
    return pd.DataFrame(rows)


def verdict(state, lang: str = "en") -> str:
    """The end of the game in one line (empty while it goes on)."""
    if not yk.is_over(state):
        return ""
    return word("win" if yk.families_grouped(state) else "loss", lang)


def points(value) -> str:
    """Points as the score table writes them: ``"+1"``, ``"−1"``, ``"0"`` (never ``1.0000``)."""
    if value is None:
        return ""
    return f"{value:+d}".replace("-", "−") if value else "0"


def score_table(state) -> pd.DataFrame:
    """The score line by line (one row per hint card), then the total with its tier; placed
    hints name their card as the board labels it."""
    cards = yk.board(state)
    name = cell_namer(cards)
    hints = yk.placed_hints(state)
    rows = []
    for step in yk.score_steps(state):
        label, why = step.label, step.reason
        if step.kind == "total":
            label = "Total"
            value = "" if step.value is None else str(step.value)
        else:
            value = points(step.value)
        if step.kind == "revealed":
            label = f"Hint {hint_label(frozenset(step.subject.split('/')))}"
        if step.kind in ("correct", "misplaced", "placed"):
            label = f"Hint {hint_label(hints[step.subject])} on {name(step.subject)}"
            family = cards[step.subject].family
            if family is not None:
                right = "right" if step.kind == "correct" else "wrong"
                why = f"the card is {with_article(FAMILY_NAME[family])}: the hint is {right}"
        rows.append({"Hint card": label, "Points": value, "Why": why})
    return pd.DataFrame(rows, columns=["Hint card", "Points", "Why"])


def score_line(state, lang: str = "en") -> str:
    """``"Score 12: Glorious victory"`` (a win), or why there is no score."""
    total = next(s for s in yk.score_steps(state) if s.kind == "total")
    if yk.is_over(state) and not yk.families_grouped(state):
        return "No score: the game is lost."
    if total.value is None:
        return f"No score yet: {total.reason}."
    return f"Score {total.value}: {word('tier:' + total.subject, lang)}"


def tiers_table() -> pd.DataFrame:
    rows = [{"Victory": word(f"tier:{name}"), "Score": span} for name, span in TIERS]
    return pd.DataFrame(rows)


def points_table() -> pd.DataFrame:
    """What each hint card is worth on a win (the engine's points)."""
    return pd.DataFrame([{"Hint card": OUTCOME_TEXT[k], "Points": points(POINTS[k])} for k in OUTCOMES])


def what_if_score(counts: dict[str, int]) -> tuple[int, str, pd.DataFrame]:
    """The score of a win with ``counts`` hint cards of each outcome: (total, tier, table).

    >>> what_if_score({"correct": 3, "misplaced": 1, "revealed": 1, "unrevealed": 2})[:2]
    (14, 'Glorious')
    """
    each = POINTS
    counts = {k: int(counts.get(k, 0)) for k in OUTCOMES}
    total = sum(counts[k] * each[k] for k in OUTCOMES)
    rows = [
        {
            "Hint cards": OUTCOME_TEXT[k],
            "Count": str(counts[k]),
            "Each": points(each[k]),
            "Points": points(counts[k] * each[k]),
        }
        for k in OUTCOMES
    ]
    rows.append({"Hint cards": "Total", "Count": str(sum(counts.values())), "Each": "", "Points": str(total)})
    return total, yk.tier(total), pd.DataFrame(rows)


# -- turns and the log ----------------------------------------------------------------------
def last_turn_table(state) -> pd.DataFrame:
    """The most recent turn, step by step, as the state may show it (cells named as the board
    labels them)."""
    return pd.DataFrame(last_turn_rows(state))


def last_turn_rows(state) -> list[dict[str, str]]:
    """:func:`last_turn_table`'s rows: ``Step``, ``Result`` and ``Why`` of each step."""
    name = cell_namer(yk.board(state))
    rows = []
    for step in yk.last_turn(state):
        value, label, why = step.value, step.label, step.reason
        if step.kind == "peek":
            label = f"Peek at {name(step.subject)}"
            value = family_label(value) if value else "(secret)"
        elif step.kind == "move":
            label, value = f"Move {name(step.subject)} → {name(value)}", name(value)
        elif step.kind == "place":
            label = f"Hint on {name(step.subject)}"
        if step.kind in ("reveal", "place") and value:
            value = " / ".join(FAMILY_NAME[f] for f in value.split("/"))
        rows.append({"Step": label, "Result": "" if value is None else str(value), "Why": why})
    return rows


def skipped_move(state) -> str:
    """Why the move step of the last turn was skipped ("" if it was not)."""
    step = next((s for s in yk.last_turn(state) if s.kind == "skip"), None)
    return f"The move was skipped: {step.reason}." if step else ""


def rule_steps(state) -> list[str]:
    """What the rules did by themselves in the last turn, one sentence each: a move skipped
    (no card could move), a hint revealed because none was waiting to be placed."""
    out = [skipped_move(state)] if skipped_move(state) else []
    for step in yk.last_turn(state):
        if step.kind == "reveal" and step.note == "only option":
            out.append(
                f"The hint step revealed the top hint by itself ({hint_label(step.subject)}): no "
                "revealed hint was waiting to be placed, so revealing was the only option."
            )
    return out


@lru_cache(maxsize=2048)
def _explained(before, seat: int, action) -> str:
    return yk.explain(yk.view(before, seat), action)


def log_rows(history, kinds, limit: int = 16) -> pd.DataFrame:
    """The latest actions, newest first: who, what, and a bot's own reason for it (``kinds``:
    each seat's "human" or bot name; reasons come from the bot's view only)."""
    rows = []
    cells = tuple(yk.board(history[-1]))  # the board on screen names every cell
    for i in range(len(history) - 1, 0, -1):
        before, after = history[i - 1], history[i]
        seat = yk.current_player(before)
        if seat is None or len(after.log) <= len(before.log):
            continue
        action = after.log[len(before.log)]
        bot = kinds[seat] != "human"
        why = _explained(before, seat, action) if bot else ""
        who = yk.INFO.seat_name(seat) + (f" ({kinds[seat]} bot)" if bot else "")
        action_text = action_words(action, cells)
        rows.append({"Move": i, "Who": who, "Action": action_text, "Why (the bot's own words)": why})
        if len(rows) >= limit:
            break
    return pd.DataFrame(rows)


def score_line_of(total: int, tier: str, lang: str = "en") -> str:
    """``"Score 14: Glorious victory"`` for a total and its tier."""
    return f"Score {total}: {word('tier:' + tier, lang)}"


# ---- the Coach's words (read by explainers.coach through the registry) ------------------------

COACH_WORDS = Words(
    unit="points",
    loss_label="Team's expected loss in points",
    scale=1.0,
    columns=(
        ("Team's win chance", lambda e: percent(e.share), "{:.0f}%"),
        ("Team's expected score", lambda e: e.score, "{:.1f}"),
    ),
    label=coach_label,
    effect=nothing,
    why=yk.explain,
    unseen="the Yokai cards not seen yet and the hint deck",
    note=lambda m: (
        f"the team's score on a win, {m.win:g} points more; a loss 0 to {m.close:g} by the "
        "families grouped, so any win is worth more than any loss"
    ),
)
"""How the Coach speaks of a Yokai move: the team's win chance and score, the partner bot's reason."""
