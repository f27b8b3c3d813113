"""The Tanuki Matsuri page through its plain widgets (AppTest)."""

import json

import pytest

import engine.tanuki_matsuri as tm
from storage.highscores import HighScores
from tests.app.helpers import (
    move_buttons,
    open_new_game,
    page_session,
    press,
    shown_tables,
    start_game,
    text_of,
)
from ui.kit.session import new_session
from ui.kit.store import Keys

PAGE = "pages/tanuki_matsuri.py"
NS = "tanuki_matsuri"


@pytest.fixture(autouse=True)
def small_hint_budget(monkeypatch):
    monkeypatch.setenv("DOJO_HINT_BUDGET_S", "0.05")


K = Keys(NS)


def session(at):
    return page_session(at, NS)


def action_buttons(at):
    return move_buttons(at, NS)


def new_game(at, seed, players=None, seats=()):
    return start_game(at, NS, seed, players=players, seats=seats)


def test_page_anatomy(app):
    at = app(PAGE)
    # A seed whose first roll offers a choice of dice (three equal dice are taken automatically).
    seed = next(s for s in range(100) if len(set(tm.dice(tm.new_game(s)))) > 1)
    new_game(at, seed)
    assert at.title[0].value == "🦝 Tanuki Matsuri · 狸祭り"
    assert [t.label for t in at.tabs] == ["Play", "Learn", "What-if", "Rules"]
    text = text_of(at)
    assert "To move" in text and "Take a die" in text
    assert "not comparable with the printed sheet's solo record of 116" in text
    assert action_buttons(at) and all("Take die" in b.label for b in action_buttons(at))


def test_a_solo_game_to_the_end_with_summary_high_score_and_replay(app, tmp_path):
    at = app(PAGE)
    new_game(at, 5)
    for _ in range(200):
        if tm.is_over(session(at).state):
            break
        action_buttons(at)[0].click().run()
        assert not at.exception, at.exception
    state = session(at).state
    assert tm.is_over(state)
    total = tm.score(state, 0).total
    text = text_of(at)
    assert "Game over" in text and f"Final score: **{total}**" in text
    assert "Score breakdown" in text
    assert f"Score {total} = columns" in text
    breakdown = next(df for df in shown_tables(at) if "Item" in df.columns)
    assert list(breakdown["Item"])[-1] == "Total" and list(breakdown["Points"])[-1] == total
    # recorded once, in the file named by DOJO_HIGHSCORES (the fixture's tmp file)
    store = HighScores(tmp_path / "scores.sqlite3")
    assert [(e.seed, e.score, e.sheet) for e in store.top()] == [(5, total, "Festival sheet")]
    assert "New best for seed 5" in text
    at.run()
    assert store.count() == 1
    scores = next(df for df in shown_tables(at) if "Seed" in df.columns)
    assert list(scores["Score"]) == [total]
    # the same seed again, from the start
    press(at, "🔁 Replay this seed")
    again = session(at)
    assert again.seed == 5 and again.cursor == 0 and not tm.is_over(again.state)
    assert tm.dice(again.state) == tm.dice(tm.new_game(5))


def test_the_hint_shows_expected_final_scores_for_every_choice(app):
    at = app(PAGE)
    new_game(at, 11)
    state = session(at).state
    press(at, "💡 Hint")
    text = text_of(at)
    assert "Suggested: **" in text and "expected final score" in text
    table = next(df for df in shown_tables(at) if "Expected final score" in df.columns)
    assert len(table) == len(tm.plans(state))
    assert table["Suggested"].iloc[0] == "★ suggested"
    assert session(at).state is state  # asking for a hint plays nothing
    action_buttons(at)[0].click().run()
    assert not any("Expected final score" in df.columns for df in shown_tables(at))  # stale hint hidden


