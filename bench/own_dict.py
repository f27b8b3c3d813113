"""Is an instance with a ``__dict__`` of its own faster to read than a normal one?

    .venv/bin/python -m bench.own_dict

The engines once said "a dict of its own is about four times faster". This measures the claim
on the running CPython, reading 8 attributes of one instance of an 11-field class, in four
shapes:

- normal: built by ``__init__`` (CPython 3.11+ keeps its values inline, no dict made);
- own dict: ``obj.__dict__ = {...}`` given a dict at birth (what ``Work`` and ``Ability`` do);
- normal, dict read: a normal instance after ``obj.__dict__`` was read once (as copying a
  state with ``state.__dict__.copy()`` does): CPython then makes a dict and its inline fast
  path is gone for good;
- own dict, copied: a new instance given ``other.__dict__.copy()`` (what every ``apply`` does).

And the copy itself, the reason the engines read ``__dict__`` at all: ``__dict__.copy()`` of
an own-dict instance against building a normal one by ``__init__``.
"""

from __future__ import annotations

import platform
import sys
import timeit

REPEAT = 40
FIELDS = ("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k")


class Plain:
    def __init__(self, a, b, c, d, e, f, g, h, i, j, k):
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f
        self.g, self.h, self.i, self.j, self.k = g, h, i, j, k


READ = "o.a; o.b; o.c; o.d; o.e; o.f; o.g; o.h"
"""The timed statement (``o`` is a local of timeit's loop: only the attribute reads count)."""


def shapes() -> dict[str, Plain]:
    normal = Plain(*range(11))
    own = object.__new__(Plain)
    own.__dict__ = dict(zip(FIELDS, range(11), strict=True))
    read = Plain(*range(11))
    read.__dict__  # noqa: B018 (reading it is the point)
    copied = object.__new__(Plain)
    copied.__dict__ = own.__dict__.copy()
    return {"normal": normal, "own dict": own, "normal, dict read": read, "own dict, copied": copied}


def _timers(number: int) -> dict[str, timeit.Timer]:
    """One timer a row of the table: reads of each shape, then the two ways to copy."""
    own = shapes()["own dict"]
    timers = {"(the loop alone)": timeit.Timer("pass", "o = None")}
    for name, obj in shapes().items():
        timers[f"read 8 attributes, {name}"] = timeit.Timer(READ, "o = obj", globals={"obj": obj})
    copy = "c = new(Plain); c.__dict__ = own.__dict__.copy()"
    timers["a copy: own dict copied"] = timeit.Timer(
        copy, globals={"new": object.__new__, "Plain": Plain, "own": own}
    )
    timers["a copy: Plain(*11 fields)"] = timeit.Timer(
        "Plain(*fields)", globals={"Plain": Plain, "fields": tuple(range(11))}
    )
    return timers


def main() -> None:
    print(f"CPython {platform.python_version()} ({sys.implementation.name}), {platform.machine()}")
    number = 100_000
    timers = _timers(number)
    best = dict.fromkeys(timers, float("inf"))
    for _ in range(REPEAT):  # every row timed in each round: a busy moment slows them all alike
        for name, timer in timers.items():
            best[name] = min(best[name], timer.timeit(number) / number * 1e9)
    loop = best.pop("(the loop alone)")
    for name, ns in best.items():
        print(f"  {name:<38} {ns - loop:6.1f} ns")


if __name__ == "__main__":
    main()
