"""A run's results as pandas tables: per game (the CSV), win rates with 95% intervals, scores,
game length and the game's teaching facts.

Seats in the tables are named as the game names them (``INFO.seat_name``); numbers in the
CSV count seats from 1, as players do.

>>> from lab.executor import InProcess
>>> from lab.plan import Plan
>>> from lab.run import run
>>> results = run(Plan("fan_mallet", 2, ("greedy", "random"), 20, 5), InProcess())
>>> list(win_rates(results).columns)
['seat', 'bot', 'wins', 'games', 'rate', 'ci_low', 'ci_high']
>>> len(games_frame(results)) == 20
True
"""

from __future__ import annotations

import math

import pandas as pd

from engine.core.registry import game as registry_game

from .facts import fact_labels, fact_ratios, team_win
from .run import Results

Z95 = 1.959963984540054  # the standard normal's 97.5% quantile


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (95% by default).

    >>> [round(x, 4) for x in wilson(8, 10)]
    [0.4902, 0.9433]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def seat_label(results: Results, seat: int) -> str:
    """The seat's name in the game's words: "White — God of riches", "Player 2"."""
    return registry_game(results.plan.game).INFO.seat_name(seat)


def _fact_keys(results: Results) -> list[str]:
    keys = list(fact_labels(results.plan.game))
    for record in results.records:
        keys += [key for key, _ in record.facts if key not in keys]
    return keys


def games_frame(results: Results) -> pd.DataFrame:
    """One row per game: index, seed, winner (seat from 1, empty for none), moves, why it
    ended, the ranking, a score per seat and every fact."""
    players = results.plan.players
    keys = _fact_keys(results)
    rows = []
    for record in results.records:
        row = {
            "index": record.index,
            "seed": str(record.seed),  # 63 bits: text keeps every digit in spreadsheets
            "winner": None if record.winner is None else record.winner + 1,
            "moves": record.moves,
            "termination": record.termination,
            "ranking": " ".join(str(seat + 1) for seat in record.ranking),
            **{f"score_{seat + 1}": record.scores[seat] for seat in range(players)},
        }
        found = dict(record.facts)
        row.update({key: found.get(key, math.nan) for key in keys})
        rows.append(row)
    columns = ["index", "seed", "winner", "moves", "termination", "ranking"]
    columns += [f"score_{seat + 1}" for seat in range(players)] + keys
    frame = pd.DataFrame(rows, columns=columns)
    frame["winner"] = frame["winner"].astype("Int64")
    return frame


def win_rates(results: Results) -> pd.DataFrame:
    """Per seat: its name, bot, wins, games, win rate and its 95% Wilson interval. A
    cooperative game has one row, the team; a solo game has none (its scores tell)."""
    columns = ["seat", "bot", "wins", "games", "rate", "ci_low", "ci_high"]
    plan, records = results.plan, results.records
    if plan.players == 1:
        return pd.DataFrame(columns=columns)
    games = len(records)
    team = team_win(plan.game)
    if team is not None:
        wins = sum(1 for record in records if dict(record.facts).get(team, 0) > 0)
        rows = [("The team", " + ".join(plan.seats), wins)]
    else:
        rows = [
            (seat_label(results, seat), bot, sum(1 for record in records if record.winner == seat))
            for seat, bot in enumerate(plan.seats)
        ]
    table = []
    for name, bot, wins in rows:
        low, high = wilson(wins, games)
        table.append((name, bot, wins, games, wins / games if games else math.nan, low, high))
    return pd.DataFrame(table, columns=columns)


def score_summary(results: Results) -> pd.DataFrame:
    """Per seat: mean, standard deviation, min, median and max of its final score."""
    rows = []
    for seat, bot in enumerate(results.plan.seats):
        scores = pd.Series([record.scores[seat] for record in results.records], dtype=float)
        rows.append(
            {
                "seat": seat_label(results, seat),
                "bot": bot,
                "mean": scores.mean(),
                "sd": scores.std(),
                "min": scores.min(),
                "median": scores.median(),
                "max": scores.max(),
            }
        )
    return pd.DataFrame(rows, columns=["seat", "bot", "mean", "sd", "min", "median", "max"])


def length_summary(results: Results) -> pd.DataFrame:
    """Moves a game (every action a seat played): mean, median, min and max, in one row."""
    moves = pd.Series([record.moves for record in results.records], dtype=float)
    row = {"games": len(moves), "mean": moves.mean(), "median": moves.median()}
    row.update({"min": moves.min(), "max": moves.max()})
    return pd.DataFrame([row], columns=["games", "mean", "median", "min", "max"])


def facts_table(results: Results) -> pd.DataFrame:
    """The game's facts as a teacher reads them. A count: its mean per game (``value``) and
    the share of games where it happened (``games_with``). A ratio over the run (``kind``
    "run share", e.g. how often a kid ghost triggers, or "run average", e.g. its bonus when it
    triggers): the run's total of one fact over another's, with ``games_with`` empty."""
    columns = ["fact", "label", "kind", "value", "games_with"]
    records = results.records
    if not records:
        return pd.DataFrame(columns=columns)
    labels = fact_labels(results.plan.game)
    values = {key: [dict(record.facts).get(key, 0.0) for record in records] for key in _fact_keys(results)}
    games = len(records)
    rows = [
        (key, labels.get(key, key), "per game", sum(found) / games, sum(v > 0 for v in found) / games)
        for key, found in values.items()
    ]
    for label, top, bottom, unit in fact_ratios(results.plan.game):
        over = sum(values.get(bottom, ()))
        ratio = sum(values.get(top, ())) / over if over else math.nan
        kind = "run share" if unit == "share" else "run average"
        rows.append((f"{top}/{bottom}", label, kind, ratio, math.nan))
    return pd.DataFrame(rows, columns=columns)


def to_csv(results: Results) -> bytes:
    """:func:`games_frame` as CSV text in UTF-8 (for the download button)."""
    return games_frame(results).to_csv(index=False).encode("utf-8")
