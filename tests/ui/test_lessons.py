"""The lesson loader: a good file plays to its end; every bad field is named at once; a step
that the rules refuse is named with its number; the shipped lessons all load."""

from __future__ import annotations

import json

import pytest

import engine.fan_mallet as fm
from engine.core.registry import GAME_MODULES
from ui.kit.lesson_play import on_path, session_at
from ui.lessons import MAX_LESSON_CHARS, LessonError, load_lesson, shipped_files, shipped_lesson

GAMES = [name.split(".")[1] for name in GAME_MODULES]
"""The shipped games (the test games ship no lesson)."""


def lesson(**changes) -> dict:
    data = {
        "format": "tabletop-dojo-lesson",
        "version": 1,
        "game": "fan_mallet",
        "title": "First cards",
        "scenario": {"seed": 7, "players": 2, "setup": {}, "actions": []},
        "steps": [{"text": "Look at the oval.", "action": None}],
    }
    data.update(changes)
    return data


def first_moves(count: int, seed: int = 7) -> list[str]:
    state, tokens = fm.new_game(seed), []
    for _ in range(count):
        action = fm.legal_actions(state)[0]
        tokens.append(fm.encode_action(action))
        state = fm.apply(state, action)
    return tokens


def problems(data) -> tuple[str, ...]:
    with pytest.raises(LessonError) as caught:
        load_lesson(data if isinstance(data, str | bytes) else json.dumps(data))
    return caught.value.problems


def test_a_good_lesson_plays_its_moves_from_the_scenario():
    moves = first_moves(3)
    data = lesson(
        scenario={"seed": 7, "players": 2, "setup": {}, "actions": moves[:1]},
        steps=[
            {"text": "Intro", "action": None},
            {"text": "White plays", "action": moves[1]},
            {"text": "Black plays", "action": moves[2]},
            {"text": "The bot answers", "action": "bot:greedy"},
        ],
    )
    loaded = load_lesson(json.dumps(data), "fan_mallet")
    assert loaded.title == "First cards" and len(loaded.steps) == 4 and len(loaded.positions) == 4
    assert [s.token for s in loaded.steps[:3]] == [None, moves[1], moves[2]]
    assert loaded.steps[3].bot == "greedy" and loaded.steps[3].token in [
        fm.encode_action(a) for a in fm.legal_actions(loaded.positions[2])
    ]
    assert fm.to_json(loaded.position(2)).count('"w:') + fm.to_json(loaded.position(2)).count('"b:') == 3
    assert [loaded.moves_before(k) for k in range(4)] == [0, 1, 2, 3]
    # The same file gives the same lesson: the bot's move comes from the seed.
    again = load_lesson(json.dumps(data))
    assert [s.token for s in again.steps] == [s.token for s in loaded.steps]


def test_every_bad_field_is_named_at_once():
    found = problems(
        lesson(
            format="other",
            version=2,
            title="",
            extra=1,
            scenario={"seed": -1, "players": "two", "setup": [], "actions": "w:red:1", "dice": 3},
            steps=[{"text": "", "action": 5}, "not a step", {"text": "ok", "action": "bot:nobody", "why": 1}],
        )
    )
    text = "\n".join(found)
    for words in (
        '"format"',
        '"version"',
        "unknown field 'extra'",
        '"title"',
        'scenario: "seed"',
        'scenario: "players"',
        'scenario: "setup"',
        'scenario: "actions"',
        "scenario: unknown field 'dice'",
        'step 1: "text"',
        'step 1: "action"',
        "step 2: must be an object",
        "step 3: no bot 'nobody'",
        "step 3: unknown field 'why'",
    ):
        assert words in text, (words, found)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (lesson(game="chess"), '"game" must be one of'),
        (lesson(steps=[]), '"steps" must be a list'),
        ({"steps": 3}, '"format"'),
        ("[1, 2]", "one JSON object"),
        ("{not json", "not valid JSON"),
        (b"\xff\xfe", "not text"),
        (lesson(scenario=[1]), '"scenario" must be an object'),
    ],
)
def test_each_kind_of_bad_file_gets_its_reason(data, words):
    assert any(words in p for p in problems(data))


def test_a_lesson_for_another_game_is_refused_on_this_page():
    with pytest.raises(LessonError, match='for the game "fan_mallet", not "yokai"'):
        load_lesson(json.dumps(lesson()), "yokai")


def test_the_size_limit():
    big = json.dumps(lesson(title="x" * MAX_LESSON_CHARS))
    assert "too large" in problems(big)[0]


def test_an_illegal_step_is_named_with_its_number_and_the_legal_moves():
    moves = first_moves(2)
    data = lesson(
        steps=[
            {"text": "one", "action": moves[0]},
            {"text": "two", "action": None},
            {"text": "three", "action": moves[0]},  # White's card again, but Black is to move
        ]
    )
    (problem,) = problems(data)
    assert problem.startswith(f"step 3: '{moves[0]}' is not a legal move here:")
    assert moves[1] in problem  # the legal moves are listed for the teacher
    assert (
        "step 1: 'zz' is not a legal move here" in problems(lesson(steps=[{"text": "t", "action": "zz"}]))[0]
    )


def test_a_bad_scenario_is_explained():
    (problem,) = problems(lesson(scenario={"seed": 7, "players": 2, "setup": {}, "actions": ["b:red:1"]}))
    assert problem.startswith("scenario: Move 1 of the scenario")


def test_a_step_after_the_end_of_the_game_is_refused():
    state, tokens = fm.new_game(3), []
    while not fm.is_over(state):
        action = fm.legal_actions(state)[0]
        tokens.append(fm.encode_action(action))
        state = fm.apply(state, action)
    data = lesson(
        scenario={"seed": 3, "players": 2, "setup": {}, "actions": tokens},
        steps=[{"text": "over", "action": "bot:random"}],
    )
    assert "the game is already over" in problems(data)[0]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_a_lesson_that_loads_and_plays_moves(game):
    (name,) = shipped_files(game)
    shipped = shipped_lesson(name)
    assert shipped.game.INFO.id == game and len(shipped.steps) >= 5
    assert sum(s.token is not None for s in shipped.steps) >= 4
    first, last = session_at(shipped, 0), session_at(shipped, len(shipped.steps) - 1)
    lead = len(shipped.lead)
    assert last.cursor == lead + len(shipped.positions) - 1 > first.cursor == lead + shipped.moves_before(0)
    # The history runs from the deal through the scenario's moves: the page knows the move
    # that led to the lesson's first position (the board marks it, "Last move" explains it).
    assert first.state is shipped.position(0) and last.state is shipped.position(len(shipped.steps) - 1)
    if lead:
        game, before = shipped.game, first.history[first.cursor - 1]
        scenario = game.to_json(shipped.positions[0])
        assert any(game.to_json(game.apply(before, a)) == scenario for a in game.legal_actions(before))
    assert on_path(last, shipped, len(shipped.steps) - 1) and not on_path(
        first, shipped, len(shipped.steps) - 1
    )
    assert on_path(last.undo(), shipped, len(shipped.steps) - 1) is False
