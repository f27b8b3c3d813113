"""Fan & Mallet explanations: engine steps -> plain sentences and pandas tables (no Streamlit).

The tables are the same everywhere (Play tab possession panel, Learn scenes, What-if calculator,
notebook), so a teacher sees one way of explaining a score.

>>> import engine.fan_mallet as fm
>>> r = fm.score_house("w:red", ["w:blue:2", "b:yellow:3", "w:green:4", "b:purple:1", "b:brown:4"])
>>> list(totals_table(r)["Value"])
['6', '8', 'black']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pandas as pd

import engine.fan_mallet as fm
from engine.core import Step
from engine.fan_mallet import Follower, House, ScoreResult, Skip
from explainers.coach import Words, percent

# ---- names and icons ----------------------------------------------------------------------

KID_ICONS = {
    "umbrella": "☂",
    "bucket": "🪣",
    "mirror": "🪞",
    "mortar": "🥣",
    "cauldron": "🍲",
    "hatchet": "🪓",
}
FACTION_NAMES = {"white": "White (God of riches)", "black": "Black (God of poverty)"}
FACTION_TAG = {"white": "W", "black": "B"}

RULE_SECTIONS = {
    "umbrella": "Kid ghosts › Umbrella kid ghost (red)",
    "bucket": "Kid ghosts › Bucket kid ghost (blue)",
    "mirror": "Kid ghosts › Mirror kid ghost (green)",
    "mortar": "Kid ghosts › Mortar kid ghost (yellow)",
    "cauldron": "Kid ghosts › Cauldron kid ghost (purple)",
    "hatchet": "Kid ghosts › Hatchet kid ghost (brown)",
}
ABILITY_CONDITIONS = {
    "umbrella": "+ power of the spirit object directly below it",
    "bucket": "+ the strongest of 1–4 that no spirit object here has",
    "mirror": "+ spirit objects in the unbroken runs below and above it",
    "mortar": "+ number of other followers with an odd final power",
    "cauldron": "+4 if its own faction has 2 or fewer followers here",
    "hatchet": "+4 if the factions alternate bottom to top",
}


def follower_label(f: Follower) -> str:
    """Colour and power, or colour, icon and ability: ``"red 3"``, ``"red ☂ umbrella"``.

    >>> follower_label(fm.parse_follower("w:red:kid")), follower_label(fm.parse_follower("b:blue:3"))
    ('red ☂ umbrella', 'blue 3')
    """
    if f.kind == "kid":
        return f"{f.colour} {KID_ICONS[f.ability]} {f.ability}"
    return f"{f.colour} {f.power}"


def follower_name(f: Follower) -> str:
    """With the faction, for sentences and pickers: ``"W · red 3"`` (W = white, B = black)."""
    return f"{FACTION_TAG[f.faction]} · {follower_label(f)}"


def house_name(h: House, index: int | None = None) -> str:
    """``"house 3 (red, white)"`` or ``"red house (white)"``."""
    if index is None:
        return f"{h.colour} house ({h.faction})"
    return f"house {index} ({h.colour}, {h.faction})"


# ---- rule notes -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleNote:
    """A reading of unclear rulebook text (or an app ruling), shown where it matters."""

    key: str
    title: str
    quote: str  # the rulebook's own (short) words
    app: str  # what the app does

    def markdown(self) -> str:
        return f"**Rule note:** {self.title}. The rulebook says “{self.quote}”. {self.app}"


RULE_NOTES = {
    "target": RuleNote(
        "target",
        "Which house is the target",
        "the house that is closest to your incarnation in clockwise direction",
        "This app tries the house after your pawn's house first, then goes clockwise all the way "
        "round, your pawn's own house last. From the starting point White tries house 0 first and "
        "Black house 6.",
    ),
    "origin": RuleNote(
        "origin",
        "The origin spirit object",
        "The mortar and hachet kid ghosts do not include the Origin spirit object",
        "This app counts the origin for no ability and no total (counting it would push bonuses past "
        "the rulebook's stated 1–4 and contradict its umbrella and mirror examples).",
    ),
    "cauldron": RuleNote(
        "cauldron",
        "Cauldron kid ghost",
        "if the own faction has 2 or fewer cards",
        "This app counts the cauldron's own faction's followers on the house, the cauldron itself "
        "included. “Ignore faction colour” is read as “looks at followers of every colour”.",
    ),
    "mortar": RuleNote(
        "mortar",
        "Mortar kid ghost",
        "add the number of odd (1,3,5) followers",
        "This app scores the mortar last and counts the other kid ghosts at their final power (the "
        "rulebook's own example counts a blue kid ghost as 5).",
    ),
    "hatchet": RuleNote(
        "hatchet",
        "Hatchet kid ghost",
        "if you and your opponent have placed cards alternatingly",
        "This app counts a single follower as alternating.",
    ),
    "match": RuleNote(
        "match",
        "Who starts the next game of a match",
        "The player who most recently saw a kid ghost is the God of riches (starting player)",
        "This app's ruling: the loser of a game plays White, the God of riches, and starts the next one.",
    ),
}


def notes_for_stack(result: ScoreResult) -> list[RuleNote]:
    """The rule notes a scored house depends on: those named by a follower's steps (the origin
    step itself always states the ruling, so it alone does not list it).

    >>> [n.key for n in notes_for_stack(fm.score_house("w:red", ["w:blue:2", "b:green:3"]))]
    []
    >>> [n.key for n in notes_for_stack(fm.score_house("b:blue", ["w:red:kid", "b:green:4"]))]
    ['origin']
    """
    keys = {step.note for step in result.steps if step.note and step.kind != "origin"}
    return [note for key, note in RULE_NOTES.items() if key in keys]


# ---- scoring tables ---------------------------------------------------------------------------

SCORE_COLUMNS = [
    "No.",
    "Follower",
    "Faction",
    "Base",
    "Ability (condition)",
    "What it looked at",
    "Bonus",
    "Final",
]


def _steps_by_follower(result: ScoreResult) -> dict[int, dict[str, Step]]:
    """The per-follower steps of a score by position: ``{i: {"power"|"base"|"bonus"|"final": Step}}``."""
    out: dict[int, dict[str, Step]] = {}
    for step in result.steps:
        if step.kind in ("power", "base", "bonus", "final"):
            out.setdefault(step.subject, {})[step.kind] = step
    return out


def score_table(result: ScoreResult) -> pd.DataFrame:
    """One row per follower, bottom (No. 1) to top: base power, ability condition, what it looked
    at, bonus and final power — from ``score_house(...)`` steps.

    >>> r = fm.score_house("b:blue", ["b:green:4", "w:red:kid"])
    >>> [int(v) for v in score_table(r).iloc[1][["Base", "Bonus", "Final"]]]
    [1, 4, 5]
    """
    rows = []
    for i, steps in sorted(_steps_by_follower(result).items()):
        f = result.stack[i]
        row = {"No.": i + 1, "Follower": follower_label(f), "Faction": f.faction}
        if f.kind == "kid":
            bonus = steps["bonus"]
            row |= {
                "Base": int(steps["base"].value),
                "Ability (condition)": f"{f.ability}: {ABILITY_CONDITIONS[f.ability]}",
                "What it looked at": bonus.reason,
                "Bonus": int(bonus.value),
                "Final": int(steps["final"].value),
            }
        else:
            power = int(steps["power"].value)
            row |= {
                "Base": power,
                "Ability (condition)": "— (spirit object)",
                "What it looked at": "no ability: its printed power counts",
                "Bonus": 0,
                "Final": power,
            }
        rows.append(row)
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)


TOTAL_COLUMNS = ["Step", "Value", "Why", "Rule"]


def totals_table(result: ScoreResult, markers: int | None = None, first: bool = False) -> pd.DataFrame:
    """Both totals, the winner (with the tie-break), and the markers placed if it was a possession.

    Values are text (numbers and a faction share the column, and Arrow wants one type)."""
    rows = [
        {"Step": f"{s.subject.capitalize()} total", "Value": str(s.value), "Why": s.reason, "Rule": s.rule}
        for s in result.steps
        if s.kind == "total"
    ]
    win = next(s for s in result.steps if s.kind == "winner")
    if result.tie_broken_by_house:
        row = {"Step": "Tie-break", "Why": f"{win.reason} (the {result.house})", "Rule": "Possession (tie)"}
    else:
        row = {"Step": "Most power", "Why": win.reason, "Rule": win.rule}
    rows.append({**row, "Value": win.subject})
    if markers is not None:
        why = (
            "the very first possession of the game places 2 markers" if first else "one marker per possession"
        )
        rows.append(
            {
                "Step": "Markers placed",
                "Value": str(markers),
                "Why": f"{result.winner} places {markers}: {why}",
                "Rule": "Possession",
            }
        )
    return pd.DataFrame(rows, columns=TOTAL_COLUMNS)


def verdict(result) -> str:
    """One sentence: ``"White 6 vs Black 8: black has more power."``"""
    w, b = result.totals["white"], result.totals["black"]
    if result.tie_broken_by_house:
        return f"White {w} vs Black {b}: a tie, so the house's own faction ({result.house.faction}) wins it."
    return f"White {w} vs Black {b}: {result.winner} has more power."


@dataclass(frozen=True)
class ScoreExplanation:
    """Everything a page shows for one scored house (cached per house and stack)."""

    result: ScoreResult
    table: pd.DataFrame
    totals: pd.DataFrame
    verdict: str
    notes: tuple[RuleNote, ...]


@lru_cache(maxsize=512)
def explain_score(house: House, stack: tuple[Follower, ...]) -> ScoreExplanation:
    """Score ``stack`` (bottom first) on ``house`` with the engine and build its tables (cached)."""
    result = fm.score_house(house, list(stack))
    return ScoreExplanation(
        result, score_table(result), totals_table(result), verdict(result), tuple(notes_for_stack(result))
    )


def possession_label(p) -> str:
    """For a picker of past possessions: ``"Move 17 · house 3 (red, white) → black"``."""
    return f"Move {p.move} · {house_name(p.score.house, p.house_index)} → {p.faction}"


def possession_summary(p) -> str:
    """A short paragraph on a possession, naming the rule."""
    r = p.score
    extra = " It was the game's first possession, so 2 markers." if p.first else ""
    return (
        f"**{house_name(r.house, p.house_index).capitalize()}** received its 5th follower on move {p.move} "
        f"and was possessed (rule: *Possession*). {verdict(r)} **{p.faction.capitalize()}** places "
        f"{p.markers} marker{'s' if p.markers != 1 else ''}.{extra}"
    )


@lru_cache(maxsize=128)
def possession_list(state) -> tuple:
    """``fm.possessions(state)`` as a tuple, cached per state (the page asks on every rerun)."""
    return tuple(fm.possessions(state))


@lru_cache(maxsize=256)
def explain_possession(state, index: int) -> tuple[object, pd.DataFrame, pd.DataFrame, str]:
    """(possession, follower table, totals table with markers, summary) of the ``index``-th possession."""
    p = possession_list(state)[index]
    return (
        p,
        score_table(p.score),
        totals_table(p.score, markers=p.markers, first=p.first),
        possession_summary(p),
    )


# ---- placement ---------------------------------------------------------------------------------


def short_skip(skip: Skip) -> str:
    """A board-sized reason for a skipped house: ``"possessed"``, ``"origin red"``, ``"has red"``.

    >>> holder = fm.parse_follower("w:red:3")
    >>> short_skip(fm.Skip(4, "same_colour", "red", holder)), short_skip(fm.Skip(0, "origin", "red"))
    ('has red', 'origin red')
    """
    if skip.why == "possessed":
        return "possessed"
    if skip.why == "origin":
        return f"origin {skip.colour}"
    return f"has {skip.colour}"


PLACEMENT_COLUMNS = ["Try", "House", "Result", "Why"]


def placement_table(state, preview) -> pd.DataFrame:
    """The houses tried for one card, in order, each skipped one with its reason, then the target."""
    rows = []
    for n, skip in enumerate(preview.skipped, start=1):
        rows.append(
            {
                "Try": n,
                "House": house_name(state.houses[skip.house], skip.house),
                "Result": "skipped",
                "Why": skip.reason,
            }
        )
    if preview.target is not None:
        h = preview.target
        rows.append(
            {
                "Try": len(preview.skipped) + 1,
                "House": house_name(state.houses[h], h),
                "Result": "target ✔",
                "Why": f"no {preview.follower.colour} follower there, origin is not "
                f"{preview.follower.colour}, not possessed",
            }
        )
    return pd.DataFrame(rows, columns=PLACEMENT_COLUMNS)


def placement_sentence(state, preview) -> str:
    """``"W · red 3 goes to house 7 (green, black), skipping house 5 (origin red) …"`` (rule: Inhabit)."""
    f = preview.follower
    if preview.target is None:
        return f"{follower_name(f)} has no house that can take it."
    target = house_name(state.houses[preview.target], preview.target)
    if not preview.skipped:
        return (
            f"{follower_name(f)} goes to {target}, the first house clockwise from the pawn (rule: *Inhabit*)."
        )
    skips = "; ".join(f"house {s.house}: {short_skip(s)}" for s in preview.skipped)
    return f"{follower_name(f)} goes to {target}, skipping {len(preview.skipped)} house(s) — {skips} (rule: *Inhabit*)."


@lru_cache(maxsize=256)
def explain_placement(state, code: str) -> tuple[object, pd.DataFrame, str]:
    """(preview, table of houses tried, sentence) for playing follower ``code`` on ``state`` (cached)."""
    preview = fm.placement_preview(state, code)
    return preview, placement_table(state, preview), placement_sentence(state, preview)


@lru_cache(maxsize=256)
def hand_overview(state, faction: str) -> pd.DataFrame:
    """Where each card of ``faction``'s hand would go now (the rulebook's Inhabit example)."""
    rows = []
    for f in fm.hand(state, faction):
        p = fm.placement_preview(state, f)
        rows.append(
            {
                "Card": follower_name(f),
                "Goes to": "—" if p.target is None else house_name(state.houses[p.target], p.target),
                "Skips": ", ".join(f"{s.house} ({short_skip(s)})" for s in p.skipped) or "none",
            }
        )
    return pd.DataFrame(rows, columns=["Card", "Goes to", "Skips"])


# ---- what-if ---------------------------------------------------------------------------------------


def stack_problems(house: House, picks) -> tuple[tuple[Follower, ...], list[str]]:
    """Split the picked followers (in order) into the ones a house can hold and refusals with reasons.

    >>> ok, why = stack_problems(House("red", "white"), [fm.parse_follower(c) for c in ["w:red:1", "b:blue:2", "w:blue:3"]])
    >>> [f.code for f in ok], len(why)
    (['b:blue:2'], 2)
    """
    kept: list[Follower] = []
    problems: list[str] = []
    for n, f in enumerate(picks, start=1):
        name = follower_name(f)
        if f.colour == house.colour:
            problems.append(
                f"Pick {n} ({name}) refused: the {house_name(house)}'s origin is {house.colour}, and a house "
                f"never takes a follower of its origin's colour (rule: Inhabit)."
            )
            continue
        same = next((k for k in kept if k.colour == f.colour), None)
        if same is not None:
            problems.append(
                f"Pick {n} ({name}) refused: the house already holds a {f.colour} follower "
                f"({follower_name(same)}); a house holds each colour at most once (rule: Inhabit)."
            )
            continue
        if len(kept) >= 5:
            problems.append(
                f"Pick {n} ({name}) refused: a house holds at most 5 followers (rule: Possession)."
            )
            continue
        kept.append(f)
    return tuple(kept), problems


# ---- Learn scenes ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    title: str
    house: str
    stack: tuple[str, ...]
    rule: str
    text: str
    focus: int | None = None  # follower (0-based) the scene is about


SCENES: tuple[Scene, ...] = (
    Scene(
        "Possession, example 1: the stronger side takes the house",
        "w:red",
        ("w:blue:2", "b:yellow:3", "w:green:4", "b:purple:1", "b:brown:4"),
        "Possession",
        "The fifth follower has just arrived, so the house is possessed. Add up each faction's "
        "final powers (the origin counts for nothing): White 2 + 4 = 6, Black 3 + 1 + 4 = 8. "
        "Black has more power and places a possession marker on the house.",
    ),
    Scene(
        "Possession, example 2: a tie goes to the house's faction",
        "w:blue",
        ("w:red:4", "b:green:2", "w:yellow:3", "b:purple:1", "b:brown:4"),
        "Possession",
        "White 4 + 3 = 7 and Black 2 + 1 + 4 = 7: a tie. The house card itself is White, "
        "so White breaks the tie and places the marker.",
    ),
    Scene(
        "Umbrella kid ghost (red): borrows the power below",
        "b:blue",
        ("b:green:4", "w:red:kid"),
        RULE_SECTIONS["umbrella"],
        "The umbrella adds the power of the spirit object directly below it: green 4, so 1 + 4 = 5. "
        "At the bottom of the stack, or on top of another kid ghost, it gets nothing.",
        focus=1,
    ),
    Scene(
        "Bucket kid ghost (blue): the strongest missing power",
        "w:yellow",
        ("w:red:2", "b:green:3", "w:blue:kid"),
        RULE_SECTIONS["bucket"],
        "The spirit objects here show 2 and 3; 1 and 4 are missing. The bucket adds the strongest "
        "missing one, 4: 1 + 4 = 5. With 1, 2, 3 and 4 all present it gets nothing.",
        focus=2,
    ),
    Scene(
        "Mirror kid ghost (green): counts the spirit objects around it",
        "b:brown",
        ("w:red:1", "b:green:kid", "w:blue:2", "b:yellow:3", "w:purple:4"),
        RULE_SECTIONS["mirror"],
        "One spirit object directly below and three directly above, with no kid ghost in between: "
        "4 in all, so 1 + 4 = 5.",
        focus=1,
    ),
    Scene(
        "Mortar kid ghost (yellow): counts odd followers",
        "w:purple",
        ("w:red:1", "b:blue:kid", "w:brown:1", "b:green:3", "w:yellow:kid"),
        RULE_SECTIONS["mortar"],
        "Odd final powers among the other followers: red 1, the blue bucket at 5 (1 + 4, as no 4 "
        "or 2 is here), brown 1 and green 3 — four of them, so the mortar has 1 + 4 = 5.",
        focus=4,
    ),
    Scene(
        "Cauldron kid ghost (purple): strong in a minority",
        "w:brown",
        ("w:red:4", "b:green:1", "w:purple:kid", "b:blue:2", "b:yellow:3"),
        RULE_SECTIONS["cauldron"],
        "White has only two followers here, red 4 and the cauldron itself (2 or fewer), so the "
        "cauldron adds 4: 1 + 4 = 5.",
        focus=2,
    ),
    Scene(
        "Hatchet kid ghost (brown): factions must alternate",
        "b:purple",
        ("w:red:1", "b:green:2", "w:brown:kid", "b:blue:3", "w:yellow:4"),
        RULE_SECTIONS["hatchet"],
        "Bottom to top the followers go white, black, white, black, white: they alternate, so "
        "the hatchet adds 4: 1 + 4 = 5.",
        focus=2,
    ),
)


def scene_stack(scene: Scene) -> tuple[House, tuple[Follower, ...]]:
    return fm.parse_house(scene.house), tuple(fm.parse_follower(c) for c in scene.stack)


# The placement scene: six cards of White's hand, each shown with the house it would go to
# (the rulebook's Inhabit example). Oval order and deck orders are fixed; 28 moves are played first.
PLACEMENT_HOUSES = (
    "b:purple", "b:blue", "w:red", "b:red", "b:brown", "b:green",
    "w:blue", "w:brown", "w:purple", "w:green", "w:yellow", "b:yellow",
)  # fmt: skip
PLACEMENT_DECKS = {
    "white": (
        "w:red:2 w:yellow:4 w:red:4 w:yellow:kid w:purple:2 w:purple:kid w:red:kid w:brown:kid w:green:1 "
        "w:green:4 w:brown:3 w:brown:2 w:blue:1 w:green:3 w:blue:2 w:blue:3 w:yellow:2 w:red:3 w:purple:1 "
        "w:brown:4 w:yellow:3 w:red:1 w:purple:3 w:blue:4 w:green:kid w:green:2 w:yellow:1 w:purple:4 "
        "w:blue:kid w:brown:1"
    ).split(),
    "black": (
        "b:red:1 b:brown:3 b:purple:4 b:red:2 b:green:3 b:purple:1 b:blue:kid b:brown:kid b:brown:1 b:red:3 "
        "b:green:1 b:brown:2 b:brown:4 b:purple:3 b:green:4 b:green:kid b:yellow:1 b:red:4 b:green:2 "
        "b:yellow:3 b:yellow:4 b:blue:4 b:red:kid b:blue:1 b:purple:kid b:blue:3 b:yellow:kid b:yellow:2 "
        "b:blue:2 b:purple:2"
    ).split(),
}
PLACEMENT_MOVES = (
    "w:yellow:4 b:purple:1 w:purple:kid b:brown:3 w:purple:2 b:purple:4 w:red:kid b:red:2 w:green:4 "
    "b:brown:kid w:brown:kid b:red:1 w:green:1 b:brown:2 w:red:2 b:blue:kid w:brown:3 b:purple:3 w:blue:1 "
    "b:green:4 w:brown:2 b:brown:4 w:blue:2 b:brown:1 w:red:4 b:red:3 w:yellow:kid b:green:kid"
).split()


@lru_cache(maxsize=1)
def placement_scene():
    """The state of the placement scene (White to move with six cards of six colours)."""
    state = fm.new_game(2016, houses=list(PLACEMENT_HOUSES), decks=PLACEMENT_DECKS)
    for code in PLACEMENT_MOVES:
        state = fm.apply(state, fm.decode_action(code))
    return state


PLACEMENT_TEXT = (
    "White's pawn stands where its last card went. Each card of the hand is tried on the house after "
    "the pawn first, then clockwise: a house is skipped if its origin has the card's colour, if it "
    "already holds a follower of that colour, or if it is possessed. Pick a card to see its path."
)


# ---- the Coach's words (read by explainers.coach through the registry) ------------------------


def coach_label(view, action) -> str:
    """A move as the coach names it: the card, and the house it would go to."""
    preview = fm.placement_preview(view, action.follower)
    name = follower_name(action.follower)
    return name if preview.target is None else f"{name} → house {preview.target}"


def coach_effect(view, action) -> str:
    """Which house the card would go to and whether it decides it (its 5th follower) or
    contests it, in the rulebook's words.

    >>> s = fm.new_game(3)
    >>> coach_effect(fm.view(s, 0), fm.legal_actions(s)[0]).startswith("goes to house")
    True
    """
    follower = action.follower
    preview = fm.placement_preview(view, follower)
    if preview.target is None:
        return "has no house that can take it"
    h = preview.target
    slot = fm.houses(view)[h]
    house = house_name(slot.house, h)
    if len(slot.stack) == 4:
        result = fm.score_house(slot.house, [*slot.stack, follower])
        totals = f"white {result.totals['white']} – black {result.totals['black']}"
        markers = "2 markers, the game's first possession" if not fm.possession_count(view) else "a marker"
        return (
            f"decides {house}: as its 5th follower it makes the house possessed by "
            f"{result.winner} ({totals}), who places {markers}"
        )
    return f"goes to {house} and contests it ({len(slot.stack) + 1} of 5 followers there)"


COACH_WORDS = Words(
    unit="markers",
    loss_label="Expected loss in markers",
    scale=1.0,
    columns=(
        ("Expected marker swing (yours − opponent's)", lambda e: e.margin, "{:+.1f}"),
        ("Win chance", lambda e: percent(e.share), "{:.0f}%"),
    ),
    label=coach_label,
    effect=coach_effect,
    unseen="the opponent's hand and both decks",
    note=lambda m: (
        "the marker swing at the end, the rulebook's match points: a win is always ahead"
        if not m.win
        else f"the marker swing, a win counting {m.win:g} markers more"
    ),
)
"""How the Coach speaks of a Fan & Mallet move: the house it decides or contests, the marker swing."""
