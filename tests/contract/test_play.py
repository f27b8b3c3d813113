"""Playing a game through the protocol: seeded random games, refused actions, saves, tokens.

``DOJO_SOAK=1`` adds the soak: 5,000 seeded games per game and player count (CI runs it).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

import pytest

from engine.core import BadSave, IllegalAction, decode_link, encode_link, play_game
from tests.contract.harness import (
    GAMES,
    SOAK,
    assert_unchanged,
    check_position,
    game_seed,
    play_checked,
    sample_positions,
    seat_bots,
    snapshot,
    trajectory,
)

GAMES_PER_RUN = 12
SOAK_GAMES = 5000
SOAK_CHUNKS = 10  # tests per game and player count, so two workers share the load evenly
SOAK_THOROUGH_EVERY = 25  # one soak game in 25 gets the costly checks


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(SOAK_CHUNKS if SOAK else 1))
def test_seeded_random_games_end_and_keep_the_invariants(game, players, chunk):
    """12 games per game and player count, every check on every move; with ``DOJO_SOAK=1``
    5,000 (in chunks, so two workers share them), the costly checks on one game in 25."""
    size = SOAK_GAMES // SOAK_CHUNKS if SOAK else GAMES_PER_RUN
    lengths = []
    for i in range(chunk * size, (chunk + 1) * size):
        seed = game_seed("soak" if SOAK else "games", game.INFO.id, players, i)
        thorough = not SOAK or i % SOAK_THOROUGH_EVERY == 0
        lengths.append(len(play_checked(game, players, seed, thorough=thorough).actions))
    assert min(lengths) > 0


@dataclass(frozen=True)
class Alien:
    """A move of no game at all."""

    n: int = 1


def _junk(game, state) -> list:
    others = [g.legal_actions(g.new_game(1))[0] for g in GAMES if g is not game]
    legal = game.legal_actions(state)
    tokens = [game.encode_action(a) for a in legal[:1]]  # a token is not an action
    return [None, 3.5, "x", True, 0, [1], {}, Alien(), *others, *tokens]


def _refused(game, state, action, why: str) -> None:
    snap = snapshot(game, state, deep=True)
    with pytest.raises(IllegalAction):
        game.apply(state, action)
    assert_unchanged(game, state, snap, f"refusing {why} {action!r}")


def test_junk_actions_are_refused_and_change_nothing(game, players):
    for t, i in sample_positions(game, players):
        state = t.states[i]
        for junk in _junk(game, state):
            _refused(game, state, junk, "the junk")


def test_stale_actions_are_refused_and_change_nothing(game, players):
    for t, i in sample_positions(game, players):
        state = t.states[i]
        legal = set(game.legal_actions(state))
        earlier = {a for s in t.states[:i] for a in game.legal_actions(s)}
        for stale in sorted(earlier - legal, key=repr):
            _refused(game, state, stale, "the no-longer-legal")


def test_no_action_is_accepted_once_the_game_is_over(game, players):
    t = trajectory(game, players, 0)
    end = t.states[-1]
    assert game.is_over(end) and game.legal_actions(end) == []
    every = {a for s in t.states for a in game.legal_actions(s)}
    for action in sorted(every, key=repr):
        _refused(game, end, action, "after the end")


def test_saves_and_links_round_trip_and_play_on_identically(game, players):
    for t, i in sample_positions(game, players, count=4):
        state = t.states[i]
        text = game.to_json(state)
        loaded = game.from_json(text)
        assert game.to_json(loaded) == text
        assert loaded == state, "a loaded game equals the one saved"
        assert decode_link(encode_link(text)) == text
        check_position(game, loaded, players)
        bots = seat_bots(game, players, t.seed + i)
        on = play_game(game, bots, t.seed + i, state=state)
        on_loaded = play_game(game, bots, t.seed + i, state=loaded)
        assert on_loaded.actions == on.actions, "a loaded game plays on as the original"
        assert game.to_json(on_loaded.state) == game.to_json(on.state)


def test_a_view_cannot_be_saved(game, players):
    for t, i in sample_positions(game, players, count=3):
        for seat in range(players):
            with pytest.raises(ValueError):
                game.to_json(game.view(t.states[i], seat))


def test_broken_saves_raise_bad_save(game):
    text = game.to_json(trajectory(game, game.INFO.default_players, 0).states[-1])
    for bad in ("", "{", "[]", text[:-1], text.replace('"actions":[', '"actions":[12345,', 1)):
        with pytest.raises(BadSave):
            game.from_json(bad)


def test_junk_tokens_are_refused(game):
    t = trajectory(game, game.INFO.default_players, 0)
    token = game.encode_action(t.actions[0])
    junk = [
        "",
        " ",
        "?",
        "\x00",
        "not a move",
        "a" * 1000,
        token + " ",
        " " + token,
        token + "&",
        token + "#",
    ]
    junk += [str(t.actions[0]), None, 3, 3.5, True, b"t1", [token], copy.copy(t.actions[0])]
    for bad in junk:
        with pytest.raises(IllegalAction):
            game.decode_action(bad)
