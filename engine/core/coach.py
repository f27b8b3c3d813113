"""The Coach: how good was a move, judged only from what the seat could see.

:func:`assess` takes the seat's view before its move and the action it played. The coach's
suggestion is what the game's strongest bot (the last of ``game.bots()``) plays from that same
view (when the move played is that choice, a game's :class:`Coaching` may have every legal
move compete in worlds of their own first: ``rivals``). Both moves are then played in the same sampled worlds (``game.determinize`` of the view,
so the unseen cards and dice are guessed, never read) and the game's rollout bot plays every
seat to the end (common random numbers: a world and its generator are shared by both moves,
so the two are compared world by world, not against each other's luck).

Each finished world gets one **value** for the seat (:class:`Measure`, declared by the game in its
:class:`Coaching`): the game's own measure
(the marker swing, the margin of cards in line to the best rival, the final score) plus a
fixed worth for a win, larger than any measure's spread, so any win is worth more than any
loss and among losses the margin or score still tells the better one apart (a loss of a
cooperative game counts how close it came: the share of its win check that held). The gain is
the suggestion's mean value minus the played move's, with the standard error of the paired
differences. A move is **costly** when that gain exceeds the game's threshold (``Measure.costly``)
(by at least its ``proof`` standard errors, for a game that asks for it), else good. Samples are added in deterministic
batches while the verdict is close (the interval of :data:`NOISE` standard errors holds the
threshold), up to :data:`GROWTH` times the first count. A move that ends the game lost in every sampled world, while the suggestion plays
on, is costly unless the suggestion does worse: a certain loss is never the equal of a line
that can still win (and that line is sampled to the cap before it is judged).

We use the strongest page bot rather than the Lab's search bot: it decides in milliseconds
(the search needs ~150 playouts a decision), so a whole-game review stays within a few
seconds, and in a cooperative game the search may still trail the partner bot. ``bench/coach_agreement.py``
measures how often the verdict agrees with the search bot at a large budget.

:func:`review` lists a seat's costliest moves in two passes: every move is screened in a few
worlds against the rollout bot's choice (deciding costs nothing), then moves are assessed in
full, most promising first, exactly as a click on that move would be, until :data:`TOP`
costly ones are found or the game's ``recheck`` moves were assessed; verdicts already worked out (a
click) are reused and never left out.

Everything is counted in samples, never in seconds (except the live page's optional cap): the
same view, move, seed and samples give the same verdict on any machine. :func:`move_seed`
derives the seed from the save before the move and its number, so a move always gets the same
verdict, and another move tried from the same position is judged in the same worlds against
the same suggestion.

>>> from engine.core.registry import game
>>> fm = game("fan_mallet")
>>> s = fm.new_game(3)
>>> a = assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1)
>>> a == assess(fm, fm.view(s, 0), fm.legal_actions(s)[0], samples=4, seed=1), a.samples >= 4
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import IllegalAction
from .loop import playout
from .protocol import Action, Bot, Game, State
from .rng import fresh_seed, rng_for
from .save import parse_save
from .search import is_cooperative, settings_for

SAMPLES = 32
"""Worlds a "How was my move?" click starts with, unless the game's :class:`Coaching` says
otherwise (a game whose rollouts are slow starts with fewer)."""
GROWTH = 4
"""A close verdict adds worlds, half the first count at a time, up to this many times the first count."""
NOISE = 2.0
"""A verdict is close while the gain is within this many standard errors of the costly threshold."""
PROOF = 1.0
"""A rival move (:class:`Coaching` ``rivals``) replaces the bot's choice as the suggestion only
when it beats it by at least this many standard errors in the rivals' worlds."""
TOP = 3
"""How many costly moves a game review lists."""
SCREEN_WORLDS = 150
"""Sampled worlds a review spends screening all the moves of a game, unless its
:class:`Coaching` says otherwise, shared out between the moves (2 to 8 each)."""
RECHECK = 8
"""At most how many moves a review assesses in full, unless the game's :class:`Coaching` says
otherwise, most promising first, stopping once :data:`TOP` are costly."""


