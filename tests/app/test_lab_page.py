"""The Lab page (AppTest): the form runs small plans in-process, a bad field is explained and
nothing runs, results show a table for each question, a second identical run comes from the
cache, the CSV behind the button has one row per game, and a cancelled run keeps its games."""

from __future__ import annotations

import io
import re

import pandas as pd
import pytest
import streamlit.testing.v1.app_test as app_test
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage
from streamlit.runtime.scriptrunner_utils.exceptions import StopException

import ui.lab.form as form
import ui.lab.running as running
from engine.core.registry import game as registry_game
from engine.core.registry import games
from lab.plan import Plan, bot_names
from tests.app.helpers import press, text_of
from tests.random_play import few_players

LAB = "pages/lab.py"
SMALL = 6


@pytest.fixture
def lab(app):
    """The Lab page with an empty result cache (the cache is shared by the whole server)."""
    running.shared_cache.clear()
    return app(LAB)


def fill(at, game: str, *, games: int = SMALL, seed: str = "2026", players: int | None = None, bot=None):
    """Choose a game, the number of players and a bot per seat (the weakest by default)."""
    at.selectbox(key="lab:game").set_value(game).run()
    info = registry_game(game).INFO
    if players is not None:
        at.number_input(key=f"lab:players:{game}").set_value(players).run()
    count = players or info.default_players
    for seat in range(count):
        at.selectbox(key=f"lab:seat:{game}:{seat}").set_value(bot or bot_names(game)[0])
    at.text_input(key="lab:games").set_value(f"{games:,}")
    at.text_input(key="lab:seed").set_value(seed)
    at.run()
    assert not at.exception, at.exception
    return at


def run_button(at):
    return next(b for b in at.button if b.label == "▶ Run")


def csv_behind_button(at, stores) -> pd.DataFrame:
    url = at.get("download_button")[0].proto.url
    return pd.read_csv(io.BytesIO(stores[-1].get_file(url.rsplit("/", 1)[1]).content))


@pytest.fixture
def media(monkeypatch):
    """The media stores of AppTest's runs, to read the bytes a download button serves."""
    stores = []

    class Kept(MemoryMediaFileStorage):
        def __init__(self, *args):
            super().__init__(*args)
            stores.append(self)

    monkeypatch.setattr(app_test, "MemoryMediaFileStorage", Kept)
    return stores


def test_the_lab_is_in_the_navigation_between_the_games_and_the_rules(app):
    at = app(LAB)
    assert at.title[0].value == "🧪 Lab"
    assert "does the first player win more often" in text_of(at)
    assert [s.label for s in at.selectbox][:3] == ["Game", "White — God of riches", "Black — God of poverty"]
    assert "backend: in-process" in text_of(at)
    seed = at.text_input(key="lab:seed").value
    assert seed.isdigit()  # a fresh seed, shown so a run can be repeated
    press(at, "🎲 New seed")
    assert at.text_input(key="lab:seed").value.isdigit() and at.text_input(key="lab:seed").value != seed


def test_a_long_run_is_announced_before_it_starts(lab):
    at = fill(lab, "fan_mallet", games=2_000, bot="lookahead")  # about a second and a half a game
    assert "a long run" in text_of(at)
    assert "a long run" not in text_of(fill(at, "fan_mallet", games=10, bot="random"))


def test_a_configured_dask_cluster_is_named_as_the_backend(app, monkeypatch):
    monkeypatch.setenv("DOJO_DASK_ADDRESS", "tcp://10.0.0.5:8786")
    text = text_of(app(LAB))
    assert "Dask cluster at tcp://10.0.0.5:8786" in text and "DOJO_DASK_ADDRESS" in text


def small_runs():
    """(game, players, questions, rows of "Who wins") for every registered game: at three
    players (or its most), and solo too when it can be played alone (no winner: the scores are
    the result); a cooperative game's table has one row, the team's."""
    for game in games():
        info = game.INFO
        solo = {1} if info.players.start == 1 else set()
        for players in sorted({few_players(game)} | solo):
            rows = 0 if players == 1 else 1 if info.cooperative else players
            chosen = players if len(info.players) > 1 else None  # no number to choose
            yield pytest.param(info.id, chosen, 3 if players == 1 else 4, rows, id=f"{info.id}-{players}")


@pytest.mark.parametrize(("game", "players", "questions", "win_rows"), list(small_runs()))
def test_a_small_run_shows_a_table_for_each_question(lab, media, game, players, questions, win_rows):
    at = fill(lab, game, players=players)
    press(at, "▶ Run")
    text = text_of(at)
    assert f"Finished: {SMALL} games" in text
    assert [t.label for t in at.tabs][-3:] == ["🎯 Scores", "⏳ Game length", "💡 Game facts"]
    assert len(at.tabs) == questions
    assert ("🏆 Who wins" in [t.label for t in at.tabs]) == (questions == 4)
    assert len(at.dataframe) >= questions - 1  # the facts table may be empty for a game without facts
    if win_rows:
        assert len(at.dataframe[0].value) == win_rows
        assert ("How often the team wins" in text_of(at)) == (win_rows == 1)
    assert len(at.get("plotly_chart")) >= questions - 1
    frame = csv_behind_button(at, media)
    assert len(frame) == SMALL
    assert sorted(frame["index"]) == list(range(SMALL))
    assert "seed `2026`" in text


