"""Yokai Carnival explanations: tables built from the engine's steps, selected by their fields."""

from __future__ import annotations

import engine.yokai_carnival as yc
import explainers.yokai_carnival as ex
from ui.games.yokai_carnival.scenes import play, scenes


def scene(prefix: str):
    return next(s for s in scenes() if s.title.startswith(prefix))


def test_strike_check_says_why_a_strike_is_open_or_not():
    three_red = scene("Rulebook figure · Strike").state
    assert yc.decision(three_red).kind == "strike_1"
    table = ex.steps_table(yc.strike_check(three_red, 0))
    assert list(table.columns) == ex.STEP_COLUMNS and table["Value"].iloc[-1] == "yes"
    mixed = scene("Walkthrough 1").state
    assert ex.steps_table(yc.strike_check(mixed, 0))["Value"].iloc[-1] == "no"
    assert "one colour" in ex.strike_summary(mixed, 0)


def test_general_summon_check_lists_the_four_colours():
    s = scene("Rulebook figure · General Summon")
    assert yc.decision(s.state).kind == "general"
    table = ex.colour_checklist(s.state, 0)
    assert list(table["Colour"].str.split().str[-1]) == ["red", "blue", "yellow", "green"]
    assert set(table["In the unconfirmed line"]) == {"✓ yes"}
    start = ex.colour_checklist(scene("Walkthrough 1").state, 0)
    assert set(start["In the unconfirmed line"]) == {"✗ no"}


def test_protection_says_which_cards_are_safe_and_why():
    s = scene("Rulebook figure · Protection").state
    line = ex.line_table(s, 0)
    assert list(line["Protected"]) == ["🛡 yes"] * 5 + ["no"] * 2
    assert list(line["Unconfirmed"]) == ["no"] * 5 + ["yes"] * 2
    shuten = ex.line_table(s, 1)
    assert set(shuten["Protected"]) == {"no"}  # Shuten-dōji protects nothing
    assert len(ex.protection_table(s, 0)) >= 2


def test_what_an_ability_did_card_by_card():
    s = scene("Kamaitachi")
    lines = ex.last_turn_lines(yc.view(s.state, 0))
    assert any("Kamaitachi" in line and "discard pile" in line for line in lines)
    table = ex.steps_table(yc.last_turn(yc.view(s.state, 1)))
    assert len(table) >= 3


def test_a_hidden_card_is_never_named_in_another_seats_explanation():
    s = scene("Kitsune")  # Player 1 looked at the top 3 Yama cards
    mine = " ".join(ex.last_turn_lines(yc.view(s.state, 0)))
    theirs = " ".join(ex.last_turn_lines(yc.view(s.state, 1)))
    assert "Wanyūdō" in mine and "Wanyūdō" not in theirs


def test_preview_of_every_hand_card():
    s = yc.new_game(3, 2)
    table = ex.hand_preview_table(s, 0)
    assert len(table) == 3 and all(table["What it would do now"])


def test_ranking_spells_out_the_tie_breaks():
    end = scene("Walkthrough 5").state
    assert yc.is_over(end)
    table = ex.ranking_table(end)
    assert list(table["Player"]) == [ex.seat_name(s) for s in yc.ranking(end)]
    sizes = list(zip(table["Cards in line"], table["Generals"], table["Turn order"], strict=True))
    assert sizes == sorted(sizes, key=lambda t: (-t[0], -t[1], t[2]))
    assert len(ex.steps_table(yc.outcome(end).steps)) >= 2


def test_action_labels_name_the_cards():
    s = yc.new_game(3, 2)
    labels = [ex.action_label(s, a) for a in yc.legal_actions(s)]
    names = [c.name for c in yc.hand(s, 0)]
    assert all(any(name in label for name in names) for label in labels)
    assert sum("✨ ability" in label for label in labels) == 3
    assert sum("(no ability)" in label for label in labels) == 3
    struck = scene("Walkthrough 3").before
    assert ex.action_label(struck, yc.Strike()).startswith("⚔ Strike")
    ordered = play(struck, "strike")
    assert all(
        ex.action_label(ordered, a).startswith("Place left → right") for a in yc.legal_actions(ordered)
    )
    assert ex.decision_line(ordered).startswith("**Player 2** decides:")


def test_card_table_lists_the_whole_deck():
    table = ex.card_table()
    assert len(table) == 16 and "Nopperabō" in " ".join(table["Card"])