@dataclass(frozen=True)
class Measure:
    """How the coach values a finished game for one seat: ``base`` is ``"margin"`` (the seat's
    score minus the best other seat's) or ``"score"``; a win adds ``win`` (0: wins are not
    counted apart); a lost cooperative game is worth ``close`` times the share of its win check
    that held, instead of its score. ``costly`` is the least gain, in the same unit, that makes
    a move costly; ``unit`` names that unit."""

    base: str
    win: float
    costly: float
    unit: str
    close: float = 0.0


@dataclass(frozen=True)
class Coaching:
    """What the coach needs to know of a game, declared by the game's package as ``COACHING``
    (``engine/<game>/coaching.py``); a game that declares nothing gets :data:`DEFAULT_COACHING`.

    ``measure`` values a finished world (None: :func:`measure_of` picks one from the game's
    kind); ``samples`` is the first count of worlds of a click (:data:`SAMPLES`),
    ``screen_worlds`` the worlds a review spends screening every move (:data:`SCREEN_WORLDS`),
    ``recheck`` the most moves a review assesses in full (:data:`RECHECK`). ``rivals`` (0:
    none): when the move played is the strongest bot's own choice, every legal move is first
    played in this many worlds of their own, and one that beats the bot's choice by
    :data:`PROOF` standard errors there becomes the suggestion, so the coach does not approve
    its bot unchecked (for a game whose bot misses moves its playouts find, and whose moves are
    few and quick to play out). ``proof`` (0: the mean alone) is how many standard errors a gain
    must clear the costly threshold by, for a game where even the cap of worlds leaves a
    standard error larger than the threshold: where the worlds cannot tell, the move is not
    shown to be costly, and a learner is not told so."""

    measure: Measure | None = None
    samples: int = SAMPLES
    screen_worlds: int = SCREEN_WORLDS
    recheck: int = RECHECK
    rivals: int = 0
    proof: float = 0.0


DEFAULT_COACHING = Coaching()
"""The coaching of a game whose package declares no ``COACHING``."""


def coaching_of(game: Game) -> Coaching:
    """The game's own ``COACHING``, else :data:`DEFAULT_COACHING`.

    >>> from engine.core.registry import games
    >>> all(isinstance(coaching_of(g), Coaching) for g in games())
    True
    """
    return getattr(game, "COACHING", DEFAULT_COACHING)


@dataclass(frozen=True)
class Estimate:
    """One move played out in the sampled worlds: the seat's mean final ``score``, mean
    ``margin`` (its score minus the best other seat's; the score itself with no opponent),
    win ``share`` (None in a one-seat game or a cooperative one without a win check), the mean
    ``value`` (:class:`Measure`) and the share of worlds the move itself ``ends`` the game,
    over ``n`` worlds."""

    action: Action
    score: float
    margin: float
    share: float | None
    n: int
    value: float = 0.0
    ends: float = 0.0


@dataclass(frozen=True)
class Assessment:
    """The coach's verdict on one move of ``seat``.

    ``view`` is what the seat saw before the move (all the coach used), ``played`` and
    ``suggestion`` (the strongest bot's choice; the same action when they agree) their
    estimates. ``gain`` is the suggestion's mean value minus the played move's, paired world by
    world, with ``stderr``, in ``measure``'s unit (``measure`` names its base, ``"margin"`` or
    ``"score"``); ``costly_at`` is the threshold. ``samples`` is the worlds used (the first
    count, grown while the verdict was close). ``ended`` says the move ended the game lost in
    every world while the suggestion played on. ``move`` is the move's number in the game (1 =
    the first move), when known.
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
    costly_at: float = 0.0
    unit: str = "points"
    ended: bool = False
    proof: float = 0.0

    @property
    def same(self) -> bool:
        """The move played is the coach's own choice."""
        return self.played.action == self.suggestion.action

    @property
    def good(self) -> bool:
        """Not costly: the coach's choice, or not shown better by more than ``costly_at`` (the
        gain must exceed it by ``proof`` standard errors)."""
        if self.same:
            return True
        if self.ended:
            return self.gain < 0  # a certain loss is only good against a line that does worse
        return self.gain <= self.costly_at + self.proof * self.stderr

    @property
    def loss(self) -> float:
        """The expected loss of the move played (0 when the suggestion is no better)."""
        return max(0.0, self.gain)

    @property
    def win_loss(self) -> float | None:
        """The win chance lost (the suggestion's minus the played move's; None: no win chance)."""
        if self.played.share is None or self.suggestion.share is None:
            return None
        return self.suggestion.share - self.played.share

    @property
    def better(self) -> Action | None:
        """The move the coach would have played instead, None for a good move."""
        return None if self.good else self.suggestion.action


