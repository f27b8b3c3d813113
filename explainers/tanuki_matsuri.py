"""Tanuki Matsuri: engine results -> teachable text and pandas tables (no Streamlit).

The score breakdown, the decision waiting now and its rule, the chain log of each turn,
the hint's expected final scores, the standings of a group game, and the what-if position
built from hand-set marks.

>>> import engine.tanuki_matsuri as tm
>>> s = tm.play(tm.new_game(seed=1, dice=[[1, 5, 2]]), tm.TakeDie(5), tm.ChooseLine(0, 5))
>>> score_summary(tm.score(s, 0))
'Score 1 = columns 1 + line bonuses 0 × 1 Granny'
>>> list(breakdown_table(tm.score(s, 0))["Points"])
[0, 0, 0, 0, 1, 0, 1]
"""

from __future__ import annotations

from functools import lru_cache

import pandas as pd

import engine.tanuki_matsuri as tm
from engine.tanuki_matsuri import FRUITS, line_label
from explainers.coach import Words, plain

RULE_EFFECTS = "The Effects"
EFFECT_HELP = {
    "die": (
        "Take one die. A 1–5 circles the next fruit of that column on a line of your choice; "
        "a 6 circles the next flower.",
        "Playing the Game",
    ),
    "tanuki bonus": ("Circle one more tanuki in a column of your choice.", "The Effects: Tanuki bonus"),
    "tanuki penalty": (
        "Cross out a circled tanuki in a column of your choice (mandatory when one exists).",
        "The Effects: Tanuki penalty",
    ),
    "fruit bonus": ("Circle the fruit shown, on a line of your choice.", "The Effects: Fruit bonus"),
    "line": (
        "Circle the next fruit of this column on a line of your choice (left to right along the arrows "
        "within a line).",
        "Playing the Game",
    ),
}
RULE_NOTES = {
    "crossed": "Crossed-out tanuki no longer count in the column's multiplier (the rulebook says "
    '"circled tanuki"; a crossed-out one is no longer circled).',
    "clockwise": "After the active player, the others pick clockwise; with 7 or more players everyone "
    "picks from all 3 dice.",
    "layout": "The sheet's layout is this project's own (the printed sheet is not available): scores "
    "on it are not comparable with the printed sheet's solo record of 116.",
    "class": "A class game on one roll is this project's variant for more than 10 players: everyone "
    "chooses from all the dice of the teacher's roll, each on their own sheet. The rulebook's group rules "
    "(the active player first, the others from the dice left) stand for 1–10 players: play those at a "
    "shared table (👥 Open a table under New game).",
    "view": "Every sheet is public and so are the current dice, but not the seed: future rolls are "
    "unknown to bots and to the hint, which sample them.",
}
NOTE_TITLES = {"crossed": "crossed-out tanuki no longer count"}
"""The short title of each rule note a score step may carry (``Step.note``)."""


# -- scores -------------------------------------------------------------------------------
def score_summary(score: tm.Score) -> str:
    """One line: ``Score 57 = columns 48 + line bonuses 3 × 3 Granny``."""
    return (
        f"Score {score.total} = columns {score.columns_sum} + line bonuses {score.lines_sum} "
        f"× {score.granny} Granny"
    )


def columns_table(score: tm.Score) -> pd.DataFrame:
    """One row per column: circled fruits × tanuki that count = points."""
    rows = [
        {
            "Column": f"{c.column} {c.fruit}",
            "Fruits circled": c.fruits,
            "Tanuki circled": c.tanuki_circled,
            "Crossed out": c.tanuki_crossed,
            "Tanuki that count": c.tanuki,
            "Points": c.points,
        }
        for c in score.columns
    ]
    return pd.DataFrame(rows).set_index("Column")


