"""The Tanuki Matsuri high-score store: created on first use, one record per game, best first."""

from storage.highscores import DEFAULT_PATH, HighScores, default_path, game_key


def test_the_file_and_its_folder_are_created_on_first_use(tmp_path):
    path = tmp_path / "deep" / "folder" / "scores.sqlite3"
    store = HighScores(path)
    assert not path.exists()
    assert store.top() == []  # reading creates the table
    assert path.exists()
    assert store.count() == 0


def test_a_game_is_recorded_once_and_scores_come_best_first(tmp_path):
    store = HighScores(tmp_path / "hs.sqlite3")
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
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "env.sqlite3"))
    assert default_path() == tmp_path / "env.sqlite3"
    HighScores().record(1, "Festival sheet", 50, "k")
    assert (tmp_path / "env.sqlite3").exists()
    monkeypatch.delenv("DOJO_HIGHSCORES")
    assert default_path() == DEFAULT_PATH.expanduser()
    assert game_key("x") == game_key("x") != game_key("y")