def test_an_invalid_custom_sheet_changes_nothing_and_a_valid_one_is_used(app):
    at = app(PAGE)
    action_buttons(at)[0].click().run()
    open_new_game(at, NS)
    before = session(at)
    bad = {
        "tanuki": {"slots": [6] * 5, "start_circled": [1] * 5},
        "lines": [{"bonus": 2, "cells": {"kiwi": [None]}}],
        "flowers": [None],
        "granny": 1,
        "torii": 1,
    }
    at.file_uploader(key=K("sheet_upload")).set_value(
        ("bad.json", json.dumps(bad).encode(), "application/json")
    )
    at.run()
    assert not at.exception
    text = text_of(at)
    assert "not a valid sheet, so nothing changed" in text
    assert "lines[0].cells.kiwi: unknown fruit" in text
    assert session(at) is before
    at.file_uploader(key=K("sheet_upload")).set_value(("junk.json", b"{not json", "application/json"))
    at.run()
    assert "the file is not valid JSON" in text_of(at) and session(at) is before
    good = dict(bad, name="Tiny", lines=[{"bonus": 2, "cells": {"fig": [None, "torii"]}}])
    at.file_uploader(key=K("sheet_upload")).set_value(
        ("good.json", json.dumps(good).encode(), "application/json")
    )
    at.run()
    assert "Sheet “Tiny” loaded" in text_of(at) and session(at) is before
    press(at, "Start new game")
    assert session(at).state.sheet.name == "Tiny"
    assert "A custom sheet" in text_of(at)


def test_group_play_with_bots_standings_and_any_sheet(app):
    at = open_new_game(app(PAGE), NS)
    at.number_input(key=K("new_players")).set_value(3).run()
    at.select_slider(key=K("new_pace")).set_value("Instant")
    new_game(at, 21, players=3, seats=("human", "greedy", "random"))
    s = session(at)
    assert s.seats == ("human", "greedy", "random")
    # it is the human's turn (bots play at once, seat 0 starts)
    assert tm.current_player(s.state) == 0
    for _ in range(3):  # three human picks; bots answer in between
        action_buttons(at)[0].click().run()
        while (
            action_buttons(at)
            and tm.current_player(session(at).state) == 0
            and tm.pending(session(at).state).kind != "die"
        ):
            action_buttons(at)[0].click().run()
    state = session(at).state
    assert len(state.actions) > 3  # the bots played too
    standings = next(df for df in shown_tables(at) if "Rank" in df.columns or "Player" in df.columns)
    assert sorted(standings["Player"]) == ["Player 1", "Player 2", "Player 3"]
    assert list(standings["Score"]) == sorted((tm.score(state, s).total for s in range(3)), reverse=True)
    assert "Rule note:" in text_of(at) and "clockwise" in text_of(at)
    assert at.selectbox(key=K("seat_shown")).label == "Sheet shown"  # the game's word for its board
    at.selectbox(key=K("seat_shown")).set_value(2).run()
    assert any(
        m.label == "Score · Player 3" and str(m.value) == str(tm.score(state, 2).total) for m in at.metric
    )


def test_learn_what_if_and_rules_tabs(app):
    at = app(PAGE)
    at.session_state[K("tab")] = "Learn"
    at.run()
    assert not at.exception
    text = text_of(at)
    assert "1. Take a die, circle a fruit" in text and "Rule: Playing the Game" in text
    press(at, "Next ▶")
    press(at, "Next ▶")
    assert "3. Effects chain" in text_of(at) and "**Tanuki bonus**" in text_of(at)
    at.session_state[K("tab")] = "What-if"
    at.run()
    assert not at.exception
    assert "Score of this sheet" in text_of(at)
    at.number_input(key=K("wi:c2_2")).set_value(2).run()
    at.number_input(key=K("wi:granny")).set_value(2).run()
    metric = next(m for m in at.metric if m.label == "Score of this sheet")
    assert str(metric.value) == "2"  # 2 bananas × 1 tanuki; no line complete
    press(at, "🎲 Evaluate every choice")
    table = next(df for df in shown_tables(at) if "Expected final score" in df.columns)
    assert "Points right after" in table.columns and len(table) >= 2
    press(at, "Compare")
    assert "better by" in text_of(at)
    at.session_state[K("tab")] = "Rules"
    at.run()
    rules = text_of(at)
    assert "**Rule note:**" in rules and "circled tanuki" in rules


def test_a_tanuki_bonus_offers_one_short_button_per_column(app):
    # Die 1 -> watermelon on line A, whose icon is a tanuki bonus: which column?
    at = app(PAGE)
    at.session_state[K("session")] = new_session(tm, 3, 1, dice=[[1, 1, 1]])
    at.run()
    press(at, "Line A")
    labels = [b.label for b in action_buttons(at)]
    assert labels == [f"🦝 Column {c} · {fruit}" for c, fruit in enumerate(tm.FRUITS, start=1)]
    press(at, "🦝 Column 3 · banana")
    assert tm.marks(session(at).state, 0)["tanuki"]["banana"][0] == 2
