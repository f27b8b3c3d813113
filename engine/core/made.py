"""Making a state from a dict of its fields: the engines' one CPython assumption.

Every ``apply`` copies the old state's fields into a dict, replaces the changed ones and makes
the new state from it without re-running the dataclass's ``__init__``, which would set every
field through ``object.__setattr__`` (several times the cost, on every move).

The dict becomes the object's ``__dict__``, a dict of its own from birth. CPython (3.11,
3.12) reads attributes of such an object as fast as those of one built by ``__init__`` (whose
values live inline, with no dict), and several times faster than those of one whose
``__dict__`` was read once, which turns its inline values into a dict for good; and
``__dict__.copy()`` of a dict of its own is one block copy, not a field-by-field insert
(``bench/own_dict.py`` measures both). That is the only CPython assumption the engines'
copying relies on; on another interpreter it costs speed, never correctness.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     y: int
>>> made(Point, {"x": 1, "y": 2}) == Point(1, 2)
True
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


def made(cls: type[T], fields: dict) -> T:
    """A new ``cls`` whose attributes are ``fields`` (every field, in the class's order).

    The one place a frozen object is written into, and only one nobody holds yet: the dict is
    handed over whole as its ``__dict__`` (see the module docstring for why)."""
    obj = _new(cls)
    _set(obj, "__dict__", fields)
    return obj
