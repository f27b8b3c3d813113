"""The Yokai Carnival board: drawn from one seat's view only, clickable with legal actions,
built in one go, and every text readable and in place at the widths the Play tab uses."""

from __future__ import annotations

import json
import random

import pytest

import engine.yokai_carnival as yc
from boards import yokai_carnival as board
from ui.games.yokai_carnival.scenes import scenes

from .figjson import font_sizes
from .test_board_text_fit import WIDTHS, problems


def positions(seed: int, players: int, moves: int):
    """States along a seeded random game (every decision kind shows up over a few games)."""
    rng = random.Random(seed)
    state = yc.new_game(seed, players)
    out = [state]
    for _ in range(moves):
        if yc.is_over(state):
            break
        state = yc.apply(state, rng.choice(yc.legal_actions(state)))
        out.append(state)
    return out


def visible_names(view, seat: int) -> set[str]:
    names = {c.name for line in yc.lines(view) for c in line}
    names |= {c.name for c in yc.discard(view)} | {c.name for c in yc.summon_waiting(view)}
    names |= {c.name for c in yc.revealed(view) if c is not None}
    for other in range(len(yc.lines(view))):
        try:
            names |= {c.name for c in yc.hand(view, other)}
        except ValueError:
            pass
    return names


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_view_never_shows_another_seats_hidden_cards(players):
    checked = 0
    for seed in range(4):
        for state in positions(seed, players, 80)[::3]:
            if yc.is_over(state):
                continue
            for seat in range(players):
                view = yc.view(state, seat)
                text = json.dumps(board.figure(view).to_plotly_json(), ensure_ascii=False, default=str)
                seen = visible_names(view, seat)
                for other in range(players):
                    if other == seat:
                        continue
                    for card in yc.hand(state, other):
                        if card.name not in seen:
                            assert card.name not in text, (seed, seat, other, card.name)
                            checked += 1
    assert checked > 50


def test_tokens_are_the_legal_actions_of_the_seat_deciding():
    kinds = set()
    for seed in range(6):
        for state in positions(seed, 3, 120):
            d = yc.decision(state)
            if d is None:
                continue
            view = yc.view(state, d.seat)
            legal = {yc.encode_action(a) for a in yc.legal_actions(state)}
            tokens = board.clickable(board.figure(view))
            assert set(tokens) <= legal, (seed, d)
            assert len(tokens) == len(set(tokens))
            kinds |= {d.kind for _ in tokens}
            other = (d.seat + 1) % 3
            assert board.clickable(board.figure(yc.view(state, other))) == []  # not their decision
            assert board.clickable(board.figure(view, interactive=False)) == []
    assert {"summon", "general"} <= kinds


def test_a_hand_card_click_summons_it_and_demo_mode_says_so():
    state = yc.new_game(3, 2)
    fig = board.figure(yc.view(state, 0))
    assert sorted(board.clickable(fig)) == ["s0", "s1", "s2"]  # with its ability; the buttons offer both
    demo = board.figure(state)
    assert any("Demo mode" in str(t) for trace in demo.data if trace.text for t in trace.text)
    assert sorted(board.clickable(demo)) == ["s0", "s1", "s2"]


def test_scene_boards_pick_cards_in_every_zone():
    """Nopperabō's chosen hand, Kitsune's revealed cards, the discard pile, Summon Waiting."""
    found = set()
    for scene in scenes():
        for state in (scene.before, scene.state):
            d = yc.decision(state)
            if d is None:
                continue
            view = yc.view(state, d.seat)
            for token in board.clickable(board.figure(view)):
                action = yc.decode_action(token)
                found.add(getattr(action, "zone", type(action).__name__))
    assert {"hand", "summon_waiting"} <= found


def test_built_in_one_go(no_incremental_building):
    for state in positions(2, 4, 40):
        board._cached.cache_clear()
        board.figure(state)
        d = yc.decision(state)
        if d is not None:
            board.figure(yc.view(state, d.seat))


def scenes_to_measure():
    late = positions(4, 5, 60)[-1]
    mid = positions(1, 2, 50)[-1]
    picked = {s.title: s.state for s in scenes() if s.title.startswith(("Nopperab", "Kitsune", "Rulebook"))}
    out = {
        "start": board.figure(yc.view(yc.new_game(3, 2), 0)),
        "mid 2 players": board.figure(yc.view(mid, yc.current_player(mid) or 0)),
        "5 players, demo": board.figure(late),
        "selected": board.figure(yc.view(yc.new_game(3, 2), 0), selected=yc.Summon(1)),
    }
    for title, state in picked.items():
        seat = yc.decision(state).seat if yc.decision(state) else 0
        out[title] = board.figure(yc.view(state, seat))
    return out


@pytest.mark.parametrize("width", WIDTHS)
def test_texts_fit_at_every_width(width):
    found = {name: problems(fig, width) for name, fig in scenes_to_measure().items()}
    assert not {k: v for k, v in found.items() if v}, found


def test_text_is_projector_sized_and_the_board_fits_a_projector():
    for fig in scenes_to_measure().values():
        assert min(font_sizes(fig)) >= 16
    two = board.figure(yc.view(positions(1, 2, 40)[-1], 0))
    assert two.layout.height <= 480


def test_a_finished_game_says_game_over_not_demo_mode():
    over = next(s for seed in range(20) for s in positions(seed, 3, 400) if yc.is_over(s))
    words = " ".join(str(t) for trace in board.figure(over).data if trace.text for t in trace.text)
    assert "Game over" in words and "Demo mode" not in words and "teacher" not in words
    running = yc.new_game(3, 3)
    assert "Demo mode" in " ".join(str(t) for tr in board.figure(running).data if tr.text for t in tr.text)


def test_a_pick_naming_no_one_card_outlines_nothing():
    """An ``Order`` (how to put back revealed cards) names a zone but no one card: the board
    draws it as no pick at all (it raised AttributeError in CI's frozen-board soak)."""
    rng, state = random.Random(1), yc.new_game(1, yc.INFO.default_players)
    while not isinstance(yc.legal_actions(state)[0], yc.Order):
        state = yc.apply(state, rng.choice(yc.legal_actions(state)))
    order = yc.legal_actions(state)[0]
    seat = yc.current_player(state)
    assert board.figure(yc.view(state, seat), selected=order) == board.figure(yc.view(state, seat))
