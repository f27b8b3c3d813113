"""The Coach's verdicts in each game's own words: structured steps and pandas tables (no Streamlit).

An :class:`~engine.core.coach.Assessment` becomes steps read by ``kind`` (``"played"``,
``"suggestion"``, ``"loss"``, ``"verdict"``), a sentence, a table comparing the two moves and,
for a game review, one row per costly move. Each game says how it speaks of a move and of what a
move costs in its own explainer module (``explainers/<game id>.py``): ``COACH_WORDS``, a
:class:`Words` (a game without them gets :data:`GENERIC` words by its measure). The loss is told
in the coach's measure (the game's ``COACHING``, :class:`engine.core.coach.Coaching`): the game's
own unit, a win counting a fixed amount more.

>>> from engine.core.coach import assess
>>> from engine.core.registry import game
>>> fm = game("fan_mallet")
>>> s = fm.new_game(3)
>>> a = assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1)
>>> [step.kind for step in verdict_steps(a)]
['played', 'suggestion', 'loss', 'verdict']
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import Any

import pandas as pd

from engine.core import Step
from engine.core.coach import Assessment, coaching_of
from engine.core.registry import game

GOOD = "Good move"
COSTLY = "Costly move"
RULE = "Coach"


@dataclass(frozen=True)
class Words:
    """How one game speaks of a move and of what a move costs.

    ``unit`` names the loss (``"markers"``); ``loss_label`` heads it; ``scale`` converts the
    measure to that unit; ``columns`` are the comparison table's columns (name, reader of an
    :class:`~engine.core.coach.Estimate`, format); ``label(view, action)`` names a move,
    ``effect(view, action)`` says what it would do now (``""`` when there is nothing to add),
    ``why(view, action)`` the coach's bot's own reason for its suggestion (None: none);
    ``unseen`` is what the coach had to guess; ``note(measure)`` says what the loss counts
    (None: the final score or the score margin)."""

    unit: str
    loss_label: str
    scale: float
    columns: tuple[tuple[str, Any, str], ...]
    label: Any
    effect: Any
    unseen: str
    why: Any = None
    note: Any = None


def plain(view, action) -> str:
    """A move named by its own ``str``."""
    return str(action)


def nothing(view, action) -> str:
    """No effect to tell."""
    return ""


def percent(x) -> float | None:
    """A share as a percentage (None stays None)."""
    return None if x is None else 100 * x


_SCORE = (("Expected score", lambda e: e.score, "{:.1f}"),)
_MARGIN = (("Expected margin", lambda e: e.margin, "{:+.1f}"),)
_SHARE = (("Win chance", lambda e: percent(e.share), "{:.0f}%"),)
GENERIC = {
    "score": Words(
        "points", "Expected loss in points", 1.0, _SCORE, plain, nothing, "what you could not see"
    ),
    "margin": Words(
        "points", "Expected loss in points", 1.0, _MARGIN + _SHARE, plain, nothing, "what you could not see"
    ),
}
"""Words by measure for a game that has none of its own."""


@cache
def game_words(game_id: str) -> Words | None:
    """The registered game's own words: ``COACH_WORDS`` of its explainer module
    ``explainers.<game id>``, None when it has none.

    >>> game_words("fan_mallet").unit
    'markers'
    """
    name = f"explainers.{game(game_id).INFO.id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name != name:
            raise
        return None
    return getattr(module, "COACH_WORDS", None)


def words_for(a: Assessment) -> Words:
    """The game's words for an assessment (generic words for a game without its own)."""
    return game_words(a.game) or GENERIC[a.measure]


# ---- the verdict ---------------------------------------------------------------------------


def _amount(a: Assessment, x: float) -> str:
    w = words_for(a)
    return f"{x * w.scale:.1f} {w.unit}"


def _pm(a: Assessment, x: float, se: float) -> str:
    """``"2.6 ± 0.6 markers"``."""
    w = words_for(a)
    return f"{x * w.scale:.1f} ± {se * w.scale:.1f} {w.unit}"


def _expected(a: Assessment, e) -> str:
    parts = []
    for name, read, fmt in words_for(a).columns:
        value = read(e)
        if value is not None:
            parts.append(f"{name.lower()} {fmt.format(value)}")
    return ", ".join(parts)


def measure_note(a: Assessment) -> str:
    """What the loss counts, in the game's words (``""`` for a game without its own measure).

    >>> from engine.core.coach import assess
    >>> fm = game("fan_mallet")
    >>> s = fm.new_game(3)
    >>> measure_note(assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=2, seed=1))
    "the marker swing at the end, the rulebook's match points: a win is always ahead"
    """
    m = coaching_of(game(a.game)).measure
    if m is None:
        return ""
    note = words_for(a).note
    if note is not None:
        return note(m)
    return "the final score" if m.base == "score" else "the score margin"


def move_label(a: Assessment, action) -> str:
    """A move of the assessed position in the game's words."""
    return words_for(a).label(a.view, action)


