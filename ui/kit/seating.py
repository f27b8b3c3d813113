"""Which seat's view a page shows, and when the device must be passed (pure Python).

In a game with hidden cards the board draws one seat's ``view``: the only human's, or the
human to move when several share the screen, with a "pass the device" screen between
them so nobody sees another's cards. Bots alone, a finished game, or the teacher's demo
switch show the full state, marked on screen as demo mode. Games without hidden
information show whichever seat the reader picks (default: the seat to move).

>>> from engine.core.registry import games
>>> from ui.kit.session import new_session
>>> g = next(g for g in games() if g.INFO.hidden_information and g.INFO.default_players == 2)
>>> s = new_session(g, 1, 2)
>>> seating(s, unlocked=0)
Seating(seat=0, handover_to=None, can_act=True, demo=False)
>>> after = s.play(g.legal_actions(s.state)[0])
>>> seating(after, unlocked=0).handover_to == g.current_player(after.state) == 1
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .session import HUMAN, GameSession


@dataclass(frozen=True)
class Seating:
    """``seat`` whose view is drawn (None: the full state, demo mode); ``handover_to``: the
    seat the device must be passed to first; ``can_act``: whether the page offers moves."""

    seat: int | None
    handover_to: int | None = None
    can_act: bool = False
    demo: bool = False


def seating(
    session: GameSession, *, unlocked: int | None = None, demo: bool = False, chosen: int | None = None
) -> Seating:
    """Decide what the page shows. ``unlocked`` is the human seat that last took the device,
    ``demo`` the teacher's "show everything" switch, ``chosen`` a seat picked by the reader
    (games without hidden information)."""
    game = session.game
    mover = session.to_move
    human_to_move = mover is not None and session.seat_kind(mover) == HUMAN
    if not game.INFO.hidden_information:
        seat = chosen if chosen is not None else mover
        if seat is None:
            seat = game.outcome(session.state).ranking[0]
        return Seating(seat, None, human_to_move and seat == mover, False)
    humans = session.humans()
    if demo or session.over or not humans:
        return Seating(None, None, human_to_move, True)
    if len(humans) == 1:
        return Seating(humans[0], None, mover == humans[0], False)
    if human_to_move and unlocked != mover:
        return Seating(None, mover, False, False)
    seat = mover if human_to_move else unlocked if unlocked in humans else humans[0]
    return Seating(seat, None, human_to_move, False)


def watching(session: GameSession) -> Seating | None:
    """What a device watching a shared table without a seat draws (never a move): None for no
    board. The protocol has views for seats only (``view(state, seat)``), none for an onlooker,
    so the game's ``INFO`` decides: a finished game shows every card, as it does on the
    players' devices; a game without hidden information shows the view of the seat to move
    (every seat's view shows the same position, the seed and future dice left out); a game with
    hidden information in play shows no board, since each of its views holds a seat's hand.

    >>> from engine.core.registry import games
    >>> from ui.kit.session import new_session
    >>> hidden = next(g for g in games() if g.INFO.hidden_information)
    >>> open_ = next(g for g in games() if not g.INFO.hidden_information)
    >>> watching(new_session(hidden, 1, hidden.INFO.default_players)) is None
    True
    >>> watching(new_session(open_, 1, 2))
    Seating(seat=0, handover_to=None, can_act=False, demo=False)
    """
    game = session.game
    if session.over:
        if game.INFO.hidden_information:
            return Seating(None, None, False, True)
        return Seating(game.outcome(session.state).ranking[0], None, False, False)
    if game.INFO.hidden_information:
        return None
    return Seating(session.to_move, None, False, False)


def view_of(session: GameSession, seating_: Seating, index: int | None = None):
    """The position a board draws: the seat's view of ``history[index]`` (default: the cursor),
    or the full state in demo mode."""
    state = session.history[session.cursor if index is None else index]
    if seating_.seat is None:
        return state
    return session.game.view(state, seating_.seat)


__all__ = ["HUMAN", "Seating", "seating", "view_of", "watching"]
