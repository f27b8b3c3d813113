"""The immutable game state (full, or a seat's view with hidden parts emptied).

Cards have stable ids 0..15; card ``i`` starts at ``START_CELLS[i]``. Read a state through
the module functions (``board``, ``phase``, ``revealed_hints``…), not its fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Termination


@dataclass(frozen=True)
class State:
    """A Yokai position.

    In a view (``viewer`` set) the seed, the setup and the deck order are empty and a card's
    family is None unless the viewer has seen it (every family shows once the game is over);
    ``deck_size`` still tells how many hints are left. ``seen`` (who has looked at which card,
    a bit per card id) is public: everyone watches which cards a player peeks at.
    """

    seed: int | None
    players: int
    setup: tuple | None  # (layout family ids by card, hint ids top first) when a scenario fixed them
    last_hint_only: bool
    cells: tuple  # cell of each card id
    families: tuple  # family index of each card id (None: unseen, in a view)
    hints: tuple  # hint id on each card id, or None
    deck: tuple  # hint ids, top first (empty in a view)
    deck_size: int
    deck_kinds: tuple[int, int, int]  # one-, two- and three-colour hints the whole deck holds
    drawn: tuple  # hint ids in the order they were revealed (placed ones included)
    revealed: tuple  # hint ids revealed and not placed, in reveal order
    seen: tuple  # per seat, a bitmask of the card ids it has seen
    to_move: int
    turn: int
    peeks: tuple  # card ids peeked this turn, in order
    moved: bool  # the move step of this turn is done (or skipped)
    log: tuple  # the actions the players took (saves replay them)
    events: tuple  # (previous turn's events, this turn's events): see ``turns.py``
    termination: Termination = Termination.NONE
    viewer: int | None = None
    moves: tuple | None = field(default=None, compare=False, repr=False)
    """The legal moves, listed as the move step begins and made part of its state (a cache,
    not game data: ``None`` elsewhere, and the rules then list them from the layout)."""
    free: tuple | None = field(default=None, init=False, compare=False, repr=False)
    """The cells of the cards without a hint, sorted: worked out when the rules make a state
    that lacks them, handed on to the next states until a card moves or takes a hint (a
    cache; not an ``__init__`` argument, so ``dataclasses.replace`` never copies a stale one,
    and a state made by ``State(...)`` has ``None``)."""

    def _repr_html_(self) -> str:
        """Jupyter draws a state as an HTML card (``engine.core.display``)."""
        from engine.core.display import state_html

        return state_html("yokai", self)
