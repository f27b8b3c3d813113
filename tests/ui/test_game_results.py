"""A game's end shows its result, never an error box: a loss is the game's news, not the app's
failure (and `make load` counts every error box on a page as an error)."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import engine.yokai as yk
from engine.core import play_game
from engine.core.registry import game as engine_of
from ui.kit.session import new_session
from ui.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def finished(game_id: str, seed: int):
    """A session of a seeded game played to its end by the game's middle-strength bot."""
    game = engine_of(game_id)
    names = list(game.bots())
    bot = names[len(names) // 2]
    players = game.INFO.default_players
    played = play_game(game, [game.bots()[bot]] * players, seed=seed, players=players)
    session = new_session(game, seed, players, (bot,) * players)
    for action in played.actions:
        session = session.play(action)
    return session


def lost_yokai_seed() -> int:
    bots = yk.bots()
    return next(
        s for s in range(1, 200) if not yk.families_grouped(play_game(yk, [bots["partner"]] * 2, s).state)
    )


def page_at_the_end(game_id: str, session, monkeypatch, tmp_path) -> AppTest:
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page(next(g.page for g in GAMES if g.id == game_id))
    at.session_state[f"{game_id}:session"] = session
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("game_id", [g.id for g in GAMES if g.ready])
def test_the_end_of_a_game_is_no_error_box(game_id, monkeypatch, tmp_path):
    seed = lost_yokai_seed() if game_id == "yokai" else 3
    session = finished(game_id, seed)
    assert session.over
    at = page_at_the_end(game_id, session, monkeypatch, tmp_path)
    assert any(m.value.startswith("#### Game over") for m in at.markdown)
    assert [e.value for e in at.error] == []


def test_a_lost_yokai_game_says_so_in_a_warning(monkeypatch, tmp_path):
    session = finished("yokai", lost_yokai_seed())
    assert not yk.families_grouped(session.state)
    at = page_at_the_end("yokai", session, monkeypatch, tmp_path)
    assert any("you lose" in w.value for w in at.warning)
