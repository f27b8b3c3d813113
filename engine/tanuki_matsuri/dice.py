"""Dice: how many, scripted rolls, seeded rolls, and which dice are open to a picker.

A seeded roll comes from the game's seed and the turn number alone, by one of two rules:

- :func:`seeded_roll` (saves of version 2 on, every new game): the turn's word of the
  splitmix64 stream started at the seed, cut into 16-bit pieces, the first piece below the
  largest multiple of ``6**n`` read as ``n`` base-6 digits (rejection sampling: every roll is
  exactly equally likely). Plain integer arithmetic, so the same on every machine and Python.
- :func:`legacy_roll` (games of version-1 saves, ``legacy_dice=True``): ``n`` times
  ``rng_for(seed, "roll", turn).randint(1, 6)``, a SHA-256 and a fresh Mersenne Twister each
  turn; several times dearer.

>>> n_dice(1), n_dice(3), n_dice(4), n_dice(6), n_dice(7)
(3, 3, 4, 4, 3)
>>> roll_for(7, (), 0, 3) == roll_for(7, (), 0, 3) == seeded_roll(7, 0, 3)
True
>>> roll_for(7, (), 0, 3, legacy=True) == legacy_roll(7, 0, 3)
True
>>> open_dice((2, 2, 5), players=3, pick=1, active_take=2)
(2, 5)
"""

from __future__ import annotations

from hashlib import sha256
from itertools import product

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


def roll_for(seed: int | None, scripted: tuple, turn: int, n: int, legacy: bool = False) -> tuple[int, ...]:
    """The roll of a turn: the scripted one if any is left, else seeded: :func:`seeded_roll`,
    or :func:`legacy_roll` when ``legacy`` (a game of a version-1 save)."""
    if turn < len(scripted):
        return scripted[turn]
    if seed is None:
        raise ValueError("This is a view: its future dice are unknown (use determinize to play on)")
    if legacy:
        return legacy_roll(seed, turn, n)
    return seeded_roll(seed, turn, n)


_M64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # splitmix64's increment: 2**64 / golden ratio, odd
ROLLS = {n: tuple(product(range(1, 7), repeat=n)) for n in range(1, 5)}
"""Every roll of ``n`` dice (1 to 4), in the order of the base-6 number its dice spell."""
_LIMIT = {n: (1 << 16) // 6**n * 6**n for n in ROLLS}
_SIDES = {n: 6**n for n in ROLLS}


def mix64(z: int) -> int:
    """splitmix64's output function (Steele, Lea and Flood 2014; Stafford's "Mix13"
    constants) on a 64-bit word: every input bit changes about half the output bits.

    >>> hex(mix64(0x9E3779B97F4A7C15))  # splitmix64's first output for the state 0
    '0xe220a8397b1dcdaf'
    """
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & _M64
    return z ^ (z >> 31)


def seeded_roll(seed: int, turn: int, n: int) -> tuple[int, ...]:
    """The ``n`` dice (1 to 4) of turn ``turn`` (0, 1, ...) of the game seeded ``seed``: the
    word ``mix64(seed + (turn + 1) * 0x9E3779B97F4A7C15 mod 2**64)``, i.e. output ``turn + 1``
    of splitmix64 started at ``seed``, read 16 bits at a time from its low end; the first
    piece ``h`` below the largest multiple of ``6**n`` under ``2**16`` gives the roll
    ``ROLLS[n][h % 6**n]``. If all four pieces miss (less than once in 10**7 rolls) the next
    word is ``mix64(word + 0x9E3779B97F4A7C15 mod 2**64)``.

    >>> seeded_roll(1, 0, 3), seeded_roll(1, 1, 3), seeded_roll(1, 0, 4)
    ((6, 4, 4), (2, 1, 4), (2, 6, 4, 4))
    """
    # mix64, inlined: a roll is a large part of a playout step
    x = (seed + (turn + 1) * _GAMMA) & _M64
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & _M64
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & _M64
    x ^= x >> 31
    h = x & 0xFFFF
    limit = _LIMIT[n]
    if h < limit:  # nearly always (at least 98.8% for 4 dice)
        return ROLLS[n][h % _SIDES[n]]
    while True:
        z = x
        for _ in range(4):
            h = z & 0xFFFF
            if h < limit:
                return ROLLS[n][h % _SIDES[n]]
            z >>= 16
        x = mix64((x + _GAMMA) & _M64)


def legacy_roll(seed: int, turn: int, n: int) -> tuple[int, ...]:
    """The dice of a version-1 save: ``n`` times ``rng_for(seed, "roll", turn).randint(1, 6)``,
    computed without its wrappers (a test checks both give the same dice)."""
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