def breakdown_table(score: tm.Score) -> pd.DataFrame:
    """Every step of the score: what was counted, the points, why, and the rule applied (with
    the rule note the step depends on)."""
    named = next((s.reason for s in score.steps if s.kind == "line_bonuses"), "")
    rows = []
    for step in score.steps:
        if step.kind == "line_bonuses":
            continue  # shown inside the "granny" step: line bonuses × Granny
        reason = step.reason
        if step.kind == "granny":
            reason = f"({named}) = {score.lines_sum}, × {score.granny} Granny"
        rule = step.rule
        if step.note:
            rule += f"; Rule note: {NOTE_TITLES.get(step.note, step.note)}"
        rows.append({"Item": step.label, "Points": step.value, "Why": reason, "Rule": rule})
    return pd.DataFrame(rows)


@lru_cache(maxsize=128)
def _score_cached(state: tm.State, seat: int) -> tm.Score:
    return tm.score(state, seat)


def score_of(state: tm.State, seat: int) -> tm.Score:
    """``tm.score`` cached per (state, seat) for pages that redraw often."""
    return _score_cached(state, seat)


def standings_table(state: tm.State, kinds=None) -> pd.DataFrame:
    """Every seat, best first: score, its parts and the tracks (ties share a rank)."""
    rows = []
    for seat in range(state.players):
        sc = score_of(state, seat)
        m = tm.marks(state, seat)
        rows.append(
            {
                "Player": tm.INFO.seat_name(seat),
                "Seat": kinds[seat] if kinds else "",
                "Score": sc.total,
                "Columns": sc.columns_sum,
                "Lines × Granny": sc.granny_points,
                "Torii": m["torii"],
                "Flowers": m["flowers"],
            }
        )
    rows.sort(key=lambda r: -r["Score"])
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["Score"] != rows[i - 1]["Score"]:
            rank = i + 1
        row["Rank"] = rank
    df = pd.DataFrame(rows)
    return df[["Rank", "Player", "Seat", "Score", "Columns", "Lines × Granny", "Torii", "Flowers"]].set_index(
        "Rank"
    )


# -- the decision now and the chain of the last turn ---------------------------------------
def effect_help(pending: tm.Pending) -> tuple[str, str, str]:
    """(effect name, what to do, rule section) of the decision waiting now."""
    if pending.kind == "die":
        text, rule = EFFECT_HELP["die"]
        if pending.forced_flower:
            text = "No open die can be used: take any one, it circles the next flower instead."
            rule = "Playing the Game: if you can't use any die"
        return "Take a die", text, rule
    if pending.kind == "line":
        if pending.effect.startswith("fruit bonus"):
            text, rule = EFFECT_HELP["fruit bonus"]
            return pending.effect.capitalize(), text, rule
        text, rule = EFFECT_HELP["line"]
        return f"Die {pending.column}: circle a {FRUITS[pending.column - 1]}", text, rule
    key = "tanuki bonus" if pending.kind == "tanuki" else "tanuki penalty"
    text, rule = EFFECT_HELP[key]
    return key.capitalize(), text, rule


def decision_text(state: tm.State) -> str:
    """Markdown: which effect waits for a choice, what it does, what set it off, its rule."""
    p = tm.pending(state)
    if p is None:
        return "The game is over."
    name, text, rule = effect_help(p)
    lines = [f"**{name}** — {text}"]
    cause = [e.text for e in state.log if e.turn == state.turn and e.seat == p.seat and e.kind != "roll"]
    if p.kind != "die" and cause:
        lines.append(f"Set off by: {' → '.join(cause)}.")
    lines.append(f"*Rule: {rule}.*")
    return "  \n".join(lines)


def chain_lines(state: tm.State, turn: int | None = None) -> list[str]:
    """The turn's log, one chain per player (the latest turn in which a die was taken)."""
    return tm.log_lines(state, turn)


