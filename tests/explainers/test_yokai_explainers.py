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
    # (4, 2) is column F (the board's margin is A), row 3 (y = 5 on top is row 1)
    assert "would cut off F3" in sentence
    assert list(table["Cut off"]) == ["F3"]
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
    assert list(table["Points"]) == ["+1", "−1", "+2", "+5", "+5", "+5", "+5", "22"]  # never "1.0000"
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
        assert (got, got_tier) == (total, tier) and table["Points"].iloc[-1] == str(total)
        assert table["Each"].iloc[-1] == ""  # was None, which turned the column into 1.0000s
    assert list(ex.points_table()["Points"]) == ["+1", "−1", "+2", "+5"]


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


def test_cells_are_named_as_the_board_labels_them_everywhere():
    """The board has no (x, y): every table names cells by the letters and numbers on its edges."""
    import re

    from explainers.yokai_words import cell_namer, edge_labels

    coords = re.compile(r"\(-?\d+, -?\d+\)")
    scene = next(s for s in scenes() if s.table == "refusal")
    name = cell_namer(yk.board(scene.state))
    labels = {label for _, label, _ in edge_labels(yk.board(scene.state))}
    assert {"A", "F", "1", "6"} <= labels
    assert name((0, 3)) == "B2" and name((4, 2)) == "F3"
    texts = [scene.text, ex.refusal(scene.state, scene.selected, scene.refused)[0]]
    texts += [ex.win_table(yk.apply(yk.new_game(2, layout=SPLIT), yk.Declare())).to_string()]
    texts += [ex.score_table(scenes()[-1].state).to_string(), *(s.text for s in scenes())]
    texts += [ex.last_turn_table(yk.view(s.state, s.seat or 0)).to_string() for s in scenes()]
    state, history, rng = yk.new_game(8), [], random.Random(8)
    for _ in range(12):
        history.append(state)
        state = yk.apply(state, yk.bots()["partner"](yk.view(state, yk.current_player(state)), rng))
    texts += [ex.log_rows([*history, state], ("partner", "partner")).to_string()]
    assert not [t for t in texts if coords.search(t)]
    assert "Peek at" in texts[-1] and "→" in "".join(texts)


def test_a_and_an_before_a_family():
    s = yk.new_game(5, layout=MIXED)
    oni = next(cell for cell, card in yk.board(s).items() if card.family == "oni")
    s = yk.apply(s, yk.Peek(oni))
    assert "an oni" in ex.last_turn_table(yk.view(s, 0))["Why"].iloc[0]
    assert not any(" a oni" in t for t in [yk.explain(yk.view(s, 0), a) for a in yk.legal_actions(s)])


def test_the_rules_revealing_a_hint_by_themselves_is_said():
    scene = next(s for s in scenes() if s.title == "Step 2: move one card")
    notes = ex.rule_steps(yk.view(scene.state, 0))
    assert any("revealed the top hint by itself" in n for n in notes)
    assert ex.rule_steps(yk.view(scenes()[0].state, 0)) == []


def test_the_yokai_lesson_names_the_cells_its_board_labels():
    """Each step's bold cells are the cells its move names, as that step's board labels them."""
    import re

    from explainers.yokai_words import cell_namer
    from ui.lessons import shipped_files, shipped_lesson

    for file in shipped_files("yokai"):
        lesson = shipped_lesson(file)
        for k, step in enumerate(lesson.steps):
            assert not re.search(r"\(-?\d+, -?\d+\)", step.text), (file, k, step.text)
            if step.token is None or step.token in ("r", "d"):
                continue
            action = yk.decode_action(step.token)
            name = cell_namer(yk.board(lesson.position(k)))
            cells = [getattr(action, f) for f in ("cell", "src", "dst") if hasattr(action, f)]
            bold = re.findall(r"\*\*([A-Z]+\d+)\*\*", step.text)
            assert bold == [name(c) for c in cells], (file, k, step.text)


def test_what_if_builds_the_layouts_play_reaches():
    """After a few moves the cards leave the 4 × 4 grid; What-if builds that shape and finds the
    engine's own win check on it."""
    import pandas as pd

    from explainers.yokai_words import family_label
    from ui.games.yokai.whatif import EMPTY, declared, layout_of

    state = yk.new_game(3, layout=SPLIT)
    for _ in range(3):  # three turns, each moving a card to the right of the layout
        while yk.phase(state) != "move":
            state = yk.apply(state, next(a for a in yk.legal_actions(state) if isinstance(a, yk.Peek)))
        moves = [a for a in yk.legal_actions(state) if isinstance(a, yk.Move)]
        state = yk.apply(state, max(moves, key=lambda m: (m.dst[0], m.src[0] == 0)))
        while yk.phase(state) == "hint":
            state = yk.apply(state, yk.legal_actions(state)[0])
    cells = yk.board(state)
    x0, y1 = min(x for x, _ in cells), max(y for _, y in cells)
    cols, rows = max(x for x, _ in cells) - x0 + 1, y1 - min(y for _, y in cells) + 1
    grid = pd.DataFrame([[EMPTY] * cols for _ in range(rows)])
    for (x, y), card in cells.items():
        grid.iloc[y1 - y, x - x0] = family_label(card.family)
    built = declared(*layout_of(grid))
    real = yk.apply(state, yk.Declare())
    assert list(ex.win_table(built)["Grouped"]) == list(ex.win_table(real)["Grouped"])
    assert cols > 4 or rows > 4
    assert not yk.families_grouped(real)  # SPLIT stays split: the check says why, on the new shape
