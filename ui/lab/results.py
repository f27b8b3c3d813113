"""A Lab run's results as a teacher reads them: how it ended, what was played, then one tab
per question (who wins, scores, game length, the game's facts), each a chart and its table,
and every game as a CSV."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from engine.core.registry import game as registry_game
from lab import charts, tables
from lab.run import Results
from ui.kit.store import Keys

from . import running
from .display import run_values, show_chart, show_table, styled
from .running import CACHED, CANCELLED, DONE, FAILED, LabRun
from .timing import duration


def _status(job: LabRun) -> None:
    results, total = job.results, job.plan.games
    took = f"{duration(results.seconds)}, {results.backend}" if results else ""
    if job.status == DONE:
        st.success(f"✅ Finished: {total:,} games in {took}.")
    elif job.status == CACHED:
        st.info(f"♻️ From an earlier run with the same settings ({total:,} games, played in {took}).")
    elif job.status == CANCELLED:
        if job.done:
            st.warning(
                f"⏹ Cancelled after {job.done:,} of {total:,} games. **Partial results:** everything "
                "below counts only the games that finished."
            )
        else:
            st.warning(f"⏹ Cancelled before any of the {total:,} games finished: nothing to show.")
    elif job.status == FAILED:
        st.error(f"The run stopped after {job.done:,} of {total:,} games: {job.error}")


Built = Callable[[str, Callable[[Results], Any]], Any]


def _built(job: LabRun) -> Built:
    """``get(name, build)``: the run's table, chart or CSV, built from its results once and
    kept with the run (for 20,000 games they take seconds; a rerun of the page only draws)."""

    def get(name: str, build: Callable[[Results], Any]) -> Any:
        if name not in job.views:
            job.views[name] = build(job.results)
        return job.views[name]

    return get


def _settings(results: Results) -> str:
    plan = results.plan
    info = registry_game(plan.game).INFO
    seats = " · ".join(f"{info.seat_name(s)}: **{bot}**" for s, bot in enumerate(plan.seats))
    return f"**{info.title}**, {plan.players} player{'s' if plan.players > 1 else ''} — {seats}"


def _file_name(results: Results) -> str:
    plan = results.plan
    part = "" if results.complete else f"-partial{len(results.records)}"
    return f"lab-{plan.game}-{plan.games}games-seed{plan.seed}{part}.csv"


def _wins(keys: Keys, results: Results, get: Built) -> None:
    table = get("wins", tables.win_rates)
    team = len(table) == 1  # a cooperative game: the seats win or lose together
    st.markdown("#### How often the team wins" if team else "#### How often each seat wins")
    st.caption(
        ("Everyone wins or loses together: the bar is the share of games the team won. " if team else "")
        + "The thin line on a bar is its 95% confidence interval: more games make it shorter. "
        + ("" if team else "When two seats' lines overlap, the difference between them may be luck.")
    )
    show_chart(get("wins chart", styled(charts.win_rate_chart)), keys("chart:wins"))
    show_table(table, "wins")
    shared = get("no winner", lambda r: sum(1 for record in r.records if record.winner is None))
    if shared and not team:
        st.caption(
            f"{shared:,} of {len(results.records):,} games had no single winner (a tie or a shared win)."
        )


def _scores(keys: Keys, results: Results, get: Built) -> None:
    solo = results.plan.players == 1
    st.markdown("#### What a good score looks like" if solo else "#### Scores of each seat")
    st.caption(
        "Each box holds the middle half of the games' scores: the solid line across it is the "
        "median, the dashed line the average, and the whiskers reach the lowest and highest usual "
        "scores (dots: unusual ones)."
        + (" A solo game has no winner: its score is the result." if solo else "")
    )
    show_chart(get("scores chart", styled(charts.score_chart)), keys("chart:scores"))
    show_table(get("scores", tables.score_summary), "scores")
    if solo:
        st.markdown(get("good scores", lambda r: good_scores([record.scores[0] for record in r.records])))


def good_scores(scores: list[float]) -> str:
    """What beats most of these games, in a sentence (solo games: the score is the result).

    >>> good_scores(list(range(1, 101)))
    '🎯 In these games a score of **76** or more is in the best quarter, and **91** or more in the best tenth.'
    """
    frame = pd.Series(scores, dtype=float)
    quarter, tenth = (math.ceil(frame.quantile(q, interpolation="higher")) for q in (0.75, 0.9))
    return (
        f"🎯 In these games a score of **{quarter:g}** or more is in the best quarter, "
        f"and **{tenth:g}** or more in the best tenth."
    )


def _length(keys: Keys, results: Results, get: Built) -> None:
    st.markdown("#### How many moves a game takes")
    st.caption(
        "Each bar counts the games that took that many moves (every decision of every seat is one move)."
    )
    show_chart(get("length chart", styled(charts.length_chart)), keys("chart:length"))
    show_table(get("length", tables.length_summary), "length")


def _facts(keys: Keys, results: Results, get: Built) -> None:
    frame = get("facts", tables.facts_table)
    if frame.empty:
        st.markdown("#### What happened in the games")
        st.caption("This game has no facts to count yet.")
        return
    per_game = frame[frame["kind"] == "per game"]
    run_wide = frame[frame["kind"].isin(["run share", "run average"])]
    if not run_wide.empty:  # the answers first: how often a thing pays off, and how much
        st.markdown("#### Over the whole run")
        st.caption("Each line counts over every game of the run: how often, or how many points on average.")
        show_table(run_values(run_wide), "run average")
    st.markdown("#### What happened in the games")
    st.caption(
        "Things worth teaching, counted in every game: how often each happens in a game on "
        "average, and in how many of the games it happened at all."
    )
    show_table(per_game, "per game")
    show_chart(get("facts chart", styled(charts.facts_chart)), keys("chart:facts"))


def draw(keys: Keys) -> None:
    """The latest run's results (nothing while one plays: the progress box is on screen)."""
    job = running.current(keys)
    if job is None:
        st.info("Choose a game and a bot for every seat, then press **▶ Run**.")
        return
    if job.status == running.RUNNING:
        return
    _status(job)
    results = job.results
    if results is None or not results.records:
        return
    get = _built(job)
    about, download = st.columns([4, 1], vertical_alignment="center")
    about.markdown(f"{_settings(results)} · {len(results.records):,} games · seed `{results.plan.seed}`")
    download.download_button(
        "⬇ Download CSV",
        get("csv", tables.to_csv),
        file_name=_file_name(results),
        mime="text/csv",
        key=keys("csv"),
        on_click="ignore",
        help="Every game on one row: its seed, winner, scores, moves and facts.",
        width="stretch",
    )
    questions = {"🎯 Scores": _scores, "⏳ Game length": _length, "💡 Game facts": _facts}
    if results.plan.players > 1:
        questions = {"🏆 Who wins": _wins, **questions}
    for tab, show in zip(st.tabs(list(questions), key=keys("tab")), questions.values(), strict=True):
        with tab:
            show(keys, results, get)
