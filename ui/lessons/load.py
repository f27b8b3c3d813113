"""Read a lesson file: every field checked (all problems named at once), then the scenario and
each step replayed through the game's own rules, so a lesson that loads plays to its end.

Pure Python (no Streamlit): the loader is tested, and fuzzed, on its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import BadSave, Game, IllegalAction, bot_decision, dump_save
from engine.core.quote import inert

from .checks import (
    BOT_PREFIX,
    LESSON_FORMAT,
    LESSON_VERSION,
    MAX_LESSON_CHARS,
    LessonError,
    check_scenario,
    check_steps,
    check_top,
    parse,
    short,
)


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
            raise LessonError([f"step {number}: the game is already over, so {short(raw)} cannot be played"])
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
                [f"step {number}: {short(raw)} is not a legal move here: {inert(exc)} (legal now: `{shown}`)"]
            ) from None
        done.append(LessonStep(step["text"], token, bot))
        positions.append(state)
    return tuple(done), tuple(positions)


def load_lesson(text: Any, game: str | None = None) -> Lesson:
    """The lesson in ``text`` (a JSON file's content), checked and replayed; ``game`` is the
    page's game, which the lesson must be for. Raises ``LessonError`` naming every problem."""
    data = parse(text)
    problems: list[str] = []
    engine = check_top(data, game, problems)
    check_scenario(data.get("scenario"), problems)
    check_steps(data.get("steps"), engine, problems)
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
