"""The reference step: OpenSpiel's Python Kuhn poker, timed in the same run as our games.

A Kuhn step is a chance deal or a bet (the chance outcomes or legal actions, a random pick,
``apply_action``), from ``open_spiel/python/games/kuhn_poker.py`` through
``pyspiel.load_game("python_kuhn_poker")``. When ``pyspiel`` does not import, the state
logic ported below line for line stands in (it skips the pyspiel machinery, so it is several
times faster than the real one: ``pip install open_spiel`` for the real reference; open_spiel
is deliberately not a project requirement). Times are CPU seconds.
"""

from __future__ import annotations

import enum
import random
import time

# --- OpenSpiel's python Kuhn poker state, ported without pyspiel ---------------------------

CHANCE = -1
TERMINAL = -4
_NUM_PLAYERS = 2
_DECK = frozenset([0, 1, 2])


class KuhnAction(enum.IntEnum):
    PASS = 0
    BET = 1


class KuhnPokerState:
    """OpenSpiel's ``KuhnPokerState`` (the base class's ``apply_action``, ``legal_actions``,
    ``is_chance_node`` and history are written out, as pyspiel provides them)."""

    def __init__(self):
        self.cards = []
        self.bets = []
        self.pot = [1.0, 1.0]
        self._game_over = False
        self._next_player = 0
        self._history = []

    def current_player(self):
        if self._game_over:
            return TERMINAL
        elif len(self.cards) < _NUM_PLAYERS:
            return CHANCE
        else:
            return self._next_player

    def is_chance_node(self):
        return self.current_player() == CHANCE

    def legal_chance_outcomes(self):
        return [o for o, _ in self.chance_outcomes()]

    def _legal_actions(self, player):
        if player == CHANCE:
            return self.legal_chance_outcomes()
        else:
            return [KuhnAction.PASS, KuhnAction.BET]

    def legal_actions(self):
        player = self.current_player()
        return [] if player == TERMINAL else self._legal_actions(player)

    def chance_outcomes(self):
        if not self.is_chance_node():
            raise ValueError("chance_outcomes called on a non-chance state.")
        outcomes = sorted(_DECK - set(self.cards))
        p = 1.0 / len(outcomes)
        return [(o, p) for o in outcomes]

    def apply_action(self, action):
        self._apply_action(action)
        self._history.append(action)

    def _apply_action(self, action):
        if self.is_chance_node():
            self.cards.append(action)
        else:
            self.bets.append(action)
            if action == KuhnAction.BET:
                self.pot[self._next_player] += 1
            self._next_player = 1 - self._next_player
            if (
                (min(self.pot) == 2)
                or (len(self.bets) == 2 and action == KuhnAction.PASS)
                or (len(self.bets) == 3)
            ):
                self._game_over = True

    def is_terminal(self):
        return self._game_over

    def returns(self):
        pot = self.pot
        winnings = float(min(pot))
        if not self._game_over:
            return [0.0, 0.0]
        elif pot[0] > pot[1]:
            return [winnings, -winnings]
        elif pot[0] < pot[1]:
            return [-winnings, winnings]
        elif self.cards[0] > self.cards[1]:
            return [winnings, -winnings]
        else:
            return [-winnings, winnings]


def openspiel_kuhn() -> object | None:
    """OpenSpiel's python Kuhn poker game, or None when open_spiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)
    except ImportError:
        return None
    return pyspiel.load_game("python_kuhn_poker")


def kuhn_playouts(games: int, game: object | None) -> tuple[float, int]:
    """CPU seconds and steps for ``games`` random Kuhn games (chance deals counted as steps),
    on OpenSpiel's ``game`` or, when None, on the port above."""
    new_state = game.new_initial_state if game is not None else KuhnPokerState
    rng = random.Random(0)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _probs = zip(*state.chance_outcomes(), strict=True)
                action = rng.choice(outcomes)
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        state.returns()
    return time.process_time() - start, steps


def kuhn_step(games: int = 50_000) -> tuple[float, bool]:
    """CPU seconds of one Kuhn step, and whether it is OpenSpiel's own (not the port)."""
    game = openspiel_kuhn()
    seconds, steps = kuhn_playouts(games, game)
    return seconds / steps, game is not None
