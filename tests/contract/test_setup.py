"""Set-up keywords survive saves and share links: every keyword ``new_game`` accepts has an
example in the game's ``SETUP_EXAMPLES``, and each example's game, saved (or sealed into a
share link, or put in a plain older link) and loaded at its start and in its middle, is the
same game and plays on identically."""

from __future__ import annotations

import copy
import re

import pytest

from engine.core import decode_link, encode_link, parse_save, play_game, rng_for
from tests.contract.harness import check_position, game_seed, seat_bots
from ui.kit.sealing import seal, unseal

KEY = bytes(range(64))  # any server key: sealing is checked, not the key


def setup_keywords(game) -> set[str]:
    """The keywords ``new_game`` accepts, as its refusal of an unknown one lists them
    (``GameInfo.check_setup``: "… (it has: houses, decks)")."""
    with pytest.raises(ValueError) as refused:
        game.new_game(1, game.INFO.default_players, no_such_option=1)
    listed = re.search(r"\(it has: ([^)]*)\)", str(refused.value))
    assert listed, f"{game.INFO.id}: new_game's refusal does not list its set-up keywords: {refused.value}"
    return {k.strip() for k in listed.group(1).split(",")} - {"none"}


def examples(game) -> tuple:
    found = getattr(game, "SETUP_EXAMPLES", None)
    assert isinstance(found, tuple), (
        f"{game.INFO.id} declares no SETUP_EXAMPLES (see engine/core/protocol.py)"
    )
    return found


def test_every_setup_keyword_has_an_example(game):
    used = set()
    for players, setup in examples(game):
        assert players in game.INFO.players and isinstance(setup, dict) and setup
        used |= set(setup)
    assert used == setup_keywords(game), "SETUP_EXAMPLES use exactly the keywords new_game accepts"


def _moves(game, state, count: int, seed: int):
    rng = rng_for(seed, "setup moves")
    for _ in range(count):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


def _same_game(game, state, loaded, players: int, seed: int, how: str) -> None:
    assert game.to_json(loaded) == game.to_json(state), f"{how} changed the save"
    assert loaded == state, f"{how} gave another game"
    check_position(game, loaded, players)
    bots = seat_bots(game, players, seed)
    on, on_loaded = (play_game(game, bots, seed, state=s) for s in (state, loaded))
    assert on_loaded.actions == on.actions, f"the game from {how} plays on differently"
    assert game.to_json(on_loaded.state) == game.to_json(on.state)


def test_setup_examples_survive_saves_and_links_and_play_on_identically(game):
    for n, (players, setup) in enumerate(examples(game)):
        seed = game_seed("setup", game.INFO.id, n)
        start = game.new_game(seed, players, **copy.deepcopy(setup))
        assert start != game.new_game(seed, players), f"example {n} ({sorted(setup)}) changes nothing"
        for moves in (0, 7):
            state = _moves(game, start, moves, seed)
            text = game.to_json(state)
            kept = parse_save(text).setup
            assert set(setup) <= set(kept), f"example {n}: the save dropped {sorted(set(setup) - set(kept))}"
            _same_game(game, state, game.from_json(text), players, seed, f"the save of example {n}")
            seats = ("human",) * players
            assert unseal(seal(text, seats, KEY), KEY) == (text, seats)
            loaded = game.from_json(unseal(seal(text, seats, KEY), KEY)[0])
            _same_game(game, state, loaded, players, seed, f"the sealed link of example {n}")
            assert decode_link(encode_link(text)) == text  # an older plain link
