"""The quick path of ``apply`` (no log, explanations built when read) against the explained
rules: same states, same logs, same saves; saves from before it still load (the seeded dice
themselves: test_tm_dice)."""

import json
import pickle
import random

import pytest
from tm_helpers import random_sheet_dict

import engine.tanuki_matsuri as tm
from engine import IllegalAction
from engine.tanuki_matsuri.board import total
from engine.tanuki_matsuri.bots import greedy_choice
from engine.tanuki_matsuri.fast import run_quick
from engine.tanuki_matsuri.frozen import freeze
from engine.tanuki_matsuri.rules import _explained, run_explained
from engine.tanuki_matsuri.state import thaw


def explained_apply(state, action):
    """``apply`` as it was before the quick path: the rules with the log, every field built."""
    w = _explained(state, action)
    actions = state.actions + (tm.encode_action(action),)
    return freeze(w, actions, state.log, state.replayable, state.viewer)


def games():
    """(seed, players, sheet) of the games compared: solo, every player count, random sheets."""
    for seed in range(12):
        yield seed, 1, None
    for players in range(2, 11):
        yield 100 + players, players, None
    rng = random.Random(7)
    for k in range(12):
        yield 200 + k, 1 + k % 5, tm.load_sheet(random_sheet_dict(rng))


@pytest.mark.parametrize(("seed", "players", "sheet"), list(games()))
def test_quick_apply_gives_the_states_of_the_explained_rules(seed, players, sheet):
    setup = {} if sheet is None else {"sheet": sheet}
    s = tm.new_game(seed, players, **setup)
    eager = s
    rng = random.Random(seed)
    while not tm.is_over(s):
        action = rng.choice(tm.legal_actions(s))
        s = tm.apply(s, action)
        eager = explained_apply(eager, action)
        # the cheap reads first (what a playout uses), then every field, explanations included
        assert tm.is_over(s) == eager.over and tm.current_player(s) == tm.current_player(eager)
        assert tm.legal_actions(s) == list(eager.pending.options if eager.pending else ())
        assert s == eager
    assert tm.to_json(s) == tm.to_json(eager)


def test_a_log_read_late_is_built_for_the_whole_game_at_once():
    s = tm.new_game(3, players=10)
    rng = random.Random(3)
    states = [s]
    while not tm.is_over(s):
        s = tm.apply(s, rng.choice(tm.legal_actions(s)))
        states.append(s)
    assert len(states) > 200
    assert "log" not in vars(s)
    log = s.log  # fills every state before it, in a loop (no recursion)
    assert all("log" in vars(x) for x in states)
    assert log == tm.from_json(tm.to_json(s)).log
    assert [e.kind for e in log][-1] == "end"


def test_the_log_of_a_new_game_is_the_explained_one():
    s = tm.new_game(4, dice=[[2, 2, 2]])
    assert "log" not in vars(s)
    assert tm.log_lines(s) == ["Turn 1: Player 1 rolls 2, 2, 2", "Player 1 takes die 2 (auto)"]
    assert s.actions == ()


def seeded_roller(seed, nd):
    rnd = random.Random(seed).random
    return lambda turn: tuple(int(rnd() * 6) + 1 for _ in range(nd))


def test_the_quick_loop_and_the_explained_loop_agree_under_a_chooser():
    """The hint's rollouts run the quick loop with the greedy policy: the explained loop,
    with the same policy and dice, ends the same game."""
    for seed in range(6):
        base = thaw(tm.view(tm.new_game(seed, players=1 + seed % 3), 0))
        ends = []
        for explained in (False, True):
            w = base.copy()
            w.roller = seeded_roller(seed, len(w.dice))
            if explained:
                w.log = []
                run_explained(w, greedy_choice)
            else:
                run_quick(w, greedy_choice)
            ends.append((w.turn, w.pick, w.over, w.end_by, w.boards, [total(b, w.g) for b in w.boards]))
        assert ends[0] == ends[1]


def test_quick_states_pickle_as_their_fields_and_views_keep_no_link_to_the_game():
    s = tm.new_game(5, players=2)
    for _ in range(9):
        s = tm.apply(s, tm.legal_actions(s)[-1])
    copy = pickle.loads(pickle.dumps(s))
    assert copy == s and "_from" not in vars(copy) and "_w" not in vars(copy)
    assert tm.legal_actions(copy) == tm.legal_actions(s)
    assert tm.apply(copy, tm.legal_actions(copy)[0]) == tm.apply(s, tm.legal_actions(s)[0])
    for seat in range(2):
        v = tm.view(s, seat)
        assert "_from" not in vars(v) and v._w.seed is None  # nothing in it leads to the seed
        assert v.log == s.log and tm.legal_actions(v) == tm.legal_actions(s)


def test_apply_refuses_what_is_not_legal_with_the_same_messages():
    s = tm.new_game(1, dice=[[3, 3, 6]])

    class Anything:
        def __eq__(self, other):
            return True

    for bad, message in (
        (Anything(), "is not a Tanuki Matsuri move"),
        (tm.TakeDie(4), "No die showing 4 is open to Player 1"),
        (tm.ChooseTanuki(2), "is not that kind of choice"),
    ):
        with pytest.raises(IllegalAction, match=message):
            tm.apply(s, bad)


# Saves written by the engine before the quick path (version 1: the legacy dice), and what
# they showed then.
OLD_SAVES = [
    (
        '{"actions":["d5","G5","t4","d5","D5","t2","d5","F5","d6","d4","B4","B3","d5","D5","C1","d1",'
        '"A1","t5","d5","E5","x5","d5","d6","t1","d6","d3","C3","t1","d3","E3"],'
        '"format":"tabletop-dojo-save","game":"tanuki_matsuri","players":1,"seed":11,"setup":{},"version":1}',
        [18],
        ["Turn 13: Player 1 rolls 5, 6, 3", "Player 1 takes die 3 → banana on line E → Granny 3 of 5"],
        "Player 1: take a die",
    ),
    (
        '{"actions":["d3","E3","G1","x3","C1","d2","A2","d6","d6","d3","F3","t5","d2","G2","A4","d2",'
        '"G2","C4","d1","E1","t2","d2","F2","t2","d2","G2","G4","d6","G1","x1","A1","t1","d4","E4","t2",'
        '"d1","G1","x4","d1","F1"],'
        '"format":"tabletop-dojo-save","game":"tanuki_matsuri","players":3,"seed":12,"setup":{},"version":1}',
        [11, 13, 8],
        [
            "Turn 6: Player 3 rolls 1, 3, 4",
            "Player 3 takes die 4 → fig on line E → tanuki bonus: column 2 (pineapple)",
            "Player 1 takes die 1 → watermelon on line G → tanuki penalty: crossed out in column 4 (fig)",
            "Player 2 takes die 1 → watermelon on line F",
        ],
        "Player 2: choose the line for the strawberry (fruit bonus)",
    ),
]


@pytest.mark.parametrize(("text", "scores", "lines", "prompt"), OLD_SAVES)
def test_saves_from_before_the_quick_path_load_and_show_the_same(text, scores, lines, prompt):
    s = tm.from_json(text)
    assert s.legacy_dice
    # saved again: version 2, marked legacy, the same game
    again = tm.to_json(s)
    assert json.loads(again) == {**json.loads(text), "version": 2, "setup": {"legacy_dice": True}}
    assert tm.from_json(again) == s and tm.to_json(tm.from_json(again)) == again
    assert [tm.score(s, k).total for k in range(s.players)] == scores
    assert tm.log_lines(s) == lines
    assert tm.pending(s).prompt == prompt
