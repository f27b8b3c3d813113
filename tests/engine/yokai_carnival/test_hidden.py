"""What other seats see of a Strike check, and sampled worlds that stay playable (issue #18)."""

from __future__ import annotations

import engine.yokai_carnival as yc
from engine.core import playout, rng_for
from explainers import yokai_carnival as ex

from .helpers import ids

ONE_COLOUR = ["nue", "nue", "kamaitachi"]  # seat 0 may Strike at check 1
MIXED = ["nue", "umibozu", "kamaitachi"]  # seat 0 may not


def _texts(view) -> tuple:
    return (yc.decision(view), ex.decision_line(view), yc.last_turn(view), view.phase, view.events)


def test_another_seat_cannot_tell_whether_the_mover_may_strike():
    may = yc.new_game(1, 2, yama=ONE_COLOUR)
    may_not = yc.new_game(1, 2, yama=MIXED)
    assert yc.decision(may).kind == "strike_1"
    assert yc.decision(may_not).kind == "summon"
    seen = yc.view(may, 1)
    assert "Strike" not in yc.decision(seen).prompt
    assert _texts(seen) == _texts(yc.view(may_not, 1))
    declined = yc.apply(may, yc.NoStrike())
    assert _texts(yc.view(declined, 1)) == _texts(yc.view(may_not, 1))
    assert all("Strike" not in step.reason for step in yc.last_turn(yc.view(declined, 1)))


def test_the_mover_keeps_its_strike_decision_and_its_no_strike():
    may = yc.new_game(1, 2, yama=ONE_COLOUR)
    own = yc.view(may, 0)
    assert yc.decision(own).kind == "strike_1"
    assert yc.legal_actions(own) == [yc.Strike(), yc.NoStrike()]
    declined = yc.view(yc.apply(may, yc.NoStrike()), 0)
    assert [s.kind for s in yc.last_turn(declined)] == ["draw", "no_strike"]


def _strike_2():
    """Seat 0 plays Kitsune, takes Kamaitachi and holds three red cards: Strike check 2."""
    s = yc.new_game(1, 2, yama=["kitsune", "nue", "nue", "umibozu", "wanyudo", "kitsune", "kamaitachi"])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("kitsune"), True))
    return yc.apply(s, yc.Pick("revealed", None, 0))


def test_strike_check_2_is_a_private_choice_for_the_others():
    s = _strike_2()
    assert yc.decision(s).kind == "strike_2"
    other = yc.decision(yc.view(s, 1))
    assert other.kind == "private" and other.seat == 0 and "Strike" not in other.prompt


def test_sampled_worlds_at_a_strike_check_are_playable_and_agree_with_the_hand():
    for state in (yc.new_game(1, 2, yama=ONE_COLOUR), yc.new_game(1, 2, yama=MIXED), _strike_2()):
        seen = yc.view(state, 1)
        kinds = set()
        for k in range(120):
            world = yc.determinize(seen, k)
            options = yc.legal_actions(world)
            assert options, k
            mover = yc.current_player(world)
            if yc.decision(world).kind in ("strike_1", "strike_2"):
                assert len({c.colour for c in yc.hand(world, mover)}) == 1
            kinds.add(yc.decision(world).kind)
            playout(yc, world, rng_for(k, "test"))
        assert "strike_1" in kinds or "strike_2" in kinds
        assert kinds - {"strike_1", "strike_2"}
