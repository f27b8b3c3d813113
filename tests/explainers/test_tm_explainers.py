"""Tanuki Matsuri explainers: score breakdown on hand-built sheets, decisions, hint, standings."""

import engine.tanuki_matsuri as tm
from explainers import tanuki_matsuri as ex
from explainers.tanuki_matsuri_scenes import scenes


def hand_built():
    """Banana: 3 circled, tanuki 3 circled (1 pre-circled) and 1 crossed out -> 3 × 2;
    line B complete (+2) and line E not; Granny 3 -> 2 × 3."""
    m = tm.blank_marks()
    m["cells"][1] = [0, 1, 1, 1, 0]  # line B: pineapple, banana, fig -> complete
    m["cells"][2][2] = 2  # line C: both bananas
    m["cells"][0][0] = 1  # line A: one watermelon (line A not complete)
    m["tanuki"][2] = [3, 1]
    m["granny"] = 3
    return tm.position(m, (1, 2, 6))


def test_score_breakdown_of_a_hand_built_sheet():
    state = hand_built()
    sc = tm.score(state, 0)
    columns = ex.columns_table(sc)
    assert list(columns.index) == [
        "1 watermelon",
        "2 pineapple",
        "3 banana",
        "4 fig",
        "5 strawberry",
    ]
    banana = columns.loc["3 banana"]
    assert (banana["Fruits circled"], banana["Tanuki circled"], banana["Crossed out"]) == (3, 3, 1)
    assert (banana["Tanuki that count"], banana["Points"]) == (2, 6)
    assert columns.loc["1 watermelon", "Points"] == 1 * 1
    assert columns.loc["2 pineapple", "Points"] == 1 * 2  # pineapple starts with 2 tanuki
    assert columns.loc["4 fig", "Points"] == 1 * 2
    table = ex.breakdown_table(sc)
    items = dict(zip(table["Item"], table["Points"], strict=True))
    assert items["Line bonuses × Granny"] == 2 * 3
    assert items["Total"] == 1 + 2 + 6 + 2 + 0 + 6 == sc.total
    why = dict(zip(table["Item"], table["Why"], strict=True))
    assert why["Line bonuses × Granny"] == "(B 2) = 2, × 3 Granny"
    assert "3 circled − 1 crossed out" in why["Column 3 (banana)"]
    assert all(table["Rule"].str.startswith("End of the Game"))
    rules = dict(zip(table["Item"], table["Rule"], strict=True))
    assert rules["Column 3 (banana)"].endswith("; Rule note: crossed-out tanuki no longer count")
    assert "Rule note" not in rules["Column 1 (watermelon)"]
    assert ex.score_summary(sc) == "Score 17 = columns 11 + line bonuses 2 × 3 Granny"


def test_a_position_offers_the_dice_the_engine_allows():
    state = hand_built()
    assert [str(a) for a in tm.legal_actions(state)] == ["Take die 1", "Take die 2", "Take die 6"]
    m = tm.marks_of(state, 0)
    assert m["cells"][1] == [0, 1, 1, 1, 0] and m["tanuki"][2] == [3, 1] and m["granny"] == 3
    # counts beyond the sheet are clamped, not trusted
    m["cells"][0][0] = 9
    m["granny"] = 99
    clamped = tm.position(m, (1, 2, 6))
    assert tm.marks_of(clamped, 0)["cells"][0][0] == 1 and tm.marks_of(clamped, 0)["granny"] == 5


def test_decision_text_names_the_effect_its_cause_and_rule():
    state = tm.play(
        tm.new_game(seed=1, dice=[[1, 2, 2]]), tm.TakeDie(1), tm.ChooseLine(5, 1), tm.ChooseLine(3, 5)
    )
    text = ex.decision_text(state)
    assert text.startswith("**Tanuki bonus**")
    assert "watermelon on line F → fruit bonus: strawberry on line D" in text
    assert "Rule: The Effects: Tanuki bonus" in text
    assert (
        ex.chain_lines(state)[-1]
        == "Player 1 takes die 1 → watermelon on line F → fruit bonus: strawberry on line D"
    )
    state = tm.apply(state, tm.ChooseTanuki(3))
    assert "tanuki bonus: column 3 (banana)" in ex.chain_lines(state, 0)[-1]
    first = ex.game_log(state)[-1]
    assert first[0] == 1 and first[1][0] == "Turn 1: Player 1 rolls 1, 2, 2"


