"""The search bot against each game's greedy bot over seeded games.

    .venv/bin/python -m bench.search_strength --games 500 --playouts 40 --workers 2
    .venv/bin/python -m bench.search_strength --games 500 --playouts 48 yokai_carnival:3 yokai_carnival:5

The line-ups run when none is named (issue #11's report) are every registered game's, by
what it declares: a competitive game at each of its seat counts (``INFO.players``: Fan &
Mallet 2, Yokai Carnival 2 to 5), a game played alone by default at one seat (Tanuki
Matsuri), a cooperative game at its default count (Yokai 2). The greedy bot is the game's
rule-of-thumb bot, the one its search plays its playouts with (``TUNING.search.rollout``:
``greedy``, Yokai's ``partner``).

Game ``i`` of a line-up uses seed ``first + i`` (``--first``, default 0). Competitive games:
the search bot sits in seat ``i mod players`` (so the first-player advantage cancels) and the
greedy bot in every other seat; printed: its win rate with a 95% Wilson interval (and the
share of a fair seat, 1/n). Solo games: the same seeds played by the search bot and by the
greedy bot; printed: the mean scores and their paired difference with 95% intervals.
Cooperative games: a team of search bots and a team of greedy bots on the same seeds;
printed: win rates and mean scores. Every line also gives the search bot's median and slowest decision. ``--workers``
spreads the games over processes; the results are the same as with one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import play_game  # noqa: E402
from engine.core.protocol import Game  # noqa: E402
from engine.core.registry import game as game_of  # noqa: E402
from engine.core.registry import games as registered  # noqa: E402
from engine.core.search import is_cooperative, search_bot, settings_for  # noqa: E402


def greedy_of(game: Game) -> str:
    """The game's rule-of-thumb bot: its search's rollout bot, else ``random``."""
    name = settings_for(game).rollout
    return name if name in game.bots() else "random"


def lineups() -> list[str]:
    """The line-ups run when none is named: each game's seat counts as the module says."""
    found = []
    for game in registered():
        info = game.INFO
        if info.default_players == 1 or is_cooperative(game):
            counts = [info.default_players]
        else:
            counts = list(info.players)
        found += [f"{info.id}:{n}" for n in counts]
    return found


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    m = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return m, half


def _timed(bot, times: list[float]):
    def timed(view, rng):
        start = time.perf_counter()
        action = bot(view, rng)
        times.append(time.perf_counter() - start)
        return action

    return timed


def play_one(job: tuple) -> tuple[list[float], list[float]]:
    """One seeded game (two for solo and cooperative line-ups): the numbers it adds to the
    report and the search bot's decision times."""
    game_id, players, seed, playouts, tuning = job
    game = game_of(game_id)
    times: list[float] = []
    search = _timed(search_bot(game, playouts=playouts, **tuning), times)
    greedy = game.bots()[greedy_of(game)]
    if players == 1 or is_cooperative(game):
        mine = game.outcome(play_game(game, [search] * players, seed, players=players).state)
        theirs = game.outcome(play_game(game, [greedy] * players, seed, players=players).state)
        return [mine.scores[0], theirs.scores[0]], times
    seat = seed % players
    bots = [search if s == seat else greedy for s in range(players)]
    out = game.outcome(play_game(game, bots, seed, players=players).state)
    return [1.0 if out.winner == seat else 0.0], times


def run(
    game_id: str, players: int, games: int, playouts: int | None, workers: int, tuning: dict, first: int = 0
) -> str:
    jobs = [(game_id, players, seed, playouts, tuning) for seed in range(first, first + games)]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_one, jobs, chunksize=4))
    else:
        results = [play_one(job) for job in jobs]
    wall = time.perf_counter() - start
    times = [t for _, ts in results for t in ts]
    game = game_of(game_id)
    budget = "default budget" if playouts is None else f"{playouts} playouts"
    if tuning:
        budget += ", " + ", ".join(f"{k}={v}" for k, v in tuning.items())
    seeds = f"seeds {first}-{first + games - 1}"
    head = f"{game.INFO.title} {players}p, {games} games ({seeds}), {budget}:"
    clock = (
        f"decision median {statistics.median(times) * 1e3:.0f} ms, max {max(times) * 1e3:.0f} ms "
        f"({len(times)} decisions); {wall:.0f} s"
    )
    if players == 1 or is_cooperative(game):
        mine = [r[0] for r, _ in results]
        theirs = [r[1] for r, _ in results]
        diff = mean_ci([a - b for a, b in zip(mine, theirs, strict=True)])
        other = greedy_of(game)
        body = f"search mean {_ci(mine)} vs {other} {_ci(theirs)}; difference {diff[0]:+.2f} ± {diff[1]:.2f}"
        if is_cooperative(game):
            won = sum(1 for x in mine if x > 0)
            won_other = sum(1 for x in theirs if x > 0)
            body += f"; team win rate search {_rate(won, games)} vs {other} {_rate(won_other, games)}"
        return f"{head} {body}; {clock}"
    wins = sum(r[0] for r, _ in results)
    return f"{head} search win rate {_rate(wins, games)} (a fair seat: {1 / players:.1%}); {clock}"


def _ci(values: list[float]) -> str:
    m, half = mean_ci(values)
    return f"{m:.2f} ± {half:.2f}"


def _rate(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]"


def _value(text: str):
    """A setting's value from the command line: None, True, False, a whole number, a number or a name."""
    if text in ("None", "True", "False"):
        return {"None": None, "True": True, "False": False}[text]
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description="The search bot against the greedy bot")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--playouts", type=int, default=None, help="default: each game's default budget")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="a search setting, e.g. horizon=20"
    )
    parser.add_argument(
        "lineups", nargs="*", default=lineups(), help="game:players, a game's id and its seat count"
    )
    args = parser.parse_args()
    tuning = {name: _value(text) for name, text in (item.split("=", 1) for item in args.set)}
    for lineup in args.lineups:
        game_id, players = lineup.split(":")
        print(
            run(game_id, int(players), args.games, args.playouts, args.workers, tuning, args.first),
            flush=True,
        )


if __name__ == "__main__":
    main()
