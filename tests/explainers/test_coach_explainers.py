"""The Coach's verdicts in each game's words: steps by kind, sentences and tables."""

from __future__ import annotations

from dataclasses import replace

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai as yk
import explainers.coach as ex
from engine.core.coach import assess
from engine.core.registry import game
from tests.engine.test_coach import BLUE_2, BROWN_4, decisive_house, tm_penalty_roll


@pytest.fixture(scope="module")
def fm_costly():
    return assess(fm, fm.view(decisive_house(), 0), BLUE_2, seed=5)


def steps_by_kind(a) -> dict:
    return {s.kind: s for s in ex.verdict_steps(a)}


def test_fm_costly_verdict_names_the_house_the_better_card_decides(fm_costly):
    steps = steps_by_kind(fm_costly)
    assert list(steps) == ["played", "suggestion", "loss", "verdict"]
    assert steps["played"].value == "W · blue 2 → house 2"
    assert "contests it" in steps["played"].reason
    assert steps["suggestion"].value == "W · brown 4 → house 0"
    assert "decides house 0 (red, white)" in steps["suggestion"].reason
    assert "possessed by white (white 6 – black 5)" in steps["suggestion"].reason
    assert "2 markers" in steps["suggestion"].reason
    assert steps["loss"].label == "Expected loss in markers" and steps["loss"].value > 0
    assert "the marker swing at the end, the rulebook's match points" in steps["loss"].reason
    assert steps["verdict"].value == ex.COSTLY
    text = ex.verdict_text(fm_costly, "White — God of riches")
    assert text.startswith("**Costly move**") and "Better: **W · brown 4 → house 0**" in text
    assert "markers" in text and "Judged from what White — God of riches could see" in text
    assert "Costly because the coach's choice is ahead by" in text and "more than the 0.5 markers" in text
    table = ex.comparison_table(fm_costly)
    assert list(table[""]) == ["Your move", "Coach's move"]
    assert list(table.columns[2:]) == ["Expected marker swing (yours − opponent's)", "Win chance"]
    assert all(v.endswith("%") for v in table["Win chance"])


def test_fm_good_move_is_said_so():
    a = assess(fm, fm.view(decisive_house(), 0), BROWN_4, samples=4, seed=5)
    steps = steps_by_kind(a)
    assert steps["verdict"].value == ex.GOOD and steps["suggestion"].reason == "the same move"
    assert ex.verdict_text(a).startswith(
        "**Good move** — **W · brown 4 → house 0** is the coach's own choice"
    )
    assert list(ex.comparison_table(a)[""]) == ["Your move"]


def test_a_gain_under_the_threshold_is_a_good_move(fm_costly):
    close = replace(fm_costly, gain=0.3, stderr=0.4)
    assert close.good
    steps = steps_by_kind(close)
    assert steps["verdict"].value == ex.GOOD and "not more than the 0.5 markers" in steps["verdict"].reason
    assert "noise" not in ex.verdict_text(close)
    assert "The coach would have played W · brown 4 → house 0" in ex.verdict_text(close)
    worse = replace(fm_costly, gain=-0.5)
    assert "does no better" in steps_by_kind(worse)["verdict"].reason


def test_tm_speaks_of_expected_final_score_points():
    a = assess(tm, tm.view(tm_penalty_roll(), 0), tm.TakeDie(4), samples=16, seed=5)
    steps = steps_by_kind(a)
    assert steps["loss"].label == "Expected final score lost"
    assert steps["suggestion"].value == "Take die 1"
    assert "circles a watermelon: each watermelon scores 3 now" in steps["suggestion"].reason
    text = ex.verdict_text(a)
    assert "Expected final score lost: **" in text and "points" in text and "the future dice" in text
    assert list(ex.comparison_table(a).columns) == ["", "Move", "Expected final score"]


