"""Dice: how many, scripted rolls, seeded rolls, and which dice are open to a picker.

>>> n_dice(1), n_dice(3), n_dice(4), n_dice(6), n_dice(7)
(3, 3, 4, 4, 3)
>>> roll_for(7, (), 0, 3) == roll_for(7, (), 0, 3)
True
>>> open_dice((2, 2, 5), players=3, pick=1, active_take=2)
(2, 5)
"""

from __future__ import annotations

from hashlib import sha256

try:  # the C generator behind random.Random: the same numbers without its Python wrappers
    from _random import Random as _MT
except ImportError:  # pragma: no cover - other Pythons
    from random import Random as _MT


def n_dice(players: int) -> int:
    """3 dice for 1–3 players, 4 for 4–6, 3 for 7 or more."""
    return 4 if 4 <= players <= 6 else 3


def check_scripted(rolls, players: int) -> tuple[tuple[int, ...], ...]:
    """Validate a scripted ``dice=`` list (one roll per turn); ``ValueError`` saying what is wrong."""
    if rolls is None:
        return ()
    if isinstance(rolls, str | bytes) or not hasattr(rolls, "__iter__"):
        raise ValueError("dice= must be a list of rolls, each a list of die values")
    n = n_dice(players)
    out = []
    for i, roll in enumerate(rolls):
        if isinstance(roll, str | bytes) or not hasattr(roll, "__iter__"):
            raise ValueError(f"Scripted roll {i + 1} must be a list of {n} die values, not {roll!r}")
        roll = tuple(roll)
        if len(roll) != n:
            raise ValueError(f"Scripted roll {i + 1} has {len(roll)} dice; {players} player(s) roll {n}")
        for v in roll:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
                raise ValueError(f"Scripted roll {i + 1} has the value {v!r}; a die shows 1 to 6")
        out.append(roll)
    return tuple(out)


def roll_for(seed: int | None, scripted: tuple, turn: int, n: int) -> tuple[int, ...]:
    """The roll of a turn: the scripted one if any is left, else seeded by ``(seed, "roll", turn)``:
    ``n`` times ``rng_for(seed, "roll", turn).randint(1, 6)``, computed without its wrappers (a
    roll is a large part of a playout step; a test checks both give the same dice)."""
    if turn < len(scripted):
        return scripted[turn]
    if seed is None:
        raise ValueError("This is a view: its future dice are unknown (use determinize to play on)")
    # rng_for's derivation; randint(1, 6) draws 3 bits until they are below 6
    digest = sha256(b"%d\x1froll\x1f%d" % (seed, turn)).digest()
    bits = _MT(int.from_bytes(digest[:8], "big")).getrandbits
    out = []
    for _ in range(n):
        r = bits(3)
        while r >= 6:
            r = bits(3)
        out.append(r + 1)
    return tuple(out)


ALL_OPEN: dict[tuple[int, ...], tuple[int, ...]] = {}


def opened_by_all(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The distinct values of a roll, ascending (cached: at most 6**4 rolls)."""
    opened = ALL_OPEN.get(dice)
    if opened is None:
        opened = ALL_OPEN[dice] = tuple(sorted(set(dice)))
    return opened


def open_dice(dice: tuple[int, ...], players: int, pick: int, active_take: int | None) -> tuple[int, ...]:
    """Distinct values a picker may take, ascending. With 2–6 players, the players after the
    active one choose among the dice the active player left; otherwise all dice are open."""
    if 2 <= players <= 6 and pick > 0 and active_take is not None:
        rest = list(dice)
        rest.remove(active_take)
        return tuple(sorted(set(rest)))
    return opened_by_all(dice)
