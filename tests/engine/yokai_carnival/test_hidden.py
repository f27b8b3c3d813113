"""What other seats see of a Strike check, and sampled worlds that stay playable (issue #18)."""

from __future__ import annotations

import copy
from collections import Counter

import engine.yokai_carnival as yc
from engine.core import playout, rng_for
from explainers import yokai_carnival as ex

from .helpers import ids, position

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
        for k in range(60):
            world = yc.determinize(seen, k)
            options = yc.legal_actions(world)
            assert options, k
            mover = yc.current_player(world)
            assert mover == yc.current_player(state)
            assert yc.view(world, 1) == seen
            one_colour = len({c.colour for c in yc.hand(world, mover)}) == 1
            assert (yc.Strike() in options) == one_colour
            kinds.add((yc.decision(world).kind, one_colour))
            playout(yc, world, rng_for(k, "test"))
        assert {one for _, one in kinds} == {True, False}, kinds


def _known(view, seat) -> list[str]:
    return sorted(view.deck.card(n).id for n in view.hands[seat] if n != -1)


def _worlds_keep(state, seat, count=20):
    seen = yc.view(state, seat)
    for k in range(count):
        world = yc.determinize(seen, k)
        assert yc.view(world, seat) == seen
        yield world


def test_a_card_tengu_revealed_to_everyone_is_known_in_its_new_hand():
    yama = ["tengu", "nue", "wanyudo", "umibozu", "wanyudo", "kitsune", "umibozu", "kamaitachi"]
    s = yc.new_game(1, 2, yama=yama)
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("tengu"), True))
    s = yc.apply(s, yc.ChooseColour("red"))  # Umibōzu is revealed, then Kamaitachi is taken
    assert _known(yc.view(s, 1), 0) == ["kamaitachi"]
    for world in _worlds_keep(s, 1):
        assert "kamaitachi" in ids(yc.hand(world, 0))
    # once Kamaitachi is summoned, nothing is known of that hand any more
    while yc.current_player(s) != 0 or yc.decision(s).kind != "summon":
        s = yc.apply(s, yc.legal_actions(s)[-1])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("kamaitachi"), False))
    assert _known(yc.view(s, 1), 0) == []


def test_the_cards_kitsune_put_under_the_yama_are_known_to_its_player_only():
    s = yc.new_game(1, 2, yama=["kitsune", "nue", "nue", "umibozu", "wanyudo", "kitsune", "tengu"])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("kitsune"), True))
    s = yc.apply(s, yc.Pick("revealed", None, 1))  # takes the second card seen; the others go under the Yama
    own, other = yc.view(s, 0), yc.view(s, 1)
    bottom = [own.deck.card(n).id for n in own.yama if n != -1]
    assert len(bottom) == 2 and own.yama[-2:] == s.yama[-2:]
    assert set(other.yama) == {-1}
    for world in _worlds_keep(s, 0):
        assert world.yama[-2:] == s.yama[-2:]


def test_a_hand_seen_through_nopperabo_stays_known_to_its_player():
    s = yc.new_game(
        1, 2, yama=["nopperabo", "nue", "nue", "umibozu", "wanyudo", "kitsune"], generals=["nurarihyon"]
    )
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("nopperabo"), True))
    s = yc.apply(s, yc.Pick("hand", 1, 0))  # discards Wanyūdō (the first, sorted) from seat 1's hand
    assert yc.current_player(s) == 1
    assert _known(yc.view(s, 0), 1) == ["kitsune", "umibozu"]
    assert set(yc.view(s, 1).hands[0]) == {-1}  # seat 1 learnt nothing of seat 0's hand
    for world in _worlds_keep(s, 0):
        assert {"kitsune", "umibozu"} <= set(ids(yc.hand(world, 1)))


