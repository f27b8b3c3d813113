"""The game protocol: every game is a package ``engine/<game>/`` whose module has these names.

This file is the contract: everything the pages, bots, Lab, notebooks, benches and test
suites rely on is written here, and ``isinstance(module, Game)`` checks the functions. Seats
are numbered from 0; an action is a small immutable, hashable value with a readable
``str()`` and a short token (:meth:`Game.encode_action`).

**Identity** — ``INFO`` (:class:`~engine.core.types.GameInfo`): id, title, Japanese name,
blurb, player counts, seat names, ``hidden_information`` (views hide other seats' cards, the
pages pass the device), ``cooperative`` (every seat shares one result: the search bot and the
coach back up the team's score) and ``endings``: the game's own subclass of
:class:`~engine.core.types.Termination` (``class Ending(Termination)`` in ``info.py``).
``outcome(state).termination`` is ``Termination.NONE`` while the game goes on, otherwise a
member of ``INFO.endings``: a sentence (``str``) with a ``name`` that saves, Lab records and
tests store. The core holds no game's reasons.

**Declarations with defaults** — read with ``getattr(module, NAME, default)``, so a game that
says nothing gets the default:

- ``TUNING`` (:class:`engine.core.tuning.Tuning`, default ``DEFAULT_TUNING``): the search
  bot's settings, its playouts by player count, the Lab's cost model;
- ``FACTS`` (:class:`engine.core.facts.Facts`, default none): the Lab's teaching facts;
- ``COACHING`` (``engine.core.coach``, with its default): what the coach measures;
- ``SETUP_EXAMPLES``: ``(players, setup)`` pairs, each a dict of ``new_game`` keywords with
  values that change the game (JSON values, as a save holds them), together using every
  keyword ``new_game`` accepts. The conformance suite (``tests/contract/test_setup.py``)
  round-trips each through ``to_json``/``from_json`` and the share link and fails for a game
  without it (it is not a member of :class:`Game`: a module without it would silently stop
  counting as ready).

**States and views** — immutable: ``apply`` returns a new state. A view
(``view(state, seat)``) holds nothing its seat may not know (no seed: ``view.seed`` is
``None`` where a state has one) and says whose view it is in ``viewer`` (``None`` or absent
for a full state; ``engine.core.display`` reads it). A state draws itself in Jupyter:
``_repr_html_`` returns ``engine.core.display.state_html(INFO.id, state)``.

**Refusals** — ``IllegalAction`` (from ``apply``, ``decode_action``, an action's own checks)
and ``ValueError`` (from ``new_game``) carry a sentence a player understands. What was refused
is shown with ``engine.core.quote.quote_thing`` (a value typed or decoded, quoted; an object
of another game named by its type), never with ``{x!r}``: the property suite refuses a Python
repr in a message. ``from_json`` raises ``BadSave``.

>>> from engine.core import Termination
>>> from engine.core.registry import games
>>> g = games()[0]
>>> isinstance(g, Game), g.outcome(g.new_game(1)).termination is Termination.NONE
(True, True)
>>> players, setup = g.SETUP_EXAMPLES[0]
>>> g.new_game(1, players, **setup) != g.new_game(1, players)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from .types import GameInfo, Outcome

State = Any
Action = Any
Bot = Callable[[State, random.Random], Action]
"""A bot decides from a seat's ``view`` and a seeded generator: ``bot(view, rng) -> action``."""


@runtime_checkable
class Game(Protocol):
    """What every game module provides (the module docstring says what else it relies on)."""

    INFO: GameInfo
    """Title, Japanese name, blurb, player counts, seat names: the game's whole identity."""

    def new_game(self, seed: int, players: int = ..., **setup: Any) -> State:
        """A new game from ``seed`` (0..2**63-1). ``setup`` pins a scenario (deck orders,
        scripted dice, a custom sheet…). Raises ``ValueError`` saying why for a player count,
        a seed or a set-up keyword or value that does not fit."""
        ...

    def current_player(self, state: State) -> int | None:
        """The seat that decides now, or ``None`` once the game is over."""
        ...

    def legal_actions(self, state: State) -> list[Action]:
        """Every action the current seat may take, in a stable order (``[]`` when over).
        A decision with one option is taken by ``apply`` itself and never offered."""
        ...

    def apply(self, state: State, action: Action) -> State:
        """A new state after ``action``; ``state`` is never changed. Raises
        ``IllegalAction`` (a ``ValueError``) with a message a player understands for anything
        not in ``legal_actions(state)``."""
        ...

    def is_over(self, state: State) -> bool:
        """True once the game has ended."""
        ...

    def outcome(self, state: State) -> Outcome:
        """Winner, ranking, scores, explanation steps and ``termination``
        (``Termination.NONE`` while the game goes on, else a member of ``INFO.endings``)."""
        ...

    def view(self, state: State, seat: int) -> State:
        """What ``seat`` may know: no seed, no deck order, no card it has not seen; its
        ``viewer`` is ``seat``. Playable by bots through ``legal_actions`` when ``seat`` is to
        move; never saved."""
        ...

    def determinize(self, view: State, seed: int) -> State:
        """A full state consistent with ``view``: unseen cards and future dice sampled from
        ``seed`` (for bots that look ahead)."""
        ...

    def bots(self) -> dict[str, Bot]:
        """The game's bots by name, weakest first: each ``bot(view, rng) -> action``."""
        ...

    def to_json(self, state: State) -> str:
        """The canonical save text (seed, setup, action tokens); ``ValueError`` for a view."""
        ...

    def from_json(self, text: str) -> State:
        """The game a save holds, replayed through the rules; ``BadSave`` for anything else."""
        ...

    def encode_action(self, action: Action) -> str:
        """A short stable token for ``action``: saves, board clicks and button keys use it."""
        ...

    def decode_action(self, text: str) -> Action:
        """The action of a token; ``IllegalAction`` for anything that is not one."""
        ...


def random_bot(legal_actions: Callable[[State], list[Action]]) -> Bot:
    """The uniform random bot of a game: ``bots()["random"] = random_bot(legal_actions)``.

    >>> pick = random_bot(lambda view: ["a", "b", "c"])
    >>> pick(None, random.Random(1)) in ("a", "b", "c")
    True
    """

    def random_choice(view: State, rng: random.Random) -> Action:
        return rng.choice(legal_actions(view))

    return random_choice
