"""A lesson file's fields, checked: every problem named at once, in words a teacher can act on.

Pure Python (no Streamlit); :mod:`ui.lessons.load` replays what passes.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core import Game
from engine.core.quote import quote_input
from engine.core.registry import game as game_of
from engine.core.registry import infos
from engine.core.rng import MAX_SEED

LESSON_FORMAT = "tabletop-dojo-lesson"
LESSON_VERSION = 1
MAX_LESSON_CHARS = 200_000
MAX_STEPS = 200
MAX_TEXT_CHARS = 4_000
MAX_TITLE_CHARS = 120
MAX_TOKEN_CHARS = 200
BOT_PREFIX = "bot:"
_FIELDS = {"format", "version", "game", "title", "scenario", "steps"}
_SCENARIO_FIELDS = {"seed", "players", "setup", "actions"}
_STEP_FIELDS = {"text", "action"}


class LessonError(ValueError):
    """A lesson file that cannot be used; ``problems`` names each bad field."""

    def __init__(self, problems: list[str]):
        self.problems = tuple(problems)
        super().__init__("This lesson file cannot be used: " + " ".join(f"({p})" for p in problems))


def short(value: Any) -> str:
    """What the file holds, quoted inert (a message is shown as Markdown)."""
    return quote_input(value)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and bool(value.strip()) and len(value) <= limit


def parse(text: Any) -> dict:
    if isinstance(text, bytes):
        if len(text) > MAX_LESSON_CHARS * 4:  # refused before decoding: no copy of a huge file
            raise LessonError([f"the file is too large (the limit is {MAX_LESSON_CHARS:,} characters)"])
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise LessonError(["the file is not text (UTF-8)"]) from None
    if not isinstance(text, str):
        raise LessonError(["a lesson must be text"])
    if len(text) > MAX_LESSON_CHARS:
        raise LessonError(
            [f"the file is too large ({len(text):,} characters; the limit is {MAX_LESSON_CHARS:,})"]
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise LessonError(["the file is not valid JSON"]) from None
    if not isinstance(data, dict):
        raise LessonError(["the file must hold one JSON object {…}"])
    return data


def check_top(data: dict, page_game: str | None, problems: list[str]) -> Game | None:
    if data.get("format") != LESSON_FORMAT:
        problems.append(f'"format" must be "{LESSON_FORMAT}"')
    if data.get("version") != LESSON_VERSION:
        problems.append(f'"version" must be {LESSON_VERSION} (found {short(data.get("version"))})')
    for name in sorted(set(data) - _FIELDS):
        problems.append(f"unknown field {short(name)}")
    if not _text(data.get("title"), MAX_TITLE_CHARS):
        problems.append(f'"title" must be text of 1 to {MAX_TITLE_CHARS} characters')
    ids = [info.id for info in infos()]
    name = data.get("game")
    if name not in ids:
        problems.append(f'"game" must be one of {", ".join(ids)} (found {short(name)})')
        return None
    if page_game is not None and name != page_game:
        problems.append(f'this lesson is for the game "{name}", not "{page_game}"')
    try:
        return game_of(name)
    except KeyError as exc:
        problems.append(f'"game": {exc.args[0]}')
        return None


def check_scenario(scenario: Any, problems: list[str]) -> None:
    if not isinstance(scenario, dict):
        problems.append('"scenario" must be an object with "seed", "players", "setup" and "actions"')
        return
    for name in sorted(_SCENARIO_FIELDS - set(scenario)):
        problems.append(f'scenario: "{name}" is missing')
    for name in sorted(set(scenario) - _SCENARIO_FIELDS):
        problems.append(f"scenario: unknown field {short(name)}")
    if "seed" in scenario and not _whole(scenario["seed"], 0, MAX_SEED):
        problems.append('scenario: "seed" must be a whole number from 0 to 2**63-1')
    if "players" in scenario and not _whole(scenario["players"], 1, 10):
        problems.append('scenario: "players" must be a whole number from 1 to 10')
    if "setup" in scenario and not isinstance(scenario["setup"], dict):
        problems.append('scenario: "setup" must be an object ({} for the usual set-up)')
    actions = scenario.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        problems.append('scenario: "actions" must be a list of move tokens (as in a save file)')


def check_steps(steps: Any, game: Game | None, problems: list[str]) -> None:
    if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
        problems.append(f'"steps" must be a list of 1 to {MAX_STEPS} steps')
        return
    bots = list(game.bots()) if game is not None else []
    for number, step in enumerate(steps, start=1):
        where = f"step {number}"
        if not isinstance(step, dict):
            problems.append(f'{where}: must be an object {{"text": …, "action": …}}')
            continue
        for name in sorted(set(step) - _STEP_FIELDS):
            problems.append(f"{where}: unknown field {short(name)}")
        if not _text(step.get("text"), MAX_TEXT_CHARS):
            problems.append(f'{where}: "text" must be text of 1 to {MAX_TEXT_CHARS:,} characters')
        elif "![" in step["text"]:  # an image would be fetched from anywhere by every viewer
            problems.append(f'{where}: "text" may not show images')
        action = step.get("action")
        if action is not None and (not isinstance(action, str) or not 0 < len(action) <= MAX_TOKEN_CHARS):
            problems.append(f'{where}: "action" must be a move token, `bot:<name>` or null')
        elif isinstance(action, str) and action.startswith(BOT_PREFIX) and game is not None:
            if action[len(BOT_PREFIX) :] not in bots:
                problems.append(f"{where}: no bot {short(action[4:])}; this game has {', '.join(bots)}")
