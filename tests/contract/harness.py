"""What the conformance suite plays with: the games, seeded bot line-ups, sampled positions,
and the checks every position and every action must pass.

Everything is seeded: a failure names the game, the player count and the seed, and
``play_checked(game, players, seed)`` plays that game again.
"""

from __future__ import annotations

import os
import pickle
import re
import time
from dataclasses import dataclass
from functools import cache

from engine.core import Game, PlayedGame, Termination, bot_decision, fresh_seed, play_game, rng_for
from engine.core.registry import games

GAMES: tuple[Game, ...] = games()
SOAK = os.environ.get("DOJO_SOAK") == "1"

SEATED_BOT_S = 0.002
"""A bot faster than this per decision plays in the random games (thousands of them)."""
EXPENSIVE_BOT_S = 0.02
"""A bot slower than this per decision (the Tanuki hint) is asked at one position per
player count only."""

TOKEN_MAX = 24
TOKEN_FORBIDDEN = re.compile(r"[\s&?#=]")


def game_seed(*keys: object) -> int:
    """A 63-bit seed for the suite, the same on every run (``keys`` name its use)."""
    return fresh_seed(rng_for(0, "contract", *keys))


@cache
def bot_table(game: Game) -> dict:
    return game.bots()


@cache
def bot_seconds(game: Game, name: str) -> float:
    """CPU seconds a bot takes per decision (the mean over the first positions of a game)."""
    bot = bot_table(game)[name]
    states = [s for s in trajectory(game, game.INFO.default_players, 0).states[:3] if not game.is_over(s)]
    start = time.process_time()
    for state in states:
        bot_decision(game, state, bot, 1, 0)
    return (time.process_time() - start) / len(states)


def cheap_bots(game: Game) -> list[str]:
    """The bots fast enough to play thousands of games ("random" always is)."""
    return [name for name in bot_table(game) if name == "random" or bot_seconds(game, name) <= SEATED_BOT_S]


def seat_bots(game: Game, players: int, seed: int) -> list:
    """One bot per seat, each drawn from the cheap bots by ``seed``."""
    table = bot_table(game)
    names = cheap_bots(game)
    rng = rng_for(seed, "contract seats")
    return [table[rng.choice(names)] for _ in range(players)]


@dataclass(frozen=True)
class Trajectory:
    """A played game with every state it went through (``states[-1]`` is the end)."""

    seed: int
    states: tuple
    actions: tuple


@cache
def trajectory(game: Game, players: int, k: int) -> Trajectory:
    """The ``k``-th seeded game of the position samples, with random bots only (cheap and
    wide-ranging), so this never depends on how fast a bot is."""
    seed = game_seed("positions", game.INFO.id, players, k)
    states = [game.new_game(seed, players)]
    played = play_game(
        game,
        [bot_table(game)["random"]] * players,
        seed,
        state=states[0],
        on_move=lambda before, action, after: states.append(after),
    )
    return Trajectory(seed, tuple(states), played.actions)


