"""Fan & Mallet explainers: the rulebook's examples come out as tables with the right numbers."""

import pytest

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from explainers.rules import rule_summary


def scene(title_start: str) -> ex.Scene:
    return next(s for s in ex.SCENES if s.title.startswith(title_start))


def test_possession_example_1_black_wins_6_to_8():
    e = ex.explain_score(*ex.scene_stack(scene("Possession, example 1")))
    assert list(e.table["Final"]) == [2, 3, 4, 1, 4]
    assert list(e.table["Faction"]) == ["white", "black", "white", "black", "black"]
    totals = dict(zip(e.totals["Step"], e.totals["Value"], strict=True))
    assert totals == {"White total": "6", "Black total": "8", "Most power": "black"}
    assert "2 + 4 = 6" in e.totals["Why"][0] and "3 + 1 + 4 = 8" in e.totals["Why"][1]
    assert e.verdict == "White 6 vs Black 8: black has more power."


def test_possession_example_2_tie_goes_to_the_white_house():
    e = ex.explain_score(*ex.scene_stack(scene("Possession, example 2")))
    totals = dict(zip(e.totals["Step"], e.totals["Value"], strict=True))
    assert totals == {"White total": "7", "Black total": "7", "Tie-break": "white"}
    tie = e.totals[e.totals["Step"] == "Tie-break"].iloc[0]
    assert "tie goes to the house's faction" in tie["Why"] and tie["Rule"] == "Possession (tie)"
    assert "a tie" in e.verdict


@pytest.mark.parametrize(
    "s", [s for s in ex.SCENES if s.focus is not None], ids=lambda s: s.title.split(" ")[0]
)
def test_every_kid_ghost_example_reaches_5(s):
    e = ex.explain_score(*ex.scene_stack(s))
    row = e.table.iloc[s.focus]
    assert (int(row["Base"]), int(row["Bonus"]), int(row["Final"])) == (1, 4, 5)
    ability = ex.scene_stack(s)[1][s.focus].ability
    assert row["Ability (condition)"].startswith(ability)
    assert row["What it looked at"] and "Rule note" not in row["What it looked at"]
    assert ability in s.rule.lower()


def test_rule_notes_follow_the_stack():
    mortar = ex.explain_score(*ex.scene_stack(scene("Mortar")))
    keys = [n.key for n in mortar.notes]
    assert keys == ["origin", "mortar"]
    assert "Rule note:" in mortar.notes[1].markdown() and "final power" in mortar.notes[1].markdown()
    cauldron = ex.explain_score(*ex.scene_stack(scene("Cauldron")))
    assert [n.key for n in cauldron.notes] == ["cauldron"]  # no result here depends on the origin
    assert "itself" in cauldron.table.iloc[2]["What it looked at"]


def test_rule_notes_are_listed_only_where_a_result_depends_on_them():
    plain = ex.explain_score(*ex.scene_stack(scene("Possession, example 1")))
    assert plain.notes == ()  # spirit objects only: no reading of the rules is involved
    bottom = ex.explain_score(
        fm.House("blue", "black"), tuple(map(fm.parse_follower, ["w:red:kid", "b:green:4"]))
    )
    assert [n.key for n in bottom.notes] == ["origin"]  # an umbrella at the bottom: the origin is no help
    for key in ("Mirror", "Bucket", "Hatchet"):
        assert "origin" in [n.key for n in ex.explain_score(*ex.scene_stack(scene(key))).notes]
    umbrella = ex.explain_score(*ex.scene_stack(scene("Umbrella")))
    assert umbrella.notes == ()  # on green 4, the umbrella's bonus does not depend on the origin
    for s in ex.SCENES:
        e = ex.explain_score(*ex.scene_stack(s))
        assert not any("Rule note" in why for why in e.table["What it looked at"])
        assert not any("Rule note" in why for why in e.totals["Why"])


def test_the_match_play_ruling_is_a_rule_note():
    note = ex.RULE_NOTES["match"]
    assert note.key == "match" and "most recently" in note.quote and "loser" in note.app
    assert note.markdown().startswith("**Rule note:**")


def test_whatif_refuses_origin_colour_and_duplicate_colour_with_reasons():
    house = fm.House(colour="red", faction="white")
    picks = [fm.parse_follower(c) for c in ["w:blue:2", "b:red:3", "b:blue:4", "b:green:kid"]]
    kept, problems = ex.stack_problems(house, picks)
    assert [f.code for f in kept] == ["w:blue:2", "b:green:kid"]
    assert "origin is red" in problems[0] and "Pick 2" in problems[0]
    assert "already holds a blue follower" in problems[1] and "Pick 3" in problems[1]


def test_placement_scene_matches_the_inhabit_example():
    state = ex.placement_scene()
    hand = fm.hand(state, "white")
    assert len(hand) == 6 and len({f.colour for f in hand}) == 6
    overview = ex.hand_overview(state, "white")
    red = overview[overview["Card"] == "W · red 3"].iloc[0]
    assert red["Goes to"] == "house 5 (green, black)"
    assert "2 (origin red)" in red["Skips"] and "10 (has red)" in red["Skips"]
    preview, table, sentence = ex.explain_placement(state, "w:red:3")
    assert list(table["Result"]) == ["skipped"] * 7 + ["target ✔"]
    assert list(table["Why"])[:-1] == [skip.reason for skip in preview.skipped]
    assert "skipping 7 house(s)" in sentence and "(rule: *Inhabit*)" in sentence
    assert "house 2: origin red" in sentence and "house 10: has red" in sentence


def test_short_skip_reads_the_skip_not_its_sentence():
    holder = fm.parse_follower("b:red:2")
    assert ex.short_skip(fm.Skip(3, "possessed", "red")) == "possessed"
    assert ex.short_skip(fm.Skip(0, "origin", "red")) == "origin red"
    assert ex.short_skip(fm.Skip(1, "same_colour", "red", holder)) == "has red"


def test_possession_in_a_played_game_has_markers_row():
    state = fm.new_game(5)
    while not fm.possessions(state):
        state = fm.apply(state, fm.legal_actions(state)[0])
    p, table, totals, summary = ex.explain_possession(state, 0)
    assert len(table) == 5
    last = totals.iloc[-1]
    assert (
        last["Step"] == "Markers placed" and last["Value"] == "2" and "very first possession" in last["Why"]
    )
    assert "Possession" in summary and f"move {p.move}" in summary


def test_rule_summary_marks_every_rule_note():
    text = rule_summary("fan_mallet")
    assert text.count("**Rule note:**") == 6
    text = " ".join(text.replace(">", " ").split())  # the quotes wrap across quoted lines
    for words in (
        "closest to your incarnation",
        "Origin spirit object",
        "2 or fewer",
        "odd",
        "alternatingly",
        "most recently saw a kid ghost",
    ):
        assert words in text