def verdict_steps(a: Assessment) -> tuple[Step, ...]:
    """The verdict as steps: the move played, the coach's move, the expected loss, the verdict."""
    w = words_for(a)
    played, best = a.played.action, a.suggestion.action
    effect = w.effect(a.view, played)
    steps = [
        Step(
            "Your move",
            move_label(a, played),
            "; ".join(x for x in (effect, _expected(a, a.played)) if x),
            RULE,
            kind="played",
            subject=a.seat,
        )
    ]
    if a.same:
        steps.append(Step("Coach's move", move_label(a, best), "the same move", RULE, kind="suggestion"))
    else:
        effect = w.effect(a.view, best)
        why = w.why(a.view, best) if w.why else ""
        steps.append(
            Step(
                "Coach's move",
                move_label(a, best),
                "; ".join(x for x in (effect, why, _expected(a, a.suggestion)) if x),
                RULE,
                kind="suggestion",
            )
        )
    note = measure_note(a)
    steps.append(
        Step(
            w.loss_label,
            round(a.loss * w.scale, 1),
            f"{_pm(a, a.gain, a.stderr)} (the coach's move minus yours, "
            f"paired over {a.samples} sampled worlds{'; ' + note if note else ''})",
            RULE,
            kind="loss",
        )
    )
    steps.append(Step("Verdict", GOOD if a.good else COSTLY, _why(a), RULE, kind="verdict"))
    return tuple(steps)


def _wins(a: Assessment) -> str:
    """``" (win chance 40% against 25%)"`` when the two moves win at different rates."""
    if a.win_loss is None or abs(a.win_loss) < 0.005:
        return ""
    return f" (win chance {100 * a.suggestion.share:.0f}% against {100 * a.played.share:.0f}%)"


def _why(a: Assessment) -> str:
    if a.same:
        return "it is the move the coach would have played"
    if a.ended:
        won = a.suggestion.share
        chance = "" if won is None else f", won in {100 * won:.0f}% of them"
        if a.good:
            return (
                "it ends the game lost, but the coach's move does even worse in the sampled worlds "
                f"({a.samples}{chance})"
            )
        return (
            f"it ends the game lost in every one of the {a.samples} sampled worlds, while the "
            f"coach's move plays on{chance}: a certain loss is never the equal of a game that can "
            "still be won"
        )
    if a.gain <= 0:
        return "the coach's own choice does no better in the sampled worlds"
    if a.good and a.gain > a.costly_at:
        return (
            f"the coach's choice is ahead by {_pm(a, a.gain, a.stderr)}{_wins(a)} over {a.samples} "
            f"sampled worlds: not clearly more than the {_amount(a, a.costly_at)} that makes a move "
            f"costly (that needs the gain to clear it by {a.proof:g} standard error"
            f"{'' if a.proof == 1 else 's'})"
        )
    if a.good:
        return (
            f"the coach's choice is ahead by only {_amount(a, a.gain)}{_wins(a)}, not more than "
            f"the {_amount(a, a.costly_at)} that makes a move costly"
        )
    return (
        f"the coach's choice is ahead by {_amount(a, a.gain)}{_wins(a)}, more than the "
        f"{_amount(a, a.costly_at)} that makes a move costly"
    )


def verdict_text(a: Assessment, seat_name: str | None = None) -> str:
    """The verdict in a few sentences (markdown)."""
    w = words_for(a)
    steps = {s.kind: s for s in verdict_steps(a)}
    head = f"**{GOOD if a.good else COSTLY}**"
    who = seat_name or "you"
    method = (
        f"Judged from what {who} could see: {a.samples} guesses at {w.unseen}, each move played out "
        "to the end by the game's rule-of-thumb bot."
    )
    played = steps["played"]
    if a.same:
        return f"{head} — **{played.value}** is the coach's own choice.\n\n{method}"
    best = steps["suggestion"]
    if a.good:
        return (
            f"{head} — **{played.value}**: {steps['verdict'].reason}. The coach would have played "
            f"{best.value}.\n\n{method}"
        )
    return (
        f"{head} — you played **{played.value}**: {played.reason}.\n\n"
        f"Better: **{best.value}**: {best.reason}.\n\n"
        f"Costly because {steps['verdict'].reason}. "
        f"{w.loss_label}: **{_pm(a, a.loss, a.stderr)}**. {method}"
    )


def comparison_table(a: Assessment) -> pd.DataFrame:
    """Your move and the coach's side by side, with their expected values in the game's words."""
    w = words_for(a)
    rows = []
    pairs = [("Your move", a.played)] + ([] if a.same else [("Coach's move", a.suggestion)])
    for who, e in pairs:
        row = {"": who, "Move": move_label(a, e.action)}
        for name, read, fmt in w.columns:
            value = read(e)
            row[name] = "—" if value is None else fmt.format(value)
        rows.append(row)
    return pd.DataFrame(rows, columns=["", "Move"] + [c[0] for c in w.columns])


REVIEW_COLUMNS = ["Move", "Who", "Played", "Better", "Expected loss"]


def review_table(assessments, seat_name=None) -> pd.DataFrame:
    """One row per costly move of a game review: move number, who, played, better, expected loss."""
    rows = []
    for a in assessments:
        rows.append(
            {
                "Move": a.move,
                "Who": seat_name(a.seat) if seat_name else a.seat + 1,
                "Played": move_label(a, a.played.action),
                "Better": move_label(a, a.suggestion.action),
                "Expected loss": _pm(a, a.loss, a.stderr),
            }
        )
    return pd.DataFrame(rows, columns=REVIEW_COLUMNS)


def review_text(assessments, seat_name=None) -> str:
    """A sentence above the review table (or saying no move was costly)."""
    if not assessments:
        return (
            "No costly move found: every move checked in full was the coach's choice or cost less "
            "than the amount that makes a move costly."
        )
    n = len(assessments)
    return f"The {'costliest move' if n == 1 else f'{n} costliest moves'}, judged from what the player could see:"


__all__ = [
    "COSTLY",
    "GENERIC",
    "GOOD",
    "Words",
    "comparison_table",
    "game_words",
    "measure_note",
    "move_label",
    "nothing",
    "percent",
    "plain",
    "review_table",
    "review_text",
    "verdict_steps",
    "verdict_text",
    "words_for",
]
