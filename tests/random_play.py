"""Random games for tests: seeded, so a failure replays."""

from __future__ import annotations


def random_moves(game, state, rng, moves: int):
    """``state`` after up to ``moves`` legal moves of ``game`` drawn by ``rng`` (fewer when the
    game ends first)."""
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state
