"""Read a lesson file: every field checked (all problems named at once), then the scenario and
each step replayed through the game's own rules, so a lesson that loads plays to its end.

Pure Python (no Streamlit): the loader is tested, and fuzzed, on its own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.core import BadSave, Game, IllegalAction, bot_decision, dump_save
from engine.core.quote import inert, quote_input
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


@dataclass(frozen=True)
class LessonStep:
    """The text shown at this step, and the move it plays first (its codec token), if any;
    ``bot`` names the bot that chose the move for a ``"bot:<name>"`` step."""

    text: str
    token: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class Lesson:
    """A checked lesson. ``positions[0]`` is the scenario's position, then one position per
    step that plays a move; ``moves_before(k)`` says which one step ``k`` shows. ``lead``
    holds the positions of the scenario's own moves before it (from the deal on), so the page
    knows the move that led to the scenario's position."""

    game: Game
    title: str
    seed: int
    players: int
    steps: tuple[LessonStep, ...]
    positions: tuple
    lead: tuple = ()

    def moves_before(self, k: int) -> int:
        """How many lesson moves have been played once step ``k`` (0-based) is shown."""
        return sum(1 for step in self.steps[: k + 1] if step.token is not None)

    def position(self, k: int):
        return self.positions[self.moves_before(k)]


def _short(value: Any) -> str:
    """What the file holds, quoted inert (a message is shown as Markdown)."""
    return quote_input(value)


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and bool(value.strip()) and len(value) <= limit


def _parse(text: Any) -> dict:
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


def _check_top(data: dict, page_game: str | None, problems: list[str]) -> Game | None:
    if data.get("format") != LESSON_FORMAT:
        problems.append(f'"format" must be "{LESSON_FORMAT}"')
    if data.get("version") != LESSON_VERSION:
        problems.append(f'"version" must be {LESSON_VERSION} (found {_short(data.get("version"))})')
    for name in sorted(set(data) - _FIELDS):
        problems.append(f"unknown field {_short(name)}")
    if not _text(data.get("title"), MAX_TITLE_CHARS):
        problems.append(f'"title" must be text of 1 to {MAX_TITLE_CHARS} characters')
    ids = [info.id for info in infos()]
    name = data.get("game")
    if name not in ids:
        problems.append(f'"game" must be one of {", ".join(ids)} (found {_short(name)})')
        return None
    if page_game is not None and name != page_game:
        problems.append(f'this lesson is for the game "{name}", not "{page_game}"')
    try:
        return game_of(name)
    except KeyError as exc:
        problems.append(f'"game": {exc.args[0]}')
        return None


def _check_scenario(scenario: Any, problems: list[str]) -> None:
    if not isinstance(scenario, dict):
        problems.append('"scenario" must be an object with "seed", "players", "setup" and "actions"')
        return
    for name in sorted(_SCENARIO_FIELDS - set(scenario)):
        problems.append(f'scenario: "{name}" is missing')
    for name in sorted(set(scenario) - _SCENARIO_FIELDS):
        problems.append(f"scenario: unknown field {_short(name)}")
    if "seed" in scenario and not _whole(scenario["seed"], 0, MAX_SEED):
        problems.append('scenario: "seed" must be a whole number from 0 to 2**63-1')
    if "players" in scenario and not _whole(scenario["players"], 1, 10):
        problems.append('scenario: "players" must be a whole number from 1 to 10')
    if "setup" in scenario and not isinstance(scenario["setup"], dict):
        problems.append('scenario: "setup" must be an object ({} for the usual set-up)')
    actions = scenario.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        problems.append('scenario: "actions" must be a list of move tokens (as in a save file)')


