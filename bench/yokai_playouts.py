"""Yokai random playouts through the public protocol, against a Kuhn poker step.

    .venv/bin/python bench/yokai_playouts.py --games 2000

A Yokai step is ``legal_actions`` + a random choice + ``apply`` (``engine.core.playout``) on
immutable states. The reference is OpenSpiel's Python Kuhn poker
(``open_spiel/python/games/kuhn_poker.py``, ``pyspiel.load_game("python_kuhn_poker")``): a
Kuhn step (a chance deal or a bet: the chance outcomes or legal actions, a random pick,
``apply_action``) is timed in the same run. When ``pyspiel`` does not import, the state logic
ported below line for line without pyspiel stands in (it skips the pyspiel machinery, so it
is several times faster than the real thing: ``pip install open_spiel`` for the real
reference; open_spiel is deliberately not a project requirement). Both use CPU time.
"""

from __future__ import annotations

import argparse
import enum
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine.yokai as yk  # noqa: E402
from engine.core import rng_for  # noqa: E402

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


def yokai_playouts(games: int, players: int) -> tuple[float, int, dict]:
    """CPU seconds, steps and steps by phase for ``games`` random Yokai games."""
    steps = 0
    by_phase: dict[str, list] = {}
    start = time.process_time()
    for seed in range(games):
        state = yk.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not yk.is_over(state):
            state = yk.apply(state, rng.choice(yk.legal_actions(state)))
            steps += 1
    seconds = time.process_time() - start
    # the same games again, timed by phase (a separate pass: timing every step costs time)
    for seed in range(min(games, 300)):
        state = yk.new_game(seed, players)
        rng = rng_for(seed, "playout")
        while not yk.is_over(state):
            step = yk.phase(state)
            t = time.process_time()
            state = yk.apply(state, rng.choice(yk.legal_actions(state)))
            by_phase.setdefault(step, []).append(time.process_time() - t)
    return seconds, steps, by_phase


def main() -> None:
    parser = argparse.ArgumentParser(description="Yokai random playouts vs a Kuhn poker step")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--kuhn-games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    game = openspiel_kuhn()
    k_seconds, k_steps = kuhn_playouts(args.kuhn_games, game)
    kuhn_step = k_seconds / k_steps
    y_seconds, y_steps, by_phase = yokai_playouts(args.games, args.players)
    yokai_step = y_seconds / y_steps
    if game is not None:
        print(
            'Reference: OpenSpiel\'s python Kuhn poker, the real one (pyspiel.load_game("python_kuhn_poker"))'
        )
    else:
        print(
            "Reference: pyspiel does not import, so OpenSpiel's python Kuhn poker state logic ported "
            "into this bench stands in: it skips the pyspiel machinery and runs several times faster "
            "than the real one (pip install open_spiel for the real reference)"
        )
    print(
        f"Kuhn poker: {args.kuhn_games:,} random games, {k_steps / k_seconds:,.0f} steps/s, {kuhn_step * 1e6:.2f} µs a step"
    )
    print(
        f"Yokai ({args.players} players): {args.games:,} random games in {y_seconds:.2f} s CPU: "
        f"{args.games / y_seconds:,.0f} playouts/s, {y_steps / args.games:.1f} steps a game, "
        f"{yokai_step * 1e6:.1f} µs a step = {yokai_step / kuhn_step:.1f}x a Kuhn step (target: 5x)"
    )
    for step, times in sorted(by_phase.items()):
        print(
            f"  {step:5} steps: {len(times):6} timed, {sum(times) / len(times) * 1e6:7.1f} µs each (legal_actions + apply)"
        )


if __name__ == "__main__":
    main()
