"""Every page of the shell opens and shows its real content (AppTest)."""

from explainers.rules import rule_summary
from tests.app.helpers import text_of
from ui.registry import GAMES


def test_home_shows_every_game_and_the_start_paths(app):
    at = app()
    text = text_of(at)
    assert "Tabletop Dojo" in at.title[0].value
    for game in GAMES:
        assert f"{game.info.title} · {game.info.japanese}" in text
        if not game.ready:
            assert "In preparation" in text
    assert "Start here: learning alone" in text
    assert "Start here: teaching a class" in text


def test_rules_page_indexes_every_game(app):
    at = app("pages/rules.py")
    assert at.title[0].value.endswith("Rules")
    labels = [e.label for e in at.expander]
    for game in GAMES:
        assert any(game.info.title in label for label in labels)
    text = text_of(at)
    for game in GAMES:
        summary = rule_summary(game.id)
        if summary:
            assert summary.strip().splitlines()[0].lstrip("# ") in text
    assert "Rule note" in text


def test_all_four_games_are_ready_with_their_page():
    assert [g.id for g in GAMES if g.ready] == ["fan_mallet", "tanuki_matsuri", "yokai_carnival", "yokai"]
