"""Which game on a page is a class challenge's, and the challenge in words: what it is (never
its seed) and how a student's game ended. No widgets: the page kit asks these questions."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from engine.core import Game
from engine.core.registry import game as game_of
from storage.challenges import Challenge

from .bots import seat_label
from .session import HUMAN, GameSession
from .store import Keys

OPTION_WORDS = {"last_hint_only": "level 3 variant (only the last revealed hint may be placed)"}


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


def describe(challenge: Challenge) -> str:
    """The challenge in words (never its seed): game, seats and options."""
    game = game_of(challenge.game)
    human = challenge.seats.index(HUMAN) if HUMAN in challenge.seats else 0
    bots = [kind for kind in challenge.seats if kind != HUMAN]
    against = f"against {len(bots)} {seat_label(game, bots[0])} bots" if bots else "solo"
    if len(bots) == 1:
        against = f"against the {seat_label(game, bots[0])} bot"
    same = "the same dice" if not game.INFO.hidden_information else "the same deal"
    extra = "".join(f", {OPTION_WORDS.get(k, k)}" for k, v in challenge.options.items() if v)
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
