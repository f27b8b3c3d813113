"""How the shared tools play and time a game: ``TUNING = Tuning(...)`` in ``engine/<game>/tuning.py``.

A game that says nothing gets :data:`DEFAULT_TUNING`; read a game's tuning with
:func:`tuning_of`, never by its id. ``search`` is the search bot's :class:`Settings`,
``playouts_by_players`` the search budget where a playout's cost grows with the seats, and
``moves`` / ``decision_ms`` the Lab's cost model (an estimate of a run's time: moves a game
``= a + b * players``, a bot's decision in ms ``= a + b * players``), measured with
``play_many`` of a few seeded games per bot and player count on one core. ``step_vs_kuhn``
is the game's speed target: a step through the protocol at most that many times a step of
OpenSpiel's Kuhn poker (``bench.protocol_speed``; 1 unless the game's rules make a step dearer).

>>> tuning_of(object()) is DEFAULT_TUNING
True
>>> Tuning(playouts_by_players={4: 100}).settings(4).playouts, Tuning().settings(4).playouts
(100, 200)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Settings:
    """How the search plays a game.

    ``playouts`` is the budget of a decision. ``rollout`` names the game's own bot that plays
    the playouts (``None``: random moves; ``"greedy"`` is skipped for a game without one),
    taking a random move with probability ``epsilon`` so playouts vary. ``horizon`` cuts a
    playout after that many moves and judges the position by ``game.outcome`` as it stands
    (``None``: play to the end). ``margin`` mixes the score margin into a competitive reward
    (0: places only), which lowers the variance of games decided by a card or two. ``trust``
    keeps the rollout bot's own choice at the root unless another action's mean reward beats
    it by that many standard errors (0: always the most visited action). ``blind`` hands the
    rollout bot the acting seat's view instead of the sampled world (slower): a rule-of-thumb
    bot that sees the sampled hidden cards plays as if it knew them, which makes blind picks
    look better than they are. ``flat`` searches the root only (``search._flat``): every
    candidate is played in the same sampled worlds, then the rollout bot plays on, and the
    worse half is dropped round by round; a decision with more than half as many candidates
    as playouts still uses the tree. ``versus`` is whom a competitive reward is measured
    against: ``"all"`` (the place against every other seat, averaged) or ``"best"`` (a win or
    not, and the margin to the best other score); the two agree at two players.
    """

    playouts: int = 200
    exploration: float = 0.7
    rollout: str | None = "greedy"
    epsilon: float = 0.1
    horizon: int | None = None
    margin: float = 0.0
    trust: float = 0.0
    blind: bool = False
    flat: bool = False
    versus: str = "all"


UNKNOWN_BOT_MS = 20.0
"""A bot without a measurement counts as a slow one, so a run of it goes to the pool rather
than blocking the page."""


@dataclass(frozen=True)
class Tuning:
    """A game's settings for the search bot and the Lab's cost model, with defaults."""

    search: Settings = field(default_factory=Settings)
    playouts_by_players: Mapping[int, int] = field(default_factory=dict)
    moves: tuple[float, float] = (60.0, 10.0)
    decision_ms: Mapping[str, tuple[float, float]] = field(default_factory=dict)
    step_vs_kuhn: float = 1.0

    def settings(self, players: int | None = None) -> Settings:
        """The search settings at ``players`` seats (the budget by player count, if any)."""
        if players in self.playouts_by_players:
            return replace(self.search, playouts=self.playouts_by_players[players])
        return self.search

    def game_moves(self, players: int) -> float:
        """Moves in a game at ``players`` seats (the Lab's estimate)."""
        return self.moves[0] + self.moves[1] * players

    def bot_ms(self, bot: str, players: int) -> float:
        """One decision of ``bot`` at ``players`` seats, in ms (unmeasured: ``UNKNOWN_BOT_MS``)."""
        a, b = self.decision_ms.get(bot, (UNKNOWN_BOT_MS, 0.0))
        return a + b * players


DEFAULT_TUNING = Tuning()


def tuning_of(game: object) -> Tuning:
    """The game module's ``TUNING``, or :data:`DEFAULT_TUNING` for a game that declares none."""
    return getattr(game, "TUNING", DEFAULT_TUNING)
