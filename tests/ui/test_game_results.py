"""A game's end shows its result, never an error box: a loss is the game's news, not the app's
failure (and `make load` counts every error box on a page as an error)."""

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core import PlayedGame, play_game
from engine.core.registry import game as engine_of
from lab.facts import facts, team_win
from ui.kit.session import new_session
from ui.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]


def middle_bot(game_id: str) -> str:
    """The game's middle-strength bot."""
    names = list(engine_of(game_id).bots())
    return names[len(names) // 2]


def played(game_id: str, seed: int) -> PlayedGame:
    """A seeded game played to its end by the game's middle-strength bot at every seat."""
    game = engine_of(game_id)
    players = game.INFO.default_players
    return play_game(game, [game.bots()[middle_bot(game_id)]] * players, seed=seed, players=players)


def finished(game_id: str, seed: int):
    """A session of :func:`played`, move by move."""
    game = engine_of(game_id)
    players = game.INFO.default_players
    session = new_session(game, seed, players, (middle_bot(game_id),) * players)
    for action in played(game_id, seed).actions:
        session = session.play(action)
    return session


def lost_seed(game_id: str) -> int | None:
    """The first seed from 1 whose :func:`played` game the team lost, in a cooperative game
    (its teaching facts say whether the team won); None for another game."""
    won = team_win(game_id)
    if won is None:
        return None
    return next(s for s in range(1, 200) if not facts(game_id, played(game_id, s))[won])


def endings() -> list[tuple[str, int]]:
    """(game, seed) of each ready game's end on seed 3, and of a cooperative game's loss too:
    a loss is the game's news, where a page once showed an error box."""
    found = []
    for game in GAMES:
        if game.ready:
            lost = lost_seed(game.id)
            found += [(game.id, 3)] + ([(game.id, lost)] if lost is not None else [])
    return found


def page_at_the_end(game_id: str, session, monkeypatch, tmp_path) -> AppTest:
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    at.switch_page(next(g.page for g in GAMES if g.id == game_id))
    at.session_state[f"{game_id}:session"] = session
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(("game_id", "seed"), endings())
def test_the_end_of_a_game_is_no_error_box(game_id, seed, monkeypatch, tmp_path):
    session = finished(game_id, seed)
    assert session.over
    at = page_at_the_end(game_id, session, monkeypatch, tmp_path)
    assert any(m.value.startswith("#### Game over") for m in at.markdown)
    assert [e.value for e in at.error] == []
