"""Seeded random games through the shared game loop: Fan & Mallet's own invariants after every move.

The generic checks (apply never mutates, saves, views, codec) are in tests/contract.
"""

from __future__ import annotations

import engine.fan_mallet as fm
from engine.core import play_game
from engine.fan_mallet.components import COLOUR_BIT, FOLLOWERS, HOUSE_BIT
from engine.fan_mallet.placement import target_of

GAMES = 200


def check(state):
    cards = [c for h in state.hands for c in h] + [c for d in state.decks for c in d]
    cards += [c for s in state.stacks for c in s]
    assert sorted(cards) == list(range(60)), "all 60 cards are accounted for, once each"
    assert state.hand_sizes == tuple(map(len, state.hands))
    assert state.deck_sizes == tuple(map(len, state.decks))
    for h, stack in enumerate(state.stacks):
        house = state.houses[h]
        colours = [FOLLOWERS[c].colour for c in stack]
        assert len(stack) <= 5 and len(set(colours)) == len(colours) and house.colour not in colours
        assert (state.owners[h] is not None) == (len(stack) == 5)
        mask = HOUSE_BIT[house]
        for c in stack:
            mask |= COLOUR_BIT[c]
        assert state.masks[h] == mask
    placed = [0, 0]
    for _, owner, n, _, _ in state.possessions:
        placed[owner] += n
    assert tuple(placed) == state.markers and sum(placed) <= 13 and max(placed) <= fm.MARKERS
    if state.winner is None:
        for c in state.hands[state.to_move]:
            assert target_of(state, c) is not None, "every card in hand has a house"


def test_random_games_keep_every_invariant_and_end_with_seven_markers():
    random_bot = fm.bots()["random"]
    lengths = []
    for seed in range(GAMES):
        played = play_game(
            fm, [random_bot, random_bot], seed, on_move=lambda before, action, after: check(after)
        )
        state = played.state
        out = fm.outcome(state)
        winner = fm.FACTIONS[out.winner]
        assert fm.markers(state)[winner] == 7 and fm.markers(state)[fm.FACTIONS[1 - out.winner]] < 7
        assert state.possessions[-1][1] == out.winner, "the last possession placed the 7th marker"
        lengths.append(len(played.actions))
    assert max(lengths) <= 60 and min(lengths) >= 25