def measure_of(game: Game) -> Measure:
    """The coach's measure for ``game`` (its :class:`Coaching`): a game without its own
    counts the score in a cooperative or one-seat game, else the margin, a win 10 above it."""
    own = coaching_of(game).measure
    if own is not None:
        return own
    if is_cooperative(game) or game.INFO.players.stop <= 2:
        return Measure("score", win=0.0, costly=1.0, unit="points")
    return Measure("margin", win=10.0, costly=0.5, unit="points")


def samples_for(game: Game) -> int:
    """Worlds a click starts with for ``game`` (its :class:`Coaching`, else :data:`SAMPLES`)."""
    return coaching_of(game).samples


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
    grow: int | None = None,
    seconds: float | None = None,
) -> Assessment:
    """The coach's verdict on ``played`` for the seat to move in ``view_before`` (its view; a
    full state is first reduced to it, so the coach never reads what the seat could not see).
    ``bot`` decides the suggestion (default :func:`coach_bot`); ``samples`` is the first count
    of worlds (default :func:`samples_for`), grown up to ``grow`` times (default
    :data:`GROWTH`; 1: never) while the verdict is close. ``seconds`` stops the growth after
    that wall-clock time (a live page only: the verdict then depends on the machine). Raises
    ``IllegalAction`` if ``played`` is not a legal move there and ``ValueError`` for a finished
    game or fewer than one sample."""
    samples = samples_for(game) if samples is None else samples
    if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
        raise ValueError(f"An assessment needs at least one sample, not {samples!r}")
    start = time.perf_counter()
    seat = game.current_player(view_before)
    if seat is None:
        raise ValueError("The game is over: there is no move to assess")
    view_before = game.view(view_before, seat)  # a view of a view is itself; a full state loses its secrets
    legal = game.legal_actions(view_before)
    played = _legal(legal, played, game)
    rng = random.Random(seed)
    bot_rng = random.Random(fresh_seed(rng))
    suggestion = _legal(legal, (bot or coach_bot(game))(view_before, bot_rng), game)
    measure = measure_of(game)
    coaching = coaching_of(game)
    rivals = coaching.rivals
    if bot is None and rivals and suggestion == played and len(legal) > 1:
        rival_rng = random.Random(fresh_seed(bot_rng))
        suggestion = _rival(game, view_before, legal, suggestion, seat, rivals, rival_rng, measure)
    moves = [played] if suggestion == played else [played, suggestion]
    cap = samples * (GROWTH if grow is None else max(1, grow))
    batch = max(1, samples // 2)
    results: list[list[_Row]] = [[] for _ in moves]
    tried = 0
    while True:
        count = samples if tried == 0 else min(batch, cap - tried)
        _play_out(game, view_before, moves, seat, count, rng, measure, results)
        tried += count
        if not results[0] and tried >= cap:
            raise ValueError(f"No sampled world of {game.INFO.title} allows this move")
        if len(moves) == 1 or tried >= cap:
            break
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
        if results[0] and not _close(results, measure):
            break
    first = _estimate(played, results[0])
    second = first if len(moves) == 1 else _estimate(suggestion, results[1])
    gain, stderr, ended = 0.0, 0.0, False
    if len(moves) == 2:
        gain, stderr = _paired([b.value - a.value for a, b in zip(results[0], results[1], strict=True)])
        ended = _certain_loss(results[0]) and second.ends < 1
    return Assessment(
        game.INFO.id,
        seat,
        view_before,
        first,
        second,
        measure.base,
        gain,
        stderr,
        len(results[0]),
        seed,
        move,
        measure.costly,
        measure.unit,
        ended,
        coaching.proof,
    )


def _rival(
    game: Game,
    view: State,
    legal: list,
    choice: Action,
    seat: int,
    worlds: int,
    rng: random.Random,
    measure: Measure,
) -> Action:
    """The suggestion after every legal move is played in ``worlds`` sampled worlds of its own
    (never the verdict's, so its luck there does not flatter it): the move that beats the bot's
    ``choice`` by most, if by at least :data:`PROOF` standard errors, else ``choice``."""
    results: list[list[_Row]] = [[] for _ in legal]
    _play_out(game, view, legal, seat, worlds, rng, measure, results)
    base = results[legal.index(choice)]
    best, most = choice, 0.0
    for move, rows in zip(legal, results, strict=True):
        gain, stderr = _paired([b.value - a.value for a, b in zip(base, rows, strict=True)])
        if gain > max(most, PROOF * stderr):
            best, most = move, gain
    return best


def _close(results: list[list[_Row]], measure: Measure) -> bool:
    """More worlds could change the verdict: the threshold lies within :data:`NOISE`
    standard errors of the gain, or the played move ends the game lost in every world while
    the suggestion plays on and has not won in any (it may still win where the samples did
    not look)."""
    played, other = results
    if _certain_loss(played) and any(r.ends < 1 for r in other):
        return not any(r.won for r in other)
    gain, stderr = _paired([b.value - a.value for a, b in zip(played, other, strict=True)])
    return abs(gain - measure.costly) <= NOISE * stderr


def _certain_loss(rows: list[_Row]) -> bool:
    return all(r.ends == 1 and not r.won for r in rows)


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
    game: Game,
    history: Sequence[State],
    move: Move,
    *,
    samples: int | None = None,
    bot: Bot | None = None,
    grow: int | None = None,
    seconds: float | None = None,
) -> Assessment:
    """:func:`assess` of one move of ``history`` from its seat's view, seeded by :func:`move_seed`."""
    before = history[move.index]
    seed = move_seed(game.to_json(before), move.number)
    view = game.view(before, move.seat)
    return assess(
        game,
        view,
        move.action,
        samples=samples,
        seed=seed,
        bot=bot,
        move=move.number,
        grow=grow,
        seconds=seconds,
    )


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
    known: Iterable[Assessment] = (),
    seconds: float | None = None,
) -> list[Assessment]:
    """The costliest moves of ``seats`` in ``history``, costliest first: at most ``top``, good
    moves left out. Two passes keep the cost bounded: every move of those seats is first
    screened against the rollout bot's choice (cheap to decide) in ``screen`` worlds (default:
    the game's ``screen_worlds`` shared out); then moves are assessed in full against the strongest
    bot, exactly as a "How was my move?" click does (so the review and the click agree): the
    moves that lost most in the screen first, then the others, until ``top`` are costly or
    ``recheck`` were assessed. ``known`` are assessments already made of moves of this game
    (clicks): they are reused, and every costly one among them competes for the list.
    ``seconds`` caps the wall-clock time the full assessments may spend adding worlds, all
    together (a live page only, see :func:`assess`: each still plays its first count)."""
    wanted = {seats} if isinstance(seats, int) else set(seats)
    moves = [m for m in moves_of(game, history) if m.seat in wanted]
    if not moves:
        return []
    numbers = {m.number for m in moves}
    checked = {a.move: a for a in known if a.move in numbers and a.seat in wanted}
    coaching = coaching_of(game)
    recheck = coaching.recheck if recheck is None else recheck
    if screen is None:
        screen = min(8, max(2, coaching.screen_worlds // len(moves)))
    cheap = _rollout_bot(game)
    screened = [assess_move(game, history, m, samples=screen, bot=cheap, grow=1) for m in moves]
    order = sorted(range(len(moves)), key=lambda i: (screened[i].same, -screened[i].gain, i))
    done, start = 0, time.perf_counter()
    for i in order:
        if done >= recheck or sum(not a.good for a in checked.values()) >= top:
            break
        if moves[i].number in checked:
            continue
        left = None if seconds is None else max(0.0, seconds - (time.perf_counter() - start))
        checked[moves[i].number] = assess_move(
            game, history, moves[i], samples=samples, bot=bot, seconds=left
        )
        done += 1
    kept = sorted((a for a in checked.values() if not a.good), key=lambda a: (-a.loss, a.move))
    return kept[:top]


# ---- the playouts ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Row:
    """One move in one world: the seat's score, margin, win (None: no win in this game),
    value (:class:`Measure`) and whether the move itself ended the game (1 or 0)."""

    score: float
    margin: float
    won: float | None
    value: float
    ends: int


def _legal(legal: list, action: Action, game: Game) -> Action:
    """The equal action from ``legal`` (a game's fast paths know its own objects)."""
    for option in legal:
        if option == action:
            return option
    raise IllegalAction(f"{action} is not a legal move in this position of {game.INFO.title}")


def _play_out(
    game: Game,
    view: State,
    moves: list,
    seat: int,
    samples: int,
    rng: random.Random,
    measure: Measure,
    results: list[list[_Row]],
) -> None:
    """Adds each move's row in ``samples`` more sampled worlds, the same worlds for all. A
    world where a move is not legal (a guess the view should have ruled out) is left out for
    every move, so the moves stay paired."""
    policy = _rollout_bot(game)
    cooperative = is_cooperative(game)
    for _ in range(samples):
        world_seed = fresh_seed(rng)
        world = game.determinize(view, world_seed)
        options = game.legal_actions(world)
        here = [next((o for o in options if o == move), None) for move in moves]
        if None in here:
            continue
        for i, move in enumerate(here):
            after = game.apply(world, move)
            ends = int(game.is_over(after))
            end = playout(game, after, random.Random(world_seed), policy=policy)
            results[i].append(_result(game, end, seat, cooperative, measure, ends))


def _rollout_bot(game: Game) -> Bot:
    """The bot that plays every seat after the move: the search's rollout bot, else random moves."""
    bots, name = game.bots(), settings_for(game).rollout
    if name in bots:
        return bots[name]
    return lambda state, rng: rng.choice(game.legal_actions(state))


def _result(game: Game, end: State, seat: int, cooperative: bool, measure: Measure, ends: int) -> _Row:
    out = game.outcome(end)
    scores = out.scores
    score = float(scores[seat])
    if cooperative or len(scores) < 2:
        won = _team_won(out.steps)
        margin = score
        if won is None:
            return _Row(score, margin, None, score, ends)
        if won:
            return _Row(score, margin, 1.0, measure.win + score, ends)
        return _Row(score, margin, 0.0, measure.close * _held(out.steps), ends)
    best = max(s for i, s in enumerate(scores) if i != seat)
    margin = score - best
    if out.winner is not None:
        won = 1.0 if out.winner == seat else 0.0
    else:  # a draw: the seats level at the top share the win
        top = max(scores)
        won = 1.0 / sum(s == top for s in scores) if score == top else 0.0
    base = margin if measure.base == "margin" else score
    return _Row(score, margin, won, measure.win * won + base, ends)


def _team_won(steps) -> bool | None:
    """A cooperative game's verdict step: won (True), lost (False), or None without one."""
    for step in steps:
        if step.kind == "verdict":
            return step.value == "won"
    return None


def _held(steps) -> float:
    """The share of a lost game's win check that held (its ``"family"`` steps: grouped)."""
    checks = [step.value for step in steps if step.kind == "family"]
    return sum(bool(v) for v in checks) / len(checks) if checks else 0.0


def _estimate(action: Action, rows: list[_Row]) -> Estimate:
    n = len(rows)
    score = sum(r.score for r in rows) / n
    margin = sum(r.margin for r in rows) / n
    wins = [r.won for r in rows]
    share = None if None in wins else sum(wins) / n
    value = sum(r.value for r in rows) / n
    ends = sum(r.ends for r in rows) / n
    return Estimate(action, score, margin, share, n, value, ends)


def _paired(diffs: list[float]) -> tuple[float, float]:
    """Mean of the paired differences and its standard error (0 for a single world)."""
    n = len(diffs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(diffs) / n
    if n < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = [
    "GROWTH",
    "Assessment",
    "Coaching",
    "DEFAULT_COACHING",
    "Estimate",
    "Measure",
    "Move",
    "NOISE",
    "PROOF",
    "SAMPLES",
    "assess",
    "assess_move",
    "coach_bot",
    "coaching_of",
    "measure_of",
    "move_seed",
    "moves_of",
    "review",
    "samples_for",
]
