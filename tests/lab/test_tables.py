"""Tables and charts of a run: Wilson intervals, one CSV row a game, the right traces."""

import io
import math

import pandas as pd
import pytest

from lab import charts, tables
from lab.plan import Plan
from lab.record import GameRecord
from lab.run import Results
from lab.tables import wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Wilson score intervals at 95% (Newcombe 1998, Stat. Med. 17:857, Table I; 20/20 mirrors 0/20)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (20, 20, 0.8389, 1.0),
        (5, 10, 0.2366, 0.7634),
        (8, 10, 0.4902, 0.9433),
    ],
)
def test_wilson_interval_matches_published_values(wins, games, low, high):
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_interval_narrows_with_more_games():
    assert wilson(500, 1000)[1] - wilson(500, 1000)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]


def _results(game, players, seats, rows):
    """Results of hand-made records: (winner, scores, moves, facts)."""
    records = tuple(
        GameRecord(i, 1000 + i, winner, tuple(range(players)), scores, moves, "ALL_MARKERS", facts)
        for i, (winner, scores, moves, facts) in enumerate(rows)
    )
    return Results(Plan(game, players, seats, len(rows), 1), records, 1.0, "in-process", True)


FM = _results(
    "fan_mallet",
    2,
    ("greedy", "random"),
    [
        (0, (7.0, 2.0), 50, (("possessions", 8.0), ("house_ties", 1.0), ("umbrella_scored", 1.0))),
        (0, (7.0, 5.0), 60, (("possessions", 10.0), ("house_ties", 0.0), ("umbrella_scored", 2.0))),
        (1, (3.0, 7.0), 55, (("possessions", 9.0), ("house_ties", 2.0), ("umbrella_scored", 0.0))),
        (0, (7.0, 0.0), 45, (("possessions", 7.0), ("house_ties", 0.0), ("umbrella_scored", 1.0))),
    ],
)


def test_win_rates_per_seat():
    table = tables.win_rates(FM)
    assert list(table["seat"]) == ["White — God of riches", "Black — God of poverty"]
    assert list(table["bot"]) == ["greedy", "random"]
    assert list(table["wins"]) == [3, 1] and list(table["games"]) == [4, 4]
    assert list(table["rate"]) == [0.75, 0.25]
    assert (table["ci_low"][0], table["ci_high"][0]) == wilson(3, 4)


def test_solo_has_no_win_rate_and_cooperative_has_the_team():
    solo = _results("tanuki_matsuri", 1, ("greedy",), [(0, (110.0,), 50, ()), (0, (90.0,), 52, ())])
    assert tables.win_rates(solo).empty
    assert charts.win_rate_chart(solo).data == ()
    team = _results(
        "yokai",
        2,
        ("partner", "partner"),
        [(None, (7.0, 7.0), 51, (("won", 1.0),)), (None, (0.0, 0.0), 50, (("won", 0.0),))],
    )
    table = tables.win_rates(team)
    assert list(table["seat"]) == ["The team"] and list(table["wins"]) == [1] and list(table["rate"]) == [0.5]


def test_score_and_length_summaries():
    scores = tables.score_summary(FM)
    assert list(scores["mean"]) == [6.0, 3.5]
    assert list(scores["min"]) == [3.0, 0.0] and list(scores["max"]) == [7.0, 7.0]
    assert list(scores["median"]) == [7.0, 3.5]
    assert scores["sd"][0] == pytest.approx(2.0)
    length = tables.length_summary(FM)
    assert length.iloc[0].to_dict() == {"games": 4, "mean": 52.5, "median": 52.5, "min": 45, "max": 60}


def test_facts_table_counts_and_run_averages():
    table = tables.facts_table(FM).set_index("fact")
    assert table.loc["possessions", "value"] == 8.5 and table.loc["possessions", "games_with"] == 1.0
    assert table.loc["house_ties", "value"] == 0.75 and table.loc["house_ties", "games_with"] == 0.5
    assert table.loc["house_ties", "label"] == "Possessions tied and decided by the house"
    share = table.loc["house_ties/possessions"]
    assert share["kind"] == "run share" and share["value"] == pytest.approx(3 / 34)
    assert table.loc["umbrella_bonus/umbrella_triggered", "kind"] == "run average"
    assert math.isnan(table.loc["umbrella_bonus/umbrella_triggered", "value"])  # never triggered


def test_csv_has_one_row_a_game_and_reads_back():
    frame = pd.read_csv(io.BytesIO(tables.to_csv(FM)), dtype={"seed": str})
    assert len(frame) == 4
    assert list(frame["index"]) == [0, 1, 2, 3]
    assert list(frame["seed"]) == ["1000", "1001", "1002", "1003"]
    assert list(frame["winner"]) == [1, 1, 2, 1]
    assert list(frame["score_2"]) == [2.0, 5.0, 7.0, 0.0]
    assert list(frame["house_ties"]) == [1.0, 0.0, 2.0, 0.0]


def test_real_runs_give_a_csv_row_and_a_figure_each(small_results):
    for game_id, results in small_results.items():
        frame = pd.read_csv(io.BytesIO(tables.to_csv(results)))
        assert len(frame) == results.plan.games, game_id
        assert all(f"score_{n}" in frame for n in range(1, results.plan.players + 1))
        counts = tables.facts_table(results).query("kind == 'per game'")
        figure = charts.facts_chart(results)
        assert figure is not None and len(figure.data[0].y) == len(counts)


def test_win_rate_chart_has_error_bars_at_the_interval():
    figure = charts.win_rate_chart(FM)
    (bars,) = figure.data
    assert bars.type == "bar" and list(bars.y) == [0.75, 0.25]
    low, high = wilson(3, 4)
    assert bars.error_y.array[0] == pytest.approx(high - 0.75)
    assert bars.error_y.arrayminus[0] == pytest.approx(0.75 - low)
    assert bars.error_y.symmetric is False


def test_score_and_length_charts():
    boxes = charts.score_chart(FM).data
    assert [trace.type for trace in boxes] == ["box", "box"]
    assert list(boxes[1].y) == [2.0, 5.0, 7.0, 0.0]
    (histogram,) = charts.length_chart(FM).data
    assert histogram.type == "histogram" and list(histogram.x) == [50, 60, 55, 45]


def test_charts_are_deterministic(small_results):
    results = small_results["yokai_carnival"]
    for chart in (charts.win_rate_chart, charts.score_chart, charts.length_chart, charts.facts_chart):
        assert chart(results).to_json() == chart(results).to_json()