def test_hint_table_lists_every_choice_best_first():
    state = tm.new_game(seed=2, dice=[[1, 3, 6]])
    hint = tm.hint(state, seed=1, rollouts=3)
    table = ex.hint_table(hint)
    assert len(table) == len(tm.plans(state))
    assert list(table["Expected final score"]) == sorted(table["Expected final score"], reverse=True)
    assert table["Suggested"].iloc[0] == "★ suggested"
    marks = ["≈ close" if ch.close else "" for ch in hint.choices[1:]]
    assert list(table["Suggested"].iloc[1:]) == marks
    assert "Take die 6" in set(table["Choice"])
    assert ex.hint_summary(hint).startswith("Suggested: **")
    assert ex.immediate_points(state, (tm.TakeDie(6),)) == 0


def _sheet(lines, start=(1,) * 5):
    return tm.load_sheet(
        {
            "tanuki": {"slots": [3] * 5, "start_circled": list(start)},
            "lines": [{"bonus": 2, "cells": cells} for cells in lines],
            "flowers": [None, None, None],
            "granny": 1,
            "torii": 1,
        }
    )


def test_a_close_call_is_marked_in_the_table_and_said_in_the_summary():
    twins = _sheet([{"watermelon": [None], "pineapple": [None]}] * 2)
    hint = tm.hint(tm.new_game(1, sheet=twins, dice=[[1, 1, 1]]), seed=2, rollouts=8)
    assert hint.close_call
    table = ex.hint_table(hint)
    assert list(table["Suggested"]) == ["★ suggested", "≈ close"]
    summary = ex.hint_summary(hint)
    assert "Close call: Circle watermelon on line B (" in summary
    assert summary.endswith("is within two standard errors of it.")
    one_best = _sheet([{"watermelon": [None], "fig": [None]}], start=(3, 0, 0, 0, 0))
    clear = tm.hint(tm.new_game(1, sheet=one_best, dice=[[1, 4, 6]]), seed=3, rollouts=64)
    assert not clear.close_call and "Close call" not in ex.hint_summary(clear)
    assert list(ex.hint_table(clear)["Suggested"]) == ["★ suggested", "", ""]


def test_standings_rank_every_seat_and_share_ties():
    state = tm.new_game(seed=5, players=3, dice=[[3, 3, 3]])
    table = ex.standings_table(state, ("human", "greedy", "random"))
    assert list(table.index) == [1, 1, 1]  # all 0 points: a shared first place
    state = tm.play(state, tm.ChooseLine(4, 3))  # seat 0: banana on E -> Granny
    while tm.current_player(state) != 0 and not tm.is_over(state):
        state = tm.apply(state, tm.legal_actions(state)[-1])
    table = ex.standings_table(state, ("human", "greedy", "random"))
    assert list(table["Score"]) == sorted(table["Score"], reverse=True)
    assert set(table["Player"]) == {"Player 1", "Player 2", "Player 3"}
    assert set(table["Seat"]) == {"human", "greedy", "random"}


def test_scenes_are_scripted_and_each_names_its_rule():
    all_scenes = scenes()
    assert len(all_scenes) == 5
    assert all(s.rule and s.text for s in all_scenes)
    kinds = [tm.pending(s.state).kind if tm.pending(s.state) else None for s in all_scenes]
    assert kinds == ["line", "penalty", "tanuki", "penalty", None]
    assert tm.is_over(all_scenes[-1].state)
    assert all(s.state.scripted for s in all_scenes)


def test_each_scenes_text_matches_the_state_it_shows():
    one, two, three, four, five = (s.state for s in scenes())
    # 1: the roll 3, 3, 6 is still on the table; the banana waits for its line
    assert "The roll is 3, 3, 6" in scenes()[0].text and tm.dice(one) == (3, 3, 6)
    assert tm.taken_die(one) == 3 and tm.pending(one).column == 3
    lines = [tm.line_label(a.line) for a in tm.legal_actions(one)]
    assert lines == ["B", "C", "E", "F", "G"] and "lines B, C, E, F and G" in scenes()[0].text
    assert tm.DEFAULT_SHEET.lines[4].cells[2][0] == "granny"  # line E's banana shows Granny
    # 2: both bananas of line C circled; the first gave a tanuki in the banana column
    assert tm.line_marks(two, 0)[2][2] == 2 and tm.marks(two, 0)["tanuki"]["banana"] == [2, 0]
    # 3: die 1 → watermelon on F → fruit bonus strawberry on D → a tanuki bonus to place
    assert ex.chain_lines(three)[-1] == (
        "Player 1 takes die 1 → watermelon on line F → fruit bonus: strawberry on line D"
    )
    # 4: the roll 2, 2, 2 was taken automatically; the pineapple went on line D
    assert tm.dice(four) == (2, 2, 2)
    assert ex.chain_lines(four)[-1] == "Player 1 takes die 2 (auto) → pineapple on line D"
    # 5: ten sixes, the last flower ends the game
    assert [e.text.endswith("6, 6, 6") for e in five.log if e.kind == "roll"].count(True) == 10
    assert tm.outcome(five).termination is tm.Ending.LAST_FLOWER
