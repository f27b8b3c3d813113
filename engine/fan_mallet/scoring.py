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
from operator import ne

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


def spirit_powers(stack: Sequence[int]) -> set[int]:
    """The powers the spirit objects of ``stack`` show (the bucket looks for a missing one)."""
    return {POWER[x] for x in stack if not IS_KID[x]}


def own_followers(stack: Sequence[int], seat: int) -> int:
    """How many followers of ``seat`` stand on the stack (the cauldron's count)."""
    return [SEAT_OF[x] for x in stack].count(seat)


def alternates(stack: Sequence[int]) -> bool:
    """True if the factions alternate bottom to top (the hatchet's condition)."""
    seats = [SEAT_OF[x] for x in stack]
    return all(map(ne, seats, seats[1:]))


# The bucket's bonus by the powers present (bit v set: a spirit object of power v is there).
_HIGHEST_MISSING = tuple(next((v for v in (4, 3, 2, 1) if not present >> v & 1), 0) for present in range(32))


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
            present = 0
            for x in stack:
                if not IS_KID[x]:
                    present |= 1 << POWER[x]
            powers[i] += _HIGHEST_MISSING[present]
        elif ability == "mirror":
            powers[i] += sum(spirit_runs(stack, i))
        elif ability == "cauldron":
            if own_followers(stack, SEAT_OF[c]) <= 2:
                powers[i] += 4
        elif ability == "hatchet":
            if alternates(stack):
                powers[i] += 4
        else:  # mortar: evaluated last
            mortar = i
    if mortar >= 0:
        powers[mortar] += sum([p & 1 for p in powers]) - (powers[mortar] & 1)  # odd ones but its own
    return powers


# A card id as one int to add up: its power in white's byte (bits 0-7) or black's (8-15), 1 << 16 for a kid ghost.
_KID = 1 << 16
_BYTE = 0xFF
_PACKED = tuple((_KID if IS_KID[c] else 0) + (POWER[c] << 8 * SEAT_OF[c]) for c in range(len(POWER)))


def totals_of(stack: Sequence[int], powers: Sequence[int] | None = None) -> tuple[int, int]:
    """(white total, black total) of a stack of card ids.

    >>> from engine.fan_mallet.components import card_id
    >>> totals_of([card_id("w:red:3"), card_id("b:blue:4"), card_id("w:green:1")])
    (4, 4)
    """
    if powers is None:
        packed = 0
        for c in stack:
            packed += _PACKED[c]
        if packed < _KID:  # spirit objects only: no ability, the totals are the packed sums
            return packed & _BYTE, packed >> 8 & _BYTE
        powers = final_powers(stack)
    white = black = 0
    for c, p in zip(stack, powers, strict=True):
        if SEAT_OF[c]:
            black += p
        else:
            white += p
    return white, black


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


def _ability_step(stack: Sequence[int], i: int, powers: Sequence[int]) -> tuple[int, str, str]:
    """(bonus, reason, rule note key) for the kid ghost at ``i``; ``powers`` are the final
    powers (for the mortar). The key names the reading the bonus depends on ("" for none)."""
    c = stack[i]
    ability = ABILITY[c]
    if ability == "umbrella":
        if i == 0:
            return 0, "it is the bottom follower, so no spirit object is below it: no bonus", "origin"
        below = FOLLOWERS[stack[i - 1]]
        if below.kind == "kid":
            return 0, f"the follower below is a kid ghost ({below}): no bonus", ""
        return below.power, f"the spirit object below is {below.label()}: +{below.power}", ""
    if ability == "bucket":
        present = sorted(spirit_powers(stack))
        missing = [v for v in (1, 2, 3, 4) if v not in present]
        seen = ", ".join(map(str, present)) if present else "none"
        if not missing:
            return 0, f"spirit powers present: {seen}; 1, 2, 3 and 4 are all present: no bonus", ""
        best = max(missing)
        return best, f"spirit powers present: {seen}; the highest of 1–4 missing is {best}: +{best}", "origin"
    if ability == "mirror":
        below, above = spirit_runs(stack, i)
        why = (
            f"{below} spirit object(s) directly below and {above} directly above without a kid ghost "
            f"in between (a kid ghost or the end of the stack stops a run): +{below + above}"
        )
        return below + above, why, "origin" if below == i else ""  # "origin": the run reaches the bottom
    if ability == "cauldron":
        own = own_followers(stack, SEAT_OF[c])
        bonus, size = (4, "2 or fewer") if own <= 2 else (0, "3 or more")
        why = f"{FOLLOWERS[c].faction} has {own} follower(s) on the house, itself included ({size})"
        return bonus, f"{why}: {f'+{bonus}' if bonus else 'no bonus'}", "cauldron"
    if ability == "hatchet":
        if len(stack) == 1:
            return 4, "it is the only follower, which counts as alternating: +4", "hatchet"
        order = ", ".join(FOLLOWERS[x].faction for x in stack)
        bonus, verdict = (4, "they alternate") if alternates(stack) else (0, "they do not alternate")
        why = f"factions bottom to top: {order}; {verdict} (the origin is not included)"
        return bonus, f"{why}: {f'+{bonus}' if bonus else 'no bonus'}", "origin"
    # mortar
    odd = [f"{FOLLOWERS[x].label()} = {powers[j]}" for j, x in enumerate(stack) if j != i and powers[j] % 2]
    why = f"other followers with an odd final power (the origin is not included): {', '.join(odd) or 'none'}"
    return len(odd), f"{why}: +{len(odd)}", "origin"


