"""The Coach's verdicts on prepared positions where the best move is known (one per game: Fan &
Mallet, Tanuki Matsuri, Yokai Carnival, Yokai), its blindness to what the seat could not see,
its determinism, and the game review."""

from __future__ import annotations

import random
import time

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai as yk
import engine.yokai_carnival as yc
from bench.yokai_declares import declare_position
from engine.core import IllegalAction, coach, play_game
from engine.core.coach import assess, assess_move, move_seed, moves_of, review
from engine.core.registry import game, games
from engine.yokai.cards import FAMILIES, HINT_CARDS, START_CELLS
from tests.engine.fan_mallet.fm_helpers import build_state
from tests.engine.tanuki_matsuri.tm_helpers import make_sheet
from tests.engine.yokai.yk_helpers import ROWS
from tests.engine.yokai_carnival.helpers import FOUR, ids, line_ids, summon
from tests.engine.yokai_carnival.helpers import position as yc_position

BROWN_4 = fm.Inhabit(fm.parse_follower("w:brown:4"))
BLUE_2 = fm.Inhabit(fm.parse_follower("w:blue:2"))


def decisive_house() -> fm.State:
    """White to move; house 0 (red origin) holds 4 followers, black ahead 5 to 2. White's
    brown 4 goes there first (no brown, origin red) and wins it 6-5: the game's first
    possession, 2 markers. Every other white card goes elsewhere and leaves it open."""
    return build_state(
        stacks={0: ["w:blue:1", "b:green:4", "w:yellow:1", "b:purple:1"]},
        hands={
            "white": ["w:brown:4", "w:red:1", "w:green:2", "w:purple:3", "w:blue:2", "w:yellow:3"],
            "black": ["b:red:2", "b:blue:3", "b:yellow:2", "b:brown:1", "b:red:3", "b:blue:1"],
        },
    )


def tm_penalty_roll() -> tm.State:
    """Solo, roll 1-4-6 on a one-line sheet: watermelon has 3 circled tanuki (3 points a
    fruit); the fig's first cell is a penalty that crosses one of them out; a 6 circles a
    flower and scores nothing. Die 1 is clearly best."""
    sheet = make_sheet(
        [(1, {"watermelon": [None, None, None], "fig": ["penalty", None]})],
        start=(3, 0, 0, 0, 0),
        slots=(3, 1, 1, 1, 1),
    )
    return tm.new_game(1, sheet=sheet, dice=[[1, 4, 6]])


def test_fm_the_move_that_throws_the_house_away_costs_markers_and_names_the_winning_card():
    s = decisive_house()
    v = fm.view(s, 0)
    bad = assess(fm, v, BLUE_2, seed=5)
    assert bad.suggestion.action == BROWN_4 and bad.better == BROWN_4
    assert bad.measure == "margin" and not bad.good
    assert bad.loss > 2 * bad.stderr > 0  # a clear marker swing, beyond the noise
    assert bad.suggestion.share > bad.played.share  # and a better win chance
    good = assess(fm, v, BROWN_4, seed=5)
    assert good.good and good.same and good.loss == 0 and good.better is None


def test_tm_the_penalty_die_loses_final_score_points():
    s = tm_penalty_roll()
    v = tm.view(s, 0)
    for worse in (tm.TakeDie(4), tm.TakeDie(6)):
        a = assess(tm, v, worse, seed=5)
        assert a.measure == "score" and a.better == tm.TakeDie(1)
        assert a.loss > 2 * a.stderr > 0
        assert a.played.share is None  # solo: no win chance, only points
    assert assess(tm, v, tm.TakeDie(1), seed=5).good


def yc_last_general() -> yc.State:
    """Player 1 to summon; one General (Nurarihyon) is left in Summon Waiting and the General
    Yama is empty (the 2-player game's 4 Generals: 3 in lines, 1 waiting). Player 1's line
    (Daitengu, then blue, red, yellow: 4 cards) lacks only green; player 2's (Ōtakemaru,
    Ibaraki-dōji, then red, blue, blue, red, yellow: 7 cards) lacks only green too. Summoning
    the green Nopperabō is a General Summon: Nurarihyon and the top 2 Yama cards join the line
    (8 cards), Summon Waiting cannot be refilled, so the game ends at once and player 1's line
    is the longest. Any other card leaves the last General to player 2, whose line is longer."""
    return yc_position(
        lines=[["daitengu", *FOUR], ["otakemaru", "ibaraki_doji", "kamaitachi", "wanyudo", *FOUR]],
        hands=[["nopperabo", "wanyudo", "tengu"], ["umibozu", "tengu", "kitsune"]],
        waiting=["nurarihyon"],
    )