@lru_cache(maxsize=64)
def game_log(state: tm.State) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Every turn so far, newest first: (turn number from 1, its lines)."""
    turns = sorted({e.turn for e in state.log}, reverse=True)
    return tuple((t + 1, tuple(tm.log_lines(state, t))) for t in turns)


# -- the hint --------------------------------------------------------------------------------
def hint_table(hint: tm.Hint) -> pd.DataFrame:
    """Every open choice with its expected final score (mean of rollouts ± standard error);
    "≈ close" marks a choice the rollouts cannot tell apart from the suggested one."""
    rows = []
    for i, ch in enumerate(hint.choices):
        rows.append(
            {
                "Suggested": "★ suggested" if i == 0 else ("≈ close" if ch.close else ""),
                "Choice": ch.label,
                "Expected final score": round(ch.mean, 1),
                "± (std. error)": round(ch.stderr, 1) if ch.stderr != float("inf") else None,
                "Rollouts": ch.n,
            }
        )
    return pd.DataFrame(rows)


def hint_summary(hint: tm.Hint) -> str:
    """The suggestion in one sentence, saying "close call" when another choice is as good
    within the rollouts' precision."""
    best = hint.choices[0]
    text = (
        f"Suggested: **{best.label}** — expected final score {best.mean:.1f} "
        f"({hint.rollouts} rollouts per choice in {hint.elapsed_s:.2f} s, greedy play afterwards)."
    )
    if hint.close_call:
        close = [f"{ch.label} ({ch.mean:.1f})" for ch in hint.choices[1:] if ch.close]
        verb = "is" if len(close) == 1 else "are"
        text += f" Close call: {'; '.join(close)} {verb} within two standard errors of it."
    return text


def plan_label(plan: tuple) -> str:
    return " → ".join(str(a) for a in plan)


def immediate_points(state: tm.State, plan: tuple) -> int:
    """The seat's score right after playing ``plan`` (later choices of the chain: greedy)."""
    seat = tm.current_player(state)
    s = tm.determinize(tm.view(state, seat), 1) if state.seed is None or not state.replayable else state
    for a in plan:
        s = tm.apply(s, a)
    greedy = tm.bots()["greedy"]
    while not tm.is_over(s) and tm.current_player(s) == seat and tm.pending(s).kind != "die":
        s = tm.apply(s, greedy(s, None))
    return tm.score(s, seat).total


def comparison_text(cmp: tm.Comparison) -> str:
    better = cmp.a if cmp.diff >= 0 else cmp.b
    return (
        f"**{better.label}** is better by {abs(cmp.diff):.1f} points of expected final score "
        f"(± {cmp.diff_stderr:.1f}, {cmp.n} paired rollouts: the same future dice for both)."
    )


__all__ = [
    "NOTE_TITLES",
    "RULE_NOTES",
    "breakdown_table",
    "chain_lines",
    "columns_table",
    "comparison_text",
    "decision_text",
    "effect_help",
    "game_log",
    "hint_summary",
    "hint_table",
    "immediate_points",
    "line_label",
    "plan_label",
    "score_of",
    "score_summary",
    "standings_table",
]


# ---- the Coach's words (read by explainers.coach through the registry) ------------------------


def coach_effect(view, action) -> str:
    """What taking a die does: the fruit it circles and what each of that fruit scores now
    (the circled tanuki of its column), or the flower; ``""`` for other decisions.

    >>> coach_effect(tm.new_game(4, dice=[[2, 3, 6]]), tm.TakeDie(6))
    'circles the next flower'
    """
    if not isinstance(action, tm.TakeDie):
        return ""
    if action.flower or action.value == 6:
        return "circles the next flower"
    column = tm.score(view, tm.current_player(view)).columns[action.value - 1]
    return f"circles a {column.fruit}: each {column.fruit} scores {column.tanuki} now (its column's tanuki)"


COACH_WORDS = Words(
    unit="points",
    loss_label="Expected final score lost",
    scale=1.0,
    columns=(("Expected final score", lambda e: e.score, "{:.1f}"),),
    label=plain,
    effect=coach_effect,
    unseen="the future dice",
)
"""How the Coach speaks of a Tanuki Matsuri move: expected final score points, what the die circles."""
