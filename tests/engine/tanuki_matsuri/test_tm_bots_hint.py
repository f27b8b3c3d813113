"""Bots and the hint engine: legal choices, no peeking at hidden dice, rollouts agree with the rules."""

import random
import time

import pytest
from tm_helpers import make_sheet

import engine.tanuki_matsuri as tm
from engine import IllegalAction
from engine.tanuki_matsuri.board import total
from engine.tanuki_matsuri.bots import greedy_choice
from engine.tanuki_matsuri.hint import _rollout
from engine.tanuki_matsuri.rules import run
from engine.tanuki_matsuri.state import thaw


def play(bot, seed, players=1):
    rng = random.Random(seed)
    s = tm.new_game(seed, players=players)
    while not tm.is_over(s):
        action = bot(tm.view(s, tm.current_player(s)), rng)
        assert action in tm.legal_actions(s)
        s = tm.apply(s, action)
    return s


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("players", [1, 3, 8])
def test_bots_play_legal_games(name, players):
    s = play(tm.bots()[name], seed=players, players=players)
    assert tm.is_over(s)


def test_bots_registry():
    assert {"random", "greedy", "hint"} <= set(tm.bots())
    s = tm.new_game(1, dice=[[1, 3, 6]])
    pick = tm.bots()["random"]  # engine.core's random bot over legal_actions
    assert {pick(tm.view(s, 0), random.Random(k)) for k in range(30)} == set(tm.legal_actions(s))


def test_greedy_beats_random_on_average():
    greedy = sum(tm.score(play(tm.bots()["greedy"], seed), 0).total for seed in range(40))
    rand = sum(tm.score(play(tm.bots()["random"], seed), 0).total for seed in range(40))
    assert greedy > rand + 40 * 15


def test_greedy_takes_the_biggest_immediate_gain():
    # banana has no tanuki (0 points), pineapple 2 tanuki: die 2 on a line with no penalty
    s = tm.new_game(1, dice=[[2, 3, 6]])
    a = tm.bots()["greedy"](tm.view(s, 0), None)
    assert a == tm.TakeDie(2)


def test_bots_ignore_hidden_dice():
    # same public position, different seeds and scripted futures: same choices
    futures = ([[1, 2, 3], [6, 6, 6]], [[1, 2, 3], [4, 5, 1]])
    views = [tm.view(tm.new_game(seed, dice=f), 0) for seed, f in zip((1, 99), futures, strict=True)]
    assert views[0] == views[1]
    for name in ("greedy", "hint", "random"):
        bot = tm.bots()[name]
        assert bot(views[0], random.Random(3)) == bot(views[1], random.Random(3))


def test_rollout_machinery_agrees_with_the_public_rules():
    """The hint's rollouts run the same rules on a mutable copy: the same policy and the same
    dice must give exactly the final boards of playing through apply()."""
    for seed in range(30):
        players = 1 + seed % 4
        s = tm.new_game(seed, players=players)
        w = thaw(s)
        run(w, greedy_choice)  # seeded rolls, greedy for every seat, no freezing
        end = play(lambda v, rng: tm.bots()["greedy"](v, rng), seed, players)
        assert tuple(tuple(b) for b in w.boards) == end.boards
        assert (w.turn, w.over, tuple(w.end_by)) == (end.turn, end.over, end.end_by)


def test_rollout_plays_a_plan_then_the_policy_like_the_rules():
    s = tm.new_game(4, dice=[[1, 3, 5]])
    det = tm.determinize(tm.view(s, 0), 7)
    # through the public API: the plan, then greedy to the end
    end = tm.play(det, tm.TakeDie(3), tm.ChooseLine(2, 3))
    while not tm.is_over(end):
        end = tm.apply(end, tm.bots()["greedy"](end, None))
    # on a working copy, the way rollouts run: plan keys first, then the policy
    w = thaw(det)
    queue = [3, 2]

    def choose(w, kind, opts, info):
        return queue.pop(0) if queue else greedy_choice(w, kind, opts, info)

    run(w, choose)
    assert tuple(tuple(b) for b in w.boards) == end.boards
    # _rollout never changes the copy it starts from
    base = thaw(tm.view(s, 0))
    boards = [b[:] for b in base.boards]
    assert isinstance(_rollout(base, (3, 2), 0, 12345), int) and base.boards == boards


def test_hint_covers_every_choice_and_suggests_a_legal_one():
    s = tm.new_game(21, dice=[[1, 3, 6]])
    h = tm.hint(s, seed=3, rollouts=6)
    legal = set(tm.legal_actions(s))
    assert set(h.by_action()) == legal and h.best in legal
    assert {ch.plan for ch in h.choices} == set(tm.plans(s))
    assert [ch.mean for ch in h.choices] == sorted((ch.mean for ch in h.choices), reverse=True)
    assert all(ch.n == 6 for ch in h.choices) and h.rollouts == 6 and h.seat == 0
    # die 1 and die 3 place a fruit on one of several lines: each placement is a choice
    assert any(len(ch.plan) == 2 for ch in h.choices)
    from_view = tm.hint(tm.view(s, 0), seed=3, rollouts=6)
    assert [(c.plan, c.mean) for c in from_view.choices] == [(c.plan, c.mean) for c in h.choices]


def test_hint_is_deterministic_with_fixed_rollouts_and_ignores_the_seed():
    a = tm.hint(tm.new_game(1, dice=[[2, 4, 5], [6, 6, 6]]), seed=5, rollouts=5)
    b = tm.hint(tm.new_game(2, dice=[[2, 4, 5], [1, 1, 1]]), seed=5, rollouts=5)
    assert [(c.plan, c.mean) for c in a.choices] == [(c.plan, c.mean) for c in b.choices]


