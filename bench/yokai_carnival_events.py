"""What recording one Yokai Carnival event costs, by the shape of the record, in instructions.

    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -m bench.yokai_carnival_events partial 100000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .venv/bin/python -m bench.yokai_carnival_events tuple 0

Each run builds ``N`` records of one "move" event (8 of its 11 fields given) in one shape and
keeps the last few alive, as a turn does; the difference from the ``0`` run, divided by ``N``,
is a record's cost with the loop's. Shapes:

- ``tuple``: a plain tuple written out by position (the engine before events were named);
- ``class``: ``Event(kind, seat, cards=..., ...)``, the named tuple called as a class;
- ``partial``: ``state.event``, its ``__new__`` called straight with the same keywords;
- ``make``: ``tuple.__new__(Event, (...))``, by position (the floor for a tuple subclass);
- ``slotted``: a class with ``__slots__`` and an ``__init__`` taking the same keywords;
- ``dataclass``: a frozen dataclass with slots.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.yokai_carnival.state import Event, event  # noqa: E402


class Slotted:
    __slots__ = Event._fields

    def __init__(
        self,
        kind,
        seat,
        cards=(),
        source="",
        source_seat=None,
        to="",
        to_seat=None,
        value=None,
        card=None,
        private_to=None,
        auto=False,
    ):
        self.kind, self.seat, self.cards, self.source = kind, seat, cards, source
        self.source_seat, self.to, self.to_seat, self.value = source_seat, to, to_seat, value
        self.card, self.private_to, self.auto = card, private_to, auto


@dataclass(frozen=True, slots=True)
class Frozen:
    kind: str
    seat: int | None
    cards: tuple = ()
    source: str = ""
    source_seat: int | None = None
    to: str = ""
    to_seat: int | None = None
    value: object = None
    card: int | None = None
    private_to: int | None = None
    auto: bool = False


def _record(shape: str, i: int, o: int, c: tuple) -> object:
    if shape == "tuple":
        return ("move", o, c, "line", i & 3, "hand", o, None, 3, None, False)
    if shape == "class":
        return Event("move", o, cards=c, source="line", source_seat=i & 3, to="hand", to_seat=o, card=3)
    if shape == "partial":
        return event("move", o, cards=c, source="line", source_seat=i & 3, to="hand", to_seat=o, card=3)
    if shape == "make":
        return tuple.__new__(Event, ("move", o, c, "line", i & 3, "hand", o, None, 3, None, False))
    if shape == "slotted":
        return Slotted("move", o, cards=c, source="line", source_seat=i & 3, to="hand", to_seat=o, card=3)
    return Frozen("move", o, cards=c, source="line", source_seat=i & 3, to="hand", to_seat=o, card=3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("shape", choices=("tuple", "class", "partial", "make", "slotted", "dataclass"))
    parser.add_argument("count", type=int)
    args = parser.parse_args()
    kept = []
    for i in range(args.count):
        kept.append(_record(args.shape, i, 1, (2,)))
        if len(kept) > 50:
            kept.clear()
    print(f"{args.count} records, shape {args.shape}")


if __name__ == "__main__":
    main()
