"""Plans: every bad field named in one message, stable keys, per-game seeds from the plan alone."""

import pytest

from engine.core.registry import games
from lab.plan import MAX_GAMES, Plan, bot_names, game_seed


def test_a_good_plan_checks_quietly():
    Plan("yokai_carnival", 3, ("greedy", "random", "lookahead"), 10, 0).check()
    Plan("tanuki_matsuri", 1, ("hint",), MAX_GAMES, 2**63 - 1).check()


@pytest.mark.parametrize(
    ("plan", "message"),
    [
        (
            Plan("fan_mallet", 3, ("random",) * 3, 10, 1),
            "players: Fan & Mallet takes 2 players, not 3",
        ),
        (
            Plan("tanuki_matsuri", 11, ("random",) * 11, 10, 1),
            "players: Tanuki Matsuri takes 1 to 10 players, not 11",
        ),
        (
            Plan("yokai", 2, ("partner",), 10, 1),
            "seats: 2 players need 2 bots, not 1",
        ),
        (
            Plan("yokai", 2, ("partner", "greedy"), 10, 1),
            "seats: Yokai has no bot 'greedy'; its bots are: random, partner, search",
        ),
        (
            Plan("yokai", 2, ("random", "random"), MAX_GAMES + 1, 1),
            "games: a run plays 1 to 20,000 games, not 20001",
        ),
        (
            Plan("yokai", 2, ("random", "random"), 5, -1),
            "seed: a seed is a whole number from 0 to 9223372036854775807, not -1",
        ),
    ],
)
def test_check_names_the_bad_field(plan, message):
    with pytest.raises(ValueError) as error:
        plan.check()
    assert str(error.value) == message


def test_an_unknown_game_is_named_with_every_registered_game():
    with pytest.raises(ValueError) as error:
        Plan("go", 2, ("random", "random"), 10, 1).check()
    assert str(error.value) == "game: no game 'go'; the games are: " + ", ".join(g.INFO.id for g in games())


def test_check_names_every_bad_field_at_once():
    plan = Plan("fan_mallet", 2, ("random", "wizard"), 0, True)
    with pytest.raises(ValueError) as error:
        plan.check()
    assert str(error.value).split("; ")[0].startswith("seats: Fan & Mallet has no bot 'wizard'")
    assert [problem.split(":")[0] for problem in plan.problems()] == ["seats", "games", "seed"]


def test_bot_names_weakest_first():
    assert bot_names("fan_mallet")[:3] == ["random", "greedy", "lookahead"]
    assert bot_names("tanuki_matsuri")[:3] == ["random", "greedy", "hint"]


@pytest.mark.parametrize("game", games(), ids=lambda game: game.INFO.id)
def test_every_game_offers_the_generic_search_bot_last(game):
    assert bot_names(game.INFO.id) == [*game.bots(), "search"]


def test_key_is_stable_and_covers_every_field():
    plan = Plan("fan_mallet", 2, ("greedy", "random"), 100, 7)
    # sha256 of '{"game":"fan_mallet","games":100,"players":2,"seats":["greedy","random"],"seed":7}'
    assert plan.key() == "d88a9fafde359cb4b64ad5b9eb2f07c10979f91889e4dbc818e233b83ff952b9"
    others = [
        Plan("fan_mallet", 2, ("random", "greedy"), 100, 7),
        Plan("fan_mallet", 2, ("greedy", "random"), 101, 7),
        Plan("fan_mallet", 2, ("greedy", "random"), 100, 8),
    ]
    assert len({plan.key(), *(other.key() for other in others)}) == 4


def test_game_seeds_come_from_the_plan_and_the_index():
    plan = Plan("yokai", 2, ("random", "random"), 50, 7)
    seeds = [game_seed(plan, index) for index in range(50)]
    assert len(set(seeds)) == 50
    assert all(0 <= seed < 2**63 for seed in seeds)
    # the number of games does not move a game's seed; the run's seed and the game do
    assert game_seed(Plan("yokai", 2, ("partner", "random"), 9, 7), 3) == seeds[3]
    assert game_seed(Plan("yokai", 2, ("random", "random"), 50, 8), 3) != seeds[3]
    assert game_seed(Plan("fan_mallet", 2, ("random", "random"), 50, 7), 3) != seeds[3]


def test_seats_from_a_list_become_a_tuple():
    plan = Plan("yokai", 2, ["random", "partner"], 5, 1)
    assert plan.seats == ("random", "partner") and plan == Plan("yokai", 2, ("random", "partner"), 5, 1)
    assert hash(plan) == hash(Plan("yokai", 2, ("random", "partner"), 5, 1))
