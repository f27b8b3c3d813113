"""The sheet as data: schema, validation with errors naming the field, and the default sheet.

>>> DEFAULT_SHEET.name, len(DEFAULT_SHEET.lines), len(DEFAULT_SHEET.flowers)
('Festival sheet', 7, 10)
>>> load_sheet({"lines": [], "tanuki": {}, "flowers": [], "granny": 1, "torii": 1})
Traceback (most recent call last):
...
engine.core.errors.BadSheet: tanuki.slots: missing
>>> sheet_to_dict(load_sheet(sheet_to_dict(DEFAULT_SHEET))) == sheet_to_dict(DEFAULT_SHEET)
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from engine.core import BadSheet
from engine.core.quote import plain_text_problem, quote_input, quote_key

FRUITS = ("watermelon", "pineapple", "banana", "fig", "strawberry")
"""The five columns in die order: a die showing v uses column v (``FRUITS[v - 1]``)."""

SIMPLE_EFFECTS = (None, "torii", "tanuki", "penalty", "granny", "flower")
EFFECTS = SIMPLE_EFFECTS + tuple(f"fruit:{f}" for f in FRUITS)
MAX_LINES = 26  # lines are labelled A..Z
MAX_ICONS = 12
MAX_COUNT = 30
MAX_SHEET_CHARS = 100_000
"""A sheet file longer than this is refused before it is parsed (the largest sheet the schema
allows, pretty-printed, is about 40,000 characters)."""
_TOP_KEYS = ("name", "tanuki", "lines", "flowers", "granny", "torii")
_REQUIRED = ("tanuki", "lines", "flowers", "granny", "torii")


@dataclass(frozen=True)
class Line:
    """One line of the sheet: its bonus and, per column, the effects of its fruit icons."""

    bonus: int
    cells: tuple[tuple[str | None, ...], ...]  # 5 entries (one per column), () where no fruit

    @property
    def size(self) -> int:
        """Number of fruit icons on the line."""
        return sum(len(c) for c in self.cells)


@dataclass(frozen=True)
class Sheet:
    """A validated sheet (immutable, hashable); build it with :func:`load_sheet`."""

    name: str
    slots: tuple[int, ...]
    start_circled: tuple[int, ...]
    lines: tuple[Line, ...]
    flowers: tuple[str | None, ...]
    granny: int
    torii: int

    def column_size(self, column: int) -> int:
        """Fruit icons of a column (0-based) over all lines."""
        return sum(len(line.cells[column]) for line in self.lines)


def line_label(index: int) -> str:
    """``0`` -> ``"A"``: lines are named by letters, top to bottom."""
    return chr(ord("A") + index)


def _int(value: Any, field: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadSheet(f"{field}: must be a whole number, not {quote_input(value)}")
    if not lo <= value <= hi:
        raise BadSheet(f"{field}: must be from {lo} to {hi}, not {value}")
    return value


def _keys(data: Any, field: str, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict:
    if not isinstance(data, dict):
        raise BadSheet(f"{field or 'sheet'}: expected a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in allowed:
            raise BadSheet(
                f"{field + '.' if field else ''}{quote_key(key)}: unknown key (allowed: {', '.join(allowed)})"
            )
    for key in required:
        if key not in data:
            raise BadSheet(f"{field + '.' if field else ''}{key}: missing")
    return data


def _effect(value: Any, field: str) -> str | None:
    if value is None or (isinstance(value, str) and value in EFFECTS):
        return value
    raise BadSheet(
        f"{field}: unknown effect {quote_input(value)} (expected null, torii, tanuki, penalty, granny, "
        f"flower or fruit:FRUIT such as fruit:fig)"
    )


def _five(value: Any, field: str, hi: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != len(FRUITS):
        got = f"{len(value)} values" if isinstance(value, list) else quote_input(value)
        raise BadSheet(f"{field}: expected a list of 5 numbers (one per column), got {got}")
    return tuple(_int(v, f"{field}[{i}]", 0, hi) for i, v in enumerate(value))


def _some(value: Any, noun: str, hi: int, note: str = "") -> list:
    """``value`` if it is a list of 1 to ``hi`` entries (field ``noun + "s"``), else ``BadSheet``."""
    field = f"{noun}s"
    if not isinstance(value, list) or not value:
        raise BadSheet(f"{field}: a sheet needs at least one {noun}")
    if len(value) > hi:
        raise BadSheet(f"{field}: at most {hi} {field}{note}, not {len(value)}")
    return value


def _line(data: Any, field: str) -> Line:
    _keys(data, field, ("bonus", "cells"), ("bonus", "cells"))
    bonus = _int(data["bonus"], f"{field}.bonus", 0, 99)
    cells = data["cells"]
    if not isinstance(cells, dict):
        raise BadSheet(f"{field}.cells: expected a JSON object mapping fruits to effect lists")
    per_column: list[tuple[str | None, ...]] = [()] * len(FRUITS)
    for fruit, icons in cells.items():
        where = f"{field}.cells.{quote_key(fruit)}"
        if fruit not in FRUITS:
            raise BadSheet(f"{where}: unknown fruit (expected one of {', '.join(FRUITS)})")
        if not isinstance(icons, list) or not icons or len(icons) > MAX_ICONS:
            raise BadSheet(f"{where}: expected a list of 1 to {MAX_ICONS} effects (one per icon)")
        per_column[FRUITS.index(fruit)] = tuple(_effect(e, f"{where}[{i}]") for i, e in enumerate(icons))
    if not any(per_column):
        raise BadSheet(f"{field}.cells: a line needs at least one fruit")
    return Line(bonus, tuple(per_column))


def load_sheet(source: dict | str | Path) -> Sheet:
    """Validate a sheet (a dict, or the path of a JSON file) and return it.

    Raises ``engine.BadSheet`` with a message naming the offending field. A sheet needs at
    least as many Granny icons (``granny``) as Granny effects.

    >>> load_sheet({"tanuki": {"slots": [6] * 5, "start_circled": [1] * 5},
    ...             "lines": [{"bonus": 2, "cells": {"kiwi": [None]}}],
    ...             "flowers": [None], "granny": 1, "torii": 1})
    Traceback (most recent call last):
    ...
    engine.core.errors.BadSheet: lines[0].cells.kiwi: unknown fruit (expected one of watermelon, pineapple, banana, fig, strawberry)
    """
    if isinstance(source, str | Path):
        try:
            with open(source, "rb") as file:
                raw = file.read(MAX_SHEET_CHARS * 4 + 1)
        except OSError as exc:
            raise BadSheet(f"sheet: cannot read the file ({exc.strerror or exc})") from None
        source = _json(raw)
    return _sheet_of(source)


def _sheet_of(source: Any) -> Sheet:
    """The sheet of a parsed JSON value; never a path (a file's text must not name another file)."""
    data = _keys(source, "", _TOP_KEYS, _REQUIRED)
    name = data.get("name", "Custom sheet")
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise BadSheet("name: must be a non-empty text of at most 80 characters")
    if problem := plain_text_problem(name):
        raise BadSheet(f"name: {problem}")
    tanuki = _keys(data["tanuki"], "tanuki", ("slots", "start_circled"), ("slots", "start_circled"))
    slots = _five(tanuki["slots"], "tanuki.slots", MAX_COUNT)
    start = _five(tanuki["start_circled"], "tanuki.start_circled", MAX_COUNT)
    for i, (s, c) in enumerate(zip(slots, start, strict=True)):
        if c > s:
            raise BadSheet(f"tanuki.start_circled[{i}]: {c} is more than the column's {s} tanuki slots")
    lines = _some(data["lines"], "line", MAX_LINES, " (A to Z)")
    parsed = tuple(_line(line, f"lines[{i}]") for i, line in enumerate(lines))
    flowers = _some(data["flowers"], "flower", MAX_COUNT)
    flower_effects = tuple(_effect(e, f"flowers[{i}]") for i, e in enumerate(flowers))
    granny = _int(data["granny"], "granny", 0, MAX_COUNT)
    torii = _int(data["torii"], "torii", 0, MAX_COUNT)
    effects = [e for line in parsed for cell in line.cells for e in cell] + list(flower_effects)
    wanted = effects.count("granny")
    if wanted > granny:
        raise BadSheet(
            f"granny: the sheet has {wanted} Granny effects (line icons and flowers) but only "
            f"{granny} Granny icons; each Granny effect circles one icon, so none may be lost"
        )
    return Sheet(name, slots, start, parsed, flower_effects, granny, torii)


def _json(text: str | bytes) -> Any:
    """The JSON value of a sheet file's text, refused by size before it is parsed."""
    if len(text) > MAX_SHEET_CHARS * (4 if isinstance(text, bytes) else 1):
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise BadSheet(f"sheet: the file is too large for a sheet (the limit is {MAX_SHEET_CHARS:,} {unit})")
    try:
        return json.loads(text)
    except UnicodeDecodeError:
        raise BadSheet("sheet: the file is not UTF-8 text") from None
    except (ValueError, RecursionError):
        raise BadSheet("sheet: the file is not valid JSON") from None


def parse_sheet(text: str | bytes) -> Sheet:
    """The sheet in a sheet file's text (an upload): refused by size (``MAX_SHEET_CHARS``)
    before it is parsed, then checked by :func:`load_sheet`; ``BadSheet`` for anything wrong.

    >>> parse_sheet("[" * 100_000)
    Traceback (most recent call last):
    ...
    engine.core.errors.BadSheet: sheet: the file is not valid JSON
    """
    if not isinstance(text, str | bytes):
        raise BadSheet("sheet: expected the text of a JSON file")
    return _sheet_of(_json(text))


def sheet_to_dict(sheet: Sheet) -> dict:
    """The JSON-ready dict of a sheet (the schema of ``load_sheet``), for saves and downloads."""
    return {
        "name": sheet.name,
        "tanuki": {"slots": list(sheet.slots), "start_circled": list(sheet.start_circled)},
        "lines": [
            {
                "bonus": line.bonus,
                "cells": {FRUITS[c]: list(icons) for c, icons in enumerate(line.cells) if icons},
            }
            for line in sheet.lines
        ],
        "flowers": list(sheet.flowers),
        "granny": sheet.granny,
        "torii": sheet.torii,
    }


DEFAULT_SHEET: Sheet = load_sheet(
    json.loads(resources.files(__package__).joinpath("default_sheet.json").read_text(encoding="utf-8"))
)
"""The project's own default sheet (``default_sheet.json``)."""
