"""Which game on a page is a class challenge's, and the challenge in words: what it is (never
its seed) and how a student's game ended. No widgets: the page kit asks these questions."""

from __future__ import annotations

import math
from dataclasses import dataclass

import streamlit as st

from engine.core import Game
from engine.core.registry import game as game_of
from storage.challenges import Challenge
from ui.registry import extra as extra_piece

from .bots import seat_label
from .session import HUMAN, GameSession
from .store import Keys


@dataclass(frozen=True)
class Playing:
    """The challenge of a page: a session growing from ``start`` is the challenge game."""

    challenge: Challenge
    start: object


def keys_of(session: GameSession) -> Keys:
    return Keys(session.game.INFO.id)


def of(session: GameSession) -> Challenge | None:
    """The challenge whose game ``session`` is (same first state, same seats), else None."""
    playing = st.session_state.get(keys_of(session)("challenge"))
    if playing is None or session.history[0] is not playing.start:
        return None
    return playing.challenge if session.seats == playing.challenge.seats else None


def in_play(session: GameSession) -> bool:
    """A challenge game not over yet: Undo, replay and the opponent are locked."""
    return not session.over and of(session) is not None


def hides_deal(session: GameSession) -> bool:
    """A challenge game with hidden information: nothing may show the seed or the deal."""
    return session.game.INFO.hidden_information and of(session) is not None


def score_text(score: float) -> str:
    return f"{score:g}"


@dataclass(frozen=True)
class ScoreBin:
    """A bar of the class's score chart: the scores from ``low`` up to (not including) ``high``."""

    low: float
    high: float
    count: int

    @property
    def label(self) -> str:
        """``4`` for a bin of one whole score, ``10–14`` for several, ``2.5–3`` otherwise."""
        if self.high - self.low == 1 and float(self.low).is_integer():
            return score_text(self.low)
        last = self.high - 1 if float(self.low).is_integer() and float(self.high).is_integer() else self.high
        return f"{score_text(self.low)}–{score_text(last)}"


def score_bins(scores: list[float], most: int = 20) -> list[ScoreBin]:
    """The class's scores counted in equal bins that show how they spread: a bin per whole
    score while there are at most ``most`` of them between the lowest and the highest, else
    2, 5, 10, 20… scores a bin; every bin from the lowest score to the highest is listed,
    empty ones too (a gap is part of the picture).

    >>> [(b.label, b.count) for b in score_bins([4, 0])]
    [('0', 1), ('1', 0), ('2', 0), ('3', 0), ('4', 1)]
    >>> [(b.label, b.count) for b in score_bins([88, 104, 88, 61])]
    [('60–64', 1), ('65–69', 0), ('70–74', 0), ('75–79', 0), ('80–84', 0), ('85–89', 2), ('90–94', 0), ('95–99', 0), ('100–104', 1)]
    >>> [(b.label, b.count) for b in score_bins([7, 7])]
    [('7', 2)]
    """
    if not scores:
        return []
    low, high = min(scores), max(scores)
    whole = all(float(score).is_integer() for score in scores)
    span = high - low + (1 if whole else 0)
    width = 1.0 if whole and span <= most else _steps(span, most, whole)
    start = math.floor(low / width) * width
    count = math.floor((high - start) / width) + 1
    tallies = [0] * count
    for score in scores:
        tallies[min(count - 1, math.floor((score - start) / width))] += 1
    return [ScoreBin(start + n * width, start + (n + 1) * width, tally) for n, tally in enumerate(tallies)]


def _steps(span: float, most: int, whole: bool) -> float:
    """The smallest width of the 1, 2, 5 series (10, 20, 50… and, for fractional scores,
    0.1, 0.2, 0.5…) that cuts ``span`` into at most ``most`` bins."""
    exponent = 0 if whole else math.floor(math.log10(span / most)) if span > 0 else 0
    while True:
        for mantissa in (1, 2, 5):
            width = mantissa * 10.0**exponent
            if span / width <= most:
                return width
        exponent += 1


def describe(challenge: Challenge) -> str:
    """The challenge in words (never its seed): game, seats and options."""
    game = game_of(challenge.game)
    human = challenge.seats.index(HUMAN) if HUMAN in challenge.seats else 0
    bots = [kind for kind in challenge.seats if kind != HUMAN]
    against = f"against {len(bots)} {seat_label(game, bots[0])} bots" if bots else "solo"
    if len(bots) == 1:
        against = f"against the {seat_label(game, bots[0])} bot"
    same = "the same dice" if not game.INFO.hidden_information else "the same deal"
    own = extra_piece(challenge.game, "challenge")
    words = own.WORDS if own else {}
    extra = "".join(f", {words.get(k, k)}" for k, v in challenge.options.items() if v)
    return f"{game.INFO.title}: you play {game.INFO.seat_name(human)} {against}{extra}; everyone gets {same}"


def result_of(game: Game, state, seat: int) -> tuple[float, str, bool]:
    """The seat's score, its result in words and whether it counts as a win."""
    out = game.outcome(state)
    scores, n = out.scores, len(out.scores)
    score = float(scores[seat])
    if n == 1:
        return score, "finished", False
    if out.winner == seat:
        return score, "won", True
    if out.winner is None and len(set(scores)) == 1:
        verdict = next((s.value for s in out.steps if s.kind == "verdict"), None)
        return (
            (score, f"team {verdict}", verdict == "won")
            if verdict in ("won", "lost")
            else (score, "draw", False)
        )
    place = 1 + sum(other > score for other in scores)
    if out.winner is None and place == 1:
        return score, "shared first", True
    return score, "lost" if n == 2 else f"place {place} of {n}", False
