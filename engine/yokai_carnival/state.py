"""The immutable game state (full, or a seat's view with hidden cards shown as ``UNSEEN``).

Cards are numbers: Yokai types 0..7 and Generals 8..15 in deck order (``Deck.card(n)``);
the 8 copies of a Yokai type are interchangeable. In a view every card the seat may not know
is ``UNSEEN`` (-1), so sizes stay visible and :func:`~.hidden.determinize` fills the blanks.

The turn's events are recorded as :class:`Event` named tuples; ``explain`` turns them into prose.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from engine.core.made import made as made  # (the rules take it from here)

from .cards import Deck

UNSEEN = -1


@dataclass(frozen=True)
class Ctx:
    """An ability (or a Strike) being resolved, step by step.

    ``card`` is the card number whose ability this is (-1 for a Strike); ``revealed`` holds
    cards looked at or about to be placed (``revealed_to``: the only seat that sees them, None
    for everyone); ``placing`` is set while those cards wait for their order in the line;
    ``looked`` while the owner sees the target's hand; ``picked`` counts the cards taken so
    far in the current step; ``after`` is the phase that follows the ability.
    """

    card: int
    owner: int
    after: str
    step: int = 0
    target: int | None = None
    colour: int | None = None
    revealed: tuple[int, ...] = ()
    revealed_to: int | None = None
    placing: bool = False
    looked: bool = False
    picked: int = 0


class Event(NamedTuple):
    """One thing that happened this turn (for ``last_turn``): ``seat`` acted, ``cards`` moved
    ``source`` -> ``to`` (seats ``source_seat``/``to_seat``); ``private_to`` is the only seat
    that knows the cards (in other views they are ``UNSEEN``); ``auto`` marks a choice with a
    single option, made by the rules.

    The one list of an event's fields. Most events of a turn are taken ready-made from tables
    (``work.DRAWS``, ``work.SUMMONED``, ``fast.END_EVENTS``...); the others are built where
    they happen, by name.
    """

    kind: str
    seat: int | None
    cards: tuple[int, ...] = ()
    source: str = ""
    source_seat: int | None = None
    to: str = ""
    to_seat: int | None = None
    value: object = None
    card: int | None = None  # the card whose ability caused it
    private_to: int | None = None
    auto: bool = False


event = partial(Event.__new__, Event)
"""``event(kind, seat, cards=..., ...)`` is ``Event(kind, seat, cards=..., ...)``, at less than
half the cost: CPython (3.11) turns the keywords of a call to a class into a dict before its
``__new__`` sees them; called straight, ``__new__`` takes them as they are. Measured with
callgrind over ``bench.steps`` (about one event built a step, the rest from tables): a step
took 55.1k instructions through ``Event(...)``, 51.4k through this, and 49.1k when events
were plain tuples written out by position (the named tuple's Python ``__new__``, and the
garbage collector, which never untracks a tuple subclass)."""


@dataclass(frozen=True)
class State:
    """A Yokai Carnival position; read it through the module functions."""

    seed: int | None
    players: int
    deck: Deck
    setup: str | None  # canonical JSON of the set-up keywords, for saves
    replayable: bool
    yama: tuple[int, ...]  # top first
    generals: tuple[int, ...]  # the General Yama, top first
    waiting: tuple[int, ...]  # Summon Waiting
    discard: tuple[int, ...]  # oldest first
    hands: tuple[tuple[int, ...], ...]  # sorted
    lines: tuple[tuple[int, ...], ...]  # left (oldest) to right
    to_move: int  # whose turn it is
    turn: int
    phase: str
    ctx: Ctx | None
    ask: tuple | None  # (kind, seat deciding, card number or None) while a decision waits
    options: tuple  # the legal actions of the deciding seat
    events: tuple[Event, ...]  # this turn so far
    previous: tuple[Event, ...]  # the turn before
    log: tuple  # every action played, as a chain (see ``played``; a full, replayable state only)
    end: str = ""  # Termination name once over
    viewer: int | None = None
    strikes: int = 0
    summons: int = 0
    # what seats know of hidden cards besides their own hands (``knowledge``): () if nothing
    known_hands: tuple = ()
    yama_known: tuple = ()

    def _repr_html_(self) -> str:
        """Jupyter draws a state as an HTML card (``engine.core.display``)."""
        from engine.core.display import state_html

        return state_html("yokai_carnival", self)


def played(log: tuple) -> tuple:
    """The actions of a state's ``log``, first to last.

    A log is a chain: ``()`` before the first move, then ``(the log before, the action)``, so
    a move adds one link instead of copying every action played before it (a tuple grown by
    ``log + (action,)`` cost a Yokai Carnival step 1.5% of its instructions and 4% of its
    data-cache misses: cachegrind over ``bench.steps``).
    The chain stays shallow for comparing and pickling states: a game ends by the time the
    Yama runs out, under a hundred actions (96 at most over 2,000 random games of 2 to 5
    players).

    >>> played(((((), "a"), "b"), "c"))
    ('a', 'b', 'c')
    """
    actions = []
    while log:
        log, action = log
        actions.append(action)
    return tuple(reversed(actions))


def made_state(fields: dict) -> State:
    """``made(State, fields)``, its ``ctx`` (an ability being resolved, any object with a
    Ctx's attributes) made a :class:`Ctx` the same way: the end of every ``apply``."""
    ctx = fields["ctx"]
    if ctx is not None:
        fields["ctx"] = made(Ctx, ctx.__dict__)
    return made(State, fields)


def remake(obj, **changes):
    """``dataclasses.replace`` for a State or a Ctx without running ``__init__`` (they have no
    checks, and a view or a determinized state copies every field): a copy of its fields with
    ``changes``.

    >>> c = Ctx(3, 0, "strike_2")
    >>> remake(c, target=1) == Ctx(3, 0, "strike_2", target=1)
    True
    """
    d = obj.__dict__.copy()
    d.update(changes)
    return made(type(obj), d)
