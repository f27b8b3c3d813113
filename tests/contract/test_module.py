"""The game module itself: it follows the protocol, describes itself, and refuses a new game
it cannot set up with a ``ValueError`` saying why."""

from __future__ import annotations

import pytest

from engine.core import Game, GameInfo, Termination, check_seed, new_seed
from engine.core.display import state_html
from engine.core.facts import Facts, facts_of
from engine.core.tuning import Tuning, tuning_of


def test_the_module_follows_the_protocol(game):
    assert isinstance(game, Game)
    assert game.__name__.rsplit(".", 1)[-1] == game.INFO.id


def test_info_describes_the_game(game):
    info = game.INFO
    assert isinstance(info, GameInfo)
    assert info.id.isidentifier() and info.title.strip() and info.blurb.strip()
    assert isinstance(info.players, range) and info.players.step == 1 and 1 <= info.players.start
    assert len(info.players) >= 1 and info.default_players in info.players
    assert isinstance(info.hidden_information, bool)
    names = [info.seat_name(seat) for seat in range(info.players[-1])]
    assert all(isinstance(n, str) and n.strip() for n in names) and len(set(names)) == len(names)
    assert isinstance(info.cooperative, bool)
    assert info.endings is not None and issubclass(info.endings, Termination) and len(info.endings) >= 1


def test_declarations_have_their_types_or_fall_back_to_the_defaults(game):
    assert isinstance(tuning_of(game), Tuning) and tuning_of(game).settings().playouts > 0
    declared = facts_of(game)
    if declared is not None:
        assert isinstance(declared, Facts) and callable(declared.measure)
        assert declared.team_win is None or declared.team_win in declared.labels


def test_states_and_views_say_whose_they_are_and_draw_themselves(game):
    state = game.new_game(3, game.INFO.default_players)
    assert getattr(state, "viewer", None) is None
    for seat in range(game.INFO.default_players):
        assert game.view(state, seat).viewer == seat
    assert state._repr_html_() == state_html(game.INFO.id, state)


def test_bots_are_named_and_include_random(game):
    bots = game.bots()
    assert isinstance(bots, dict) and "random" in bots
    assert all(isinstance(name, str) and callable(bot) for name, bot in bots.items())


def test_new_game_takes_every_player_count_and_any_63_bit_seed(game, players):
    for seed in (0, 1, 2**63 - 1, new_seed()):
        state = game.new_game(seed, players)
        assert game.current_player(state) is not None and not game.is_over(state)
    assert game.to_json(game.new_game(7, players)) == game.to_json(game.new_game(7, players))


def test_new_game_uses_the_default_player_count(game):
    default = game.new_game(3)
    assert game.to_json(default) == game.to_json(game.new_game(3, game.INFO.default_players))


def test_new_game_refuses_a_bad_player_count(game):
    players = game.INFO.players
    for bad in (players.start - 1, players.stop, 0, -2, 2.0, "2", True, None):
        with pytest.raises(ValueError):
            game.new_game(1, bad)


def test_new_game_refuses_an_unknown_setup_keyword(game):
    with pytest.raises(ValueError, match="no_such_option"):
        game.new_game(1, game.INFO.default_players, no_such_option=1)


@pytest.mark.parametrize("bad", [-1, 2**63, 1.5, "3", True, None])
def test_new_game_refuses_a_bad_seed(game, bad):
    with pytest.raises(ValueError):
        game.new_game(bad, game.INFO.default_players)


def test_new_seeds_use_all_63_bits():
    seeds = [new_seed() for _ in range(2000)]
    assert all(check_seed(s) == s for s in seeds)
    assert max(s.bit_length() for s in seeds) == 63
    assert len(set(seeds)) == len(seeds)
