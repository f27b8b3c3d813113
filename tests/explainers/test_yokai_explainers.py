"""Yokai explanations: refused moves, the win check, the score and its tier, the last turn, the
log with the bots' reasons, the What-if score — all read from the engine's steps."""

import random

import engine.yokai as yk
import explainers.yokai as ex
from explainers.yokai_scenes import MIXED, SPLIT, scenes
from explainers.yokai_words import LANGUAGES, WORDS, word


def test_a_refused_move_names_the_cards_it_cuts_off():
    scene = next(s for s in scenes() if s.table == "refusal")
    sentence, table = ex.refusal(scene.state, scene.selected, scene.refused)
    assert "would cut off (4, 2)" in sentence
    assert list(table["Cut off"]) == ["(4, 2)"]
    legal, empty = ex.refusal(scene.state, scene.selected, (4, 1))
    assert "legal move" in legal and empty.empty


def test_win_check_family_by_family_with_a_2_plus_2_split():
    lost = yk.apply(yk.new_game(2, layout=SPLIT), yk.Declare())
    table = ex.win_table(lost)
    assert list(table["Grouped"]) == ["✗ no", "✓ yes", "✗ no", "✓ yes"]
    assert "split 2 + 2" in table["Why"][0]
    assert ex.verdict(lost) == word("loss") and ex.score_line(lost) == "No score: the game is lost."
    spread = yk.apply(yk.new_game(2, layout=MIXED), yk.Declare())
    assert (ex.win_table(spread)["Grouped"] == "✗ no").all()


def test_score_line_by_line_with_its_tier():
    state = scenes()[-1].state
    table = ex.score_table(state)
    assert list(table["Points"]) == [1, -1, 2, 5, 5, 5, 5, 22]
    assert table["Hint card"].iloc[-1] == "Total" and table["Why"].iloc[-1] == "Legendary victory"
    assert ex.score_line(state) == "Score 22: Legendary victory" == ex.score_line_of(22, yk.tier(22))
    assert ex.score_line(state, "fr") == "Score 22: Victoire légendaire"


def test_what_if_score_uses_the_engines_points_and_tiers():
    for counts, total, tier in [
        ({"correct": 7}, 7, "Honourable"),
        ({"misplaced": 3, "unrevealed": 4}, 17, "Legendary"),
        ({"correct": 2, "revealed": 2, "unrevealed": 1}, 11, "Glorious"),
        ({"misplaced": 7}, -7, "Honourable"),
    ]:
        got, got_tier, table = ex.what_if_score(counts)
        assert (got, got_tier) == (total, tier) and table["Points"].iloc[-1] == total
    assert list(ex.points_table()["Points"]) == [1, -1, 2, 5]


def test_last_turn_keeps_peeks_secret_from_the_other_seat():
    s = yk.apply(yk.apply(yk.new_game(5), yk.Peek((0, 0))), yk.Peek((1, 1)))
    mine = ex.last_turn_table(yk.view(s, 0))
    theirs = ex.last_turn_table(yk.view(s, 1))
    assert all(r != "(secret)" for r in mine["Result"])
    assert list(theirs["Result"]) == ["(secret)", "(secret)"]


def test_log_rows_give_each_bot_move_its_reason_newest_first():
    state = yk.new_game(8)
    history = [state]
    bots = yk.bots()
    rng = random.Random(8)
    for _ in range(12):
        seat = yk.current_player(state)
        action = bots["partner"](yk.view(state, seat), rng) if seat == 1 else yk.legal_actions(state)[0]
        state = yk.apply(state, action)
        history.append(state)
    rows = ex.log_rows(history, ("human", "partner"))
    assert list(rows["Move"]) == sorted(rows["Move"], reverse=True)
    bot_rows = rows[rows["Who"].str.contains("partner bot")]
    assert len(bot_rows) and (bot_rows["Why (the bot's own words)"].str.len() > 0).all()
    assert (rows.loc[~rows["Who"].str.contains("bot"), "Why (the bot's own words)"] == "").all()


def test_every_word_exists_in_both_languages():
    for name, entry in WORDS.items():
        assert set(entry) == set(LANGUAGES), name
    assert word("hint", "fr") == "Indice" and word("hint", "xx") == "Hint"
