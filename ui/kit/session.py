"""A game in progress on a page: its history, the position being looked at, who sits where.

Pure Python (no Streamlit), so undo, redo, replay, bots and loading are tested on their own.
A session is immutable: every operation returns a new one, which the page stores.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace

from engine.core import Game, IllegalAction, bot_decision, dump_save, parse_save

HUMAN = "human"
FULL_HISTORY_LIMIT = 400
"""A loaded save replays its prefixes to rebuild the history; past this many moves the
history starts at the loaded position (rebuilding would cost more than a click should)."""
MAX_BOT_MOVES = 5_000
"""Bots at the "Instant" pace play at most this many moves in one go."""


@dataclass(frozen=True)
class GameSession:
    """``history[i]`` is the state after ``i`` moves; ``cursor`` is the one on screen."""

    game: Game
    history: tuple
    cursor: int
    seats: tuple[str, ...]
    seed: int

    @property
    def state(self):
        return self.history[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.history) - 1

    @property
    def to_move(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def deal_key(self) -> str:
        """A stable name for this deal (its seed and setup), the same in every process."""
        return hashlib.sha256(self.game.to_json(self.history[0]).encode()).hexdigest()[:16]

    def seat_kind(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return HUMAN
        return self.seats[seat]

    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.seats) if kind == HUMAN]

    def to_move_is_bot(self) -> bool:
        return self.seat_kind(self.to_move) != HUMAN

    def bots_due(self) -> bool:
        """True when a bot is to move at the end of the game (bots wait during a look back)."""
        return self.at_end and not self.over and self.to_move_is_bot()

    # -- moves -------------------------------------------------------------------------
    def play(self, action) -> GameSession:
        """Apply ``action`` at the cursor; a later future (after an undo) is dropped.

        Raises ``IllegalAction`` (and the session is unchanged) if the move is not legal.
        """
        new_state = self.game.apply(self.state, action)
        return replace(self, history=self.history[: self.cursor + 1] + (new_state,), cursor=self.cursor + 1)

    def bot_action(self):
        """The move the bot at the seat to move would make, decided from its view only."""
        seat = self.to_move
        name = self.seat_kind(seat)
        if seat is None or name == HUMAN:
            raise IllegalAction("It is not a bot's turn.")
        return bot_decision(self.game, self.state, self.game.bots()[name], self.seed, self.cursor)

    def bot_turn(self) -> GameSession:
        """The bot to move plays every decision of its turn (until another seat decides). In a
        game of one seat (solo Tanuki Matsuri) no other seat ever decides: there a bot turn is
        one decision, so a watched solo bot does not play its whole game in one tick."""
        seat, session = self.to_move, self
        while session.bots_due() and session.to_move == seat:
            session = session.play(session.bot_action())
            if len(session.seats) == 1:
                break
        return session

    def bots_until_human(self, limit: int = MAX_BOT_MOVES) -> GameSession:
        """Bots play until a human decides or the game ends (the "Instant" pace)."""
        session = self
        for _ in range(limit):
            if not session.bots_due():
                break
            session = session.play(session.bot_action())
        return session

    # -- time travel -------------------------------------------------------------------
    def _human_turn(self, index: int) -> bool:
        state = self.history[index]
        seat = self.game.current_player(state)
        return seat is None or self.seat_kind(seat) == HUMAN

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return not self.at_end

    def undo(self) -> GameSession:
        """Step back one move, and past bot moves to the last position a human decided."""
        index = self.cursor - 1
        if index < 0:
            return self
        if self.humans():
            while index > 0 and not self._human_turn(index):
                index -= 1
        return replace(self, cursor=index)

    def redo(self) -> GameSession:
        """Step forward one move, and past bot moves to the next position a human decides."""
        index = self.cursor + 1
        if index >= len(self.history):
            return self
        if self.humans():
            while index < len(self.history) - 1 and not self._human_turn(index):
                index += 1
        return replace(self, cursor=index)

    def goto(self, index: int) -> GameSession:
        return replace(self, cursor=max(0, min(int(index), len(self.history) - 1)))

    def with_seats(self, seats) -> GameSession:
        return replace(self, seats=check_seats(self.game, len(self.seats), seats))

    # -- saving ------------------------------------------------------------------------
    def save_text(self) -> str:
        """The save of the position on screen (its seed, setup and moves up to the cursor)."""
        return self.game.to_json(self.state)


def check_seats(game: Game, players: int, seats) -> tuple[str, ...]:
    """``seats`` (human or a bot name per seat) if they fit the game, else ``ValueError``."""
    seats = tuple(seats) if seats is not None else (HUMAN,) * players
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
    unknown = [s for s in seats if s != HUMAN and s not in game.bots()]
    if unknown:
        raise ValueError(f"Unknown bot {unknown[0]!r}; this game has {', '.join(game.bots())}")
    return seats


def default_seats(game: Game, players: int) -> tuple[str, ...]:
    """A page opens with a human at seat 0 facing the game's middle-strength bot, so a
    learner sees their own cards at once (the opponent is changed on the Play tab).

    >>> from engine.core.registry import games
    >>> seats = default_seats(games()[0], 2)
    >>> seats[0], seats[1] in games()[0].bots()
    ('human', True)
    """
    names = list(game.bots())
    bot = names[len(names) // 2] if names else HUMAN
    return (HUMAN,) + (bot,) * (players - 1)


def new_session(game: Game, seed: int, players: int, seats=None, **setup) -> GameSession:
    """Start a new game; ``ValueError`` (with the game's reason) if the set-up does not fit."""
    state = game.new_game(seed, players, **setup)
    return GameSession(game, (state,), 0, check_seats(game, players, seats), seed)


def load_session(game: Game, text, seats=None) -> GameSession:
    """A session from save text, with the history rebuilt so the replay can go back to move 0.

    The history is one replay of the moves from the start of the game, so each state follows
    from the one before it: a state that remembers where it came from (Tanuki Matsuri's
    explanations) holds only states the history holds anyway.

    Raises ``BadSave`` with a readable reason; nothing else is touched. Seats that do not
    fit the loaded game become human.
    """
    final = game.from_json(text)
    save = parse_save(game.to_json(final))
    try:
        seats = check_seats(game, save.players, seats)
    except ValueError:
        seats = (HUMAN,) * save.players
    count = len(save.actions)
    if count > FULL_HISTORY_LIMIT:
        return GameSession(game, (final,), 0, seats, save.seed)
    state = game.from_json(dump_save(save.game, save.seed, save.players, save.setup, ()))
    history = [state]
    for token in save.actions:  # the moves of a save that has just loaded: legal
        state = game.apply(state, game.decode_action(token))
        history.append(state)
    return GameSession(game, tuple(history), count, seats, save.seed)


__all__ = [
    "FULL_HISTORY_LIMIT",
    "GameSession",
    "HUMAN",
    "check_seats",
    "default_seats",
    "load_session",
    "new_session",
]
