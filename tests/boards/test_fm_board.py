"""Fan & Mallet board: one seat's view (or the demo mode), clickable hand, highlights, last move."""

import random

import plotly.graph_objects as go
import pytest

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards import fan_mallet as board
from boards.fan_mallet import COLOUR_HEX, LAST, MAX_HEIGHT, TARGET, figure, house_figure, house_origin
from tests.random_play import random_moves

from .figjson import font_sizes, texts

BANNER = "Demo mode: every hand is shown"


def hand_trace(fig):
    return next(t for t in fig.data if t.name == "hand")


def play_random(seed: int, moves: int) -> fm.State:
    return random_moves(fm, fm.new_game(seed), random.Random(seed), moves)


def hand_names(state, faction) -> list[str]:
    """How the board names a hand card in its hover text: ``"white red 3"``."""
    return [f"{faction} {ex.follower_label(f)}" for f in fm.hand(state, faction)]


def test_board_shows_12_houses_with_colour_words_factions_and_counts():
    state = fm.new_game(3)
    fig = figure(fm.view(state, 0))
    assert isinstance(fig, go.Figure)
    words = texts(fig)
    for slot in fm.houses(state):
        assert f"<b>{slot.index}</b> {slot.house.colour}" in words
    assert words.count("white") + words.count("black") >= 12  # the faction word on every house
    assert set(COLOUR_HEX.values()) <= {s.fillcolor for s in fig.layout.shapes}
    assert any("★ 0/7 · hand 6 · deck 24" in w for w in words)
    assert "6 hidden" in words  # the opponent's hand: card backs and a count


@pytest.mark.parametrize("seed,moves", [(3, 0), (8, 7), (21, 30)])
def test_a_view_never_draws_the_opponents_hand(seed, moves):
    state = play_random(seed, moves)
    for seat in (0, 1):
        me, other = fm.FACTIONS[seat], fm.FACTIONS[1 - seat]
        fig = figure(fm.view(state, seat))
        hand = hand_trace(fig)
        assert [h.split(" — ")[0] for h in hand.hovertext] == hand_names(state, me)
        drawn = fig.to_json()
        on_board = {f for slot in fm.houses(state) for f in slot.stack}
        for f in fm.hand(state, other):
            assert f not in on_board
            assert f"{other} {ex.follower_label(f)}" not in drawn
        assert BANNER not in " ".join(texts(fig))
        assert f"{fm.hand_size(state, other)} hidden" in texts(fig)


def test_demo_mode_shows_both_hands_under_a_banner_only_for_a_full_state():
    state = play_random(5, 4)
    demo = figure(state)
    assert any(BANNER in w for w in texts(demo))
    hover = [h.split(" — ")[0] for h in hand_trace(demo).hovertext]
    assert hover == hand_names(state, "white") + hand_names(state, "black")
    assert {"<b>White</b>", "<b>Black</b>"} <= set(texts(demo))  # beside each hand, with whose turn
    for seat in (0, 1):
        assert not any(BANNER in w for w in texts(figure(fm.view(state, seat))))
    # only the mover's cards are clickable in the demo mode
    mover = fm.current_player(state)
    tokens = list(hand_trace(demo).customdata)
    assert {fm.decode_action(t) for t in tokens if t} == set(fm.legal_actions(state))
    assert sum(1 for t in tokens if t) == fm.hand_size(state, fm.FACTIONS[mover])


def test_hand_tokens_decode_to_legal_actions_only_for_the_seat_to_move():
    state = play_random(8, 3)
    mover = fm.current_player(state)
    mine = fm.view(state, mover)
    tokens = list(hand_trace(figure(mine)).customdata)
    assert tokens == [fm.encode_action(a) for a in fm.legal_actions(mine)]
    assert all(fm.decode_action(t) in fm.legal_actions(state) for t in tokens)
    # not clickable: someone else's turn, or interactive=False (same cards, no action)
    theirs = figure(fm.view(state, 1 - mover))
    assert set(hand_trace(theirs).customdata) == {""}
    assert len(hand_trace(theirs).customdata) == fm.hand_size(state, fm.FACTIONS[1 - mover])
    assert set(hand_trace(figure(mine, interactive=False)).customdata) == {""}


def test_selected_card_highlights_target_and_numbered_skipped_houses():
    state = ex.placement_scene()
    action = fm.decode_action("w:red:3")
    fig = figure(fm.view(state, 0), selected=action)
    words = texts(fig)
    preview = fm.placement_preview(state, action.follower)
    assert preview.target == 5 and len(preview.skipped) == 7
    assert "goes here" in words and "<b>➜ here</b>" in words
    # each skipped house: its number and the reason, in two short lines that fit the house
    rows = list(zip(words, words[1:], strict=False))
    for n, skip in enumerate(preview.skipped, start=1):
        first, second = board.skip_lines(n, skip)
        assert (first, second) in rows
        assert f"{first} {second}".replace(" is ", " ") == f"✗{n} {ex.short_skip(skip)}"
    dashed = [s for s in fig.layout.shapes if s.line.dash == "dash" and s.line.width == 5]
    assert len(dashed) == 2 * 7  # body and header of each skipped house
    assert {round(s.x0, 2) for s in dashed} == {round(house_origin(s.house), 2) for s in preview.skipped}
    # the selected hand card is outlined; its token is still its action (the UI plays on a 2nd click)
    assert any(s.line.color == TARGET and s.line.width == 5 for s in fig.layout.shapes)
    assert "w:red:3" in hand_trace(fig).customdata
    # the demo mode selects in the mover's hand; a card of no drawn hand is refused
    assert "goes here" in texts(figure(state, selected=action))
    with pytest.raises(ValueError):
        figure(fm.view(state, 1), selected=action)
    with pytest.raises(TypeError):
        figure(fm.view(state, 0), selected="w:red:3")


