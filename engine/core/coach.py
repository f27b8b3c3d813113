"""The Coach: how good was a move, judged only from what the seat could see.

:func:`assess` takes the seat's view before its move and the action it played. The coach's
suggestion is what the game's strongest bot (the last of ``game.bots()``) plays from that same
view. Both moves are then played in the same sampled worlds (``game.determinize`` of the view,
so the unseen cards and dice are guessed, never read) and the game's rollout bot plays every
seat to the end (common random numbers: a world and its generator are shared by both moves,
so the two are compared world by world, not against each other's luck). The seat's final
score, its score margin and its win share are averaged; the expected loss is the
suggestion's mean minus the played move's in the game's own measure (:data:`MEASURES`), with
the standard error of the paired differences. A move is good when it is the suggestion, or
when the suggestion is not better by more than :data:`NOISE` standard errors.

We use the strongest page bot rather than the Lab's search bot: it decides in milliseconds
(the search needs ~150 playouts a decision), so a whole-game review stays within a few
seconds, and for Yokai the search still trails the partner bot.

:func:`review` lists a seat's costliest moves in two passes: every move is screened in a few
worlds against the rollout bot's choice (deciding costs nothing), then the few that lost most
are assessed in full against the strongest bot, exactly as a click on that move would be. A
move that matched the rollout bot's choice is therefore only rechecked when few moves differ
from it: the price of keeping a whole-game review near a second or two.

Everything is counted in samples, never in seconds: the same view, move, seed and samples
give the same verdict on any machine. :func:`move_seed` derives the seed from the save before
the move and its number, so a move always gets the same verdict, and another move tried from
the same position is judged in the same worlds against the same suggestion.

>>> from engine.core.registry import game
>>> fm = game("fan_mallet")
>>> s = fm.new_game(3)
>>> a = assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1)
>>> a == assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1), a.samples
(True, 4)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import IllegalAction
from .loop import playout
from .protocol import Action, Bot, Game, State
from .rng import fresh_seed, rng_for
from .save import parse_save
from .search import is_cooperative, place_rewards, settings_for

SAMPLES = 32
"""Worlds per assessment of one move (a "How was my move?" click), unless :data:`SAMPLES_BY_GAME`
says otherwise: a game whose rollouts are slow gets fewer so a click stays under a second."""
SAMPLES_BY_GAME = {"yokai": 16}
NOISE = 2.0
"""A suggestion better by no more than this many standard errors is within noise: good move."""
TOP = 3
"""How many costly moves a game review lists."""
MEASURES = {
    "fan_mallet": "margin",  # the marker swing: my markers minus the opponent's
    "tanuki_matsuri": "score",  # final score points
    "yokai_carnival": "share",  # win chance (place share against each other seat)
    "yokai": "score",  # the team's score
}
"""What a move's loss is counted in, by game id. Other games: the team's or the solo score in a
cooperative or one-seat game, else the win share."""
SCREEN_WORLDS = {"fan_mallet": 150, "tanuki_matsuri": 200, "yokai_carnival": 150, "yokai": 60}
"""Sampled worlds a review spends screening all the moves of a game (other games: 150), shared
out between the moves (2 to 8 each); the costliest few are then assessed again in full. Chosen
so a whole-game review stays around 3 s on the development machine (see the README)."""
RECHECK = 5
"""How many screened moves a review assesses again in full before keeping the top ones (Yokai,
whose playouts are the slowest: :data:`RECHECK_BY_GAME`)."""
RECHECK_BY_GAME = {"yokai": 4}


@dataclass(frozen=True)
class Estimate:
    """One move played out in the sampled worlds: the seat's mean final ``score``, mean
    ``margin`` (its score minus the best other seat's; the score itself with no opponent)
    and mean win ``share`` (None in a cooperative or one-seat game), over ``n`` worlds."""

    action: Action
    score: float
    margin: float
    share: float | None
    n: int


@dataclass(frozen=True)
class Assessment:
    """The coach's verdict on one move of ``seat``.

    ``view`` is what the seat saw before the move (all the coach used), ``played`` and
    ``suggestion`` (the strongest bot's choice; the same action when they agree) their
    estimates, ``measure`` the unit of ``gain`` (``"score"``, ``"margin"`` or ``"share"``):
    the suggestion's mean minus the played move's, paired world by world, with ``stderr``.
    ``move`` is the move's number in the game (1 = the first move), when known.
    """

    game: str
    seat: int
    view: State
    played: Estimate
    suggestion: Estimate
    measure: str
    gain: float
    stderr: float
    samples: int
    seed: int
    move: int | None = None

    @property
    def same(self) -> bool:
        """The move played is the coach's own choice."""
        return self.played.action == self.suggestion.action

    @property
    def good(self) -> bool:
        """The coach's choice, or not clearly worse than it (within :data:`NOISE` standard errors)."""
        return self.same or self.gain <= NOISE * self.stderr

    @property
    def loss(self) -> float:
        """The expected loss of the move played (0 when the suggestion is no better)."""
        return max(0.0, self.gain)

    @property
    def better(self) -> Action | None:
        """The move the coach would have played instead, None for a good move."""
        return None if self.good else self.suggestion.action


def measure_of(game: Game) -> str:
    """The unit a move's loss is counted in for ``game`` (see :data:`MEASURES`)."""
    if game.INFO.id in MEASURES:
        return MEASURES[game.INFO.id]
    return "score" if is_cooperative(game) or game.INFO.players.stop <= 2 else "share"


def samples_for(game: Game) -> int:
    """Worlds per assessment of one move of ``game`` (see :data:`SAMPLES`)."""
    return SAMPLES_BY_GAME.get(game.INFO.id, SAMPLES)


def coach_bot(game: Game) -> Bot:
    """The bot whose choice the coach suggests: the strongest of ``game.bots()``."""
    bots = game.bots()
    return bots[list(bots)[-1]]


def move_seed(save_before: str, move: int) -> int:
    """The seed of the assessment of move ``move`` (1-based), from the save before it.

    >>> move_seed('{"x":1}', 3) == move_seed('{"x":1}', 3) != move_seed('{"x":1}', 4)
    True
    """
    return fresh_seed(rng_for(0, "coach", save_before, move))


def assess(
    game: Game,
    view_before: State,
    played: Action,
    *,
    samples: int | None = None,
    seed: int = 0,
    bot: Bot | None = None,
    move: int | None = None,
) -> Assessment:
    """The coach's verdict on ``played`` for the seat to move in ``view_before`` (its view; a
    full state is first reduced to it, so the coach never reads what the seat could not see).
    ``bot`` decides the suggestion (default :func:`coach_bot`); ``samples`` defaults to
    :func:`samples_for`. Raises ``IllegalAction`` if ``played`` is not a legal move there and
    ``ValueError`` for a finished game or fewer than one sample."""
    samples = samples_for(game) if samples is None else samples
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise ValueError(f"An assessment needs at least one sample, not {samples!r}")
    seat = game.current_player(view_before)
    if seat is None:
        raise ValueError("The game is over: there is no move to assess")
    view_before = game.view(view_before, seat)  # a view of a view is itself; a full state loses its secrets
    legal = game.legal_actions(view_before)
    played = _legal(legal, played, game)
    rng = random.Random(seed)
    bot_rng = random.Random(fresh_seed(rng))
    suggestion = _legal(legal, (bot or coach_bot(game))(view_before, bot_rng), game)
    moves = [played] if suggestion == played else [played, suggestion]
    results = _play_out(game, view_before, moves, seat, samples, rng)
    measure = measure_of(game)
    first = _estimate(played, results[0])
    second = first if len(moves) == 1 else _estimate(suggestion, results[1])
    gain, stderr = 0.0, 0.0
    if len(moves) == 2:
        index = _FIELDS.index(measure)
        gain, stderr = _paired([b[index] - a[index] for a, b in zip(results[0], results[1], strict=True)])
    return Assessment(
        game.INFO.id, seat, view_before, first, second, measure, gain, stderr, samples, seed, move
    )


@dataclass(frozen=True)
class Move:
    """One move of a game's history: ``index`` in the history (the state before it is
    ``history[index]``), its ``number`` in the game (1-based), who played it and what."""

    index: int
    number: int
    seat: int
    action: Action


def moves_of(game: Game, history: Sequence[State]) -> list[Move]:
    """The moves between the states of ``history`` (full states, each one move after the
    previous), read from the save of the last state: its action log holds one token per move."""
    if len(history) < 2:
        return []
    tokens = parse_save(game.to_json(history[-1])).actions
    offset = len(tokens) - (len(history) - 1)
    moves = []
    for i in range(len(history) - 1):
        seat = game.current_player(history[i])
        moves.append(Move(i, offset + i + 1, seat, game.decode_action(tokens[offset + i])))
    return moves


def assess_move(
    game: Game, history: Sequence[State], move: Move, *, samples: int | None = None, bot: Bot | None = None
) -> Assessment:
    """:func:`assess` of one move of ``history`` from its seat's view, seeded by :func:`move_seed`."""
    before = history[move.index]
    seed = move_seed(game.to_json(before), move.number)
    view = game.view(before, move.seat)
    return assess(game, view, move.action, samples=samples, seed=seed, bot=bot, move=move.number)


def review(
    game: Game,
    history: Sequence[State],
    seats: int | Iterable[int],
    *,
    top: int = TOP,
    samples: int | None = None,
    screen: int | None = None,
    recheck: int | None = None,
    bot: Bot | None = None,
) -> list[Assessment]:
    """The costliest moves of ``seats`` in ``history``, costliest first: at most ``top``, good
    moves left out. Two passes keep the cost bounded: every move of those seats is first
    screened against the rollout bot's choice (cheap to decide) in ``screen`` worlds (default:
    :data:`SCREEN_WORLDS` shared out); the ``recheck`` moves that lost most there are assessed
    again against the strongest bot with ``samples`` worlds, exactly as a "How was my move?"
    click does, so the review and the click agree. A move that matched the rollout bot's
    choice is rechecked only when fewer than ``recheck`` moves differ from it."""
    wanted = {seats} if isinstance(seats, int) else set(seats)
    moves = [m for m in moves_of(game, history) if m.seat in wanted]
    if not moves:
        return []
    recheck = RECHECK_BY_GAME.get(game.INFO.id, RECHECK) if recheck is None else recheck
    if screen is None:
        screen = min(8, max(2, SCREEN_WORLDS.get(game.INFO.id, 150) // len(moves)))
    cheap = _rollout_bot(game)
    screened = [assess_move(game, history, m, samples=screen, bot=cheap) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: (screened[i].same, -screened[i].gain, i))
    checked = [assess_move(game, history, moves[i], samples=samples, bot=bot) for i in order[:recheck]]
    kept = sorted((a for a in checked if not a.good), key=lambda a: (-a.loss, a.move))
    return kept[:top]


# ---- the playouts ------------------------------------------------------------------------

_FIELDS = ("score", "margin", "share")


def _legal(legal: list, action: Action, game: Game) -> Action:
    """The equal action from ``legal`` (a game's fast paths know its own objects)."""
    for option in legal:
        if option == action:
            return option
    raise IllegalAction(f"{action} is not a legal move in this position of {game.INFO.title}")


def _play_out(
    game: Game, view: State, moves: list, seat: int, samples: int, rng: random.Random
) -> list[list[tuple[float, float, float]]]:
    """Each move's (score, margin, share) in every sampled world, the same worlds for all. A
    world where a move is not legal (a guess the view should have ruled out) is left out for
    every move, so the moves stay paired."""
    policy = _rollout_bot(game)
    cooperative = is_cooperative(game)
    results: list[list[tuple[float, float, float]]] = [[] for _ in moves]
    for _ in range(samples):
        world_seed = fresh_seed(rng)
        world = game.determinize(view, world_seed)
        options = game.legal_actions(world)
        here = [next((o for o in options if o == move), None) for move in moves]
        if None in here:
            continue
        for i, move in enumerate(here):
            end = playout(game, game.apply(world, move), random.Random(world_seed), policy=policy)
            results[i].append(_result(game, end, seat, cooperative))
    if not results[0]:
        raise ValueError(f"No sampled world of {game.INFO.title} allows this move")
    return results


def _rollout_bot(game: Game) -> Bot:
    """The bot that plays every seat after the move: the search's rollout bot, else random moves."""
    bots, name = game.bots(), settings_for(game).rollout
    if name in bots:
        return bots[name]
    return lambda state, rng: rng.choice(game.legal_actions(state))


def _result(game: Game, end: State, seat: int, cooperative: bool) -> tuple[float, float, float]:
    out = game.outcome(end)
    scores = out.scores
    score = float(scores[seat])
    if cooperative or len(scores) < 2:
        return score, score, math.nan
    margin = score - max(s for i, s in enumerate(scores) if i != seat)
    share = place_rewards(out.ranking, scores, out.winner)[seat]
    return score, margin, share


def _estimate(action: Action, rows: list[tuple[float, float, float]]) -> Estimate:
    n = len(rows)
    score = sum(r[0] for r in rows) / n
    margin = sum(r[1] for r in rows) / n
    share = sum(r[2] for r in rows) / n
    return Estimate(action, score, margin, None if math.isnan(share) else share, n)


def _paired(diffs: list[float]) -> tuple[float, float]:
    """Mean of the paired differences and its standard error (0 for a single world)."""
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = [
    "Assessment",
    "Estimate",
    "MEASURES",
    "Move",
    "NOISE",
    "SAMPLES",
    "assess",
    "assess_move",
    "coach_bot",
    "measure_of",
    "move_seed",
    "moves_of",
    "review",
    "samples_for",
]
