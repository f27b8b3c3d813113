"""Boards skip Plotly's validation on the page (boards/frozen.py): what they send must be
exactly what a validated ``go.Figure`` would send, for every board and many positions."""

from __future__ import annotations

import copy
import importlib
import json
import os
import random

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from boards.frozen import FrozenFigure, scatter
from engine.core.registry import game as engine_of
from engine.core.registry import games

SOAK = os.environ.get("DOJO_SOAK") == "1"
SEEDS, MOVES = ((1, 2, 3), 80) if SOAK else ((1,), 14)  # each validated figure costs 20-90 ms
BOARDS = {g.INFO.id: importlib.import_module(f"boards.{g.INFO.id}") for g in games()}


def sent(fig) -> dict:
    """What a page sends for a board's figure (its to_dict, as JSON), read back."""
    return json.loads(pio.to_json(fig.to_dict(), validate=False))


def validated(fig) -> dict:
    """The same figure through Plotly's validation (what go.Figure would have sent)."""
    return json.loads(pio.to_json(go.Figure(fig.to_dict()).to_dict(), validate=False))


def figures(game_id: str, seed: int, moves: int = MOVES):
    """(move number, figure) of a seeded random game, ``moves`` moves or to its end: the seat
    to move's board (with the previous move marked), the demo board, a board nobody may
    click, and the seat's board with its first legal move picked (a card in Fan & Mallet, a move
    of the sheet or dice in Tanuki Matsuri; a board ignores a pick it does not draw)."""
    game, board = engine_of(game_id), BOARDS[game_id]
    rng = random.Random(seed)
    state, before = game.new_game(seed, game.INFO.default_players), None
    for n in range(moves):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        previous = game.view(before, seat) if before is not None else None
        yield n, board.figure(game.view(state, seat), interactive=True, previous=previous)
        yield n, board.figure(state, interactive=n % 2 == 0, previous=before)
        yield n, board.figure(game.view(state, seat), selected=game.legal_actions(state)[0])
        before, state = state, game.apply(state, rng.choice(game.legal_actions(state)))


@pytest.mark.parametrize("game_id", list(BOARDS))
def test_a_board_sends_what_validation_would(game_id):
    checked, positions = 0, set()
    for seed in SEEDS:
        for n, fig in figures(game_id, seed):
            assert isinstance(fig, FrozenFigure)
            assert sent(fig) == validated(fig)
            checked += 1
            positions.add((seed, n))
    assert positions and checked >= 3 * len(positions)  # a short game ends before MOVES


def test_fm_house_figure_sends_what_validation_would():
    import explainers.fan_mallet as ex

    fig = BOARDS["fan_mallet"].house_figure(*ex.scene_stack(ex.SCENES[2]), (4, 5), 1)
    assert sent(fig) == validated(fig)


def test_the_plotly_figure_is_built_on_first_use_and_changes_nothing_sent():
    fig = FrozenFigure(
        data=[scatter(x=[1, 2], y=(3, 4), mode="markers", customdata=["a", ""])],
        layout={"height": 120, "shapes": [{"type": "rect", "x0": 0, "x1": 1, "y0": 0, "y1": 1}]},
    )
    before = sent(fig)
    assert "_data_objs" not in fig.__dict__  # nothing validated yet
    assert fig.data[0].customdata == ("a", "")
    assert fig.layout.shapes[0].x1 == 1
    assert fig.layout.height == 120
    assert sent(fig) == before == validated(fig)
    assert sent(copy.deepcopy(fig)) == before


def test_a_figure_plotly_would_refuse_is_refused_when_built():
    fig = FrozenFigure(data=[scatter(x=[1], y=[1], mode="not-a-mode")])
    with pytest.raises(ValueError, match="mode"):
        fig.data  # noqa: B018


def test_the_template_is_plotlys_default():
    fig = FrozenFigure(data=[scatter(x=[1], y=[1])])
    assert fig.to_dict()["layout"]["template"] == go.Figure().to_dict()["layout"]["template"]