def test_yc_the_general_summon_that_ends_the_game_won_is_the_coach_s_choice():
    s = yc_last_general()
    assert yc.general_yama_size(s) == 0 and ids(yc.summon_waiting(s)) == ["nurarihyon"]
    green = ids(yc.hand(s, 0)).index("nopperabo")
    # the rules: the green summon ends the game, player 1's 8 cards to 7
    end = summon(s, "nopperabo", ability=False)
    end = yc.apply(end, yc.legal_actions(end)[0])  # the order of Nurarihyon's two Yama cards
    assert yc.is_over(end) and yc.outcome(end).winner == 0
    assert (len(line_ids(end, 0)), len(line_ids(end, 1))) == (8, 7)
    # any other card: the game goes on, and player 2 lacks only green for the last General
    on = summon(s, "wanyudo", ability=False)
    assert not yc.is_over(on) and yc.current_player(on) == 1
    colours = {st.subject: st.value for st in yc.general_summon_check(on, 1) if st.kind == "colour"}
    assert colours == {"red": True, "blue": True, "yellow": True, "green": False}
    v = yc.view(s, 0)
    worse = [a for a in yc.legal_actions(s) if a.index != green]
    assert len(worse) == 4
    for a in worse:
        bad = assess(yc, v, a, seed=5)
        assert bad.measure == "margin" and not bad.good
        # a won game thrown away: the win's worth and more, beyond the noise
        assert bad.loss > 2 * bad.stderr and bad.loss > yc.COACHING.measure.win / 2
        assert isinstance(bad.better, yc.Summon) and bad.better.index == green
        assert bad.suggestion.share == 1.0 > bad.played.share  # every sampled world won
    for ability in (True, False):
        good = assess(yc, v, yc.Summon(green, ability), seed=5)
        assert good.good and good.loss == 0 and good.better is None


HINT_DECK = [[f for f in FAMILIES if f in h] for h in HINT_CARDS]  # all 14 hints, top first


def yk_six_rounds(layout) -> yk.State:
    """Two players, the cards dealt as ``layout``, the 14-hint deck. Six rounds are played:
    player 1 peeks the 12 cards of the first three rows, two a turn, and moves the corner card
    out to (4, 2) (a turn must move a card when it can); player 2 moves it back; every hint
    step reveals. Player 1 is to move with the layout as dealt, having seen three rows: 12
    hints are revealed (2 points each if the game ended now), 2 never revealed (5 each)."""
    s = yk.new_game(1, layout=layout, hints=HINT_DECK)
    away, back = yk.Move((3, 3), (4, 2)), yk.Move((4, 2), (3, 3))
    for t in range(6):
        s = yk.apply(yk.apply(s, yk.Peek(START_CELLS[2 * t])), yk.Peek(START_CELLS[2 * t + 1]))
        s = yk.apply(s, away)
        if yk.phase(s) == "hint":  # the first reveal of the game is the only option: done by itself
            s = yk.apply(s, yk.Reveal())
        s = yk.apply(yk.apply(s, yk.Peek((0, 0))), yk.Peek((1, 0)))
        s = yk.apply(yk.apply(s, back), yk.Reveal())
    return s


def yk_known_rows() -> yk.State:
    """Every family in its own row (grouped): player 1 knows three families, so the last row is
    oni by the 4-per-family count."""
    return yk_six_rounds(ROWS)


APART = [FAMILIES[(row + col) % 4] for row in range(4) for col in range(4)]
"""Each row shifted one family on: no two cards of a family touch, so no family is grouped."""


