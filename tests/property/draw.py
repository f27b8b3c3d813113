"""What the properties draw: seeds, positions reached by drawn legal moves, and things that are
not legal actions.

A drawn :class:`Position` prints as the game, seed, players and action tokens that reach it,
so a failing example says exactly which game to replay.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field

import pytest
from hypothesis import settings
from hypothesis import strategies as st

from engine.core import Game, IllegalAction
from engine.core.registry import games
from tests.property import conftest  # noqa: F401  (the profiles, also outside pytest)

GAMES: tuple[Game, ...] = games()
SOAK = os.environ.get("DOJO_SOAK") == "1"
SOAK_FACTOR = 10

SEEDS = st.integers(0, 2**63 - 1)
PLAIN = st.characters(blacklist_characters="<>", blacklist_categories=("Cs",))
"""Text a player could type; without ``<`` so that a ``<`` in a message is a Python repr."""


def budget(examples: int) -> settings:
    """The settings of a property: ``examples`` per run, ten times as many with ``DOJO_SOAK=1``."""
    profile = settings.get_profile("dojo-soak" if SOAK else "dojo")
    return settings(profile, max_examples=examples * (SOAK_FACTOR if SOAK else 1))


def game_params(with_players: bool = False) -> list:
    """``pytest.param``s of every game (and every player count its ``INFO`` allows)."""
    if with_players:
        return [pytest.param(g, n, id=f"{g.INFO.id}-{n}p") for g in GAMES for n in g.INFO.players]
    return [pytest.param(g, id=g.INFO.id) for g in GAMES]


@dataclass(frozen=True)
class Position:
    """The position ``tokens`` reach from a new game; ``states`` holds every state on the way
    (``states[-1]`` is the position) and ``actions`` the actions played."""

    game_id: str
    seed: int
    players: int
    tokens: tuple[str, ...]
    states: tuple = field(repr=False, compare=False)
    actions: tuple = field(repr=False, compare=False)

    @property
    def state(self):
        return self.states[-1]

    def __repr__(self) -> str:
        return f"Position({self.game_id!r}, seed={self.seed}, players={self.players}, tokens={self.tokens!r})"

    def _repr_pretty_(self, printer, cycle) -> None:  # else hypothesis prints every field, states too
        printer.text(repr(self))


@st.composite
def positions(draw, game: Game, players: int | None = None, max_moves: int | None = 80) -> Position:
    """A new game from a drawn seed, then a drawn number of drawn legal moves (at most
    ``max_moves``; ``None``: to the end of the game)."""
    if players is None:
        players = draw(st.sampled_from(list(game.INFO.players)), label="players")
    seed = draw(SEEDS, label="seed")
    moves = draw(st.integers(0, max_moves), label="moves") if max_moves is not None else None
    states = [game.new_game(seed, players)]
    actions = []
    while not game.is_over(states[-1]) and (moves is None or len(actions) < moves):
        action = draw(st.sampled_from(game.legal_actions(states[-1])))
        actions.append(action)
        states.append(game.apply(states[-1], action))
    tokens = tuple(map(game.encode_action, actions))
    return Position(game.INFO.id, seed, players, tokens, tuple(states), tuple(actions))


def decoded_or_text(game: Game, token: str):
    """The action a token stands for, or the token itself if it stands for none."""
    try:
        return game.decode_action(token)
    except IllegalAction:
        return token


@st.composite
def edited_tokens(draw, tokens: list[str]) -> str:
    """A known token with one character replaced, dropped or added (often another real
    token: a neighbouring house, die or cell)."""
    token = draw(st.sampled_from(tokens))
    alphabet = sorted(set("".join(tokens)) | set("0123456789-:,"))
    at = draw(st.integers(0, len(token)))
    char = draw(st.sampled_from(alphabet))
    edit = draw(st.sampled_from(["replace", "drop", "add"]))
    if edit == "add" or at == len(token):
        return token[:at] + char + token[at:]
    return token[:at] + (char if edit == "replace" else "") + token[at + 1 :]


def field_values(actions: list) -> st.SearchStrategy:
    """Values to put into an action's field: small numbers, wrong types, and the values other
    actions hold (a real house, die or cell in the wrong move)."""
    seen = {
        getattr(a, f.name)
        for a in actions
        if dataclasses.is_dataclass(a)
        for f in dataclasses.fields(a)
        if _hashable(getattr(a, f.name))
    }
    parts = [
        st.integers(-2, 12),
        st.none(),
        st.booleans(),
        st.text(PLAIN, max_size=3),
        st.lists(st.integers(-1, 3), max_size=2),
        st.tuples(st.integers(-1, 3), st.integers(-1, 3)),
    ]
    if seen:
        parts.append(st.sampled_from(sorted(seen, key=repr)))
    return st.one_of(parts)


@st.composite
def edited_actions(draw, actions: list):
    """A known action with one field (maybe of a nested value) changed by
    ``dataclasses.replace``; the new value itself if the action refuses it on creation."""
    action = draw(st.sampled_from(actions))
    return _edit(draw, action, field_values(actions))


def _edit(draw, value, values: st.SearchStrategy):
    if not dataclasses.is_dataclass(value) or not dataclasses.fields(value):
        return draw(values)
    f = draw(st.sampled_from(dataclasses.fields(value)))
    old = getattr(value, f.name)
    nested = dataclasses.is_dataclass(old) and draw(st.booleans())
    new = _edit(draw, old, values) if nested else draw(values)
    try:
        return dataclasses.replace(value, **{f.name: new})
    except Exception:  # the action's own checks refused the value: the value is junk enough
        return new


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def not_actions(game: Game, position: Position) -> st.SearchStrategy:
    """Things that are not legal at ``position``, or rarely are (a test leaves those out):
    values of every type and tokens (a token is not an action), one time in three; otherwise
    actions: legal earlier in this game, at another position of this game or in another game,
    decoded edited tokens, edited actions."""
    legal = game.legal_actions(position.state)
    seen = sorted({a for s in position.states for a in game.legal_actions(s)}, key=repr)
    tokens = [game.encode_action(a) for a in seen]
    values = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(PLAIN, max_size=12),
        st.binary(max_size=6),
        st.tuples(st.integers(-1, 9), st.text(PLAIN, max_size=3)),
        st.lists(st.integers(-1, 9), max_size=3),
        st.dictionaries(st.text(PLAIN, max_size=3), st.integers(), max_size=2),
        st.sampled_from(tokens),
    )
    actions = [
        positions(game, max_moves=120).flatmap(_legal_or_none(game)),
        edited_tokens(tokens).map(lambda t: decoded_or_text(game, t)),
        edited_actions(seen),
    ]
    others = [g for g in GAMES if g is not game]
    if others:
        actions.append(
            st.sampled_from(others).flatmap(lambda g: positions(g, max_moves=40).flatmap(_legal_or_none(g)))
        )
    stale = [a for a in seen if a not in legal]
    if stale:
        actions.append(st.sampled_from(stale))
    # nested one_of's are flattened into one: draw the kind first to weigh actions 2 to 1
    return st.sampled_from([values, st.one_of(actions), st.one_of(actions)]).flatmap(lambda kind: kind)


def _legal_or_none(game: Game):
    def legal_at(position: Position) -> st.SearchStrategy:
        legal = game.legal_actions(position.state)
        return st.sampled_from(legal) if legal else st.none()

    return legal_at
