"""Each game's rule summary, a Markdown file written in this project's own words."""

from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent


@cache
def rule_summary(game_id: str) -> str | None:
    """The Markdown summary of ``game_id``'s rules, or None while it is in preparation.

    >>> rule_summary("no_such_game") is None
    True
    """
    path = _HERE / f"{game_id}.md"
    return path.read_text(encoding="utf-8") if path.exists() else None
