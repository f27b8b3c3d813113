"""Hidden information: a view shows a seat only what it may know, determinize fills the rest
in any way consistent with it, and bots decide from views alone.

The check behind all three: change what a seat cannot see (``determinize`` its view with
another seed) and nothing the seat sees, nor any bot's choice for it, may change.
"""

from __future__ import annotations

import pytest

from engine.core import bot_decision
from tests.contract.harness import (
    EXPENSIVE_BOT_S,
    assert_unchanged,
    bot_seconds,
    bot_table,
    check_position,
    game_seed,
    sample_positions,
    snapshot,
    trajectory,
)

OTHER_SEEDS = 3


def test_views_hide_only_what_the_seat_cannot_see(game, players):
    hides = dict.fromkeys(range(players), False)  # seat -> its view missed something others see
    for t, i in sample_positions(game, players):
        state = t.states[i]
        snap = snapshot(game, state, deep=True)
        views = [game.view(state, seat) for seat in range(players)]
        for seat, seen in enumerate(views):
            if hasattr(seen, "seed"):
                assert seen.seed is None, "a view holds no seed"
            for k in range(OTHER_SEEDS):
                alt = game.determinize(seen, game_seed("other", i, seat, k))
                assert game.view(alt, seat) == seen, (
                    f"{game.INFO.id} seed {t.seed} move {i}: what seat {seat} sees changed with hidden parts"
                )
                assert game.current_player(alt) == game.current_player(state)
                assert game.is_over(alt) == game.is_over(state)
                hides[seat] = hides[seat] or any(
                    game.view(alt, other) != views[other] for other in range(players) if other != seat
                )
        assert_unchanged(game, state, snap, "view or determinize")
    if game.INFO.hidden_information and players > 1:
        leaky = [seat for seat, hid in hides.items() if not hid]
        assert not leaky, (
            f"{game.INFO.id}: the view of seat(s) {leaky} shows everything the other seats know "
            "(or determinize resamples nothing), though INFO.hidden_information is True"
        )


def test_a_determinized_view_is_playable_by_the_seat_to_move(game, players):
    for t, i in sample_positions(game, players):
        state = t.states[i]
        seat = game.current_player(state)
        if seat is None:
            continue
        seen = game.view(state, seat)
        legal = game.legal_actions(state)
        assert game.legal_actions(seen) == legal, "the seat to move knows its legal actions"
        for k in range(OTHER_SEEDS):
            alt = game.determinize(seen, game_seed("playable", i, k))
            check_position(game, alt, players)
            assert game.legal_actions(alt) == legal
            for action in legal:
                game.apply(alt, action)


def test_views_refuse_a_seat_not_in_the_game(game, players):
    state = game.new_game(1, players)
    for seat in (-1, players):
        with pytest.raises(ValueError):
            game.view(state, seat)


def _positions_for(game, players, name):
    """Sampled positions with a decision to make; one only, three quarters into a game (short
    look-aheads), for a bot slower than ``EXPENSIVE_BOT_S`` per decision."""
    if bot_seconds(game, name) > EXPENSIVE_BOT_S:
        t = trajectory(game, players, 0)
        return [(t, min(3 * len(t.actions) // 4, len(t.actions) - 1))]
    return [(t, i) for t, i in sample_positions(game, players) if not game.is_over(t.states[i])]


def test_bots_decide_from_the_view_only(game, players):
    for name, bot in bot_table(game).items():
        for t, i in _positions_for(game, players, name):
            state = t.states[i]
            seat = game.current_player(state)
            alt = game.determinize(game.view(state, seat), game_seed("bot", name, i))
            chosen = bot_decision(game, state, bot, t.seed, i)
            assert chosen in game.legal_actions(state), f"bot {name!r} chose {chosen!r}, not legal"
            assert bot_decision(game, alt, bot, t.seed, i) == chosen, (
                f"bot {name!r} of {game.INFO.id} (seed {t.seed}, move {i}) changed its choice when "
                "only hidden information changed: it reads more than its view"
            )
