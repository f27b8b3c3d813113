"""Fuzz: random valid sheets × every player count 1..10, random and greedy games through the
protocol. No game raises, every game ends within its bound, and saves replay exactly.

300 games by default; ``DOJO_SOAK=1`` (CI) plays 3,000.
"""

import os
import random

from tm_helpers import random_sheet_dict

import engine.tanuki_matsuri as tm
from engine.core import Termination, play_game

SOAK = os.environ.get("DOJO_SOAK") == "1"
GAMES = 3000 if SOAK else 300


def test_random_sheets_and_player_counts_always_end_cleanly():
    rng = random.Random(20240607)
    rand, greedy = tm.bots()["random"], tm.bots()["greedy"]
    endings = set()
    for i in range(GAMES):
        sheet = tm.load_sheet(random_sheet_dict(rng))
        players = 1 + i % 10
        bots = [greedy if (seat + i) % 3 == 0 else rand for seat in range(players)]
        # each turn every seat circles a fruit or a flower until the last flower ends the game
        bound = sum(sheet.column_size(c) for c in range(5)) + len(sheet.flowers)
        played = play_game(tm, bots, seed=i, players=players, setup={"sheet": sheet})
        s = played.state
        assert tm.is_over(s) and s.turn < bound, (i, s.turn, bound)
        assert tm.outcome(s).termination is not Termination.NONE
        endings.add(tm.outcome(s).termination)
        if i % 50 == 0:
            assert tm.from_json(tm.to_json(s)) == s
            start = tm.new_game(i, players=players, sheet=sheet)
            if not tm.is_over(start):
                assert tm.hint(start, seed=i, rollouts=2).best in tm.legal_actions(start)
    assert len(endings) >= 2
