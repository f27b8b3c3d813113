"""Turns, hints, the end, the level 3 variant and positions with no legal move."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.yokai as yk
from engine.core import IllegalAction
from engine.yokai.cards import HINT_CARDS
from tests.engine.yokai.yk_helpers import ROWS, position


@pytest.mark.parametrize(("players", "kinds"), [(2, (2, 3, 2)), (3, (2, 4, 3)), (4, (3, 4, 3))])
def test_hint_deck_composition_by_player_count(players, kinds):
    drawn = Counter()
    for seed in range(60):
        deck = yk.new_game(seed, players).deck
        assert len(set(deck)) == len(deck) == sum(kinds)
        assert tuple(sum(1 for h in deck if len(HINT_CARDS[h]) == k) for k in (1, 2, 3)) == kinds
        drawn.update(deck)
    assert len(drawn) == 14  # drawn at random within each kind: every card turns up


def test_a_turn_is_peek_peek_move_hint_and_the_first_reveal_is_automatic():
    s = yk.new_game(5)
    assert yk.phase(s) == "peek" and yk.can_declare(s)
    s = yk.apply(s, yk.Peek((0, 0)))
    assert not yk.can_declare(s) and yk.Declare() not in yk.legal_actions(s)
    assert yk.Peek((0, 0)) not in yk.legal_actions(s)
    with pytest.raises(IllegalAction, match="already looked"):
        yk.apply(s, yk.Peek((0, 0)))
    s = yk.apply(s, yk.Peek((2, 2)))
    assert yk.peeked_this_turn(s) == ((0, 0), (2, 2)) and yk.phase(s) == "move"
    s = yk.apply(s, yk.Move((0, 0), (-1, 1)))
    # no hint is revealed yet, so revealing is the only option: apply takes it and logs it
    assert yk.phase(s) == "peek" and yk.current_player(s) == 1
    assert len(yk.revealed_hints(s)) == 1 and yk.hint_deck_size(s) == 6
    steps = yk.last_turn(s)
    assert [st.kind for st in steps] == ["peek", "peek", "move", "reveal"] and steps[-1].note == "only option"
    assert yk.seen_by(s, 0) == {0, 10} and yk.seen_by(s, 1) == frozenset()


def test_hinted_cards_are_never_peeked_or_moved():
    s = position(yk.new_game(1).cells, hinted=[5])
    assert yk.Peek((1, 1)) not in yk.legal_actions(s)
    with pytest.raises(IllegalAction, match="hint"):
        yk.apply(s, yk.Peek((1, 1)))
    s = yk.apply(yk.apply(s, yk.Peek((0, 0))), yk.Peek((3, 3)))
    assert all(m.src != (1, 1) for m in yk.legal_actions(s))
    with pytest.raises(IllegalAction, match="hint"):
        yk.apply(s, yk.Move((1, 1), (4, 1)))


def test_a_refused_move_says_which_cards_would_be_cut_off():
    s = yk.apply(yk.apply(yk.new_game(2), yk.Peek((0, 0))), yk.Peek((1, 0)))
    with pytest.raises(IllegalAction, match="touch no other card"):
        yk.apply(s, yk.Move((0, 0), (7, 7)))


def test_no_legal_move_skips_the_move_step_and_logs_why():
    line = [(i, 0) for i in range(16)]  # only the ends could move, and they hold hints
    s = position(line, hinted=[0, 15])
    s = yk.apply(yk.apply(s, yk.Peek((3, 0))), yk.Peek((4, 0)))
    assert s.cells == tuple(line) and yk.current_player(s) == 1  # the reveal was the only hint option
    steps = yk.last_turn(s)
    assert [st.kind for st in steps] == ["peek", "peek", "skip", "reveal"]
    assert steps[2].note == "no legal move" and "no card without a hint can move" in steps[2].reason


def test_placing_a_hint_locks_the_card_and_the_last_hint_ends_the_game():
    s = yk.new_game(1, hints=[["kitsune"]])
    s = yk.apply(yk.apply(s, yk.Peek((0, 0))), yk.Peek((1, 0)))
    s = yk.apply(s, yk.legal_actions(s)[0])  # the reveal follows by itself
    assert yk.revealed_hints(s) == [frozenset({"kitsune"})] and yk.hint_deck_size(s) == 0
    s = yk.apply(yk.apply(s, yk.Peek((2, 2))), yk.Peek((3, 3)))
    s = yk.apply(s, yk.legal_actions(s)[0])
    places = yk.legal_actions(s)
    assert all(type(a) is yk.Place for a in places)  # the deck is empty: no reveal
    cell = places[3].cell
    end = yk.apply(s, places[3])
    assert yk.is_over(end) and yk.outcome(end).termination is yk.Ending.LAST_HINT
    assert yk.placed_hints(end) == {cell: frozenset({"kitsune"})}
    assert yk.current_player(end) is None and yk.legal_actions(end) == []


def test_declaring_ends_the_game_at_the_start_of_a_turn_only():
    s = yk.new_game(1, layout=ROWS)
    end = yk.apply(s, yk.Declare())
    out = yk.outcome(end)
    assert out.termination is yk.Ending.DECLARED and yk.families_grouped(end)
    with pytest.raises(IllegalAction, match="start of your turn"):
        yk.apply(yk.apply(s, yk.Peek((0, 0))), yk.Declare())


def test_level_3_variant_places_only_the_last_revealed_hint():
    hints = [["kitsune"], ["kappa"], ["oni"]]
    s = yk.new_game(1, hints=hints, last_hint_only=True)
    for cells in (((0, 0), (1, 0)), ((0, 1), (1, 1))):
        s = yk.apply(yk.apply(s, yk.Peek(cells[0])), yk.Peek(cells[1]))
        s = yk.apply(s, yk.legal_actions(s)[0])
        if yk.phase(s) == "hint":
            s = yk.apply(s, yk.Reveal())
    assert len(yk.revealed_hints(s)) == 2
    s = yk.apply(yk.apply(s, yk.Peek((2, 2))), yk.Peek((3, 3)))
    s = yk.apply(s, yk.legal_actions(s)[0])
    assert {a.hint for a in yk.legal_actions(s) if type(a) is yk.Place} == {1}
    with pytest.raises(IllegalAction, match="Level 3"):
        yk.apply(s, yk.Place(0, (2, 2)))
    free = yk.new_game(1, hints=hints)
    assert "last_hint_only" not in yk.to_json(free) and '"last_hint_only":true' in yk.to_json(s)


def test_bad_setups_are_refused_with_the_reason():
    with pytest.raises(ValueError, match="4 cards of each family"):
        yk.new_game(1, layout=["oni"] * 16)
    with pytest.raises(ValueError, match="at most once"):
        yk.new_game(1, hints=[["oni"], ["oni"]])
    with pytest.raises(ValueError, match="hint card"):
        yk.new_game(1, hints=[["oni", "kappa", "kitsune", "rokurokubi"]])
    with pytest.raises(ValueError, match="last_hint_only"):
        yk.new_game(1, last_hint_only="yes")