def test_yk_declaring_the_grouped_families_banks_the_team_score():
    s = yk_known_rows()
    assert yk.current_player(s) == 0 and yk.can_declare(s) and s.cells == START_CELLS
    assert yk.families_grouped(s) and yk.seen_by(s, 0) == frozenset(range(12))
    assert (yk.hint_deck_size(s), len(yk.revealed_hints(s))) == (2, 12)
    v = yk.view(s, 0)
    # the seat's view names only three families; every sampled world puts the 4 oni in the last row
    assert all(yk.families_grouped(yk.determinize(v, seed)) for seed in range(20))
    # the rules: declaring now scores 2 x 5 + 12 x 2; a peek plays the turn on, which must end
    # by revealing (5 -> 2 points) or placing a hint (2 -> +1 or -1): the score can only fall
    now = yk.score(yk.apply(s, yk.Declare()))
    assert now == 2 * 5 + 12 * 2
    for peek in (yk.Peek((0, 0)), yk.Peek((3, 3))):
        bad = assess(yk, v, peek, seed=5)
        assert bad.measure == "score" and not bad.good
        assert bad.better == yk.Declare() and bad.suggestion.action == yk.Declare()
        assert bad.loss > 2 * bad.stderr > 0  # team points lost, beyond the noise
        assert bad.suggestion.score == now and bad.played.score <= now - 1
        assert bad.suggestion.share == 1.0  # the team's win, banked
    good = assess(yk, v, yk.Declare(), seed=5)
    assert good.good and good.same and good.loss == 0 and good.better is None


def test_the_coach_sees_only_the_view():
    """Two full states that differ only in what the seat could not see (the opponent's
    cards, the decks, future dice) get the same assessment, in every game."""
    for g in games():
        s = g.new_game(9)
        seat = g.current_player(s)
        v = g.view(s, seat)
        one, two = g.determinize(v, 1), g.determinize(v, 2)
        assert one != two and g.view(one, seat) == g.view(two, seat)
        move = g.legal_actions(one)[-1]
        first = assess(g, one, move, samples=3, seed=4)
        assert first == assess(g, two, move, samples=3, seed=4), g.INFO.id
        assert first.view == g.view(one, seat)


def test_fm_hidden_cards_change_nothing():
    s = decisive_house()
    other = build_state(
        stacks={0: ["w:blue:1", "b:green:4", "w:yellow:1", "b:purple:1"]},
        hands={
            "white": ["w:brown:4", "w:red:1", "w:green:2", "w:purple:3", "w:blue:2", "w:yellow:3"],
            "black": ["b:green:1", "b:blue:kid", "b:red:kid", "b:brown:4", "b:yellow:4", "b:blue:2"],
        },
    )
    assert s.hands[1] != other.hands[1] and fm.view(s, 0) == fm.view(other, 0)
    assert assess(fm, s, BLUE_2, samples=6, seed=2) == assess(fm, other, BLUE_2, samples=6, seed=2)


def test_same_seed_same_verdict_and_bad_input_is_refused():
    s = decisive_house()
    v = fm.view(s, 0)
    assert assess(fm, v, BLUE_2, samples=4, seed=8) == assess(fm, v, BLUE_2, samples=4, seed=8)
    assert move_seed("save", 1) == move_seed("save", 1) != move_seed("save", 2)
    with pytest.raises(IllegalAction):
        assess(fm, v, fm.Inhabit(fm.parse_follower("b:red:2")), samples=2)
    with pytest.raises(ValueError, match="at least one sample"):
        assess(fm, v, BLUE_2, samples=0)


def test_moves_of_reads_every_move_and_seat_from_the_history():
    g = game("yokai_carnival")
    history = []
    played = play_game(
        g, [g.bots()["greedy"]] * 2, seed=3, on_move=lambda before, a, after: history.append(before)
    )
    history.append(played.state)
    moves = moves_of(g, history)
    assert [m.action for m in moves] == list(played.actions)
    assert [m.number for m in moves] == list(range(1, len(played.actions) + 1))
    assert all(m.seat == g.current_player(history[m.index]) for m in moves)
    assert [m.number for m in moves_of(g, history[10:])] == list(range(11, len(played.actions) + 1))


def thrown_away_house_game() -> list:
    """The decisive house thrown away (Blue 2), then greedy bots for four more moves."""
    s = decisive_house()
    history = [s, fm.apply(s, BLUE_2)]
    greedy = fm.bots()["greedy"]
    while len(history) < 6:
        state = history[-1]
        history.append(fm.apply(state, greedy(fm.view(state, fm.current_player(state)), random.Random(0))))
    return history


def test_review_finds_the_thrown_away_house():
    history = thrown_away_house_game()
    costly = review(fm, history, 0)
    assert costly and costly[0].move == 1 and costly[0].better == BROWN_4
    assert all(a.seat == 0 and not a.good for a in costly)
    # the review's verdict is exactly the one a click on that move gives
    assert costly[0] == assess_move(fm, history, moves_of(fm, history)[0])


