"""The immutable game state, the pending decision, log events, and the mutable working copy.

``State`` is frozen (tuples only): ``apply`` thaws it into a :class:`Work`, runs the rules
on the copy, and freezes the result. Rollouts run the same rules on a ``Work`` directly.

A state made by ``apply`` is cheap: it keeps its working copy (never changed again) and
builds its fields when first read, the explanations (``pending``, ``log``, ``actions``) by
the rules' builders (the log by replaying the step with the log on, from the previous state
the new one keeps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields

from .board import Layout, layout
from .dice import roll_for, seeded_roll
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
    the seat it was made for (``None`` in a full state). ``legacy_dice``: the seeded dice
    follow the rule of version-1 saves (``dice.legacy_roll``), not ``dice.seeded_roll``; a
    view and a determinization keep it, so their future dice follow the game's rule."""

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
    legacy_dice: bool = False

    @property
    def layout(self) -> Layout:
        return self._g

    def _repr_html_(self) -> str:
        """Jupyter draws a state as an HTML card (``engine.core.display``)."""
        from engine.core.display import state_html

        return state_html("tanuki_matsuri", self)

    def __getstate__(self) -> dict:
        """Pickles hold the fields only (explanations built, no link to earlier states)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def keep(state: State, name: str, value) -> None:
    """Keep a lazy field of ``state`` once built: the one place a Tanuki Matsuri state is
    written after it is made. Why: ``apply`` makes a state from its working copy alone
    (``frozen.quick_freeze``) and a playout reads none of its explanations (``log``,
    ``actions``, ``pending``) nor its fields; each is built when first read, from what the
    state holds, so it is the value the state stands for, and kept so it is built once.
    ``tests/engine/test_frozen_writes.py`` lists this place."""
    object.__setattr__(state, name, value)


class _Lazy:
    """An attribute of a state built when first read, then kept in the state (like
    ``functools.cached_property``; a class ``__getattr__`` would slow every attribute read)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, state: State | None, owner: type | None = None):
        if state is None:
            return self
        value = LAZY[self.name](state)
        keep(state, self.name, value)
        return value


def lazy(name: str, build: Callable[[State], object]) -> None:
    """Build ``state.<name>`` with ``build(state)`` when a state lacks it: a state made by
    ``apply`` holds only its working copy ``_w``, its options ``_opts``, ``over`` and where it
    came from; a state made by ``State(...)`` holds its fields and builds ``_w`` from them."""
    LAZY[name] = build
    setattr(State, name, _Lazy(name))


LAZY: dict[str, Callable[[State], object]] = {}


class Work:
    """A mutable working copy of a state (boards as lists), for ``apply`` and rollouts. The
    copy a state keeps (``state._w``) is never changed: ``thaw`` copies it."""

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
        "legacy",
    )

    def roll(self) -> tuple[int, ...]:
        """The dice of ``self.turn``: from ``roller`` (rollouts) or scripted/seeded (by the
        legacy rule when ``legacy``)."""
        if self.roller is not None:
            return self.roller(self.turn)
        n = 4 if 4 <= self.n <= 6 else 3  # n_dice()
        if self.legacy or self.seed is None or self.turn < len(self.scripted):
            return roll_for(self.seed, self.scripted, self.turn, n, self.legacy)
        return seeded_roll(self.seed, self.turn, n)  # roll_for's common case, one call less

    def copy(self) -> Work:
        """A copy to change (no log, no roller): one statement a field, the fastest way."""
        w = _new_work(Work)
        w.g = self.g
        w.n = self.n
        w.seed = self.seed
        w.scripted = self.scripted
        w.turn = self.turn
        w.dice = self.dice
        w.pick = self.pick
        w.active_take = self.active_take
        w.taken = self.taken
        w.stack = self.stack[:]
        boards = self.boards
        w.boards = [boards[0][:]] if len(boards) == 1 else [b[:] for b in boards]
        w.end_by = self.end_by[:]
        w.over = self.over
        w.log = w.roller = None
        w.pending = self.pending
        w.legacy = self.legacy
        return w

    def seat(self) -> int:
        """The seat picking now: the active player (turn % n), then clockwise."""
        return (self.turn + self.pick) % self.n


_new_work = object.__new__


def _same(value):
    return value


def _tuples(rows) -> tuple:
    return tuple([tuple(row) for row in rows])


def _lists(rows) -> list:
    return [list(row) for row in rows]


SHARED = (
    ("players", "n", _same, _same),
    ("seed", "seed", _same, _same),
    ("scripted", "scripted", _same, _same),
    ("turn", "turn", _same, _same),
    ("dice", "dice", _same, _same),
    ("pick", "pick", _same, _same),
    ("active_take", "active_take", _same, _same),
    ("taken", "taken", _same, _same),
    ("stack", "stack", tuple, list),
    ("boards", "boards", _tuples, _lists),
    ("end_by", "end_by", tuple, list),
    ("legacy_dice", "legacy", _same, _same),
)
"""The fields a state and its working copy share, each as (the state's field, the copy's
slot, the copy's value → the state's, the state's → the copy's): the copy keeps lists where
the state keeps tuples. ``freeze``, the working copy of a made state and the lazy fields of a
state made by ``apply`` all read this one list; ``Work.copy`` (the hot path) spells it out.
``sheet`` (the copy's layout ``g``) and ``over`` (a state made by ``apply`` holds it) are apart."""


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
    w = state._w.copy()
    w.pending = None
    if log:
        w.log = []
    return w


def _work_of(state: State) -> Work:
    """The working copy of a state made from its fields (``State(...)``, ``replace``)."""
    w = Work.__new__(Work)
    w.g = layout(state.sheet)
    # a pickle from before ``legacy_dice`` has none (and the lazy one would read this very copy)
    known = {"legacy_dice": False, **state.__dict__}
    for name, slot, _, thawed in SHARED:
        setattr(w, slot, thawed(known[name]))
    w.over = state.over
    w.log = None
    w.roller = None
    w.pending = None
    return w


lazy("_w", _work_of)
lazy("_g", lambda s: s._w.g)
lazy("_opts", lambda s: () if s.pending is None else s.pending.options)
lazy("sheet", lambda s: s._w.g.sheet)


def _lazy_fields() -> None:
    """The fields a state made by ``apply`` builds from its working copy when first read."""
    for name, slot, frozen, _ in SHARED:
        lazy(name, lambda s, slot=slot, frozen=frozen: frozen(getattr(s._w, slot)))


_lazy_fields()
