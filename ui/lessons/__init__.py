"""Scripted lessons: a scenario (a save's seed, players, set-up and moves) and steps, each a text
shown beside the board and, if it says so, a move played first. Teachers write them as JSON
files; the ones shipped with the app are in ``data/<game>-<topic>.json``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from .load import LESSON_FORMAT, MAX_LESSON_CHARS, Lesson, LessonError, LessonStep, load_lesson

DATA = Path(__file__).resolve().parent / "data"


def shipped_files(game: str) -> tuple[str, ...]:
    """The shipped lesson files of a game, by file name, in name order."""
    return tuple(sorted(p.name for p in DATA.glob(f"{game}-*.json")))


@cache
def shipped_lesson(name: str) -> Lesson:
    """A shipped lesson, loaded once per process (lessons and their positions are immutable)."""
    path = DATA / Path(name).name
    return load_lesson(path.read_text(encoding="utf-8"), path.name.split("-")[0])


__all__ = [
    "LESSON_FORMAT",
    "MAX_LESSON_CHARS",
    "Lesson",
    "LessonError",
    "LessonStep",
    "load_lesson",
    "shipped_files",
    "shipped_lesson",
]
