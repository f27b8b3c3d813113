"""Seeded random games through the public API: Tanuki's invariants hold (marks never
decrease, icons are circled left to right, scores match the formula, the game ends by the
last torii or flower). A few hundred games by default; ``DOJO_SOAK=1`` (CI) plays 5,000.

The generic protocol checks (unique legal actions, no moves once over…) live in
tests/contract.
"""

import os
import random

import pytest

import engine.tanuki_matsuri as tm
from engine import IllegalAction

SHEET = tm.DEFAULT_SHEET
SOAK = os.environ.get("DOJO_SOAK") == "1"
N_GAMES = 5000 if SOAK else 300
N_ILLEGAL = 100 if SOAK else 25
# fruits + flowers bound the number of picks of a seat (each pick circles one or the other)
MAX_TURNS = sum(SHEET.column_size(c) for c in range(5)) + len(SHEET.flowers)


def _prefix(flags) -> bool:
    return all(flags[i] or not flags[i + 1] for i in range(len(flags) - 1))


def _check(before: dict, after: dict, icons: dict) -> None:
    for f in tm.FRUITS:
        assert after["fruits"][f] >= before["fruits"][f]
        circled, crossed = after["tanuki"][f]
        assert circled >= before["tanuki"][f][0] and crossed >= before["tanuki"][f][1]
        assert 0 <= crossed <= circled <= SHEET.slots[SHEET_INDEX[f]]
        assert after["fruits"][f] == sum(sum(line.get(f, [])) for line in icons["lines"])
    for key in ("granny", "flowers", "torii"):
        assert after[key] >= before[key]
    assert len(after["line_bonuses"]) >= len(before["line_bonuses"])
    assert after["flowers"] <= len(SHEET.flowers) and after["torii"] <= SHEET.torii
    assert after["granny"] <= SHEET.granny
    for line in icons["lines"]:
        for flags in line.values():
            assert _prefix(flags)  # icons of a fruit on a line: a left prefix
    assert _prefix(icons["flowers"])  # flowers: a top prefix
    assert sum(icons["flowers"]) == after["flowers"]
    for i, done in enumerate(icons["line_bonuses"]):
        assert done == all(all(flags) for flags in icons["lines"][i].values())
    assert after["line_bonuses"] == [SHEET.lines[i].bonus for i, d in enumerate(icons["line_bonuses"]) if d]


SHEET_INDEX = {f: i for i, f in enumerate(tm.FRUITS)}


def play_one(seed: int, players: int) -> tm.State:
    rng = random.Random(seed)
    s = tm.new_game(seed, players=players)
    marks = [tm.marks(s, seat) for seat in range(players)]
    while not tm.is_over(s):
        seat = tm.current_player(s)
        legal = tm.legal_actions(s)
        assert len(legal) >= 2  # one-option decisions are taken automatically, never offered
        assert tm.pending(s).options == tuple(legal) and tm.pending(s).seat == seat
        before = s
        s = tm.apply(s, rng.choice(legal))
        for who in range(players):  # the acting seat, and any seat that played automatically
            if s.boards[who] != before.boards[who]:
                now = tm.marks(s, who)
                _check(marks[who], now, tm.icon_marks(s, who))
                marks[who] = now
        assert s.turn < MAX_TURNS
    for who in range(players):
        now = tm.marks(s, who)
        _check(marks[who], now, tm.icon_marks(s, who))
        assert tm.score(s, who).total == tm.outcome(s).scores[who] == _formula(s, who)
    ends = [what for _, what in s.end_by]
    assert ends and all(
        (
            tm.marks(s, who)["torii"] == SHEET.torii
            if what == "torii"
            else tm.marks(s, who)["flowers"] == len(SHEET.flowers)
        )
        for who, what in s.end_by
    )
    return s


def _formula(state, seat) -> int:
    """Σ fruits × (circled − crossed tanuki) + Σ circled line bonuses × Granny, from marks."""
    m = tm.marks(state, seat)
    columns = sum(m["fruits"][f] * (m["tanuki"][f][0] - m["tanuki"][f][1]) for f in tm.FRUITS)
    return columns + sum(m["line_bonuses"]) * m["granny"]


def test_random_games_keep_the_invariants():
    endings = {"torii": 0, "flower": 0}
    for seed in range(N_GAMES):
        players = 1 if seed % 5 else 2 + (seed // 5) % 9  # 80% solo, the rest 2..10 players
        s = play_one(seed, players)
        for _, what in s.end_by:
            endings[what] += 1
    assert endings["torii"] > 0 and endings["flower"] > 0


def test_random_illegal_actions_never_change_the_state():
    rng = random.Random(7)
    junk = [tm.TakeDie(v, f) for v in range(1, 7) for f in (False, True)]
    junk += [tm.ChooseLine(i, c) for i in range(8) for c in range(1, 6)]
    junk += [tm.ChooseTanuki(c) for c in range(1, 6)] + [tm.CrossTanuki(c) for c in range(1, 6)]
    for seed in range(N_ILLEGAL):
        s = tm.new_game(seed, players=1 + seed % 4)
        while not tm.is_over(s):
            legal = tm.legal_actions(s)
            for bad in rng.sample(junk, 6):
                if bad not in legal:
                    snapshot = s
                    with pytest.raises(IllegalAction):
                        tm.apply(s, bad)
                    assert s == snapshot
            s = tm.apply(s, rng.choice(legal))
