"""The Tanuki Matsuri high-score store: created on first use, one record per game, best first
(on an SQLite file and on a real PostgreSQL server)."""

import pytest

from storage.highscores import DEFAULT_PATH, HighScores, default_path, game_key, where_kept


def test_the_file_and_its_folder_are_created_on_first_use(tmp_path):
    path = tmp_path / "deep" / "folder" / "scores.sqlite3"
    store = HighScores(path)
    assert not path.exists()
    assert store.top() == []  # reading creates the table
    assert path.exists()
    assert store.count() == 0


def test_a_game_is_recorded_once_and_scores_come_best_first(place):
    store = HighScores(place)
    assert store.record(7, "Festival sheet", 90, game_key("game a"), played_at="2026-01-01T10:00:00")
    assert not store.record(7, "Festival sheet", 90, game_key("game a"))  # the same game again
    assert store.record(7, "Festival sheet", 104, game_key("game b"), played_at="2026-01-02T10:00:00")
    assert store.record(8, "Festival sheet", 104, game_key("game c"), played_at="2026-01-03T10:00:00")
    assert store.record(8, "Custom", 130, game_key("game d"), played_at="2026-01-04T10:00:00")
    assert store.count() == 4
    top = store.top()
    assert [(e.score, e.seed) for e in top] == [(130, 8), (104, 7), (104, 8), (90, 7)]  # ties: earlier first
    assert top[0].sheet == "Custom" and top[0].played_at == "2026-01-04T10:00:00"
    assert [e.score for e in store.top(seed=7)] == [104, 90]
    assert [e.score for e in store.top(seed=8, sheet="Festival sheet")] == [104]
    assert store.best(7, "Festival sheet") == 104
    assert store.best(9, "Festival sheet") is None
    assert len(store.top(limit=2)) == 2


def test_the_path_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("DOJO_DATABASE_URL", raising=False)
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "env.sqlite3"))
    assert default_path() == tmp_path / "env.sqlite3"
    HighScores().record(1, "Festival sheet", 50, "k")
    assert (tmp_path / "env.sqlite3").exists()
    monkeypatch.delenv("DOJO_HIGHSCORES")
    assert default_path() == DEFAULT_PATH.expanduser()
    assert game_key("x") == game_key("x") != game_key("y")


def test_a_seed_as_large_as_a_deal_may_have_is_kept(place):
    store = HighScores(place)
    assert store.record(2**63 - 1, "Festival sheet", 77, "big")
    assert store.best(2**63 - 1, "Festival sheet") == 77 and store.top()[0].seed == 2**63 - 1


def test_database_url_puts_the_scores_in_postgresql_and_players_read_it_in_words(
    postgres_url, monkeypatch, tmp_path
):
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "unused.sqlite3"))
    monkeypatch.setenv("DOJO_DATABASE_URL", postgres_url)
    HighScores().record(3, "Festival sheet", 61, "k")
    assert HighScores().database.kind == "postgresql" and HighScores().path is None
    assert HighScores(postgres_url).count() == 1 and not (tmp_path / "unused.sqlite3").exists()
    assert where_kept() == "in the school's shared database" and "127.0.0.1" not in where_kept()


@pytest.mark.parametrize("sheet", ["50% off?", "it's ?; DROP TABLE tanuki_scores; --"])
def test_question_marks_and_percent_signs_in_values_are_only_values(place, sheet):
    store = HighScores(place)
    assert store.record(1, sheet, 10, sheet)
    assert [e.sheet for e in store.top(sheet=sheet)] == [sheet] and store.count() == 1
