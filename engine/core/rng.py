"""Seeded randomness without hidden state.

Every random event draws from its own generator, derived from the game's seed and a key
naming the event (``rng_for(seed, "deck", "white")``, ``rng_for(seed, "roll", turn)``). States
stay immutable, and the same seed gives the same events in any process: the derivation uses
SHA-256, never ``hash()``, global ``random`` or the clock.
"""

from __future__ import annotations

import hashlib
import random
import secrets

MAX_SEED = 2**63 - 1


def check_seed(seed: object) -> int:
    """Return ``seed`` if it is a usable seed (an int in 0..2**63-1), else raise ``ValueError``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"A seed is a whole number from 0 to {MAX_SEED}, not {seed!r}")
    return seed


def rng_for(seed: int, *keys: object) -> random.Random:
    """A generator for one named random event of a seeded game.

    >>> rng_for(7, "roll", 3).randint(1, 6) == rng_for(7, "roll", 3).randint(1, 6)
    True
    """
    text = "\x1f".join([str(seed), *map(str, keys)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


_BITS = tuple(n.bit_length() for n in range(257))


def shuffle(rng: random.Random, items: list) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, at about half the
    cost: CPython's Fisher-Yates with its ``_randbelow`` inlined (unchanged from 3.11 on). New
    games and determinizations shuffle on every playout, so it counts. Lists longer than the
    bit table, or another generator class, fall back to ``rng.shuffle``.

    >>> a, b = list(range(64)), list(range(64))
    >>> random.Random(5).shuffle(a); shuffle(random.Random(5), b)
    >>> a == b
    True
    """
    if len(items) >= len(_BITS) or type(rng)._randbelow is not random.Random._randbelow_with_getrandbits:
        rng.shuffle(items)
        return
    getrandbits, bits = rng.getrandbits, _BITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def shuffled(seed: int, items, *keys: object) -> list:
    """A seeded shuffle of ``items`` (a new list), keyed like :func:`rng_for`."""
    out = list(items)
    shuffle(rng_for(seed, *keys), out)
    return out


def fresh_seed(rng: random.Random) -> int:
    """A new seed drawn from ``rng`` (for a bot's determinization or a new game)."""
    return rng.randrange(MAX_SEED + 1)


def new_seed() -> int:
    """A seed for a new game from the operating system: 63 bits, a space no one can search,
    so a player cannot rebuild hidden cards by trying every seed against the public ones."""
    return secrets.randbits(63)