def score_house(house: House | str, stack: Sequence[Follower | str]) -> ScoreResult:
    """Score ``stack`` (bottom first) on ``house``: works on partial houses too (what-if).

    Every step has a ``kind`` ("origin", "power", "base", "bonus", "final", "total",
    "winner"), a ``subject`` (the 0-based stack position, or the faction for a total and the
    winner) and the rule note ``note`` it depends on ("" for none).

    >>> r = score_house(House(colour="blue", faction="white"),
    ...                 ["w:red:4", "b:green:2", "w:yellow:3", "b:purple:1", "b:brown:4"])
    >>> r.totals, r.winner, r.tie_broken_by_house
    ({'white': 7, 'black': 7}, 'white', True)
    >>> r = score_house("b:blue", ["b:green:4", "w:red:kid"])
    >>> [(s.kind, s.subject, s.value, s.note) for s in r.steps if s.subject == 1]
    [('base', 1, 1, ''), ('bonus', 1, 4, ''), ('final', 1, 5, '')]
    """
    house = parse_house(house)
    followers = tuple(parse_follower(f) for f in stack)
    check_stack(house, followers)
    ids = [FOLLOWER_ID[f] for f in followers]
    powers = final_powers(ids)
    steps = [
        Step(
            "Origin",
            0,
            f"the {house.colour} origin spirit object counts for no total and no ability",
            "Possession",
            kind="origin",
            note="origin",
        ),
        *_power_steps(followers, ids, powers),
    ]
    white, black = totals_of(ids, powers)
    steps += _total_steps(ids, powers, white, black)
    winner, tie, why = _winner(house, white, black)
    steps.append(Step("Winner", winner, why, "Possession", kind="winner", subject=winner))
    return ScoreResult(house, followers, tuple(powers), {"white": white, "black": black}, winner, tie, steps)


def _power_steps(followers: tuple[Follower, ...], ids: list[int], powers: list[int]) -> list[Step]:
    """Each follower's power, bottom to top, a mortar's block last (it is scored after every
    other ability)."""
    steps: list[Step] = []
    mortar_steps: list[Step] = []
    for i, f in enumerate(followers):
        if f.kind == "spirit":
            steps.append(
                Step(
                    f"#{i + 1} {f}: power",
                    f.power,
                    f"a spirit object of power {f.power}",
                    "Possession",
                    kind="power",
                    subject=i,
                )
            )
        elif f.ability == "mortar":
            mortar_steps = _kid_ghost_steps(f, i, ids, powers)
        else:
            steps += _kid_ghost_steps(f, i, ids, powers)
    return steps + mortar_steps


def _kid_ghost_steps(f: Follower, i: int, ids: list[int], powers: list[int]) -> list[Step]:
    """A kid ghost's base power, its ability's bonus and its final power."""
    where = f"#{i + 1} {f}"
    rule = f"Kid ghost: {f.ability}"
    bonus, reason, note = _ability_step(ids, i, powers)
    assert powers[i] == 1 + bonus
    if f.ability == "mortar":
        # scored last: the order matters only when another kid ghost's final power is counted
        others = any(IS_KID[x] for j, x in enumerate(ids) if j != i)
        base_reason = "every kid ghost has base power 1; the mortar is scored after every other ability"
        base_note = "mortar" if others else ""
    else:
        base_reason, base_note = "every kid ghost has base power 1", ""
    return [
        Step(f"{where}: base power", 1, base_reason, "Kid ghosts", kind="base", subject=i, note=base_note),
        Step(f"{where}: {f.ability} bonus", bonus, reason, rule, kind="bonus", subject=i, note=note),
        Step(f"{where}: final power", powers[i], f"1 + {bonus} = {powers[i]}", rule, kind="final", subject=i),
    ]


def _total_steps(ids: list[int], powers: list[int], white: int, black: int) -> list[Step]:
    """Each faction's total, with the powers that make it."""
    steps = []
    for name, total in (("white", white), ("black", black)):
        parts = [str(p) for c, p in zip(ids, powers, strict=True) if FOLLOWERS[c].faction == name]
        why = " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "") if parts else "no followers"
        steps.append(Step(f"{name.capitalize()} total", total, why, "Possession", kind="total", subject=name))
    return steps


def _winner(house: House, white: int, black: int) -> tuple[str, bool, str]:
    """The winning faction, whether the totals tie (the house's faction wins a tie), and why."""
    if white == black:
        winner = house.faction
        return winner, True, f"{white} = {black}: a tie goes to the house's faction, {winner}"
    winner = "white" if white > black else "black"
    return winner, False, f"{winner} has more power: {max(white, black)} > {min(white, black)}"
