"""The immutable game state (full, or a seat's view with hidden parts emptied)."""

from __future__ import annotations

from dataclasses import dataclass

from .components import House


@dataclass(frozen=True)
class State:
    """A Fan & Mallet position. Internals use card ids (0..59); read it through the module functions.

    In a view (``viewer`` set) the seed, the scenario, both decks and the opponent's hand are
    empty; ``hand_sizes`` and ``deck_sizes`` still tell how many cards they hold.
    """

    seed: int | None
    scenario: tuple | None  # (house codes, white deck codes, black deck codes), for saves
    houses: tuple[House, ...]
    stacks: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]  # colours each house refuses (origin + followers); full = possessed
    owners: tuple[int | None, ...]  # seat whose marker is on the house
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # sorted card ids
    decks: tuple[tuple[int, ...], tuple[int, ...]]  # top first
    hand_sizes: tuple[int, int]
    deck_sizes: tuple[int, int]
    pawns: tuple[int | None, int | None]
    markers: tuple[int, int]
    to_move: int
    possessions: tuple[tuple[int, int, int, bool, int], ...]  # (house, seat, markers, first, move no.)
    log: tuple[int, ...]  # card ids played, in order
    winner: int | None = None
    viewer: int | None = None

    def _repr_html_(self) -> str:
        """Jupyter draws a state as an HTML card (``engine.core.display``)."""
        from engine.core.display import state_html

        return state_html("fan_mallet", self)
