"""The shared game protocol as a ``typing.Protocol``: every game is a module with these names.

``isinstance(engine.fan_mallet, Game)`` checks that a module has every function the pages,
bots, benches and tests rely on. Seats are numbered from 0; an action is a small immutable
value with a readable ``str()`` and a short token (:meth:`Game.encode_action`).

Besides these names every game package declares ``SETUP_EXAMPLES``: a tuple of
``(players, setup)`` pairs, each a dict of ``new_game`` keywords with values that change the
game (JSON values, as a save holds them), together using every keyword ``new_game`` accepts.
The conformance suite (``tests/contract/test_setup.py``) checks that each one survives
``to_json``/``from_json`` and the share link, and that the loaded game plays on identically.
It is not a member of :class:`Game` (a module without it would silently stop counting as
ready); the suite fails for a game that lacks it.

>>> import engine.tanuki_matsuri as tm
>>> players, setup = tm.SETUP_EXAMPLES[0]
>>> tm.new_game(1, players, **setup) != tm.new_game(1, players)
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
    """What every game module provides (see ``shared`` engine contract)."""

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
        """Winner, ranking, scores, explanation steps and ``termination`` (an enum;
        ``Termination.NONE`` while the game goes on)."""
        ...

    def view(self, state: State, seat: int) -> State:
        """What ``seat`` may know: no seed, no deck order, no card it has not seen. Playable
        by bots through ``legal_actions`` when ``seat`` is to move; never saved."""
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
