"""Marks and scores: Σ columns (fruits × tanuki circled and not crossed out)
+ (Σ circled line bonuses) × (circled Granny).

>>> from .rules import new_game
>>> s = new_game(seed=3)
>>> marks(s, 0)["tanuki"]["pineapple"], score(s, 0).total
([2, 0], 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Outcome, Step, Termination

from .board import layout, total
from .info import Ending
from .sheet import FRUITS, line_label
from .state import State

RULE_COLUMNS = "End of the Game: columns (fruits × circled tanuki)"
RULE_LINES = "End of the Game: line bonuses × Granny"
RULE_TOTAL = "End of the Game: add up all your points"
RULE_END = "End of the Game"


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
    """The score of a seat now, with one step per term of the formula. Step kinds:
    ``"column"`` (``subject`` = column 1..5; ``note="crossed"`` when crossed-out tanuki were
    left out), ``"line_bonuses"``, ``"granny"`` (line bonuses × Granny) and ``"total"``.

    >>> from .rules import new_game
    >>> [s.kind for s in score(new_game(seed=3), 0).steps][-4:]
    ['column', 'line_bonuses', 'granny', 'total']
    """
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
        note = "crossed" if cross else ""
        label = f"Column {c + 1} ({fruit})"
        steps.append(Step(label, n * mult, reason, RULE_COLUMNS, kind="column", subject=c + 1, note=note))
    bonuses = tuple(g.bonus[i] for i in range(g.nlines) if b[g.LL + i] == 0)
    lines_sum = sum(bonuses)
    granny = b[g.GR]
    named = " + ".join(f"{line_label(i)} {g.bonus[i]}" for i in range(g.nlines) if b[g.LL + i] == 0)
    steps.append(
        Step("Line bonuses", lines_sum, named or "no line complete", RULE_LINES, kind="line_bonuses")
    )
    reason = f"{lines_sum} × {granny} Granny"
    steps.append(Step("Line bonuses × Granny", lines_sum * granny, reason, RULE_LINES, kind="granny"))
    tot = total(b, g)
    steps.append(Step("Total", tot, "columns + line bonuses × Granny", RULE_TOTAL, kind="total"))
    return Score(tot, tuple(cols), bonuses, lines_sum, granny, lines_sum * granny, tuple(steps))


_ENDINGS = {
    frozenset({"torii"}): Ending.LAST_TORII,
    frozenset({"flower"}): Ending.LAST_FLOWER,
    frozenset({"torii", "flower"}): Ending.LAST_TORII_AND_FLOWER,
}


def outcome(state: State) -> Outcome:
    """Ranking by score (ties keep seat order); winner = the unique best once the game is over
    (solo: seat 0). Steps: one ``kind="rank"`` step per seat (``subject`` = seat), best first,
    tied seats sharing a rank as in a standings table; once over, one ``kind="end"`` step per
    seat that circled a last torii or flower.

    >>> from .rules import new_game
    >>> out = outcome(new_game(seed=3, players=2))
    >>> [s.reason for s in out.steps], out.termination is Termination.NONE
    (['rank 1', 'rank 1'], True)
    """
    g = layout(state.sheet)
    scores = tuple(total(b, g) for b in state.boards)
    ranking = tuple(sorted(range(state.players), key=lambda s: (-scores[s], s)))
    best = scores[ranking[0]]
    winner = None
    if state.over and scores.count(best) == 1:
        winner = ranking[0]
    steps = []
    for s in ranking:
        rank = 1 + sum(other > scores[s] for other in scores)
        steps.append(Step(f"Player {s + 1}", scores[s], f"rank {rank}", RULE_TOTAL, kind="rank", subject=s))
    termination = Termination.NONE
    if state.over:
        for s, what in state.end_by:
            text = f"circled the last {what}"
            steps.append(Step(f"Player {s + 1}", what, text, RULE_END, kind="end", subject=s))
        termination = _ENDINGS[frozenset(what for _, what in state.end_by)]
    return Outcome(winner, ranking, scores, tuple(steps), termination)


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
