"""Saves: ``from_json(to_json(s))`` is the same game and plays on identically; the same seed
and actions give the same game in a fresh Python process (another hash seed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Game
from tests.property.draw import GAMES, SEEDS, budget, game_params, positions
from tests.property.replay import replay_case

ROOT = Path(__file__).resolve().parents[2]
HASH_SEEDS = st.integers(1, 2**32 - 1)


@pytest.mark.parametrize("game", game_params())
@budget(12)
@given(data=st.data())
def test_a_loaded_save_plays_on_identically(game: Game, data):
    position = data.draw(positions(game, max_moves=120), label="position")
    state = position.state
    text = game.to_json(state)
    loaded = game.from_json(text)
    assert loaded == state and game.to_json(loaded) == text
    more = data.draw(st.integers(0, 60), label="more moves")
    for move in range(more):
        legal = game.legal_actions(state)
        assert game.legal_actions(loaded) == legal
        assert game.current_player(loaded) == game.current_player(state)
        if not legal:
            break
        action = data.draw(st.sampled_from(legal), label=f"move {move}")
        state, loaded = game.apply(state, action), game.apply(loaded, action)
        assert game.to_json(loaded) == game.to_json(state), f"move {move} played differently"
        assert game.outcome(loaded) == game.outcome(state)


@st.composite
def cases(draw, game: Game) -> dict:
    """A game to replay: seed, players, choices of legal actions, maybe to the end."""
    return {
        "game": game.INFO.id,
        "seed": draw(SEEDS),
        "players": draw(st.sampled_from(list(game.INFO.players))),
        "choices": draw(st.lists(st.integers(0, 2**16), max_size=100)),
        "to_end": draw(st.booleans()),
    }


def this_hash_seed() -> int | None:
    value = os.environ.get("PYTHONHASHSEED", "random")
    return None if value == "random" else int(value)


@budget(2)
@given(batch=st.tuples(*(cases(g) for g in GAMES)), hash_seed=HASH_SEEDS)
def test_the_same_seed_and_actions_give_the_same_game_in_a_fresh_process(batch, hash_seed):
    """One fresh interpreter per example replays a case of every game."""
    if hash_seed == this_hash_seed():
        hash_seed += 1
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed), "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-m", "tests.property.replay"],
        input=json.dumps(batch),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
        check=False,
    )
    assert child.returncode == 0, child.stderr
    there = json.loads(child.stdout)
    assert there["hash"] != hash("tabletop dojo"), "the fresh process hashes strings as this one does"
    for case, theirs in zip(batch, there["games"], strict=True):
        assert theirs == replay_case(case), f"{case['game']} seed {case['seed']} differs in a fresh process"
