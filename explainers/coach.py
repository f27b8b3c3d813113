"""The Coach's verdicts in each game's own words: structured steps and pandas tables (no Streamlit).

An :class:`~engine.core.coach.Assessment` becomes steps read by ``kind`` (``"played"``,
``"suggestion"``, ``"loss"``, ``"verdict"``), a sentence, a table comparing the two moves and,
for a game review, one row per costly move. Fan & Mallet speaks of the house a move decides or
contests and the expected marker swing, Tanuki Matsuri of expected final score points, Yokai
Carnival of win chance and cards in line, Yokai of the team's win chance and score. The loss is
told in the coach's measure (:data:`engine.core.coach.MEASURES`): the game's own unit, a win
counting a fixed amount more.

>>> import engine.fan_mallet as fm
>>> from engine.core.coach import assess
>>> s = fm.new_game(3)
>>> a = assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1)
>>> [step.kind for step in verdict_steps(a)]
['played', 'suggestion', 'loss', 'verdict']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai as yk
import explainers.fan_mallet as ex_fm
import explainers.yokai_carnival as ex_yc
from engine.core import Step
from engine.core.coach import MEASURES, Assessment

GOOD = "Good move"
COSTLY = "Costly move"
RULE = "Coach"


@dataclass(frozen=True)
class Words:
    """How one game speaks of a move and of what a move costs.

    ``unit`` names the loss (``"markers of swing"``); ``mean`` reads an estimate's expected
    value in that unit; ``columns`` are the comparison table's columns (name, reader, format);
    ``label(view, action)`` names a move, ``effect(view, action)`` says what it would do now
    (``""`` when there is nothing to add), ``why(view, action)`` the coach's bot's own reason for
    its suggestion (``""``: none); ``unseen`` is what the coach had to guess."""

    unit: str
    loss_label: str
    scale: float
    columns: tuple[tuple[str, Any, str], ...]
    label: Any
    effect: Any
    unseen: str
    why: Any = None


def _plain(view, action) -> str:
    return str(action)


def _nothing(view, action) -> str:
    return ""


def _percent(x) -> float | None:
    return None if x is None else 100 * x


# ---- Fan & Mallet ------------------------------------------------------------------------


def _fm_label(view, action) -> str:
    preview = fm.placement_preview(view, action.follower)
    name = ex_fm.follower_name(action.follower)
    if preview.target is None:
        return name
    return f"{name} → house {preview.target}"


def fm_effect(view, action) -> str:
    """Which house the card would go to and whether it decides it (its 5th follower) or
    contests it, in the rulebook's words.

    >>> s = fm.new_game(3)
    >>> fm_effect(fm.view(s, 0), fm.legal_actions(s)[0]).startswith("goes to house")
    True
    """
    follower = action.follower
    preview = fm.placement_preview(view, follower)
    if preview.target is None:
        return "has no house that can take it"
    h = preview.target
    slot = fm.houses(view)[h]
    house = ex_fm.house_name(slot.house, h)
    if len(slot.stack) == 4:
        result = fm.score_house(slot.house, [*slot.stack, follower])
        totals = f"white {result.totals['white']} – black {result.totals['black']}"
        markers = "2 markers, the game's first possession" if not fm.possession_count(view) else "a marker"
        return (
            f"decides {house}: as its 5th follower it makes the house possessed by "
            f"{result.winner} ({totals}), who places {markers}"
        )
    return f"goes to {house} and contests it ({len(slot.stack) + 1} of 5 followers there)"


FAN_MALLET = Words(
    unit="markers",
    loss_label="Expected loss in markers",
    scale=1.0,
    columns=(
        ("Expected marker swing (yours − opponent's)", lambda e: e.margin, "{:+.1f}"),
        ("Win chance", lambda e: _percent(e.share), "{:.0f}%"),
    ),
    label=_fm_label,
    effect=fm_effect,
    unseen="the opponent's hand and both decks",
)


# ---- Tanuki Matsuri ----------------------------------------------------------------------


def tm_effect(view, action) -> str:
    """What taking a die does: the fruit it circles and what each of that fruit scores now
    (the circled tanuki of its column), or the flower; ``""`` for other decisions.

    >>> import engine.tanuki_matsuri as tm
    >>> tm_effect(tm.new_game(4, dice=[[2, 3, 6]]), tm.TakeDie(6))
    'circles the next flower'
    """
    if not isinstance(action, tm.TakeDie):
        return ""
    if action.flower or action.value == 6:
        return "circles the next flower"
    column = tm.score(view, tm.current_player(view)).columns[action.value - 1]
    return f"circles a {column.fruit}: each {column.fruit} scores {column.tanuki} now (its column's tanuki)"


TANUKI_MATSURI = Words(
    unit="points",
    loss_label="Expected final score lost",
    scale=1.0,
    columns=(("Expected final score", lambda e: e.score, "{:.1f}"),),
    label=_plain,
    effect=tm_effect,
    unseen="the future dice",
)


# ---- Yokai Carnival ----------------------------------------------------------------------


def _yc_label(view, action) -> str:
    return ex_yc.action_label(view, action)


def yc_effect(view, action) -> str:
    """What a Summon with its ability would do now (the card and each effect step); ``""``
    for any other decision."""
    if type(action).__name__ != "Summon" or not action.ability:
        return ""
    try:
        lines = ex_yc.preview_lines(view, action.index)
    except ValueError:
        return ""
    return "; ".join(lines)


YOKAI_CARNIVAL = Words(
    unit="cards",
    loss_label="Expected loss in cards",
    scale=1.0,
    columns=(
        ("Win chance", lambda e: _percent(e.share), "{:.0f}%"),
        ("Expected cards in line", lambda e: e.score, "{:.1f}"),
        ("Expected margin to the longest other line", lambda e: e.margin, "{:+.1f}"),
    ),
    label=_yc_label,
    effect=yc_effect,
    unseen="the cards in other hands and in the Yama",
)


# ---- Yokai ---------------------------------------------------------------------------------


def _yk_why(view, action) -> str:
    return yk.explain(view, action)


YOKAI = Words(
    unit="points",
    loss_label="Team's expected loss in points",
    scale=1.0,
    columns=(
        ("Team's win chance", lambda e: _percent(e.share), "{:.0f}%"),
        ("Team's expected score", lambda e: e.score, "{:.1f}"),
    ),
    label=_plain,
    effect=_nothing,
    why=_yk_why,
    unseen="the Yokai cards not seen yet and the hint deck",
)


_SCORE = (("Expected score", lambda e: e.score, "{:.1f}"),)
_MARGIN = (("Expected margin", lambda e: e.margin, "{:+.1f}"),)
_SHARE = (("Win chance", lambda e: _percent(e.share), "{:.0f}%"),)
GENERIC = {
    "score": Words(
        "points", "Expected loss in points", 1.0, _SCORE, _plain, _nothing, "what you could not see"
    ),
    "margin": Words(
        "points", "Expected loss in points", 1.0, _MARGIN + _SHARE, _plain, _nothing, "what you could not see"
    ),
}
"""Words by measure for a game that has none of its own."""
WORDS = {
    "fan_mallet": FAN_MALLET,
    "tanuki_matsuri": TANUKI_MATSURI,
    "yokai_carnival": YOKAI_CARNIVAL,
    "yokai": YOKAI,
}


def words_for(a: Assessment) -> Words:
    """The game's words for an assessment (generic words for a game without its own)."""
    return WORDS.get(a.game) or GENERIC[a.measure]


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

    >>> import engine.fan_mallet as fm
    >>> from engine.core.coach import assess
    >>> s = fm.new_game(3)
    >>> measure_note(assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=2, seed=1))
    'the marker swing, a win counting 10 markers more'
    """
    m = MEASURES.get(a.game)
    if m is None:
        return ""
    if a.game == "fan_mallet":
        return f"the marker swing, a win counting {m.win:g} markers more"
    if a.game == "yokai_carnival":
        return f"cards in line ahead of the longest other line, a win counting {m.win:g} cards more"
    if a.game == "yokai":
        return (
            f"the team's score on a win, {m.win:g} points more; a loss 0 to {m.close:g} by the "
            "families grouped, so any win is worth more than any loss"
        )
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
    "GOOD",
    "WORDS",
    "Words",
    "comparison_table",
    "fm_effect",
    "measure_note",
    "tm_effect",
    "move_label",
    "review_table",
    "review_text",
    "verdict_steps",
    "verdict_text",
    "words_for",
    "yc_effect",
]
