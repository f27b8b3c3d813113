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


def quick_seats(game, players: int) -> tuple[str, ...]:
    """Quick bots for every seat: the rule-of-thumb bot (a cooperative game's team bot: its
    last) and the random bot in turn."""
    bots = list(game.bots())
    thumb = bots[-1] if game.INFO.cooperative else bots[min(1, len(bots) - 1)]
    return tuple(thumb if seat % 2 == 0 else bots[0] for seat in range(players))


def few_players(game) -> int:
    """Up to three players: the most a quick test needs to meet every seat rule."""
    return min(3, game.INFO.players.stop - 1)
