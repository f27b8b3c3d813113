"""The fast paths (apply/play, the packed totals) agree with the explaining
path (placement_preview, score_house) and with the engine core, over many seeded games."""

from __future__ import annotations

import pickle
import random
from dataclasses import fields, replace

import pytest

import engine.fan_mallet as fm
from engine.core import IllegalAction, rng_for
from engine.fan_mallet.components import COLOUR_BIT, FOLLOWERS, HOUSES, INHABIT, Follower, Inhabit
from engine.fan_mallet.scoring import totals_of

GAMES = 60


def explained_apply(state: fm.State, card: int) -> fm.State:
    """One move spelled out with the explaining functions: where the preview says, scored by
    score_house, the rulebook's markers, the top card drawn unless the game just ended."""
    seat = state.to_move
    target = fm.placement_preview(state, FOLLOWERS[card]).target
    stacks = list(state.stacks)
    stacks[target] += (card,)
    masks = list(state.masks)
    masks[target] |= COLOUR_BIT[card]
    pawns = list(state.pawns)
    pawns[seat] = target
    log = state.log + (card,)
    owners, markers = list(state.owners), list(state.markers)
    possessions, winner = state.possessions, None
    if len(stacks[target]) == 5:
        result = fm.score_house(state.houses[target], [FOLLOWERS[c] for c in stacks[target]])
        owner = fm.FACTIONS.index(result.winner)
        first = not possessions
        placed = min(2 if first else 1, fm.MARKERS - markers[owner])
        owners[target] = owner
        markers[owner] += placed
        possessions += ((target, owner, placed, first, len(log)),)
        winner = owner if markers[owner] == fm.MARKERS else None
    hands, decks = list(state.hands), list(state.decks)
    hand = [c for c in hands[seat] if c != card]
    if winner is None and decks[seat]:
        hand.append(decks[seat][0])
        decks[seat] = decks[seat][1:]
    hands[seat] = tuple(sorted(hand))
    return replace(
        state,
        stacks=tuple(stacks),
        masks=tuple(masks),
        owners=tuple(owners),
        hands=tuple(hands),
        decks=tuple(decks),
        hand_sizes=tuple(map(len, hands)),
        deck_sizes=tuple(map(len, decks)),
        pawns=tuple(pawns),
        markers=tuple(markers),
        to_move=1 - seat,
        possessions=possessions,
        log=log,
        winner=winner,
    )


def test_apply_agrees_with_the_explaining_path_over_seeded_games():
    for seed in range(GAMES):
        state = fm.new_game(seed)
        rng = rng_for(seed, "fast paths")
        while not fm.is_over(state):
            before = pickle.dumps(state)
            action = rng.choice(fm.legal_actions(state))
            after = fm.apply(state, action)
            assert pickle.loads(before) == state, "apply left its input alone"
            card = FOLLOWERS.index(action.follower)
            assert after == explained_apply(state, card)
            # an equal action built anew takes the checked path to the same state
            assert fm.apply(state, Inhabit(Follower(**vars(action.follower)))) == after
            assert fm.apply(state, action.follower) == after
            state = after
        assert fm.from_json(fm.to_json(state)) == state


def test_states_built_by_the_fast_path_are_ordinary_states():
    state = fm.new_game(8)
    for _ in range(20):
        state = fm.apply(state, fm.legal_actions(state)[-1])
    rebuilt = fm.State(**{f.name: getattr(state, f.name) for f in fields(fm.State)})
    assert rebuilt == state and hash(rebuilt) == hash(state) and repr(rebuilt) == repr(state)
    assert pickle.loads(pickle.dumps(state)) == state and replace(state) == state
    with pytest.raises(AttributeError):
        state.to_move = 1
    assert fm.apply(rebuilt, fm.legal_actions(rebuilt)[0]) == fm.apply(state, fm.legal_actions(state)[0])


def test_the_fast_path_refuses_what_the_checked_path_refuses():
    state = fm.new_game(3)
    other = fm.legal_actions(fm.apply(state, fm.legal_actions(state)[0]))[0]  # a black card
    with pytest.raises(IllegalAction, match="That card .* is not in White's hand"):
        fm.apply(state, other)
    with pytest.raises(ValueError, match="A view cannot be played on"):
        fm.apply(fm.view(state, 0), fm.legal_actions(state)[0])
    end = fm.new_game(3)
    while not fm.is_over(end):
        end = fm.apply(end, fm.legal_actions(end)[0])
    for action in (INHABIT[end.log[-1]], INHABIT[end.hands[end.to_move][0]], fm.last_move(end)):
        with pytest.raises(IllegalAction, match="The game is over"):
            fm.apply(end, action)


def test_packed_totals_agree_with_score_house_on_full_houses():
    rng = random.Random(11)
    for _ in range(3000):
        house = rng.choice(HOUSES)
        colours = rng.sample([c for c in fm.COLOURS if c != house.colour], 5)
        stack = [rng.choice([f for f in FOLLOWERS if f.colour == c]) for c in colours]
        result = fm.score_house(house, stack)
        ids = [FOLLOWERS.index(f) for f in stack]
        assert totals_of(ids) == (result.totals["white"], result.totals["black"])
        assert totals_of(ids, result.powers) == totals_of(ids)
