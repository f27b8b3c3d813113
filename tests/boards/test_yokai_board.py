"""Yokai board: one seat's view never carries a card it has not seen; every click is legal."""

import random

import pytest

import engine.yokai as yk
from boards.yokai import MAX_HEIGHT, TEXT, clickable, figure, parse_page_token
from explainers.yokai_scenes import scenes
from explainers.yokai_words import FAMILY_ICON, FAMILY_NAME, FAMILY_TAG

from .figjson import font_sizes, texts
from .test_board_text_fit import problems


def play_random(seed: int, actions: int, players: int = 2):
    state = yk.new_game(seed, players)
    rng = random.Random(seed)
    for _ in range(actions):
        if yk.is_over(state):
            break
        options = [a for a in yk.legal_actions(state) if not isinstance(a, yk.Declare)]
        state = yk.apply(state, rng.choice(options))
    return state


POSITIONS = [
    (seed, n, p) for seed, n, p in [(1, 0, 2), (2, 1, 2), (3, 9, 3), (4, 26, 4), (5, 40, 2), (6, 17, 3)]
]


def per_card_words(fig) -> list[str]:
    """What the board writes on and about cards: their texts and hover lines."""
    cards = next(t for t in fig.data if t.name == "cards")
    return texts(fig) + [str(h) for h in cards.hovertext]


@pytest.mark.parametrize("seed,actions,players", POSITIONS)
def test_a_view_draws_nothing_of_the_cards_its_seat_has_not_seen(seed, actions, players):
    state = play_random(seed, actions, players)
    for seat in range(players):
        view = yk.view(state, seat)
        for memory in (True, False):
            fig = figure(view, memory=memory)
            # the same figure for every full state this view is consistent with: the unseen
            # families are nowhere in it
            for k in range(3):
                other = yk.view(yk.determinize(view, k), seat)
                assert figure(other, memory=memory).to_json() == fig.to_json()
        unseen = [c for c in yk.board(view).values() if c.family is None and not c.hint]
        if len(unseen) == 16:  # nothing seen: no family word or icon on the board at all
            drawn = " ".join(per_card_words(figure(view)))
            for fam in yk.FAMILIES:
                assert FAMILY_NAME[fam] not in drawn and FAMILY_ICON[fam] not in drawn


def test_memory_aid_off_shows_only_this_turns_peeks():
    state = yk.new_game(4)
    rng = random.Random(4)
    while state.turn < 2 or yk.phase(state) != "peek":  # seat 0's second turn: it saw cards before
        state = yk.apply(
            state, rng.choice([a for a in yk.legal_actions(state) if not isinstance(a, yk.Declare)])
        )
    state = yk.apply(state, next(a for a in yk.legal_actions(state) if isinstance(a, yk.Peek)))
    view = yk.view(state, yk.current_player(state))
    seen = [c for c in yk.board(view).values() if c.family]
    peeked = [c for c in seen if c.peeked]
    assert len(seen) > len(peeked) >= 1
    on = " ".join(texts(figure(view, memory=True)))
    off = " ".join(texts(figure(view, memory=False)))
    assert on.count("👁") == off.count("👁") == len(peeked)
    tags = sum(on.count(FAMILY_TAG[f]) for f in yk.FAMILIES)
    assert sum(off.count(FAMILY_TAG[f]) for f in yk.FAMILIES) < tags


@pytest.mark.parametrize("seed,actions,players", POSITIONS)
def test_every_token_is_a_legal_action_or_a_pick(seed, actions, players):
    state = play_random(seed, actions, players)
    seat = yk.current_player(state)
    view = yk.view(state, seat)
    legal = {yk.encode_action(a) for a in yk.legal_actions(view)}
    fig = figure(view)
    tokens = clickable(fig)
    actions_ = {t for t in tokens if parse_page_token(t) is None}
    assert actions_ <= legal
    if yk.phase(view) == "peek":
        assert actions_ == legal  # every peek (and Declare at the start) is on the board
    if yk.phase(view) == "move":
        picks = [parse_page_token(t)[1] for t in tokens]
        src = next(m.src for m in yk.legal_actions(view))
        moves = set(clickable(figure(view, selected=src))) - {
            t for t in clickable(figure(view, selected=src)) if t[0] == "@"
        }
        assert moves == {yk.encode_action(yk.Move(src, d)) for d in yk.legal_destinations(view, src)}
        assert src in picks
    assert not clickable(figure(view, interactive=False))


def test_a_refused_move_draws_the_cards_it_would_cut_off():
    scene = next(s for s in scenes() if s.table == "refusal")
    view = yk.view(scene.state, scene.seat)
    fig = figure(view, selected=scene.selected, refused=scene.refused)
    assert "✂" in texts(fig) and "✗" in texts(fig)
    problem = yk.move_problem(view, scene.selected, scene.refused)
    assert problem.cut_off == frozenset({(4, 2)})
    assert texts(fig).count("✂") == len(problem.cut_off)


def test_hint_step_pick_then_place_and_demo_banner():
    scene = next(s for s in scenes() if s.table == "hints")
    state = scene.state
    while yk.phase(state) != "hint" or not yk.revealed_hints(state):
        state = yk.apply(state, yk.legal_actions(state)[0] if yk.phase(state) != "hint" else yk.Reveal())
    view = yk.view(state, yk.current_player(state))
    tokens = clickable(figure(view))
    assert "@h0" in tokens
    placed = [t for t in clickable(figure(view, selected=0)) if t.startswith("h0@")]
    assert set(placed) == {
        yk.encode_action(a) for a in yk.legal_actions(view) if isinstance(a, yk.Place) and a.hint == 0
    }
    demo = figure(state)
    assert any("DEMO" in t for t in texts(demo)) and not any("DEMO" in t for t in texts(figure(view)))


def test_text_sizes_height_and_one_go_building(no_incremental_building):
    for seed, actions, players in POSITIONS:
        state = play_random(seed, actions, players)
        for fig in (figure(state), figure(yk.view(state, 0), lang="fr")):
            assert min(font_sizes(fig)) >= TEXT
            assert fig.layout.height <= MAX_HEIGHT


@pytest.mark.parametrize("width", (570, 700, 850))
def test_texts_fit_in_the_learn_scenes_and_early_games(width):
    figs = {
        s.title: figure(
            s.state if s.seat is None else yk.view(s.state, s.seat), selected=s.selected, refused=s.refused
        )
        for s in scenes()
    }
    figs |= {f"random {seed}": figure(play_random(seed, n, p)) for seed, n, p in POSITIONS[:4]}
    found = {name: problems(fig, width) for name, fig in figs.items()}
    assert not {k: v for k, v in found.items() if v}, found
