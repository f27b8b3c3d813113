"""The Coach on the game pages: "How was my move?" after a move, and the game review (AppTest)."""

from __future__ import annotations

import random

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import explainers.coach as ex
from engine.core.coach import assess_move, moves_of
from tests.app.helpers import press, text_of
from tests.app.test_fm_page import new_game as fm_new_game
from tests.app.test_fm_page import play_via_widgets, take_over
from tests.app.test_tm_page import action_buttons
from tests.app.test_tm_page import new_game as tm_new_game
from ui.kit.session import new_session

CHECK = "🎓 How was my move?"
FM = "pages/fan_mallet.py"


def has_button(at, label: str) -> bool:
    return any(b.label == label for b in at.button)


def test_tm_how_was_my_move_shows_the_coach_s_verdict(app, monkeypatch):
    monkeypatch.setenv("DOJO_HINT_BUDGET_S", "0.05")  # the page's own hint, not the coach's
    monkeypatch.setenv("DOJO_COACH_BUDGET_S", "600")  # no wall-clock cap: the verdict in samples only
    at = app("pages/tanuki_matsuri.py")
    seed = next(s for s in range(100) if len(set(tm.dice(tm.new_game(s)))) > 1)
    tm_new_game(at, seed)
    assert not has_button(at, CHECK)  # no move yet
    action_buttons(at)[0].click().run()
    assert not at.exception, at.exception
    session = at.session_state["tanuki_matsuri:session"]
    assert "Coach · move" not in text_of(at)  # nothing is worked out before the click
    press(at, CHECK)
    text = text_of(at)
    # the verdict on screen is the coach's verdict on the last move, from the seat's view
    last = moves_of(tm, session.history[: session.cursor + 1])[-1]
    verdict = assess_move(tm, session.history, last)
    assert f"Coach · move {last.number}" in text
    assert ex.verdict_text(verdict, "Player 1") in text
    assert "Judged from what Player 1 could see" in text
    at.run()  # kept: shown again on a rerun, without a new click
    assert ex.verdict_text(verdict, "Player 1") in text_of(at) and not has_button(at, CHECK)


def test_fm_hot_seat_coach_judges_only_the_shown_seat_s_own_move(app):
    at = fm_new_game(app(FM), 12)  # White and Black share the screen; hands are hidden
    session = at.session_state["fan_mallet:session"]
    play_via_widgets(at, fm.hand(session.state, "white")[0].code)
    take_over(at)  # Black now: White's move must not be judged on Black's screen
    assert not has_button(at, CHECK)
    session = at.session_state["fan_mallet:session"]
    play_via_widgets(at, fm.hand(session.state, "black")[0].code)
    take_over(at)  # White again: the check is White's own move 1
    press(at, CHECK)
    text = text_of(at)
    assert "Coach · move 1" in text and "Judged from what White — God of riches could see" in text
    assert "Good move" in text or "Costly move" in text
    session = at.session_state["fan_mallet:session"]
    play_via_widgets(at, fm.hand(session.state, "white")[0].code)
    take_over(at)  # Black: offered Black's move 2, never White's verdict
    assert has_button(at, CHECK) and "Coach · move 1" not in text_of(at)


def test_game_review_lists_the_costliest_moves_after_the_end(app, monkeypatch):
    monkeypatch.setenv("DOJO_COACH_BUDGET_S", "600")
    at = app(FM, timeout=180)  # the review in samples only, no wall-clock cap: slow on a loaded machine
    session = new_session(fm, 77, 2, ("human", "greedy"))
    rng = random.Random(7)
    while not session.over:  # the "human" plays at random, the greedy bot answers
        if session.to_move == 0:
            session = session.play(rng.choice(fm.legal_actions(session.state)))
        else:
            session = session.bot_turn()
    at.session_state["fan_mallet:session"] = session
    at.run()
    assert "Game review" in text_of(at) and has_button(at, "Game review")
    press(at, CHECK)  # the human's last move, checked first: the review must not leave it out
    click = next(v for k, v in at.session_state["fan_mallet:coach"].items() if isinstance(k[1], int))
    press(at, "Game review")
    cached = next(v for k, v in at.session_state["fan_mallet:coach"].items() if k[1] == "review")
    assert 1 <= len(cached) <= 3 and all(a.seat == 0 and not a.good for a in cached)
    if not click.good:
        assert click in cached or (len(cached) == 3 and click.loss <= cached[-1].loss)
    text = text_of(at)
    assert ex.review_text(cached) in text
    shown = at.table[-1].value
    assert list(shown.columns) == ex.REVIEW_COLUMNS
    assert list(shown["Move"]) == [a.move for a in cached]
    assert list(shown["Better"]) == [ex.move_label(a, a.suggestion.action) for a in cached]