def test_a_whole_game_review_is_bounded(monkeypatch):
    """A random player's game against the strongest bot: the three costliest moves found,
    costliest first, for a bounded number of playouts (the time is printed for the README)."""
    g = game("fan_mallet")
    history = []
    bots = [g.bots()["random"], g.bots()["lookahead"]]
    played = play_game(g, bots, seed=21, on_move=lambda before, a, after: history.append(before))
    history.append(played.state)
    playouts, full = [], []
    play_out = coach._play_out
    assess_one = coach.assess_move

    def counted(game_, view, moves, seat, samples, *rest):
        playouts.append(samples * len(moves))
        return play_out(game_, view, moves, seat, samples, *rest)

    def assessed(*args, **kwargs):
        a = assess_one(*args, **kwargs)
        if kwargs.get("grow") != 1:  # a full assessment, as a click makes it
            full.append(a)
        return a

    monkeypatch.setattr(coach, "_play_out", counted)
    monkeypatch.setattr(coach, "assess_move", assessed)
    start, cpu = time.perf_counter(), time.process_time()
    costly = review(g, history, 0)
    print(f"review: {time.perf_counter() - start:.2f} s ({time.process_time() - cpu:.2f} s CPU)")
    # the three costliest of the moves it judged costly, costliest first: none left out
    found = sorted((a for a in full if not a.good), key=lambda a: (-a.loss, a.move))
    assert 1 <= len(costly) == min(3, len(found)) and costly == found[:3]
    # every move screened cheaply, at most the game's recheck assessed in full, each within its cap
    assert len(full) <= g.COACHING.recheck
    cap = g.COACHING.samples * coach.GROWTH
    rivals = g.COACHING.rivals * max(len(g.legal_actions(s)) for s in history[:-1])  # every card competes
    assert sum(playouts) <= 2 * g.COACHING.screen_worlds + len(full) * (2 * cap + rivals)
    assert all(g.COACHING.samples <= a.samples <= cap for a in full)


def test_yk_declaring_with_the_families_apart_is_a_certain_loss_and_costly():
    """The issue's case: at a turn start with no family grouped, declaring loses on the spot. It
    is never 'within the noise' of playing on, even where playing on lost in every world too."""
    s = yk_six_rounds(APART)
    assert yk.can_declare(s) and not yk.families_grouped(s)
    v = yk.view(s, 0)
    # the seat has seen three rows, where no two cards of a family touch: lost in every world
    assert not any(yk.families_grouped(yk.determinize(v, seed)) for seed in range(20))
    lost = yk.outcome(yk.apply(s, yk.Declare()))
    assert lost.scores == (0.0, 0.0) and any(st.kind == "verdict" and st.value == "lost" for st in lost.steps)
    a = assess(yk, v, yk.Declare(), seed=5)
    assert a.ended and not a.good and a.better == a.suggestion.action != yk.Declare()
    assert a.played.share == 0.0 and a.played.ends == 1.0 and a.suggestion.ends < 1
    assert a.gain >= 0
    if not a.suggestion.share:  # playing on won nowhere: sampled to the cap before judging
        assert a.samples == yk.COACHING.samples * coach.GROWTH
    # the same move, the same seed: the same verdict
    assert a == assess(yk, v, yk.Declare(), seed=5)


def test_yk_declaring_at_a_turn_start_of_partner_games_is_costly_when_the_families_are_apart():
    """Ten turns into games by the strongest partners (the issue's measurement): every declare
    at a turn start with the families apart is judged costly."""
    checked = 0
    for seed in range(3):
        s = declare_position(seed)
        if s is None:
            continue
        a = assess(yk, yk.view(s, yk.current_player(s)), yk.Declare(), seed=seed)
        assert not a.good and a.better != yk.Declare(), seed
        checked += 1
    assert checked >= 2


class _Ended:
    """A stand-in game whose outcome is fixed: the value of one finished world."""

    def __init__(self, outcome):
        self.result = outcome

    def outcome(self, state):
        return self.result


def _value(gid: str, outcome, seat: int = 0) -> float:
    measure = game(gid).COACHING.measure
    cooperative = game(gid).INFO.cooperative
    return coach._result(_Ended(outcome), None, seat, cooperative, measure, 1).value


