"""A lesson on a page (pure Python): the game session a step shows, and whether the game on
screen is still the lesson's (a move played or undone by hand leaves it)."""

from __future__ import annotations

from ui.lessons import Lesson

from .session import HUMAN, GameSession


def session_at(lesson: Lesson, step: int) -> GameSession:
    """The game at step ``step`` (0-based): every seat human, the history from the deal
    through the scenario's moves, so the page knows the last move at every step (the board
    marks it, and "Last move" explains it) and the replay slider shows how the game got
    there. Undoing past the scenario's position leaves the lesson, as any move by hand does."""
    moves = lesson.moves_before(step)
    history = lesson.lead + lesson.positions[: moves + 1]
    return GameSession(lesson.game, history, len(history) - 1, (HUMAN,) * lesson.players, lesson.seed)


def on_path(session: GameSession, lesson: Lesson, step: int) -> bool:
    """True while the position on screen is the one the lesson shows at ``step``."""
    return session.game is lesson.game and session.state is lesson.position(step)


__all__ = ["on_path", "session_at"]
