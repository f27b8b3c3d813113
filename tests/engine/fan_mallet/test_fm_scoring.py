"""Scoring: the rulebook's possession and kid ghost examples, every ability's bonus and no bonus."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.fan_mallet import COLOURS, Follower, House, parse_follower, score_house
from engine.fan_mallet.components import FOLLOWER_ID
from engine.fan_mallet.scoring import final_powers

KID_EXAMPLES = {
    "umbrella": ("b:blue", ["b:green:4", "w:red:kid"]),
    "bucket": ("w:yellow", ["w:red:2", "b:green:3", "w:blue:kid"]),
    "mirror": ("b:brown", ["w:red:1", "b:green:kid", "w:blue:2", "b:yellow:3", "w:purple:4"]),
    "mortar": ("w:purple", ["w:red:1", "b:blue:kid", "w:brown:1", "b:green:3", "w:yellow:kid"]),
    "cauldron": ("w:brown", ["w:red:4", "b:green:1", "w:purple:kid", "b:blue:2", "b:yellow:3"]),
    "hatchet": ("b:purple", ["w:red:1", "b:green:2", "w:brown:kid", "b:blue:3", "w:yellow:4"]),
}


def power_of(result, ability):
    index = next(i for i, f in enumerate(result.stack) if f.ability == ability)
    return result.powers[index]


def test_possession_example_1_black_possesses():
    r = score_house(
        House(colour="red", faction="white"),
        ["w:blue:2", "b:yellow:3", "w:green:4", "b:purple:1", "b:brown:4"],
    )
    assert r.totals == {"white": 6, "black": 8}
    assert r.winner == "black" and not r.tie_broken_by_house
    assert r.powers == (2, 3, 4, 1, 4)


def test_possession_example_2_tie_goes_to_house_faction():
    r = score_house(
        House(colour="blue", faction="white"),
        ["w:red:4", "b:green:2", "w:yellow:3", "b:purple:1", "b:brown:4"],
    )
    assert r.totals == {"white": 7, "black": 7}
    assert r.winner == "white" and r.tie_broken_by_house
    tie = [s for s in r.steps if s.kind == "winner"][0]
    assert "tie" in tie.reason and tie.rule == "Possession" and tie.subject == "white"
    # the same stack on a black house goes to black
    assert score_house("b:blue", [f.code for f in r.stack]).winner == "black"


@pytest.mark.parametrize("ability", sorted(KID_EXAMPLES))
def test_each_kid_ghost_example_gives_power_5(ability):
    house, stack = KID_EXAMPLES[ability]
    r = score_house(house, stack)
    assert power_of(r, ability) == 5
    index = next(i for i, f in enumerate(r.stack) if f.ability == ability)
    bonus = [s for s in r.steps if s.kind == "bonus" and s.subject == index]
    assert len(bonus) == 1
    assert bonus[0].value == 4 and bonus[0].rule == f"Kid ghost: {ability}"


@pytest.mark.parametrize(
    ("house", "stack", "ability", "power"),
    [
        # umbrella: + spirit below; none at the bottom or above a kid ghost
        ("b:blue", ["b:green:2", "w:red:kid"], "umbrella", 3),
        ("b:blue", ["w:red:kid", "b:green:4"], "umbrella", 1),
        ("b:blue", ["b:green:kid", "w:red:kid"], "umbrella", 1),
        # bucket: highest missing of 1..4; none when all present
        ("w:yellow", ["w:red:4", "b:green:3", "w:blue:kid"], "bucket", 3),
        ("w:yellow", ["w:red:4", "b:green:3", "b:brown:2", "w:purple:1", "w:blue:kid"], "bucket", 1),
        ("w:yellow", ["w:blue:kid"], "bucket", 5),
        # mirror: runs below and above, stopped by kid ghosts or the end
        ("b:brown", ["w:red:kid", "b:green:kid", "w:blue:2"], "mirror", 2),
        ("b:brown", ["w:red:kid", "b:green:kid", "w:blue:kid"], "mirror", 1),
        ("b:brown", ["w:red:1", "w:blue:2", "b:green:kid"], "mirror", 3),
        # cauldron: own faction (itself included) 2 or fewer
        ("w:brown", ["w:red:4", "w:green:1", "w:purple:kid"], "cauldron", 1),
        ("w:brown", ["b:red:4", "b:green:1", "w:purple:kid", "b:blue:1"], "cauldron", 5),
        # hatchet: alternating factions; a single follower counts as alternating
        ("b:purple", ["w:red:1", "w:green:2", "b:brown:kid"], "hatchet", 1),
        ("b:purple", ["b:brown:kid"], "hatchet", 5),
        # mortar: other odd followers; none odd gives no bonus
        ("w:purple", ["w:red:2", "b:blue:4", "w:yellow:kid"], "mortar", 1),
        ("w:purple", ["w:red:1", "b:blue:3", "w:yellow:kid"], "mortar", 3),
    ],
)
def test_ability_bonus_and_no_bonus(house, stack, ability, power):
    assert power_of(score_house(house, stack), ability) == power


def test_mortar_is_evaluated_last_and_counts_kid_ghosts_at_final_power():
    # The mortar sits at the bottom; above it green 3 (odd), an umbrella at 1+3 = 4 (even, though
    # its base 1 is odd) and a bucket at 1+4 = 5 (odd): 2 odd followers, so the mortar is 3 (not 4).
    r = score_house("w:purple", ["w:yellow:kid", "b:green:3", "w:red:kid", "b:blue:kid"])
    assert r.powers == (3, 3, 4, 5)
    mortar = [s for s in r.steps if s.subject == 0]
    assert [(s.kind, s.note) for s in mortar] == [("base", "mortar"), ("bonus", "origin"), ("final", "")]
    assert "scored after every other ability" in mortar[0].reason
    assert r.steps.index(mortar[0]) > max(i for i, s in enumerate(r.steps) if s.subject == 3)
    # alone, the mortar's order does not matter: no mortar note
    alone = score_house("w:purple", ["w:red:1", "w:yellow:kid"])
    assert [s.note for s in alone.steps if s.subject == 1] == ["", "origin", ""]


def test_origin_counts_for_nothing():
    r = score_house("w:green", ["w:red:kid"])  # an umbrella on the bottom: the green origin is no help
    assert r.powers == (1,)
    assert r.totals == {"white": 1, "black": 0}
    origin = r.steps[0]
    assert (origin.kind, origin.value, origin.note) == ("origin", 0, "origin")


def _notes(house, stack):
    """{stack position: note} of the bonus steps (plus the mortar's base step)."""
    r = score_house(house, stack)
    return {s.subject: s.note for s in r.steps if s.note and s.kind in ("base", "bonus")}


@pytest.mark.parametrize(
    ("house", "stack", "notes"),
    [
        ("b:blue", ["w:red:kid", "b:green:4"], {0: "origin"}),  # umbrella at the bottom
        ("b:blue", ["b:green:4", "w:red:kid"], {}),  # umbrella over a spirit object
        ("b:blue", ["b:green:kid", "w:red:kid"], {0: "origin"}),  # umbrella over a kid ghost (a mirror)
        ("w:yellow", ["w:red:2", "b:green:3", "w:blue:kid"], {2: "origin"}),  # bucket: a power missing
        ("w:yellow", ["w:red:1", "b:green:2", "w:purple:3", "b:brown:4", "w:blue:kid"], {}),
        ("b:brown", ["w:red:1", "b:green:kid", "w:blue:2"], {1: "origin"}),  # mirror: run to the bottom
        (
            "b:brown",
            ["w:red:kid", "b:green:kid", "w:blue:2"],
            {0: "origin"},
        ),  # the umbrella's; not the mirror's
        ("w:brown", ["w:red:4", "w:purple:kid"], {1: "cauldron"}),
        ("b:purple", ["b:brown:kid"], {0: "hatchet"}),  # a single follower alternates
        ("b:purple", ["w:red:1", "b:brown:kid"], {1: "origin"}),
        ("w:purple", ["w:red:1", "b:blue:3", "w:yellow:kid"], {2: "origin"}),  # mortar, no other kid ghost
        ("w:purple", ["w:red:1", "b:blue:3"], {}),  # two spirit objects depend on no reading
    ],
)
def test_each_step_names_the_rule_note_its_result_depends_on(house, stack, notes):
    assert _notes(house, stack) == notes


def test_steps_are_structured_and_reasons_carry_no_rule_note():
    house, stack = KID_EXAMPLES["umbrella"]
    r = score_house(house, stack)
    assert [(s.kind, s.subject) for s in r.steps] == [
        ("origin", None),
        ("power", 0),
        ("base", 1),
        ("bonus", 1),
        ("final", 1),
        ("total", "white"),
        ("total", "black"),
        ("winner", "white"),
    ]
    assert r.steps[1].label == "#1 black green 4: power"
    assert "the spirit object below is green 4" in r.steps[3].reason
    assert [s.value for s in r.steps if s.kind == "total"] == [5, 4]
    assert all(s.rule for s in r.steps)
    for house, stack in KID_EXAMPLES.values():
        for step in score_house(house, stack).steps:
            assert "Rule note" not in step.reason and step.kind
            assert step.note in ("", "origin", "mortar", "cauldron", "hatchet")


@pytest.mark.parametrize(
    "stack",
    [
        ["w:red:1", "b:red:2"],
        ["w:blue:1"],
        ["w:red:1", "b:green:1", "w:yellow:1", "b:purple:1", "w:brown:1", "b:red:2"],
    ],
)
def test_impossible_stacks_are_refused(stack):
    with pytest.raises(ValueError):
        score_house("w:blue", stack)


@st.composite
def house_and_stack(draw):
    origin = draw(st.sampled_from(COLOURS))
    house = House(colour=origin, faction=draw(st.sampled_from(["white", "black"])))
    colours = draw(st.permutations([c for c in COLOURS if c != origin]))[: draw(st.integers(0, 5))]
    stack = []
    for colour in colours:
        faction = draw(st.sampled_from(["white", "black"]))
        kind = draw(st.sampled_from(["spirit", "kid"]))
        power = draw(st.integers(1, 4)) if kind == "spirit" else 1
        stack.append(Follower(faction, colour, kind, power))
    return house, stack


@settings(max_examples=300, deadline=None)
@given(house_and_stack())
def test_explained_scoring_agrees_with_the_fast_path(case):
    house, stack = case
    r = score_house(house, stack)
    assert list(r.powers) == final_powers([FOLLOWER_ID[f] for f in stack])
    assert all(1 <= p <= 5 for p in r.powers)
    assert r.totals["white"] + r.totals["black"] == sum(r.powers)
    finals = [s.value for s in r.steps if s.kind == "final"]
    assert sorted(s.subject for s in r.steps if s.kind in ("power", "final")) == list(range(len(stack)))
    assert sorted(finals) == sorted(p for p, f in zip(r.powers, stack, strict=True) if f.kind == "kid")
    expected = "white" if r.totals["white"] > r.totals["black"] else "black"
    if r.totals["white"] == r.totals["black"]:
        expected = house.faction
    assert r.winner == expected


def test_followers_parse_and_read():
    assert str(parse_follower("w:red:3")) == "white red 3"
    assert str(parse_follower("b:blue:kid")) == "black blue kid (bucket)"
    f = parse_follower("b:blue:kid")
    assert (f.colour, f.faction, f.kind, f.power) == ("blue", "black", "kid", 1)
    for bad in ["w:red:5", "x:red:1", "w:pink:1", "w:red", 3]:
        with pytest.raises(ValueError):
            parse_follower(bad)