def test_yc_speaks_of_win_chance_and_cards_in_line():
    yc = game("yokai_carnival")
    s = yc.new_game(4, 2)
    v = yc.view(s, yc.current_player(s))
    a = next(
        a for a in (assess(yc, v, move, samples=4, seed=3) for move in yc.legal_actions(v)) if not a.same
    )
    words = ex.words_for(a)
    assert a.measure == "margin" and words.loss_label == "Expected loss in cards"
    assert list(ex.comparison_table(a).columns) == [
        "",
        "Move",
        "Win chance",
        "Expected cards in line",
        "Expected margin to the longest other line",
    ]
    lost = replace(a, gain=2.5, stderr=0.5)
    assert steps_by_kind(lost)["loss"].value == 2.5  # cards
    assert "2.5 ± 0.5 cards" in ex.verdict_text(lost)
    assert (
        "ahead of the longest other line, a win counting 10 cards more" in steps_by_kind(lost)["loss"].reason
    )


def test_yokai_speaks_of_the_team_score_and_the_partner_s_reason():
    s = yk.new_game(6)
    v = yk.view(s, 0)
    a = next(
        a for a in (assess(yk, v, move, samples=2, seed=1) for move in yk.legal_actions(v)) if not a.same
    )
    assert ex.words_for(a).loss_label == "Team's expected loss in points"
    assert list(ex.comparison_table(a).columns) == ["", "Move", "Team's win chance", "Team's expected score"]
    # the suggestion comes with the partner bot's own reason for it
    assert steps_by_kind(a)["suggestion"].reason.startswith(yk.explain(v, a.suggestion.action))


def test_review_table_and_text(fm_costly):
    numbered = replace(fm_costly, move=7)
    table = ex.review_table([numbered], fm.INFO.seat_name)
    assert list(table.columns) == ex.REVIEW_COLUMNS
    row = table.iloc[0]
    assert (row["Move"], row["Who"], row["Played"], row["Better"]) == (
        7,
        "White — God of riches",
        "W · blue 2 → house 2",
        "W · brown 4 → house 0",
    )
    assert row["Expected loss"].endswith(" markers") and " ± " in row["Expected loss"]
    assert ex.review_text([numbered]).startswith("The costliest move")
    assert ex.review_text([]).startswith("No costly move found") and "noise" not in ex.review_text([])


def test_yk_a_losing_declare_says_it_ends_the_game_lost():
    from tests.engine.test_coach import APART, yk_six_rounds

    s = yk_six_rounds(APART)
    a = assess(yk, yk.view(s, 0), yk.Declare(), seed=5)
    steps = steps_by_kind(a)
    assert steps["verdict"].value == ex.COSTLY
    assert f"ends the game lost in every one of the {a.samples} sampled worlds" in steps["verdict"].reason
    assert "a certain loss is never the equal of a game that can still be won" in steps["verdict"].reason
    text = ex.verdict_text(a, "Player 1")
    assert text.startswith("**Costly move**") and "Declare" in text and "noise" not in text
    assert "any win is worth more than any loss" in steps["loss"].reason


def test_each_game_s_words_come_from_its_own_explainer_module(monkeypatch):
    import importlib

    from engine.core.registry import games

    for g in games():  # a registered game without an explainer module (Pebbles) has none
        try:
            module = importlib.import_module(f"explainers.{g.INFO.id}")
        except ModuleNotFoundError:
            module = None
        assert ex.game_words(g.INFO.id) is getattr(module, "COACH_WORDS", None), g.INFO.id
    # a game without words of its own speaks generically, by its measure
    a = assess(fm, fm.view(fm.new_game(3), 0), fm.legal_actions(fm.new_game(3))[0], samples=2, seed=1)
    monkeypatch.setattr(ex, "game_words", lambda game_id: None)
    assert ex.words_for(a) is ex.GENERIC["margin"]
    assert list(ex.comparison_table(a).columns) == ["", "Move", "Expected margin", "Win chance"]
    assert ex.measure_note(a) == "the score margin"


def test_a_gain_above_the_threshold_within_its_noise_is_good_and_says_why(fm_costly):
    # a game whose Coaching asks a costly gain to clear the threshold by a standard error
    unsure = replace(fm_costly, gain=0.75, stderr=0.9, samples=128, proof=1.0)
    assert unsure.good and unsure.better is None
    reason = steps_by_kind(unsure)["verdict"].reason
    assert "ahead by 0.8 ± 0.9 markers" in reason and "over 128 sampled worlds" in reason
    assert "not clearly more than the 0.5 markers that makes a move costly" in reason
    shown = replace(fm_costly, gain=0.75, stderr=0.2, proof=1.0)
    assert not shown.good and steps_by_kind(shown)["verdict"].value == ex.COSTLY
