"""Teaching facts of hand-checked seeded games (each number below was read off the game's own
explanation: the possessed houses' stacks, the Tanuki log lines, the Yokai Carnival turn steps
and the Yokai score steps)."""

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai as yk
import engine.yokai_carnival as yc
from engine.core import play_game
from engine.core.registry import games
from lab.facts import fact_labels, fact_ratios, facts
from lab.plan import Plan, game_seed
from lab.record import play_one


def played(engine, bots, seed, players=None, setup=None):
    table = engine.bots()
    return play_game(engine, [table[name] for name in bots], seed, players=players, setup=setup)


OLD_DICE = {"legacy_dice": True}  # Tanuki games read off with the seeded dice of version-1 saves


def nonzero(found):
    return {key: value for key, value in found.items() if value}


def test_fan_mallet_kid_ghosts_in_possessed_houses():
    # Greedy White vs random Black, seed 3: 11 houses possessed, none tied. The kid ghosts:
    # mortar +2 (odd 3 and 3 besides it) twice; mirror +4 (1 below, 3 above; 2 and 2); bucket
    # +4 (only 3s present; only 2s present); umbrella +2 (purple 2 below); cauldron +4 for Black
    # alone on the blue house, no bonus for White with 3 followers on the yellow one; the two
    # hatchets never alternate.
    found = facts("fan_mallet", played(fm, ("greedy", "random"), 3))
    assert nonzero(found) == {
        "possessions": 11,
        "umbrella_scored": 1,
        "umbrella_triggered": 1,
        "umbrella_bonus": 2,
        "bucket_scored": 2,
        "bucket_triggered": 2,
        "bucket_bonus": 8,
        "mirror_scored": 2,
        "mirror_triggered": 2,
        "mirror_bonus": 8,
        "mortar_scored": 2,
        "mortar_triggered": 2,
        "mortar_bonus": 4,
        "cauldron_scored": 2,
        "cauldron_triggered": 1,
        "cauldron_bonus": 4,
        "hatchet_scored": 2,
    }
    assert list(found) == list(fact_labels("fan_mallet"))


def test_fan_mallet_ties_decided_by_the_house():
    # Seed 1: the black yellow house 6 = 6 goes to Black, the white yellow house 6 = 6 to White.
    found = facts("fan_mallet", played(fm, ("greedy", "random"), 1))
    assert (found["possessions"], found["house_ties"]) == (12, 2)


def test_tanuki_matsuri_lost_effects_and_end_condition():
    # Solo random, seed 1, turn 27: "flower 9 of 10 → fruit bonus (strawberry) lost (no
    # strawberry left to circle)"; turn 28 circles the last flower.
    found = facts("tanuki_matsuri", played(tm, ("random",), 1, players=1, setup=OLD_DICE))
    assert found == {
        "effects_lost": 1,
        "effects_lost_per_player": 1,
        "end_last_torii": 0,
        "end_last_flower": 1,
        "end_last_torii_and_flower": 0,
    }
    # Three random players, seed 3: one banana bonus lost; "Player 2 circled the last flower,
    # Player 1 circled the last torii" in the same turn.
    found = facts("tanuki_matsuri", played(tm, ("random",) * 3, 3, players=3, setup=OLD_DICE))
    assert found["effects_lost"] == 1 and found["effects_lost_per_player"] == pytest.approx(1 / 3)
    assert (
        found["end_last_torii_and_flower"] == 1 and found["end_last_torii"] == found["end_last_flower"] == 0
    )


def test_yokai_carnival_strikes_and_general_summons():
    # Greedy vs random, seed 2: Player 2 Strikes with three Nopperabō, Player 1 with Kitsune and
    # two Tengu (check 1) and with Yuki-onna and two Nopperabō (check 2); Generals summoned:
    # Yamata-no-Orochi, Shuten-dōji, Nurarihyon, and Tamamo-no-Mae, the last one "the only
    # option, taken by the rules" (no action for it).
    game = played(yc, ("greedy", "random"), 2, players=2)
    assert facts("yokai_carnival", game) == {"strikes": 3, "general_summons": 4}
    assert sum(isinstance(action, yc.ChooseGeneral) for action in game.actions) == 3


def _from_turn_steps(engine, bots, seed, players):
    """Strikes and General Summons counted from ``last_turn`` (the turn explanation the page
    shows), watched move by move: an independent route to the same numbers."""
    seen = []

    def watch(before, action, after):
        seen.append(tuple((step.kind, step.label, step.reason) for step in engine.last_turn(after)))

    table = engine.bots()
    play_game(engine, [table[name] for name in bots], seed, players=players, on_move=watch)
    counts = {"strikes": 0, "general_summons": 0}
    for index, steps in enumerate(seen):
        following = seen[index + 1] if index + 1 < len(seen) else ()
        if following[: len(steps)] != steps:  # the turn is complete: the next list moved on
            counts["strikes"] += sum(label == "Strike" for _, label, _ in steps)
            counts["general_summons"] += sum(label == "General Summon" for _, label, _ in steps)
    return counts


@pytest.mark.parametrize("seed", range(4))
def test_yokai_carnival_facts_agree_with_the_turn_explanations(seed):
    bots = ("greedy", "random", "random")
    game = played(yc, bots, seed, players=3)
    assert facts("yokai_carnival", game) == _from_turn_steps(yc, bots, seed, 3)


def test_yokai_hints_and_tier():
    # Two partners, seed 2: won with 7 hints placed, all right: 7 points, an Honourable victory.
    assert facts("yokai", played(yk, ("partner", "partner"), 2)) == {
        "won": 1,
        "declared": 0,
        "hints_placed": 7,
        "hints_revealed_unplaced": 0,
        "hints_never_revealed": 0,
        "tier_honourable": 1,
        "tier_glorious": 0,
        "tier_legendary": 0,
    }
    # Seed 0: every hint placed, but the Kitsune are split: lost, no tier.
    found = facts("yokai", played(yk, ("partner", "partner"), 0))
    assert (found["won"], found["hints_placed"], found["tier_honourable"]) == (0, 7, 0)


def test_every_ratio_names_facts_of_its_game():
    for game in games():
        for _, top, bottom, unit in fact_ratios(game.INFO.id):
            assert {top, bottom} <= set(fact_labels(game.INFO.id)) and unit in {"share", "points"}


def _seats(game) -> tuple[str, ...]:
    """The game's two easiest bots in turn, at up to 3 seats (a stronger bot records the same
    way and searches for seconds a game; tests/contract checks every bot decides from its view)."""
    names = list(game.bots())[:2]
    players = min(3, max(game.INFO.players))
    return tuple(names[seat % len(names)] for seat in range(players))


@pytest.mark.parametrize("engine", games(), ids=lambda game: game.INFO.id)
def test_a_record_is_the_game_of_its_seed(engine):
    game_id, seats = engine.INFO.id, _seats(engine)
    plan = Plan(game_id, len(seats), seats, 5, 11)
    record = play_one(plan, 4)
    game = played(engine, seats, game_seed(plan, 4), players=len(seats))
    outcome = engine.outcome(game.state)
    assert (record.index, record.seed) == (4, game_seed(plan, 4))
    assert (record.winner, record.ranking) == (outcome.winner, outcome.ranking)
    assert record.moves == len(game.actions)
    assert record.scores == tuple(float(score) for score in outcome.scores)
    assert record.termination == outcome.termination.name
    assert record.facts == tuple(facts(game_id, game).items())
    assert [key for key, _ in record.facts] == list(fact_labels(game_id))
