"""The shared benchmarks take their games from the registry and what differs per game from the
game's own declarations (issue #19), so a new game is benchmarked with no edit there."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bench import coach_agreement, db_calls, lab_pool, opcodes, search_strength, step_kinds, steps
from engine.core.coach import SAMPLES, Coaching
from engine.core.registry import game as game_of
from engine.core.registry import games
from engine.core.tuning import DEFAULT_TUNING, tuning_of
from storage.class_games import offers

GAMES = games()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.INFO.id)
def test_each_game_has_a_speed_target_and_a_rule_of_thumb_bot(game):
    assert tuning_of(game).step_vs_kuhn >= 1.0
    assert search_strength.greedy_of(game) in game.bots()
    assert coach_agreement.seats(game) in game.INFO.players


def test_a_game_that_declares_no_speed_target_is_held_to_one_kuhn_step():
    assert DEFAULT_TUNING.step_vs_kuhn == 1.0
    assert tuning_of(object()).step_vs_kuhn == 1.0


def test_the_default_line_ups_seat_every_game_at_counts_it_allows():
    seen: dict[str, list[int]] = {}
    for lineup in search_strength.lineups():
        game_id, players = lineup.split(":")
        seen.setdefault(game_id, []).append(int(players))
    assert list(seen) == [g.INFO.id for g in GAMES]
    for game in GAMES:
        counts = seen[game.INFO.id]
        assert set(counts) <= set(game.INFO.players)
        one = game.INFO.cooperative or game.INFO.default_players == 1
        assert counts == ([game.INFO.default_players] if one else list(game.INFO.players))


def test_the_coach_judge_is_cut_by_the_game_s_first_worlds():
    half = SimpleNamespace(COACHING=Coaching(samples=SAMPLES // 2))
    full = SimpleNamespace(COACHING=Coaching())
    assert [coach_agreement.share(n, half) for n in (128, 4, 1)] == [64, 2, 1]
    assert [coach_agreement.share(n, full) for n in (128, 4, 1)] == [128, 4, 1]


def test_the_timed_tables_are_games_that_have_them():
    assert 2 in db_calls.table_game().INFO.players
    assert offers(db_calls.class_game().INFO.id)
    plans = lab_pool.default_plans()
    game = game_of(plans[0][0])
    assert 2 in game.INFO.players and {g for g, _, _ in plans} == {game.INFO.id}
    assert [bot for _, bot, _ in plans] == list(game.bots())  # weakest first, as the game lists them


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.INFO.id)
def test_step_kinds_splits_every_move_of_the_games_it_plays(game):
    found = step_kinds.kinds(game, 2)
    played = steps.playouts(game, 2)
    assert sum(k.count for k in found) == played > 0
    assert all(k.seconds > 0 for k in found)
    assert len({k.name for k in found}) == len(found)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.INFO.id)
def test_opcodes_are_counted_over_every_step_the_games_play(game):
    found, played = opcodes.opcodes_per_step(game.INFO.id, 2)
    assert played == steps.playouts(game, 2) > 0
    assert any(function == "apply" for _, function, _ in found)
    assert sum(found.values()) > played  # (every step runs Python: more than one opcode each)
