"""The win check, the score and its tier, and the outcome.

>>> tier(10), tier(11), tier(15), tier(-2)
('Honourable', 'Glorious', 'Legendary', 'Honourable')
"""

from __future__ import annotations

from engine.core import Outcome, Step, Termination
from engine.core.quote import quote_thing

from .actions import cell_text
from .cards import FAMILIES, HINT_CARDS, a_family, hint_name
from .geometry import components
from .state import State

RULE_END = "End of the game"
RULE_SCORE = "Score"
POINTS = {"misplaced": -1, "correct": 1, "revealed": 2, "unrevealed": 5}


def tier(score: int) -> str:
    """The victory's name: up to 10 Honourable, 11–14 Glorious, 15 and more Legendary."""
    if not isinstance(score, int) or isinstance(score, bool):
        raise ValueError(f"A score is a whole number, not {quote_thing(score)}")
    if score >= 15:
        return "Legendary"
    if score >= 11:
        return "Glorious"
    return "Honourable"


def _groups(state: State, f: int) -> list[set] | None:
    cells = [cell for cell, fam in zip(state.cells, state.families, strict=True) if fam == f]
    if len(cells) < 4:
        return None  # a view that has not seen the whole family
    return sorted(components(cells), key=len, reverse=True)


def families_grouped(state: State) -> bool:
    """True if each family's 4 cards form one orthogonally connected group (False in a view
    that has not seen every card)."""
    return all(g is not None and len(g) == 1 for g in (_groups(state, f) for f in range(len(FAMILIES))))


def win_steps(state: State) -> tuple[Step, ...]:
    """The win check, family by family (``kind="family"``, ``subject`` the family, ``value``
    True if grouped; ``value`` None where the view has not seen the whole family)."""
    steps = []
    for f, family in enumerate(FAMILIES):
        groups = _groups(state, f)
        if groups is None:
            value, reason = None, "not every card of it has been seen"
        elif len(groups) == 1:
            value, reason = True, "its 4 cards form one group joined by their sides"
        else:
            sizes = " + ".join(str(len(g)) for g in groups)
            where = "; ".join(", ".join(cell_text(c) for c in sorted(g)) for g in groups)
            value, reason = False, f"its cards are split {sizes} ({where})"
        steps.append(Step(family.capitalize(), value, reason, RULE_END, kind="family", subject=family))
    return tuple(steps)


def _hint_lines(state: State) -> list[Step]:
    lines = []
    for card, h in enumerate(state.hints):
        if h is None:
            continue
        family = state.families[card]
        cell = state.cells[card]
        name = hint_name(HINT_CARDS[h])
        if family is None:
            lines.append(
                Step(
                    f"Hint {name} on {cell_text(cell)}",
                    None,
                    "the card is not known yet",
                    RULE_SCORE,
                    kind="placed",
                    subject=cell,
                )
            )
            continue
        right = FAMILIES[family] in HINT_CARDS[h]
        key = "correct" if right else "misplaced"
        reason = f"the card is {a_family(FAMILIES[family])}: the hint is {'right' if right else 'wrong'}"
        lines.append(
            Step(f"Hint {name} on {cell_text(cell)}", POINTS[key], reason, RULE_SCORE, kind=key, subject=cell)
        )
    for h in state.revealed:
        lines.append(
            Step(
                f"Hint {hint_name(HINT_CARDS[h])}",
                POINTS["revealed"],
                "revealed but not placed",
                RULE_SCORE,
                kind="revealed",
                subject=hint_name(HINT_CARDS[h]),
            )
        )
    for _ in range(state.deck_size):
        lines.append(
            Step(
                "Hint never revealed",
                POINTS["unrevealed"],
                "still in the hint deck",
                RULE_SCORE,
                kind="unrevealed",
            )
        )
    return lines


def score_steps(state: State) -> tuple[Step, ...]:
    """The score line by line, one per hint card (misplaced −1, correct +1, revealed not
    placed +2, never revealed +5), then the total (``kind="total"``) with its tier in
    ``subject``. On a game not over it is the score if the Yokai were appeased now."""
    lines = _hint_lines(state)
    if any(s.value is None for s in lines):
        return (*lines, Step("Total", None, "a hinted card is not known yet", RULE_SCORE, kind="total"))
    total = sum(s.value for s in lines)
    return (
        *lines,
        Step("Total", total, f"{tier(total)} victory", RULE_SCORE, kind="total", subject=tier(total)),
    )


def score(state: State) -> int | None:
    """The team's score: None until the game is over, and for a loss."""
    if state.termination is Termination.NONE or not families_grouped(state):
        return None
    return score_steps(state)[-1].value


def outcome(state: State) -> Outcome:
    """The shared result: no single winner (it is cooperative), every seat the team's score
    (0 for a loss or a game not over); steps: the win check family by family, the verdict,
    and on a win the score line by line."""
    seats = tuple(range(state.players))
    if state.termination is Termination.NONE:
        return Outcome(None, seats, (0.0,) * state.players)
    checks = win_steps(state)
    won = all(s.value for s in checks)
    verdict = Step(
        "Verdict",
        "won" if won else "lost",
        "every family is grouped" if won else "not every family is grouped",
        RULE_END,
        kind="verdict",
        subject=state.termination.name,
    )
    points = score(state) if won else None
    steps = (*checks, verdict, *(score_steps(state) if won else ()))
    return Outcome(None, seats, (float(points or 0),) * state.players, steps, state.termination)
