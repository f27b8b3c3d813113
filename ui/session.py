"""A game in progress on a page: its history, the position being looked at, who sits where.

Pure Python (no Streamlit), so undo, redo, replay and loading are tested on their own.
A session is immutable: every operation returns a new one, which the page stores.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import ModuleType

from engine.core import IllegalAction, dump_save, parse_save, rng_for

HUMAN = "human"
FULL_HISTORY_LIMIT = 400
"""A loaded save replays its prefixes to rebuild the history; past this many moves the
history starts at the loaded position (rebuilding would cost more than a click should)."""


@dataclass(frozen=True)
class GameSession:
    """``history[i]`` is the state after ``i`` moves; ``cursor`` is the one on screen."""

    game: ModuleType
    history: tuple
    cursor: int
    seats: tuple[str, ...]
    seed: int

    @property
    def state(self):
        return self.history[self.cursor]

    @property
    def latest(self):
        return self.history[-1]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.history) - 1

    def seat_kind(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self.seats):
            return HUMAN
        return self.seats[seat]

    def to_move_is_bot(self) -> bool:
        return self.seat_kind(self.game.current_player(self.state)) != HUMAN

    # -- moves -------------------------------------------------------------------------
    def play(self, action) -> GameSession:
        """Apply ``action`` at the cursor; a later future (after an undo) is dropped.

        Raises ``IllegalAction`` (and the session is unchanged) if the move is not legal.
        """
        new_state = self.game.apply(self.state, action)
        return replace(self, history=self.history[: self.cursor + 1] + (new_state,), cursor=self.cursor + 1)

    def bot_action(self):
        """The move the bot sitting at the seat to move would make, decided from its view."""
        seat = self.game.current_player(self.state)
        name = self.seat_kind(seat)
        if seat is None or name == HUMAN:
            raise IllegalAction("It is not a bot's turn.")
        bot = self.game.bots()[name]
        rng = rng_for(self.seed, "bot", self.cursor)
        return bot(self.game.view(self.state, seat), rng)

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
        if any(kind == HUMAN for kind in self.seats):
            while index > 0 and not self._human_turn(index):
                index -= 1
        return replace(self, cursor=index)

    def redo(self) -> GameSession:
        """Step forward one move, and past bot moves to the next position a human decides."""
        index = self.cursor + 1
        if index >= len(self.history):
            return self
        if any(kind == HUMAN for kind in self.seats):
            while index < len(self.history) - 1 and not self._human_turn(index):
                index += 1
        return replace(self, cursor=index)

    def goto(self, index: int) -> GameSession:
        return replace(self, cursor=max(0, min(int(index), len(self.history) - 1)))

    def with_seats(self, seats) -> GameSession:
        return replace(self, seats=tuple(seats))

    # -- saving ------------------------------------------------------------------------
    def save_text(self) -> str:
        """The save of the position on screen (its seed, setup and moves up to the cursor)."""
        return self.game.to_json(self.state)


def new_session(game: ModuleType, seed: int, players: int, seats=None, **setup) -> GameSession:
    """Start a new game; ``ValueError`` (with the game's reason) if the set-up does not fit."""
    state = game.new_game(seed, players, **setup)
    seats = tuple(seats) if seats is not None else (HUMAN,) * players
    if len(seats) != players:
        raise ValueError(f"{players} players need {players} seats, not {len(seats)}")
    unknown = [s for s in seats if s != HUMAN and s not in game.bots()]
    if unknown:
        raise ValueError(f"Unknown bot {unknown[0]!r}; this game has {', '.join(game.bots())}")
    return GameSession(game, (state,), 0, seats, seed)


def load_session(game: ModuleType, text, seats=None) -> GameSession:
    """A session from save text, with the history rebuilt so the replay can go back to move 0.

    Raises ``BadSave`` with a readable reason; nothing else is touched.
    """
    final = game.from_json(text)
    save = parse_save(game.to_json(final))
    players = save.players
    seats = tuple(seats) if seats is not None and len(seats) == players else (HUMAN,) * players
    count = len(save.actions)
    if count > FULL_HISTORY_LIMIT:
        return GameSession(game, (final,), 0, seats, save.seed)
    history = [
        game.from_json(dump_save(save.game, save.seed, save.players, save.setup, save.actions[:k]))
        for k in range(count)
    ]
    history.append(final)
    return GameSession(game, tuple(history), count, seats, save.seed)


__all__ = ["FULL_HISTORY_LIMIT", "GameSession", "HUMAN", "load_session", "new_session"]
