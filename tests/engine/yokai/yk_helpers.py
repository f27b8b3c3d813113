"""Shared helpers for the Yokai engine tests: scripted positions built from a real game."""

from __future__ import annotations

import random
from dataclasses import replace

import engine.yokai as yk
from engine.yokai.cards import FAMILIES

ROWS = [f for f in FAMILIES for _ in range(4)]  # each row one family: grouped from the start


def position(cells, hinted=(), players=2, **setup):
    """A game whose cards lie on ``cells`` (by card id), with hint cards 0.. on ``hinted``."""
    state = yk.new_game(1, players, **setup)
    hints = [None] * 16
    for n, card in enumerate(hinted):
        hints[card] = state.deck[n]
    deck = state.deck[len(hinted) :]
    return replace(
        state,
        cells=tuple(cells),
        hints=tuple(hints),
        deck=deck,
        deck_size=len(deck),
        drawn=state.deck[: len(hinted)],
        moves=None,
    )


def random_layout(rng: random.Random, n: int = 16) -> list:
    """``n`` connected cells grown from (0, 0) at random."""
    cells = {(0, 0)}
    while len(cells) < n:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    return sorted(cells)
