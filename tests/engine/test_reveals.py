"""engine.core.reveals: a move shows something hidden when some seat, playing it on any state it
thought possible, could have seen something else. Undo at a shared table stops at such moves."""

from __future__ import annotations

import random

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai as yk
from engine.core.registry import games
from engine.core.reveals import reveals


def test_a_choice_between_rolls_shows_nothing_and_the_one_that_rolls_shows_the_dice():
    state, shown = tm.new_game(7, 3), []
    for _ in range(6):  # three players each take a die and circle it: the last circle rolls
        action = tm.legal_actions(state)[0]
        shown.append(reveals(tm, state, action, 3))
        state = tm.apply(state, action)
    assert shown == [False] * 5 + [True]


def test_a_card_played_from_a_hidden_hand_and_a_peek_show_something():
    state = fm.new_game(7, 2)
    assert reveals(fm, state, fm.legal_actions(state)[0], 2)
    state = yk.new_game(7, 2)
    peeks = [a for a in yk.legal_actions(state) if type(a).__name__ == "Peek"]
    assert peeks and reveals(yk, state, peeks[0], 2)


@pytest.mark.parametrize("game", games(), ids=lambda g: g.INFO.id)
def test_a_move_said_to_show_nothing_leaves_every_view_as_any_guess_would(game):
    """Checked with guesses the function did not try itself."""
    players = (
        game.INFO.default_players if game.INFO.default_players > 1 else min(2, game.INFO.players.stop - 1)
    )
    rng, state = random.Random(3), game.new_game(11, players)
    for _ in range(40):
        if game.is_over(state):
            break
        action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        if not reveals(game, state, action, players):
            for seat in range(players):
                for seed in (101, 202, 303):
                    guess = game.determinize(game.view(state, seat), seed)
                    assert game.view(game.apply(guess, action), seat) == game.view(after, seat)
        state = after
