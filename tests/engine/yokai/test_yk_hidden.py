"""Views show a seat only what it has seen; determinize fills the rest consistently; saves."""

from __future__ import annotations

from collections import Counter

import pytest

import engine.yokai as yk
from engine.core import BadSave, play_game, rng_for
from tests.engine.yokai.yk_helpers import ROWS


def _games(players, count=4):
    bots = yk.bots()
    for seed in range(count):
        states = []
        play_game(
            yk,
            [bots["partner"], bots["random"]] * 2,
            seed,
            players=players,
            on_move=lambda b, a, after, states=states: states.append(after),
        )
        yield states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_leaks_no_unseen_family(players):
    for states in _games(players):
        for s in states:
            for seat in range(players):
                v = yk.view(s, seat)
                assert v.seed is None and v.setup is None and v.deck == ()
                seen = yk.seen_by(s, seat)
                for card in yk.board(v).values():
                    if not yk.is_over(s):
                        assert (card.family is None) == (card.id not in seen)
                for step in yk.last_turn(v):
                    if step.kind == "peek" and step.value is not None:
                        assert (
                            s.events[1]
                            and seat == s.to_move
                            or any(e[1] == seat for e in (*s.events[0], *s.events[1]) if e[0] == "peek")
                        )
                with pytest.raises(ValueError):
                    yk.to_json(v)


def test_determinize_keeps_what_the_seat_knows_and_the_counts():
    for states in _games(3, count=2):
        for i, s in enumerate(states[::5]):
            seat = s.to_move
            v = yk.view(s, seat)
            alt = yk.determinize(v, i)
            assert yk.view(alt, seat) == v
            assert Counter(alt.families) == {0: 4, 1: 4, 2: 4, 3: 4}
            for card in yk.seen_by(s, seat):
                assert alt.families[card] == s.families[card]
            kinds = Counter(len(h) for h in (*yk.revealed_hints(alt), *(yk.HINT_CARDS[h] for h in alt.deck)))
            kinds.update(len(h) for h in yk.placed_hints(alt).values())
            assert tuple(kinds[k] for k in (1, 2, 3)) == alt.deck_kinds
            # a determinized game is a real one: its save replays to the same state
            assert yk.from_json(yk.to_json(alt)) == alt


def test_determinize_resamples_unseen_cards_and_the_deck():
    s = yk.apply(yk.new_game(9), yk.Peek((0, 0)))
    v = yk.view(s, 0)
    layouts = {yk.determinize(v, k).families for k in range(20)}
    decks = {yk.determinize(v, k).deck for k in range(20)}
    assert len(layouts) > 10 and len(decks) > 10
    assert {fam[0] for fam in layouts} == {s.families[0]}


def test_json_round_trip_with_a_scenario():
    s = yk.new_game(4, 3, layout=ROWS, hints=[["oni"], ["kappa", "oni"]], last_hint_only=True)
    rng = rng_for(4, "test")
    while not yk.is_over(s):
        text = yk.to_json(s)
        assert yk.from_json(text) == s and yk.to_json(yk.from_json(text)) == text
        s = yk.apply(s, rng.choice(yk.legal_actions(s)))
    assert yk.from_json(yk.to_json(s)) == s


def test_a_tampered_save_is_refused():
    text = yk.to_json(yk.apply(yk.new_game(4), yk.Peek((0, 0))))
    with pytest.raises(BadSave, match="Move 1"):
        yk.from_json(text.replace('"p0,0"', '"p9,9"'))
    with pytest.raises(BadSave):
        yk.from_json(text.replace('"setup":{}', '"setup":{"layout":["oni"]}'))
