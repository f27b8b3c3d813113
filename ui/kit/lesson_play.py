"""A lesson on a page (pure Python): the game session a step shows, and whether the game on
screen is still the lesson's (a move played or undone by hand leaves it)."""

from __future__ import annotations

from ui.lessons import Lesson

from .session import HUMAN, GameSession


def session_at(lesson: Lesson, step: int) -> GameSession:
    """The game at step ``step`` (0-based): every seat human, the history starting at the
    scenario's position, so undo and the replay slider stay inside the lesson."""
    moves = lesson.moves_before(step)
    return GameSession(
        lesson.game, lesson.positions[: moves + 1], moves, (HUMAN,) * lesson.players, lesson.seed
    )


def on_path(session: GameSession, lesson: Lesson, step: int) -> bool:
    """True while the position on screen is the one the lesson shows at ``step``."""
    return session.game is lesson.game and session.state is lesson.position(step)


__all__ = ["on_path", "session_at"]