def test_hint_runs_exactly_its_rollouts_unless_a_time_cap_stops_it():
    s = tm.new_game(8, dice=[[1, 3, 6]])
    assert tm.hint(s, seed=1, rollouts=7).rollouts == 7
    t0 = time.perf_counter()
    h = tm.hint(s, seed=1, rollouts=100_000, time_cap_s=0.3)
    assert time.perf_counter() - t0 < 2.5  # generous: loaded CI machines
    assert 2 <= h.rollouts < 100_000 and all(ch.n == h.rollouts for ch in h.choices)
    for bad in (0, -1, 2.5, True, None):
        with pytest.raises(ValueError, match="rollouts"):
            tm.hint(s, rollouts=bad)
    with pytest.raises(ValueError, match="time_cap_s"):
        tm.hint(s, rollouts=2, time_cap_s=0)


def test_hint_is_the_same_however_the_clock_jumps(monkeypatch):
    s = tm.new_game(8, dice=[[1, 3, 6]])
    before = tm.hint(s, seed=4, rollouts=6)
    bot_before = tm.bots()["hint"](tm.view(s, 0), random.Random(2))
    ticks = iter(range(0, 10**9, 1000))  # every reading 1,000 s after the last
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    after = tm.hint(s, seed=4, rollouts=6)
    assert [(c.plan, c.mean, c.stderr, c.close) for c in after.choices] == [
        (c.plan, c.mean, c.stderr, c.close) for c in before.choices
    ]
    assert after.rollouts == 6 and after.best == before.best
    assert tm.bots()["hint"](tm.view(s, 0), random.Random(2)) == bot_before
    assert tm.hint(s, seed=4, rollouts=50, time_cap_s=1.0).rollouts == 2  # a cap still allows 2 rounds


def test_close_call_when_the_rollouts_cannot_tell_the_choices_apart():
    twins = make_sheet([(2, {"watermelon": [None], "pineapple": [None]})] * 2)
    s = tm.new_game(1, sheet=twins, dice=[[1, 1, 1]])  # die 1 (auto): line A or its twin B
    h = tm.hint(s, seed=3, rollouts=16)
    assert [ch.label for ch in h.choices] == ["Circle watermelon on line A", "Circle watermelon on line B"]
    assert h.choices[0].mean == h.choices[1].mean
    assert h.close_call and all(ch.close for ch in h.choices)


def test_no_close_call_when_one_choice_is_clearly_best():
    sheet = make_sheet(
        [(1, {"watermelon": [None], "fig": [None]})], start=(3, 0, 0, 0, 0), slots=(3, 1, 1, 1, 1)
    )
    h = tm.hint(tm.new_game(1, sheet=sheet, dice=[[1, 4, 6]]), seed=3, rollouts=64)
    assert h.best == tm.TakeDie(1) and h.choices[0].close  # the best is close to itself
    assert not h.close_call and not any(ch.close for ch in h.choices[1:])
    c = tm.compare(tm.new_game(1, sheet=sheet, dice=[[1, 4, 6]]), tm.TakeDie(1), tm.TakeDie(4), seed=3)
    assert c.n == 64 and c.diff > 2 * c.diff_stderr and c.a.close and not c.b.close


def test_greedy_decisions_stay_fast_on_sheets_of_nested_fruit_bonuses():
    bonus = [f"fruit:{f}" for f in tm.FRUITS]
    nested = make_sheet([(1, {f: bonus for f in tm.FRUITS})] * 8, flowers=bonus)
    s = tm.new_game(1, sheet=nested, dice=[[1, 2, 3]])
    t0 = time.perf_counter()
    assert tm.bots()["greedy"](tm.view(s, 0), None) in tm.legal_actions(s)
    assert time.perf_counter() - t0 < 1.0  # once exponential: minutes


def test_hint_mid_chain_and_in_multiplayer():
    s = tm.new_game(3, players=3, dice=[[3, 3, 3]] * 2)
    s = tm.apply(s, tm.ChooseLine(2, 3))  # banana on C: a tanuki bonus to place
    assert tm.pending(s).kind == "tanuki"
    h = tm.hint(s, seed=1, rollouts=3)
    assert h.kind == "tanuki" and set(h.by_action()) == set(tm.legal_actions(s))


def test_compare_two_plans():
    s = tm.new_game(6, dice=[[1, 3, 5]])
    same = tm.compare(s, tm.TakeDie(5), [tm.TakeDie(5)], seed=2, rollouts=5)
    assert same.diff == 0 and same.n == 5 and same.a.close and same.b.close
    c = tm.compare(
        s, [tm.TakeDie(3), tm.ChooseLine(2, 3)], [tm.TakeDie(1), tm.ChooseLine(0, 1)], seed=2, rollouts=8
    )
    assert c.diff == pytest.approx(c.a.mean - c.b.mean)
    with pytest.raises(IllegalAction):
        tm.compare(s, tm.TakeDie(2), tm.TakeDie(3), rollouts=2)
    with pytest.raises(IllegalAction, match="goes beyond"):
        tm.compare(s, [tm.TakeDie(3), tm.ChooseLine(2, 3), tm.ChooseTanuki(1), tm.TakeDie(1)], tm.TakeDie(1))


def test_hint_refuses_finished_games():
    s = play(tm.bots()["greedy"], 1)
    with pytest.raises(ValueError, match="over"):
        tm.hint(s)


def test_rollout_scores_are_final_scores():
    s = tm.new_game(9)
    w = thaw(tm.view(s, 0))
    w2 = w.copy()
    w2.roller = lambda turn: (1, 2, 3)
    run(w2, greedy_choice)
    assert w2.over and total(w2.boards[0], w2.g) >= 0