def test_the_card_placed_last_is_outlined_and_tagged():
    state = fm.new_game(6)
    before = figure(fm.view(state, 1))
    assert not any(s.line.color == LAST for s in before.layout.shapes)
    assert not any("last card" in w for w in texts(before))
    for _ in range(9):
        state = fm.apply(state, fm.legal_actions(state)[-1])
        house, follower = fm.last_placed(state)
        for shown in (fm.view(state, 0), fm.view(state, 1), state):
            fig = figure(shown)
            outlined = [s for s in fig.layout.shapes if s.line.color == LAST and s.line.width == 4]
            assert len(outlined) == 1
            assert outlined[0].x0 == pytest.approx(house_origin(house) + board.px(1))
            arrow = "▲" if house < 6 else "▼"
            assert f"{arrow} last card" in texts(fig) or f"last card {arrow}" in texts(fig)
            card = [t for t in fig.data if t.name == "houses"][0]
            assert any("placed last" in h and ex.follower_label(follower) in h for h in card.hovertext)


def test_every_text_is_projector_sized_and_the_board_fits_the_screen():
    scene = ex.placement_scene()
    action = fm.decode_action("w:red:3")
    possessed = play_random(5, 40)
    figs = [
        figure(fm.view(fm.new_game(3), 0)),
        figure(fm.view(scene, 0), selected=action),
        figure(scene, selected=action),
        figure(possessed),
        figure(fm.view(possessed, 1)),
    ]
    for fig in figs:
        assert min(font_sizes(fig)) >= 16
        assert fig.layout.height <= MAX_HEIGHT == 480
    assert min(font_sizes(house_figure(*ex.scene_stack(ex.SCENES[2]), (4, 5), 1))) >= 16


def test_figures_are_built_in_one_go_and_cached(no_incremental_building):
    board._figure.cache_clear()
    state = play_random(8, 6)
    fig = figure(fm.view(state, 0))
    assert len(fig.layout.shapes) >= 24  # every house's body and header, in the layout
    assert figure(fm.view(state, 0)) is fig
    assert figure(fm.view(play_random(8, 6), 0)) is fig  # an equal view: the same object
    assert figure(fm.view(state, 0), previous=fm.view(state, 0)) is fig  # previous is ignored
    assert figure(fm.view(state, 0), interactive=False) is not fig
    assert figure(state) is not fig


def test_possessed_house_shows_owner_marker_and_kid_icons():
    state = fm.new_game(5)
    while not fm.possessions(state):
        state = fm.apply(state, fm.legal_actions(state)[0])
    p = fm.possessions(state)[0]
    words = texts(figure(fm.view(state, fm.current_player(state))))
    rows = list(zip(words, words[1:], strict=False))
    assert (f"<b>★ {p.faction}</b>", "<b>×2</b>") in rows
    fig = house_figure(*ex.scene_stack(ex.SCENES[2]), (4, 5), 1)
    words = texts(fig)
    assert "red ☂" in words and any("<b>5</b> (1 + 4)" in t for t in words)


def test_a_whole_game_draws_for_both_seats_and_the_demo():
    state = fm.new_game(1)
    rng = random.Random(1)
    for move in range(200):
        if move % 5 == 0 or fm.is_over(state):
            for shown in (fm.view(state, 0), fm.view(state, 1), state):
                fig = figure(shown)
                assert fig.layout.height <= MAX_HEIGHT
                tokens = [t for t in hand_trace(fig).customdata if t]
                assert {fm.decode_action(t) for t in tokens} <= set(fm.legal_actions(state))
        if fm.is_over(state):
            break
        state = fm.apply(state, rng.choice(fm.legal_actions(state)))
    assert fm.is_over(state)


def test_a_finished_game_says_game_over_not_demo_mode():
    """At game over every hand is drawn for everyone (the page shows the full state): the
    banner says the game is over, and never talks of a teacher's view to a student."""
    state, rng = fm.new_game(4), random.Random(4)
    while not fm.is_over(state):
        state = fm.apply(state, rng.choice(fm.legal_actions(state)))
    words = " ".join(texts(figure(state)))
    assert "Game over" in words and "every hand is turned up" in words
    assert BANNER not in words and "teacher" not in words
    assert not any(hand_trace(figure(state)).customdata)  # nothing left to play