def _check_steps(steps: Any, game: Game | None, problems: list[str]) -> None:
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
            problems.append(f"{where}: unknown field {_short(name)}")
        if not _text(step.get("text"), MAX_TEXT_CHARS):
            problems.append(f'{where}: "text" must be text of 1 to {MAX_TEXT_CHARS:,} characters')
        elif "![" in step["text"]:  # an image would be fetched from anywhere by every viewer
            problems.append(f'{where}: "text" may not show images')
        action = step.get("action")
        if action is not None and (not isinstance(action, str) or not 0 < len(action) <= MAX_TOKEN_CHARS):
            problems.append(f'{where}: "action" must be a move token, `bot:<name>` or null')
        elif isinstance(action, str) and action.startswith(BOT_PREFIX) and game is not None:
            if action[len(BOT_PREFIX) :] not in bots:
                problems.append(f"{where}: no bot {_short(action[4:])}; this game has {', '.join(bots)}")


def _start(game: Game, scenario: dict) -> Any:
    text = dump_save(
        game.INFO.id, scenario["seed"], scenario["players"], scenario["setup"], scenario["actions"]
    )
    try:
        return game.from_json(text)
    except BadSave as exc:
        reason = str(exc).replace("This save", "The scenario").replace("this save", "the scenario")
        raise LessonError([f"scenario: {inert(reason)}"]) from None


def _lead(game: Game, scenario: dict) -> tuple:
    """The positions from the deal up to (not including) the scenario's own, each scenario
    move applied in turn (the save format replays them the same way)."""
    if not scenario["actions"]:
        return ()
    state = game.from_json(
        dump_save(game.INFO.id, scenario["seed"], scenario["players"], scenario["setup"], [])
    )
    lead = [state]
    for token in scenario["actions"][:-1]:
        state = game.apply(state, game.decode_action(token))
        lead.append(state)
    return tuple(lead)


def _legal_tokens(game: Game, state) -> list[str]:
    return [game.encode_action(a) for a in game.legal_actions(state)]


def _replay(game: Game, scenario: dict, state, steps: list[dict]) -> tuple[tuple[LessonStep, ...], tuple]:
    seed, first = scenario["seed"], len(scenario["actions"])
    done, positions = [], [state]
    for number, step in enumerate(steps, start=1):
        raw = step.get("action")
        if raw is None:
            done.append(LessonStep(step["text"]))
            continue
        if game.is_over(state):
            raise LessonError([f"step {number}: the game is already over, so {_short(raw)} cannot be played"])
        legal = _legal_tokens(game, state)
        bot = raw[len(BOT_PREFIX) :] if raw.startswith(BOT_PREFIX) else None
        try:
            if bot is not None:
                action = bot_decision(game, state, game.bots()[bot], seed, first + len(positions) - 1)
            else:
                action = game.decode_action(raw)
            token = game.encode_action(action)
            if token not in legal:
                raise IllegalAction("it is not among the moves the rules allow now")
            state = game.apply(state, action)
        except IllegalAction as exc:
            shown = ", ".join(legal[:12]).replace("`", "") + (", …" if len(legal) > 12 else "")
            raise LessonError(
                [
                    f"step {number}: {_short(raw)} is not a legal move here: {inert(exc)} (legal now: `{shown}`)"
                ]
            ) from None
        done.append(LessonStep(step["text"], token, bot))
        positions.append(state)
    return tuple(done), tuple(positions)


def load_lesson(text: Any, game: str | None = None) -> Lesson:
    """The lesson in ``text`` (a JSON file's content), checked and replayed; ``game`` is the
    page's game, which the lesson must be for. Raises ``LessonError`` naming every problem."""
    data = _parse(text)
    problems: list[str] = []
    engine = _check_top(data, game, problems)
    _check_scenario(data.get("scenario"), problems)
    _check_steps(data.get("steps"), engine, problems)
    if problems or engine is None:
        raise LessonError(problems)
    scenario = data["scenario"]
    start = _start(engine, scenario)
    steps, positions = _replay(engine, scenario, start, data["steps"])
    lead = _lead(engine, scenario)
    return Lesson(
        engine, data["title"].strip(), scenario["seed"], scenario["players"], steps, positions, lead
    )


__all__ = [
    "LESSON_FORMAT",
    "LESSON_VERSION",
    "MAX_LESSON_CHARS",
    "Lesson",
    "LessonError",
    "LessonStep",
    "load_lesson",
]
