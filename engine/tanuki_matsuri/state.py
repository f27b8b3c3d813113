"""The immutable game state, the pending decision, log events, and the mutable working copy.

``State`` is frozen (tuples only): ``apply`` thaws it into a :class:`Work`, runs the rules
on the copy, and freezes the result. Rollouts run the same rules on a ``Work`` directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Layout, layout
from .dice import n_dice, roll_for
from .sheet import Sheet


@dataclass(frozen=True)
class LogEvent:
    """One event of a turn's chain: ``Player 1: die 3 → banana on line C → …``."""

    turn: int
    seat: int
    kind: str  # roll | die | fruit | line_bonus | flower | tanuki | penalty | granny | torii | lost | end
    text: str
    auto: bool = False
    lost: bool = False


@dataclass(frozen=True)
class Pending:
    """The decision the game waits for: which seat, what kind, the effect being resolved, and
    the legal choices (the same list as ``legal_actions``).

    ``kind`` is ``"die"``, ``"line"``, ``"tanuki"`` or ``"penalty"``; ``column`` (1..5) is the
    fruit being placed for a ``"line"`` decision; ``forced_flower`` says no open die can be
    used (any die taken circles a flower); ``open_dice`` are the values this seat may take.
    """

    kind: str
    seat: int
    effect: str
    options: tuple
    prompt: str
    column: int | None = None
    forced_flower: bool = False
    open_dice: tuple[int, ...] = ()


@dataclass(frozen=True)
class State:
    """A whole game. In a view, ``seed`` is ``None`` (future dice unknown) and ``viewer`` is
    the seat it was made for (``None`` in a full state)."""

    sheet: Sheet
    players: int
    seed: int | None
    scripted: tuple[tuple[int, ...], ...]
    turn: int
    dice: tuple[int, ...]
    pick: int
    active_take: int | None
    taken: int | None
    stack: tuple[int, ...]
    boards: tuple[tuple[int, ...], ...] = field(repr=False)
    end_by: tuple[tuple[int, str], ...]
    over: bool
    pending: Pending | None = field(repr=False)
    actions: tuple[str, ...] = field(repr=False)
    log: tuple[LogEvent, ...] = field(repr=False)
    replayable: bool = True
    viewer: int | None = None

    @property
    def layout(self) -> Layout:
        return layout(self.sheet)


class Work:
    """A mutable working copy of a state (boards as lists), for ``apply`` and rollouts."""

    __slots__ = (
        "g",
        "n",
        "seed",
        "scripted",
        "turn",
        "dice",
        "pick",
        "active_take",
        "taken",
        "stack",
        "boards",
        "end_by",
        "over",
        "log",
        "roller",
        "pending",
    )

    def roll(self) -> tuple[int, ...]:
        """The dice of ``self.turn``: from ``roller`` (rollouts) or scripted/seeded."""
        if self.roller is not None:
            return self.roller(self.turn)
        return roll_for(self.seed, self.scripted, self.turn, n_dice(self.n))

    def copy(self) -> Work:
        w = Work.__new__(Work)
        w.g, w.n, w.seed, w.scripted = self.g, self.n, self.seed, self.scripted
        w.turn, w.dice, w.pick, w.active_take, w.taken = (
            self.turn,
            self.dice,
            self.pick,
            self.active_take,
            self.taken,
        )
        w.stack = self.stack[:]
        w.boards = [b[:] for b in self.boards]
        w.end_by = self.end_by[:]
        w.over, w.log, w.roller, w.pending = self.over, None, None, self.pending
        return w

    def seat(self) -> int:
        """The seat picking now: the active player (turn % n), then clockwise."""
        return (self.turn + self.pick) % self.n


def decide(w: Work, kind: str, opts: list, info, choose) -> tuple[int | None, bool]:
    """``(key, auto)`` for a decision of the seat picking in ``w``: its only option, taken
    automatically, or ``choose(w, kind, opts, info)``. When ``choose`` returns ``None`` the
    decision is left in ``w.pending`` (and the key is ``None``)."""
    if len(opts) == 1:
        return opts[0], True
    key = choose(w, kind, opts, info)
    if key is None:
        w.pending = (kind, opts, info)
    return key, False


def thaw(state: State, log: bool = False) -> Work:
    """A working copy of ``state`` (with an event list when ``log``)."""
    w = Work.__new__(Work)
    w.g = layout(state.sheet)
    w.n = state.players
    w.seed = state.seed
    w.scripted = state.scripted
    w.turn = state.turn
    w.dice = state.dice
    w.pick = state.pick
    w.active_take = state.active_take
    w.taken = state.taken
    w.stack = list(state.stack)
    w.boards = [list(b) for b in state.boards]
    w.end_by = list(state.end_by)
    w.over = state.over
    w.log = [] if log else None
    w.roller = None
    w.pending = None
    return w