def sample_positions(
    game: Game, players: int, count: int = 7, games_: int = 2
) -> list[tuple[Trajectory, int]]:
    """``(trajectory, index)`` pairs spread over whole games: the start, the middle, the last
    decision and the end of each of ``games_`` games, ``count`` positions each at most."""
    out = []
    for k in range(games_):
        t = trajectory(game, players, k)
        last = len(t.states) - 1
        picks = sorted({0, 1, last // 4, last // 2, 3 * last // 4, last - 1, last})
        if len(picks) > count:
            step = (len(picks) - 1) / (count - 1)
            picks = sorted({picks[round(i * step)] for i in range(count)})
        out.extend((t, i) for i in picks if i >= 0)
    return out


def check_position(game: Game, state, players: int, with_outcome: bool = True) -> list:
    """The invariants of any position (those of its outcome too, if ``with_outcome``);
    returns its legal actions."""
    over = game.is_over(state)
    seat = game.current_player(state)
    assert (seat is None) == over, f"current_player is {seat!r} while is_over is {over}"
    if not over:
        assert seat in range(players), f"current_player {seat!r} is not a seat"
    legal = game.legal_actions(state)
    assert isinstance(legal, list), "legal_actions returns a list"
    assert legal == game.legal_actions(state), "legal_actions is stable (same list twice)"
    assert bool(legal) != over, f"{len(legal)} legal actions while is_over is {over}"
    assert len(set(legal)) == len(legal), "legal actions are hashable and distinct"
    if not with_outcome:
        return legal
    out = game.outcome(state)
    assert sorted(out.ranking) == list(range(players)), f"ranking {out.ranking} is not a permutation"
    assert len(out.scores) == players, f"scores {out.scores} is not one per seat"
    assert isinstance(out.termination, Termination), f"termination {out.termination!r} is not a Termination"
    assert (out.termination is Termination.NONE) == (not over), (
        f"termination {out.termination!r}, over={over}"
    )
    endings = game.INFO.endings
    if over and endings is not None:
        assert out.termination in endings, f"termination {out.termination!r} is not one of {endings.__name__}"
    if out.winner is not None:
        assert over and out.winner in range(players), f"winner {out.winner!r} (over={over})"
    check_outcome(out, over)
    return legal


def check_outcome(out, over: bool) -> None:
    """Winner, ranking and scores tell one story. Every game ranks by its scores first (Fan &
    Mallet: markers; Tanuki Matsuri: points, ties are ties; Yokai Carnival: cards in line, then
    Generals, then turn order; Yokai: one shared score), so the scores never rise down the
    ranking; a winner heads the ranking; a finished game of several seats with no winner is a
    draw or a shared result, so its best score is shared."""
    ranked = [out.scores[seat] for seat in out.ranking]
    assert ranked == sorted(ranked, reverse=True), (
        f"scores {out.scores} rise down the ranking {out.ranking} (best first)"
    )
    if out.winner is not None:
        assert out.winner == out.ranking[0], f"winner {out.winner} does not head the ranking {out.ranking}"
    elif over and len(ranked) > 1:
        assert ranked[0] == ranked[1], (
            f"no winner, yet seat {out.ranking[0]} alone has the best score ({out.scores}): "
            "a draw or a shared result shares the best score"
        )


def check_action(game: Game, action) -> None:
    """An action is readable, hashable, and its token is short and round-trips."""
    text = str(action)
    assert text.strip() and " object at 0x" not in text, f"{action!r} has no readable str()"
    hash(action)
    token = game.encode_action(action)
    assert isinstance(token, str) and 0 < len(token) <= TOKEN_MAX, f"token {token!r} of {action!r}"
    assert not TOKEN_FORBIDDEN.search(token), f"token {token!r} of {action!r} holds a space or &?#="
    back = game.decode_action(token)
    assert back == action and type(back) is type(action), f"{token!r} decodes to {back!r}, not {action!r}"


def snapshot(game: Game, state, deep: bool) -> tuple:
    """The save text of ``state`` and, if ``deep``, a deep copy of it (pickled: much faster
    than ``copy.deepcopy`` on a long game)."""
    return game.to_json(state), (pickle.dumps(state) if deep else None)


def assert_unchanged(game: Game, state, snap: tuple, what: str) -> None:
    text, deep = snap
    assert game.to_json(state) == text, f"{what} changed its input state (to_json differs)"
    if deep is not None and pickle.dumps(state) != deep:  # a lazily filled cache may differ
        assert state == pickle.loads(deep), f"{what} changed its input state"


def replay(game: Game, seed: int, players: int, actions) -> object:
    state = game.new_game(seed, players)
    for action in actions:
        state = game.apply(state, action)
    return state


def play_checked(game: Game, players: int, seed: int, *, thorough: bool = True) -> PlayedGame:
    """:func:`check_game`, naming the game to play again if a check fails."""
    try:
        return check_game(game, players, seed, thorough)
    except Exception as exc:
        exc.add_note(
            f"to play it again: play_checked({game.INFO.id}, {players}, {seed}, thorough={thorough})"
        )
        raise


def check_game(game: Game, players: int, seed: int, thorough: bool) -> PlayedGame:
    """One seeded game with a mix of cheap bots, checking at every position the invariants,
    every legal action once, and that ``apply`` did not change its input (same save text).

    ``thorough`` adds the costlier checks: a deep copy of the state compared after
    ``apply`` (the first 8 moves, then every 16th), the game played again from its seed and
    replayed twice from its actions (same states), and the save of the end loaded back.
    Without it (most soak games, thousands of long 10-player games) the outcome is checked
    every 4th move and at the end, and ``apply``'s input every 8th move.
    """
    start = game.new_game(seed, players)
    seen: set = set()
    watch = {"move": 0, "snap": snapshot(game, start, deep=thorough)}

    def on_move(before, action, after) -> None:
        move = watch["move"]
        legal = check_position(game, before, players, with_outcome=thorough or move % 4 == 0)
        assert action in legal, f"a bot played {action!r}, which is not legal"
        for a in legal:
            if a not in seen:
                check_action(game, a)
                seen.add(a)
        if watch["snap"] is not None:
            assert_unchanged(game, before, watch["snap"], "apply")
        move += 1
        watch["move"] = move
        deep = thorough and (move < 8 or move % 16 == 0)
        watch["snap"] = snapshot(game, after, deep) if thorough or move % 8 == 0 else None

    bots = seat_bots(game, players, seed)
    played = play_game(game, bots, seed, state=start, on_move=on_move)
    end = played.state
    check_position(game, end, players)
    assert game.is_over(end)
    if thorough:
        again = play_game(game, bots, seed, players=players)
        assert again.actions == played.actions, "the same seed and bots played a different game"
        text = game.to_json(end)
        first, second = (replay(game, seed, players, played.actions) for _ in range(2))
        assert first == second == end, "the same seed and actions gave different states"
        assert game.to_json(first) == game.to_json(second) == text
        assert game.to_json(game.from_json(text)) == text, "the save of the end does not load back"
    return played