def test_a_bad_field_is_explained_and_nothing_runs(lab):
    at = fill(lab, "yokai_carnival", seed="twelve")
    assert any("seed" in e.value and "'twelve'" in e.value for e in at.error)
    assert run_button(at).disabled
    at.text_input(key="lab:seed").set_value("12").run()
    assert not at.error and not run_button(at).disabled
    # The seed spoiled and Run clicked before the page redrew (one message to the server):
    at.text_input(key="lab:seed").set_value("twelve")
    run_button(at).click().run()
    assert "Nothing was run" in text_of(at)
    assert not at.get("download_button") and not at.get("plotly_chart")
    assert "lab:run" not in at.session_state


@pytest.mark.parametrize("typed", ["999999999999", "0", "-5", "many", "1.5"])
def test_a_number_of_games_out_of_range_is_refused_like_a_bad_seed(lab, typed):
    at = fill(lab, "fan_mallet")
    at.text_input(key="lab:games").set_value(typed).run()
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith("Fix this before running")
    assert "**games**: a run plays 1 to 20,000 games" in errors[0] and typed in errors[0]
    assert run_button(at).disabled and "Roughly" not in text_of(at)
    # Typed and Run clicked before the page redrew: still nothing runs (not the last good value).
    at.text_input(key="lab:games").set_value("20,000").run()
    assert not at.error and not run_button(at).disabled
    at.text_input(key="lab:games").set_value(typed)
    run_button(at).click().run()
    assert "Nothing was run" in text_of(at) and "lab:run" not in at.session_state


def test_the_estimate_says_it_is_rough_and_counts_the_machines_load(lab):
    at = fill(lab, "fan_mallet", games=2_000, bot="greedy")
    line = next(m.value for m in at.markdown if "Roughly" in m.value)
    assert "a rough guess" in line and "the progress bar measures the run's own pace" in line
    idle, busy = form.backend_line(at_plan(at), load=0.0), form.backend_line(at_plan(at), load=8.0)
    assert "busy" not in idle and "(the machine is busy now)" in busy
    assert seconds_in(busy) > 2 * seconds_in(idle)  # 8 other processes on 2 cores: a share of a core


def at_plan(at):
    state = at.session_state
    seats = tuple(state[f"lab:seat:fan_mallet:{seat}"] for seat in range(2))
    return Plan("fan_mallet", 2, seats, int(state["lab:games"].replace(",", "")), int(state["lab:seed"]))


def seconds_in(line: str) -> int:
    found = re.search(r"Roughly \*\*(?:(\d+) min ?)?(?:(\d+) s)?\*\*", line)
    return int(found.group(1) or 0) * 60 + int(found.group(2) or 0)


def test_a_second_identical_run_comes_from_the_cache(lab, media):
    at = fill(lab, "fan_mallet", seed="77")
    press(at, "▶ Run")
    first = at.session_state["lab:run"].results
    press(at, "▶ Run")
    assert "From an earlier run with the same settings" in text_of(at)
    assert at.session_state["lab:run"].results is first
    assert len(csv_behind_button(at, media)) == SMALL
    at.text_input(key="lab:seed").set_value("78").run()
    press(at, "▶ Run")  # another seed is another plan: played, not taken from the cache
    assert f"Finished: {SMALL} games" in text_of(at)


def test_results_survive_a_visit_to_another_page(lab):
    at = fill(lab, "yokai")
    press(at, "▶ Run")
    at.switch_page("pages/home.py").run()
    at.switch_page(LAB).run()
    assert f"Finished: {SMALL} games" in text_of(at)
    assert at.get("download_button")


def test_a_cancelled_run_keeps_its_finished_games_as_partial_results(lab, monkeypatch, media):
    """Streamlit stops a script at its next drawing call when Cancel is clicked; here the
    progress bar's update after the first chunk meets that stop."""
    real_run = running.run

    def cancelled_after_one_chunk(plan, executor, *, on_progress):
        def report_then_stop(progress):
            on_progress(progress)
            raise StopException()

        return real_run(plan, executor, on_progress=report_then_stop)

    monkeypatch.setattr(running, "run", cancelled_after_one_chunk)
    at = fill(lab, "fan_mallet", games=40, seed="5")
    press(at, "▶ Run")
    at.run()  # the page as it is drawn after the click
    job = at.session_state["lab:run"]
    assert job.status == running.CANCELLED and 0 < job.done < 40
    text = text_of(at)
    assert f"Cancelled after {job.done} of 40 games" in text and "Partial results" in text
    assert len(csv_behind_button(at, media)) == job.done
    assert running.shared_cache().get(job.plan) is None  # a cancelled run is not cached
    monkeypatch.setattr(running, "run", real_run)
    press(at, "▶ Run")  # the same plan again plays it whole
    assert "Finished: 40 games" in text_of(at)