def test_any_win_is_worth_more_than_any_loss_and_losses_still_differ():
    from engine.core.types import Outcome, Step

    def yokai(won: bool, points: float, grouped: int) -> Outcome:
        checks = [Step(f, i < grouped, "", "", kind="family", subject=f) for i, f in enumerate(FAMILIES)]
        verdict = Step("Verdict", "won" if won else "lost", "", "", kind="verdict")
        return Outcome(None, (0, 1), (points, points), (*checks, verdict))

    # Yokai: the lowest won score above the closest loss; a loss ranked by how close it came
    assert _value("yokai", yokai(True, -14, 4)) > _value("yokai", yokai(False, 0, 3))
    assert _value("yokai", yokai(False, 0, 3)) > _value("yokai", yokai(False, 0, 0))
    assert _value("yokai", yokai(True, 30, 4)) > _value("yokai", yokai(True, 20, 4))
    # Yokai Carnival: a win by nothing above a loss by nothing; a close loss above a rout
    win_by_tiebreak = Outcome(0, (0, 1), (6.0, 6.0))
    lost_by_tiebreak = Outcome(1, (1, 0), (6.0, 6.0))
    close, rout = Outcome(1, (1, 0), (6.0, 7.0)), Outcome(1, (1, 0), (6.0, 35.0))
    gid = "yokai_carnival"
    assert _value(gid, win_by_tiebreak) > _value(gid, lost_by_tiebreak) > _value(gid, close)
    assert _value(gid, close) > _value(gid, rout)
    # Fan & Mallet: the winner has placed all 7 markers, so the narrowest win (7 to 6) is
    # ahead of the narrowest loss (6 to 7) on the margin alone; a close loss above a rout
    narrow_win, narrow_loss = Outcome(0, (0, 1), (7.0, 6.0)), Outcome(1, (1, 0), (6.0, 7.0))
    assert _value("fan_mallet", narrow_win) > 0 > _value("fan_mallet", narrow_loss)
    assert _value("fan_mallet", narrow_loss) > _value("fan_mallet", Outcome(1, (1, 0), (0.0, 7.0)))


def test_yc_a_lost_game_still_has_its_costly_moves():
    """A random player routed by lookahead: the win chance is 0 in nearly every world, so the
    margin of cards in line must tell the moves apart, and the review lists costly moves."""
    g = game("yokai_carnival")
    history = []
    bots = [g.bots()["random"], g.bots()["lookahead"]]
    played = play_game(g, bots, seed=4, on_move=lambda before, a, after: history.append(before))
    history.append(played.state)
    scores = g.outcome(played.state).scores
    assert scores[0] < scores[1]  # the random seat lost
    costly = review(g, history, 0)
    assert 1 <= len(costly) <= 3
    assert all(not a.good and a.gain > a.costly_at and a.seat == 0 for a in costly)
    assert [a.loss for a in costly] == sorted((a.loss for a in costly), reverse=True)


def test_a_costly_click_is_never_left_out_of_the_review():
    history = thrown_away_house_game()
    click = assess_move(fm, history, moves_of(fm, history)[0])
    assert not click.good
    # no move assessed again in full: the click's verdict is the one listed
    assert review(fm, history, 0, recheck=0) == []
    assert review(fm, history, 0, recheck=0, known=[click]) == [click]


