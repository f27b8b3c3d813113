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


def test_the_strike_sentence_starts_with_the_answer():
    """ "Strike possible: a Strike needs…" read as a yes when the answer was no."""
    seen = set()
    for seed in range(40):
        s = yc.new_game(seed, 2)
        possible = ex.verdict(yc.strike_check(s, 0)).value
        text = ex.strike_summary(s, 0)
        assert text.startswith("✓ Strike possible" if possible else "✗ No Strike"), text
        seen.add(possible)
    assert seen == {True, False}
    assert ex.strike_summary(yc.view(yc.new_game(1, 2), 1), 0).startswith("? Unknown")


def test_protection_counts_cards_from_one():
    s = scene("Rulebook figure · Protection").state
    table = ex.protection_table(s, 1)  # Shuten-dōji is the 5th card of Player 2's line
    assert [c.name for c in yc.lines(s)[1]].index("Shuten-dōji") == 4
    row = table[table["Step"] == "Shuten-dōji"].iloc[0]
    assert row["Value"] == "card 5"
    assert list(ex.protection_table(s, 0)["Value"]) == ["cards 1 to 5", "cards 6 to 7"]


def test_the_too_few_note_agrees_with_kamaitachi_on_a_single_card():
    lines, hands = [["tengu"], ["nue"]], [["kamaitachi", "nue", "tengu"], ["umibozu"] * 3]
    position = {"lines": lines, "hands": hands, "summon_waiting": ["daitengu", "otakemaru"], "to_move": 0}
    s = play(yc.new_game(5, 2, position=position), "s0")
    assert yc.lines(s)[1] == []  # Kamaitachi took the only card: "fixed number" is not about opponents
    note = ex.note("too_few")
    assert "acts on what they have" in note and "your own line" in note


def test_since_own_turn_lists_every_other_players_turn():
    s = yc.new_game(11, 4)
    history = [s]
    while yc.current_player(history[-1]) != 0 or history[-1].turn < 5:
        history.append(yc.apply(history[-1], yc.legal_actions(history[-1])[0]))
    turns = ex.since_own_turn(history, 0)
    mine = "Player 1's turn (yours)"
    assert [h for h, _ in turns] == [mine, "Player 2's turn", "Player 3's turn", "Player 4's turn"]
    assert all(any("Yokai Summon" in line or "Strike" in line for line in lines) for _, lines in turns)
    assert [h for h, _ in ex.since_own_turn(history, 2)] == ["Player 3's turn (yours)", "Player 4's turn"]