def _near_the_end(hands, yama, **kw):
    """Three seats, seat 0 to move, the Yama only ``yama`` (every other card discarded)."""
    count = Counter(c for h in hands for c in h) + Counter(yama)
    discard = [c.id for c in yc.new_game(1, 3).deck.yokai for _ in range(8 - count[c.id])]
    return position(hands=hands, yama=yama, discard=discard, players=3, **kw)


def _drawn_is_known(state, holder, card, knowing):
    """``card`` is known in ``holder``'s hand exactly by the seats ``knowing``, and the sampled
    worlds keep it there."""
    for seat in range(3):
        if seat == holder:
            continue
        assert (card in _known(yc.view(state, seat), holder)) == (seat in knowing), seat
        for world in _worlds_keep(state, seat, 10):
            if seat in knowing:
                assert card in ids(yc.hand(world, holder))


def test_a_card_kitsune_put_under_the_yama_and_drawn_is_known_to_kitsunes_player_only():
    hands = [["kitsune", "nue", "umibozu"], ["wanyudo"], ["wanyudo", "umibozu"]]
    s = _near_the_end(hands, ["kamaitachi", "yuki_onna", "nopperabo", "tengu"])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("kitsune"), True))
    s = yc.apply(s, yc.Pick("revealed", None, 0))  # takes Kamaitachi: Yuki-onna, Nopperabō go under
    assert len(s.yama) == 1  # seat 1 drew Tengu and Yuki-onna at the start of its turn
    assert sorted(ids(yc.hand(s, 1))) == ["tengu", "wanyudo", "yuki_onna"]
    _drawn_is_known(s, 1, "yuki_onna", {0})
    assert _known(yc.view(s, 1), 0) == []  # the drawer learnt nothing of seat 0's hand
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 1)).index("wanyudo"), False))  # seat 2 draws Nopperabō
    assert sorted(ids(yc.hand(s, 2))) == ["nopperabo", "umibozu", "wanyudo"]
    _drawn_is_known(s, 2, "nopperabo", {0})
    _drawn_is_known(s, 1, "yuki_onna", {0})
    assert s.yama == () and s.yama_known == ()


def test_a_card_tengu_put_under_the_yama_and_drawn_is_known_to_every_other_seat():
    hands = [["tengu", "nue", "umibozu"], ["nue"], ["wanyudo", "umibozu"]]
    s = _near_the_end(hands, ["umibozu", "kamaitachi", "yuki_onna", "wanyudo"])
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("tengu"), True))
    s = yc.apply(s, yc.ChooseColour("green"))  # takes Yuki-onna: Umibōzu, Kamaitachi go under
    assert sorted(ids(yc.hand(s, 1))) == ["nue", "umibozu", "wanyudo"]
    _drawn_is_known(s, 1, "umibozu", {0, 2})
    assert _known(yc.view(s, 0), 1) == ["umibozu"]  # not Wanyūdō, drawn unseen


def test_a_known_card_an_ability_takes_from_the_yama_into_a_hand_is_known_there():
    deck = copy.deepcopy(yc.DEFAULT_DECK)
    deck["yokai"][1]["effect"] = [{"do": "move", "from": "yama", "to": "hand", "count": 1, "pick": "top"}]
    hands = [["kitsune", "nue", "wanyudo"], ["umibozu", "wanyudo", "nue"], ["wanyudo", "umibozu"]]
    s = _near_the_end(hands, ["kamaitachi", "yuki_onna", "nopperabo"], deck=deck)
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 0)).index("kitsune"), True))
    s = yc.apply(s, yc.Pick("revealed", None, 0))  # takes Kamaitachi: Yuki-onna, Nopperabō go under
    assert yc.current_player(s) == 1 and len(yc.hand(s, 1)) == 3  # (seat 1 drew nothing)
    s = yc.apply(s, yc.Summon(ids(yc.hand(s, 1)).index("umibozu"), True))  # takes Yuki-onna, unseen
    assert "yuki_onna" in ids(yc.hand(s, 1))
    _drawn_is_known(s, 1, "yuki_onna", {0})
