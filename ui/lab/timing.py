"""Durations as a teacher reads them: "about 40 s", "about 3 min", "about 2 h 5 min"."""

from __future__ import annotations


def duration(seconds: float) -> str:
    """A rounded duration for people.

    >>> [duration(s) for s in (0.04, 3.26, 42, 59.6, 99, 120.2, 754, 7500)]
    ['under 1 s', '3 s', '42 s', '1 min', '1 min 39 s', '2 min', '13 min', '2 h 5 min']
    """
    if seconds < 0.95:
        return "under 1 s"
    if seconds < 59.5:
        return f"{round(seconds)} s"
    if seconds < 599.5:  # minutes and seconds while the seconds still matter
        minutes, rest = divmod(round(seconds), 60)
        return f"{minutes} min {rest} s" if rest else f"{minutes} min"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


def left(eta: float | None) -> str:
    """The time still needed, or that it is being measured.

    >>> left(None), left(12.3)
    ('estimating the time left…', 'about 12 s left')
    """
    if eta is None:
        return "estimating the time left…"
    return "almost done" if eta < 0.95 else f"about {duration(eta)} left"
