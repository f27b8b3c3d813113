"""Scoring a house: kid ghost abilities, final powers, faction totals and the winner.

:func:`final_powers` is the fast path the rules and bots use (card ids, no text);
:func:`score_house` gives the same numbers with an explanation step for everything.

>>> from engine.fan_mallet.components import House, parse_follower
>>> stack = [parse_follower(c) for c in ["w:blue:2", "b:yellow:3", "w:green:4", "b:purple:1", "b:brown:4"]]
>>> r = score_house(House(colour="red", faction="white"), stack)
>>> r.totals, r.winner, r.tie_broken_by_house
({'white': 6, 'black': 8}, 'black', False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.core import Step

from .components import (
    ABILITY,
    FOLLOWER_ID,
    FOLLOWERS,
    IS_KID,
    POWER,
    SEAT_OF,
    Follower,
    House,
    parse_follower,
    parse_house,
)

ORIGIN_NOTE = "Rule note: the origin counts for no ability"
MORTAR_NOTE = "Rule note: the mortar is evaluated last and counts kid ghosts at their final power"
CAULDRON_NOTE = "Rule note: the cauldron counts its own faction's followers, itself included"
HATCHET_NOTE = "Rule note: a single follower counts as alternating"


def spirit_runs(stack: Sequence[int], i: int) -> tuple[int, int]:
    """(below, above): the spirit objects in the unbroken runs directly below and above
    position ``i``; a kid ghost or the end of the stack stops a run (the mirror's count)."""
    below = 0
    while i - below - 1 >= 0 and not IS_KID[stack[i - below - 1]]:
        below += 1
    above = 0
    while i + above + 1 < len(stack) and not IS_KID[stack[i + above + 1]]:
        above += 1
    return below, above


def final_powers(stack: Sequence[int]) -> list[int]:
    """Final power of each card id in ``stack`` (bottom first), abilities included.

    >>> from engine.fan_mallet.components import card_id
    >>> final_powers([card_id("b:green:4"), card_id("w:red:kid")])
    [4, 5]
    """
    powers = [POWER[c] for c in stack]
    mortar = -1
    for i, c in enumerate(stack):
        ability = ABILITY[c]
        if ability is None:
            continue
        if ability == "umbrella":
            if i and not IS_KID[stack[i - 1]]:
                powers[i] += POWER[stack[i - 1]]
        elif ability == "bucket":
            present = {POWER[x] for x in stack if not IS_KID[x]}
            for value in (4, 3, 2, 1):
                if value not in present:
                    powers[i] += value
                    break
        elif ability == "mirror":
            powers[i] += sum(spirit_runs(stack, i))
        elif ability == "cauldron":
            seat = SEAT_OF[c]
            if sum(1 for x in stack if SEAT_OF[x] == seat) <= 2:
                powers[i] += 4
        elif ability == "hatchet":
            if all(SEAT_OF[stack[j]] != SEAT_OF[stack[j + 1]] for j in range(len(stack) - 1)):
                powers[i] += 4
        else:  # mortar: evaluated last
            mortar = i
    if mortar >= 0:
        powers[mortar] += sum(1 for j, p in enumerate(powers) if j != mortar and p % 2)
    return powers


def totals_of(stack: Sequence[int], powers: Sequence[int] | None = None) -> tuple[int, int]:
    """(white total, black total) of a stack of card ids."""
    if powers is None:
        powers = final_powers(stack)
    totals = [0, 0]
    for c, p in zip(stack, powers, strict=True):
        totals[SEAT_OF[c]] += p
    return totals[0], totals[1]


@dataclass(frozen=True)
class ScoreResult:
    """A scored house: final power per follower (stack order), totals, winner and the steps."""

    house: House
    stack: tuple[Follower, ...]
    powers: tuple[int, ...]
    totals: dict[str, int]
    winner: str
    tie_broken_by_house: bool
    steps: list[Step] = field(default_factory=list)


def check_stack(house: House, stack: Sequence[Follower]) -> None:
    """Raise ``ValueError`` unless ``stack`` could stand on ``house`` (≤ 5, distinct colours, no origin colour)."""
    if len(stack) > 5:
        raise ValueError(f"A house holds at most 5 followers, not {len(stack)}")
    seen: set[str] = set()
    for f in stack:
        if f.colour == house.colour:
            raise ValueError(f"The {house} cannot hold {f}: its origin is {house.colour}")
        if f.colour in seen:
            raise ValueError(f"The {house} cannot hold two {f.colour} followers")
        seen.add(f.colour)
    if len(set(stack)) != len(stack):
        raise ValueError("A follower cannot stand on a house twice")


def _ability_step(stack: Sequence[int], i: int, powers: Sequence[int]) -> tuple[int, str]:
    """(bonus, reason) for the kid ghost at ``i``; ``powers`` are the final powers (for the mortar)."""
    c = stack[i]
    ability = ABILITY[c]
    if ability == "umbrella":
        if i == 0:
            return 0, f"it is the bottom follower, so nothing is below it: no bonus ({ORIGIN_NOTE})"
        below = FOLLOWERS[stack[i - 1]]
        if below.kind == "kid":
            return 0, f"the follower below is a kid ghost ({below}): no bonus"
        return below.power, f"the spirit object below is {below.label()}: +{below.power}"
    if ability == "bucket":
        present = sorted({POWER[x] for x in stack if not IS_KID[x]})
        missing = [v for v in (1, 2, 3, 4) if v not in present]
        seen = ", ".join(map(str, present)) if present else "none"
        if not missing:
            return 0, f"spirit powers present: {seen}; 1, 2, 3 and 4 are all present: no bonus"
        return max(missing), (
            f"spirit powers present: {seen}; the highest of 1–4 missing is {max(missing)}: "
            f"+{max(missing)} ({ORIGIN_NOTE})"
        )
    if ability == "mirror":
        below, above = spirit_runs(stack, i)
        return below + above, (
            f"{below} spirit object(s) directly below and {above} directly above without a kid ghost "
            f"in between (a kid ghost or the end of the stack stops a run; {ORIGIN_NOTE}): +{below + above}"
        )
    if ability == "cauldron":
        seat = SEAT_OF[c]
        own = sum(1 for x in stack if SEAT_OF[x] == seat)
        faction = FOLLOWERS[c].faction
        if own <= 2:
            return (
                4,
                f"{faction} has {own} follower(s) on the house, itself included (2 or fewer): +4 ({CAULDRON_NOTE})",
            )
        return (
            0,
            f"{faction} has {own} followers on the house, itself included (3 or more): no bonus ({CAULDRON_NOTE})",
        )
    if ability == "hatchet":
        order = ", ".join(FOLLOWERS[x].faction for x in stack)
        if len(stack) == 1:
            return 4, f"it is the only follower: +4 ({HATCHET_NOTE})"
        if all(SEAT_OF[stack[j]] != SEAT_OF[stack[j + 1]] for j in range(len(stack) - 1)):
            return 4, f"factions bottom to top: {order}; they alternate: +4 (the origin is not included)"
        return (
            0,
            f"factions bottom to top: {order}; they do not alternate: no bonus (the origin is not included)",
        )
    # mortar
    odd = [f"{FOLLOWERS[x].label()} = {powers[j]}" for j, x in enumerate(stack) if j != i and powers[j] % 2]
    looked = ", ".join(odd) if odd else "none"
    return len(odd), (
        f"other followers with an odd final power: {looked}: +{len(odd)} "
        f"(the origin is not included; {MORTAR_NOTE})"
    )


def score_house(house: House | str, stack: Sequence[Follower | str]) -> ScoreResult:
    """Score ``stack`` (bottom first) on ``house``: works on partial houses too (what-if).

    >>> from engine.fan_mallet.components import House
    >>> r = score_house(House(colour="blue", faction="white"),
    ...                 ["w:red:4", "b:green:2", "w:yellow:3", "b:purple:1", "b:brown:4"])
    >>> r.totals, r.winner, r.tie_broken_by_house
    ({'white': 7, 'black': 7}, 'white', True)
    """
    house = parse_house(house)
    followers = tuple(parse_follower(f) for f in stack)
    check_stack(house, followers)
    ids = [FOLLOWER_ID[f] for f in followers]
    powers = final_powers(ids)
    steps: list[Step] = [
        Step(
            "Origin",
            0,
            f"the {house.colour} origin spirit object counts for no total and no ability ({ORIGIN_NOTE} and no total)",
            "Possession",
        )
    ]
    mortar_steps: list[Step] = []
    for i, f in enumerate(followers):
        where = f"#{i + 1} {f}"
        if f.kind == "spirit":
            steps.append(
                Step(f"{where}: power", f.power, f"a spirit object of power {f.power}", "Possession")
            )
            continue
        rule = f"Kid ghost: {f.ability}"
        bonus, reason = _ability_step(ids, i, powers)
        assert powers[i] == 1 + bonus
        block = [
            Step(f"{where}: base power", 1, "every kid ghost has base power 1", "Kid ghosts"),
            Step(f"{where}: {f.ability} bonus", bonus, reason, rule),
            Step(f"{where}: final power", powers[i], f"1 + {bonus} = {powers[i]}", rule),
        ]
        if f.ability == "mortar":
            block[0] = Step(
                block[0].label, 1, "every kid ghost has base power 1; evaluated last", "Kid ghosts"
            )
            mortar_steps = block
        else:
            steps += block
    steps += mortar_steps
    white, black = totals_of(ids, powers)
    for name, total in (("white", white), ("black", black)):
        parts = [str(p) for c, p in zip(ids, powers, strict=True) if FOLLOWERS[c].faction == name]
        why = " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "") if parts else "no followers"
        steps.append(Step(f"{name.capitalize()} total", total, why, "Possession"))
    tie = white == black
    if tie:
        winner = house.faction
        steps.append(
            Step(
                "Winner",
                winner,
                f"{white} = {black}: a tie goes to the house's faction, {winner}",
                "Possession",
            )
        )
    else:
        winner = "white" if white > black else "black"
        hi, lo = max(white, black), min(white, black)
        steps.append(Step("Winner", winner, f"{winner} has more power: {hi} > {lo}", "Possession"))
    return ScoreResult(house, followers, tuple(powers), {"white": white, "black": black}, winner, tie, steps)
