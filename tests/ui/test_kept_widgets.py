"""Pickers whose value is kept outside the widget (opponent, bot pace): a report from a
widget drawn under an older value never undoes a newer choice.

CI once saw it: the "Play against: greedy" picker of the opening game reported its value on
a run after a hot-seat game had started, and Black became the greedy bot mid-game."""

import pytest
import streamlit as st

import engine.fan_mallet as fm
from ui.kit import bots, frame
from ui.kit.session import new_session
from ui.kit.store import Keys, kept_key

KEYS = Keys("fan_mallet")


@pytest.fixture
def state(monkeypatch):
    """A plain dict stands in for Streamlit's session state (these callbacks only read and write keys)."""
    fake: dict = {}
    monkeypatch.setattr(st, "session_state", fake)
    return fake


def test_a_stale_opponent_picker_does_not_change_the_seats(state):
    state[KEYS("session")] = new_session(fm, 12, 2, ("human", "human"))
    stale = kept_key(KEYS, "opponent", "greedy")  # drawn when the opening game was against greedy
    state[stale] = "greedy"
    frame._set_opponent(KEYS, stale)
    assert state[KEYS("session")].seats == ("human", "human")


def test_the_shown_opponent_picker_changes_the_seats(state):
    state[KEYS("session")] = new_session(fm, 12, 2, ("human", "human"))
    shown = kept_key(KEYS, "opponent", "human")
    state[shown] = "greedy"
    frame._set_opponent(KEYS, shown)
    assert state[KEYS("session")].seats == ("human", "greedy")


def test_a_stale_pace_slider_does_not_change_the_pace(state):
    state[KEYS("pace")] = "Step by step"
    stale = kept_key(KEYS, "pace_panel", bots.DEFAULT_PACE)
    state[stale] = bots.DEFAULT_PACE
    bots._keep_pace(KEYS, "panel", stale)
    assert bots.pace_name(KEYS) == "Step by step"
    shown = kept_key(KEYS, "pace_panel", "Step by step")
    state[shown] = "Instant"
    bots._keep_pace(KEYS, "panel", shown)
    assert bots.pace_name(KEYS) == "Instant"
