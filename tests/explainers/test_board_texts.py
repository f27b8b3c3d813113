"""Each board's text (for a screen reader) says whose turn it is, the position and the last
move, and says only what the seat may see: two worlds that look the same to the seat (two
determinizations of its view) give the very same text."""

from __future__ import annotations

import importlib
import inspect
import random

import pytest

import engine.fan_mallet as fm
from engine.core.registry import games
from explainers import fan_mallet_text
from tests.random_play import few_players


def text_of(game):
    """The game's ``explainers/<game>_text.board_text``, called with ``(view, seat)`` (a game
    whose text needs no seat takes the view alone)."""
    build = importlib.import_module(f"explainers.{game.INFO.id}_text").board_text
    if len(inspect.signature(build).parameters) == 1:
        return lambda view, seat: build(view)
    return build


def positions(game, seed: int, moves: int):
    """A seeded game's states, one every few moves, until it ends or ``moves`` are made."""
    state, rng = game.new_game(seed, few_players(game)), random.Random(seed)
    for k in range(moves):
        if game.is_over(state):
            break
        if k % 3 == 0:
            yield state
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    yield state


@pytest.mark.parametrize("game", games(), ids=lambda g: g.INFO.id)
def test_the_text_depends_only_on_what_the_seat_sees(game):
    build = text_of(game)
    for seed in range(4):
        for state in positions(game, seed, 150):
            for seat in range(few_players(game)):
                view = game.view(state, seat)
                text = build(view, seat)
                assert text.turn and text.rows and text.last_move, text
                for other in (1, 2):
                    world = game.determinize(view, 1000 * seed + other)
                    assert build(game.view(world, seat), seat) == text, (game.INFO.id, seed, seat)


def test_a_hidden_hand_shows_only_its_size():
    state = fm.new_game(3)
    white, black = (
        fan_mallet_text.board_text(fm.view(state, 0)),
        fan_mallet_text.board_text(fm.view(state, 1)),
    )
    assert "Black's hand: 6 hidden cards" in white.notes and "White's hand: 6 hidden cards" in black.notes
    assert white.notes[0] == fan_mallet_text.board_text(state).notes[0]  # your own hand, in full


def test_the_last_move_and_the_end_are_told():
    state, rng = fm.new_game(8), random.Random(8)
    while not fm.is_over(state):
        state = fm.apply(state, rng.choice(fm.legal_actions(state)))
    text = fan_mallet_text.board_text(fm.view(state, 0))
    assert text.turn.startswith("Game over: ") and text.turn.endswith(" wins.")
    assert text.last_move.endswith(f"went to house {fm.last_placed(state)[0]}.")
    assert any(row[2] != "none" for row in text.rows)  # a possessed house names its marker