def test_a_close_verdict_adds_worlds_a_clear_one_does_not():
    s = decisive_house()
    v = fm.view(s, 0)
    clear = assess(fm, v, BLUE_2, seed=5)
    assert not clear.good and clear.samples == fm.COACHING.samples  # the first count settles it
    # an opening summon whose verdict is close at 32 worlds: it grows in batches, in samples
    g = game("yokai_carnival")
    seed = 0
    v = g.view(g.new_game(seed, 2), 0)
    move = g.legal_actions(v)[0]
    a = assess(g, v, move, seed=seed)
    assert a.samples > g.COACHING.samples
    assert a.samples <= g.COACHING.samples * coach.GROWTH and a.samples % (g.COACHING.samples // 2) == 0
    assert a == assess(g, v, move, seed=seed)  # deterministic
    first = assess(g, v, move, seed=seed, grow=1)
    assert first.samples == g.COACHING.samples < a.samples
    # the live page's cap: past it no world is added, the first count always is
    assert assess(g, v, move, seed=seed, seconds=0.0).samples == g.COACHING.samples


class _Undeclared:
    """Fan & Mallet as a game whose package declares no ``COACHING``."""

    def __getattr__(self, name):
        if name == "COACHING":
            raise AttributeError(name)
        return getattr(fm, name)


def test_each_game_declares_its_coaching_and_a_game_that_does_not_gets_the_defaults():
    for g in games():  # a registered game without COACHING (Pebbles) gets the defaults
        declared = getattr(g, "COACHING", coach.DEFAULT_COACHING)
        assert coach.coaching_of(g) is declared, g.INFO.id
        if declared.measure is not None:
            assert coach.measure_of(g) is declared.measure, g.INFO.id
        assert coach.samples_for(g) == declared.samples, g.INFO.id
    bare = _Undeclared()
    assert coach.coaching_of(bare) is coach.DEFAULT_COACHING
    assert coach.samples_for(bare) == coach.SAMPLES
    assert coach.measure_of(bare) == coach.Measure("margin", win=10.0, costly=0.5, unit="points")
    a = assess(bare, fm.view(decisive_house(), 0), BLUE_2, samples=4, seed=5)
    assert a.unit == "points" and a.costly_at == 0.5


def test_the_coach_names_no_game_outside_its_examples():
    """#19: the coach's core, words and page read every game through the registry."""
    from pathlib import Path

    from engine.core.registry import infos

    root = Path(__file__).resolve().parents[2]
    for path in ("engine/core/coach.py", "explainers/coach.py", "ui/kit/coach.py"):
        lines = (root / path).read_text(encoding="utf-8").splitlines()
        code = [line for line in lines if not line.lstrip().startswith(">>>")]
        for info in infos():
            assert not [line for line in code if info.id in line], (path, info.id)


def test_fm_the_bot_s_own_card_is_costly_when_another_card_clearly_does_better():
    """Fan & Mallet lets every card compete in worlds of its own (``Coaching.rivals``): in the
    bench's position 19 the lookahead bot's own card trails the search's (4 times its budget,
    judged in 512 worlds: 1.2 ± 0.2 markers of margin), and the coach says so instead of
    approving its bot."""
    from bench.coach_agreement import position

    g, view, move, seed = position("fan_mallet", 19)
    rng = random.Random(seed)
    assert coach.coach_bot(g)(view, random.Random(coach.fresh_seed(rng))) == move  # the bot's own card
    a = assess(g, view, move, seed=seed)
    assert not a.good and a.better not in (None, move)
    assert a.gain > a.costly_at + 2 * a.stderr  # clearly, not by the luck of a few worlds
    assert a == assess(g, view, move, seed=seed)  # deterministic
    # the bot alone (rivals are skipped when a bot is named) could only approve its own card
    alone = assess(g, view, move, seed=seed, bot=coach.coach_bot(g))
    assert alone.same and alone.good


def test_fm_a_card_a_clear_judge_finds_costly_is_costly_on_the_marker_margin():
    """The bench's position 60, where the coach of a win counting 10 markers more said "good"
    (-0.4 ± 0.5 over 128 worlds: the win bonus's noise swamped the markers) while the search
    judge's card is 1.0 ± 0.1 markers better over 512 worlds. On the margin alone (the
    rulebook's match points) the coach's worlds see what the judge sees."""
    from bench.coach_agreement import position

    g, view, move, seed = position("fan_mallet", 60)
    assert g.COACHING.measure.win == 0
    a = assess(g, view, move, seed=seed)
    assert not a.good and a.gain > a.costly_at and a.better not in (None, move)
    assert a == assess(g, view, move, seed=seed)  # deterministic
    # a clear judge in worlds of its own: the best other card beats the card played by more
    # than the threshold, beyond 2 of its standard errors
    others = [m for m in g.legal_actions(view) if m != move]
    rows = [[] for _ in range(len(others) + 1)]
    coach._play_out(
        g,
        view,
        [move, *others],
        g.current_player(view),
        64,
        random.Random(seed + 1),
        coach.measure_of(g),
        rows,
    )
    gains = [coach._paired([b.value - p.value for p, b in zip(rows[0], r, strict=True)]) for r in rows[1:]]
    gain, stderr = max(gains)
    assert gain > a.costly_at + 2 * stderr
