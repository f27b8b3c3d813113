"""Marks and scores: Σ columns (fruits × tanuki circled and not crossed out)
+ (Σ circled line bonuses) × (circled Granny).

>>> from .rules import new_game
>>> s = new_game(seed=3)
>>> marks(s, 0)["tanuki"]["pineapple"], score(s, 0).total
([2, 0], 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Outcome, Step

from .board import layout, total
from .sheet import FRUITS, line_label
from .state import State

RULE_COLUMNS = "End of the Game: columns (fruits × circled tanuki)"
RULE_LINES = "End of the Game: line bonuses × Granny"
RULE_TOTAL = "End of the Game: add up all your points"
RULE_NOTE_CROSSED = "Rule note: crossed-out tanuki no longer count"


@dataclass(frozen=True)
class ColumnScore:
    """One column: circled fruits × tanuki circled and not crossed out."""

    column: int  # 1..5
    fruit: str
    fruits: int
    tanuki_circled: int
    tanuki_crossed: int
    tanuki: int  # circled − crossed: the multiplier
    points: int


@dataclass(frozen=True)
class Score:
    """A seat's score with its breakdown and explanation steps."""

    total: int
    columns: tuple[ColumnScore, ...]
    line_bonuses: tuple[int, ...]  # circled bonus values, in sheet line order
    lines_sum: int
    granny: int
    granny_points: int  # lines_sum × granny
    steps: tuple[Step, ...]

    @property
    def columns_sum(self) -> int:
        return sum(c.points for c in self.columns)


def _board(state: State, seat: int):
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"No seat {seat!r} in a {state.players}-player game")
    return state.boards[seat]


def marks(state: State, seat: int) -> dict:
    """The marks of a seat as a plain dict (see the spec for the shape)."""
    b = _board(state, seat)
    g = layout(state.sheet)
    return {
        "fruits": {f: b[g.F + c] for c, f in enumerate(FRUITS)},
        "tanuki": {f: [b[g.T + c], b[g.X + c]] for c, f in enumerate(FRUITS)},
        "line_bonuses": [g.bonus[i] for i in range(g.nlines) if b[g.LL + i] == 0],
        "granny": b[g.GR],
        "flowers": b[g.FL],
        "torii": b[g.TO],
    }


def line_marks(state: State, seat: int) -> tuple[tuple[int, ...], ...]:
    """Per line, per column (0..4): how many of that cell's fruit icons are circled (a left
    prefix: icons are circled left to right)."""
    b = _board(state, seat)
    g = layout(state.sheet)
    return tuple(tuple(b[i * 5 + c] for c in range(5)) for i in range(g.nlines))


def score(state: State, seat: int) -> Score:
    """The score of a seat now, with one step per term of the formula."""
    b = _board(state, seat)
    g = layout(state.sheet)
    cols = []
    steps = []
    for c, fruit in enumerate(FRUITS):
        n, circ, cross = b[g.F + c], b[g.T + c], b[g.X + c]
        mult = circ - cross
        cols.append(ColumnScore(c + 1, fruit, n, circ, cross, mult, n * mult))
        reason = f"{n} {fruit} circled × {mult} tanuki"
        if cross:
            reason += f" ({circ} circled − {cross} crossed out)"
        rule = f"{RULE_COLUMNS}; {RULE_NOTE_CROSSED}" if cross else RULE_COLUMNS
        steps.append(Step(f"Column {c + 1} ({fruit})", n * mult, reason, rule))
    bonuses = tuple(g.bonus[i] for i in range(g.nlines) if b[g.LL + i] == 0)
    lines_sum = sum(bonuses)
    granny = b[g.GR]
    named = " + ".join(f"{line_label(i)} {g.bonus[i]}" for i in range(g.nlines) if b[g.LL + i] == 0)
    steps.append(Step("Line bonuses", lines_sum, named or "no line complete", RULE_LINES))
    steps.append(
        Step("Line bonuses × Granny", lines_sum * granny, f"{lines_sum} × {granny} Granny", RULE_LINES)
    )
    tot = total(b, g)
    steps.append(Step("Total", tot, "columns + line bonuses × Granny", RULE_TOTAL))
    return Score(tot, tuple(cols), bonuses, lines_sum, granny, lines_sum * granny, tuple(steps))


def outcome(state: State) -> Outcome:
    """Ranking by score (ties keep seat order); winner = the unique best once the game is over
    (solo: seat 0)."""
    scores = tuple(total(b, layout(state.sheet)) for b in state.boards)
    ranking = tuple(sorted(range(state.players), key=lambda s: (-scores[s], s)))
    best = scores[ranking[0]]
    winner = None
    if state.over and scores.count(best) == 1:
        winner = ranking[0]
    steps = tuple(
        Step(f"Player {s + 1}", scores[s], f"rank {ranking.index(s) + 1}", RULE_TOTAL) for s in ranking
    )
    termination = ""
    if state.over:
        termination = "; ".join(f"Player {s + 1} circled the last {what}" for s, what in state.end_by)
    return Outcome(winner, ranking, scores, steps, termination)


def icon_marks(state: State, seat: int) -> dict:
    """Every icon of a seat's sheet as circled (True) or not, for drawing the sheet:
    ``{"lines": [{fruit: [bool, …]}, …], "flowers": [bool, …], "granny": [bool, …],
    "torii": [bool, …], "line_bonuses": [bool per line], "tanuki": {fruit: ["circled" |
    "crossed" | "empty", …]}}``."""
    b = _board(state, seat)
    g = layout(state.sheet)
    lines = []
    for i, line in enumerate(state.sheet.lines):
        lines.append(
            {
                FRUITS[c]: [k < b[i * 5 + c] for k in range(len(icons))]
                for c, icons in enumerate(line.cells)
                if icons
            }
        )
    tanuki = {}
    for c, f in enumerate(FRUITS):
        circ, cross = b[g.T + c], b[g.X + c]
        tanuki[f] = ["crossed"] * cross + ["circled"] * (circ - cross) + ["empty"] * (g.slots[c] - circ)
    return {
        "lines": lines,
        "flowers": [k < b[g.FL] for k in range(len(g.flowers))],
        "granny": [k < b[g.GR] for k in range(g.granny)],
        "torii": [k < b[g.TO] for k in range(g.torii)],
        "line_bonuses": [b[g.LL + i] == 0 for i in range(g.nlines)],
        "tanuki": tanuki,
    }
