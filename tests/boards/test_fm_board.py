"""Fan & Mallet board figures: 12 houses, clickable hand cards, target and skip highlights."""

import plotly.graph_objects as go

import engine.fan_mallet as fm
import explainers.fan_mallet as ex
from boards.fan_mallet import COLOUR_HEX, board_figure, house_figure


def texts(fig) -> list[str]:
    return [t for trace in fig.data if trace.mode and "text" in trace.mode for t in trace.text]


def hand_trace(fig):
    return next(t for t in fig.data if t.name == "hand")


def test_board_shows_12_houses_with_colour_words_and_factions():
    state = fm.new_game(3)
    fig = board_figure(state, hand_seat=0)
    assert isinstance(fig, go.Figure)
    words = texts(fig)
    for slot in fm.houses(state):
        assert f"<b>{slot.index} {slot.house.colour}</b>" in words
    # The faction word ("white house", or "white" beside a pawn) on every house.
    assert words.count("white house") + words.count("white") == 6
    assert words.count("black house") + words.count("black") == 6
    header_fills = {s.fillcolor for s in fig.layout.shapes}
    assert set(COLOUR_HEX.values()) <= header_fills
    assert fig.layout.height >= 600


def test_hand_cards_are_clickable_markers_naming_their_action():
    state = fm.new_game(3)
    fig = board_figure(state, hand_seat=0)
    hand = hand_trace(fig)
    codes = [f.code for f in fm.hand(state, "white")]
    assert list(hand.customdata) == [f"card:{c}" for c in codes]
    assert len(hand.x) == 6
    # Not clickable (someone else's turn): same cards, no action.
    assert set(hand_trace(board_figure(state, 0, None, False)).customdata) == {""}


def test_selected_card_highlights_target_and_skipped_houses():
    state = ex.placement_scene()
    fig = board_figure(state, 0, "w:red:3")
    words = texts(fig)
    preview = fm.placement_preview(state, "w:red:3")
    assert preview.target == 5 and len(preview.skipped) == 7
    assert "<b>➜ goes here</b>" in words and "<b>➜ here</b>" in words
    for n, (_house, reason) in enumerate(preview.skipped, start=1):
        assert f"<b>✗{n} {ex.short_skip(reason)}</b>" in words
    outlined = [s for s in fig.layout.shapes if s.line.width == 6 and s.line.dash == "dash"]
    assert len(outlined) == 7
    hand = hand_trace(fig)
    assert "play:w:red:3" in hand.customdata  # a second click on the selected card plays it
    assert sum(c.startswith("card:") for c in hand.customdata) == 5


def test_hidden_hand_is_a_count_and_figures_are_cached_and_deterministic():
    state = fm.new_game(8)
    fig = board_figure(state, 0, None, True, 1)
    assert any("hand 6 (hidden)" in t for t in texts(fig))
    assert not any(t.startswith("card:b:") for t in hand_trace(fig).customdata)
    assert board_figure(state, 0, None, True, 1) is fig
    other = board_figure(fm.new_game(8), 0, None, True, 1)
    assert other.to_json() == fig.to_json()


def test_possessed_house_shows_owner_marker_and_kid_icons():
    state = fm.new_game(5)
    while not fm.possessions(state):
        state = fm.apply(state, fm.legal_actions(state)[0])
    p = fm.possessions(state)[0]
    words = texts(board_figure(state, fm.current_player(state)))
    assert f"<b>★ {p.faction} ×2</b>" in words
    fig = house_figure(*ex.scene_stack(ex.SCENES[2]), (4, 5), 1)
    words = texts(fig)
    assert "red ☂" in words and any("<b>5</b> (1 + 4)" in t for t in words)
