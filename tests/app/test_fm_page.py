"""The Fan & Mallet page through its plain widgets (AppTest cannot click the Plotly board)."""

from __future__ import annotations

import engine.fan_mallet as fm
from engine.core import encode_link
from tests.app.helpers import (
    opponent_picker,
    pace_picker,
    play_picked,
    press,
    shown_tables,
    start_game,
    text_of,
)
from tests.support.boards import figures

PAGE = "pages/fan_mallet.py"
NS = "fan_mallet"
PICK = f"{NS}:pick"


def session(at):
    return at.session_state[f"{NS}:session"]


def board_spec(at) -> dict:
    return figures(at)[0]


def board_words(at) -> list[str]:
    return [t for trace in board_spec(at)["data"] if trace.get("mode") == "text" for t in trace["text"]]


def hand_data(at) -> list[str]:
    return next(t for t in board_spec(at)["data"] if t.get("name") == "hand")["customdata"]


def open_tab(at, name: str):
    """Switch tabs (only the open tab's content runs; AppTest cannot click a tab)."""
    at.session_state[f"{NS}:tab"] = name
    at.run()
    assert not at.exception, at.exception
    return at


def new_game(at, seed: int, white="human", black="human", pace=None):
    return take_over(start_game(at, NS, seed, seats=(white, black), pace=pace))


def take_over(at):
    """Hot seat: pass the device to the player to move when the page asks for it."""
    for button in at.button:
        if button.label.startswith("I am "):
            button.click().run()
            assert not at.exception, at.exception
            break
    return at


def play_via_widgets(at, code: str):
    play_picked(take_over(at), NS, code)


def test_page_shows_title_tabs_12_houses_and_the_hand(app):
    at = app(PAGE)
    text = text_of(at)
    assert "Fan & Mallet · 団扇と小槌" in text
    assert [t.label for t in at.tabs][:4] == ["Play", "Learn", "What-if", "Rules"]
    state = session(at).state
    words = board_words(at)
    for slot in fm.houses(state):
        assert f"<b>{slot.index}</b> {slot.house.colour}" in words
    hand = [f.code for f in fm.hand(state, "white")]
    # A learner meets a bot at once and sees their own hand; the opponent is on the Play tab.
    assert session(at).seats == ("human", "greedy")
    assert opponent_picker(at).value == "greedy"
    assert len(at.pills(key=PICK).options) == 6 and at.pills(key=PICK).label.startswith("White")
    assert hand_data(at) == hand
    assert "White — God of riches" in text and "(human)" in text
    assert str(session(at).seed) not in text  # a hidden-information deal never shows its seed in play
    open_tab(at, "Rules")
    text = text_of(at)
    assert "the rules in short" in text and text.count("**Rule note:**") == 6
    assert "(human)" not in text  # only the open tab runs


def test_preview_then_play_updates_board_and_last_move(app):
    at = app(PAGE)
    at = new_game(at, 12)
    state = session(at).state
    code = fm.hand(state, "white")[0].code
    at.pills(key=PICK).set_value(code).run()
    text = text_of(at)
    preview = fm.placement_preview(state, code)
    assert "Preview:" in text and f"house {preview.target}" in text
    assert code in hand_data(at)
    assert any("goes here" in w for w in board_words(at))
    at.button(key=f"{NS}:play").click().run()
    assert len(session(at).history) == 2
    # Hot seat with hidden hands: the board hides until Black takes the device.
    assert not figures(at) and any(b.label.startswith("I am Black") for b in at.button)
    take_over(at)
    text = text_of(at)
    assert f"goes to house {preview.target}" in text  # the side panel explains the last move
    assert "Black — God of poverty" in text
    assert all(c.startswith("b:") for c in hand_data(at))  # hot-seat: the mover's hand


def test_whole_hot_seat_game_to_the_end_through_widgets(app):
    at = app(PAGE)
    at = new_game(at, 2024)
    moves = 0
    while not fm.is_over(session(at).state):
        state = session(at).state
        faction = fm.FACTIONS[fm.current_player(state)]
        options = [f.code for f in fm.hand(state, faction)]
        play_via_widgets(at, options[moves % len(options)])
        moves += 1
        assert moves < 70
    state = session(at).state
    text = text_of(take_over(at))
    winner = fm.outcome(state).winner
    assert f"{fm.INFO.seat_name(winner)}** has placed all 7 markers and wins" in text
    banner = next(b for b in at.success if "has placed all 7 markers" in b.value)
    assert banner.icon == "🏆"  # the kit's game-over banner
    # every hand is drawn once the game is over; the board says why, not "demo mode" (#21)
    words = " ".join(board_words(at))
    assert "Game over" in words and "Demo mode" not in words and "teacher" not in words
    assert max(fm.markers(state).values()) == 7 and len(session(at).history) == moves + 1
    assert "Markers placed" in text or shown_tables(at)  # the possession panel
    assert at.selectbox(key=f"{NS}:poss:{len(fm.possessions(state))}").options
    # Match play: the winner scored 7 − loser's markers; the loser plays White next game.
    loser = fm.FACTIONS[1 - winner]
    points = 7 - fm.markers(state)[loser]
    assert f"{points} point(s)" in text
    assert "Rule note:" in text and "the loser of a game" in text.lower()
    press(at, "▶ Next match game")
    record = at.session_state[f"{NS}:match"]
    assert record["white_person"] == (1 if winner == 0 else 0)
    assert len(session(at).history) == 1


def test_bot_opponent_keeps_its_hand_hidden_and_answers(app):
    at = app(PAGE)
    at = new_game(at, 31, "human", "greedy", pace="Instant")
    assert any("Black ♟" in w and "hand 6" in w for w in board_words(at))
    black = {f.code for f in fm.hand(session(at).state, "black")}
    assert not black & set(board_words(at) + hand_data(at))  # drawn from White's view only
    state = session(at).state
    play_via_widgets(at, fm.hand(state, "white")[0].code)
    s = session(at)
    assert len(s.history) == 3 and fm.current_player(s.state) == 0  # the bot answered
    assert all(c.startswith("w:") for c in hand_data(at))


def test_bot_against_bot_step_by_step(app):
    at = app(PAGE)
    at = new_game(at, 5, "random", "lookahead", pace="Step by step")
    assert any("Demo mode" in w for w in board_words(at))  # bots alone: the whole game, marked as such
    assert len(session(at).history) == 1
    press(at, "▶ Bot move")
    assert len(session(at).history) == 2
    assert any(b.label == "▶ Bot move" for b in at.button)
    assert any(c.value.startswith("Black") and "plays its whole turn" in c.value for c in at.caption)
    assert "goes to house" in text_of(at)


def test_share_link_after_a_possession_shows_the_calculation(app):
    state = fm.new_game(5)
    while not fm.possessions(state):
        state = fm.apply(state, fm.legal_actions(state)[0])
    p = fm.possessions(state)[0]
    at = app(PAGE)
    at.query_params["game"] = encode_link(fm.to_json(state))
    at.run()
    assert "restored from the share link" in text_of(at)
    text = text_of(take_over(at))
    assert (
        "Possession!" in text
        and f"White {p.score.totals['white']} vs Black {p.score.totals['black']}" in text
    )
    tables = shown_tables(at)
    totals = next(df for df in tables if "Step" in df.columns and "Markers placed" in list(df["Step"]))
    assert list(totals["Value"])[:2] == [p.score.totals["white"], p.score.totals["black"]]
    assert any(len(df) == 5 and "Final" in df.columns for df in tables)


def test_whatif_refuses_forbidden_followers_and_shows_totals(app):
    at = open_tab(app(PAGE), "What-if")
    at.selectbox(key=f"{NS}:wi_colour").set_value("red")
    at.radio(key=f"{NS}:wi_faction").set_value("white")
    at.multiselect(key=f"{NS}:wi_stack").set_value(["w:blue:2", "b:red:3", "b:blue:4", "b:green:4"]).run()
    errors = [e.value for e in at.error]
    assert any("origin is red" in e for e in errors)
    assert any("already holds a blue follower" in e for e in errors)
    assert at.multiselect(key=f"{NS}:wi_stack").value == ["w:blue:2", "b:green:4"]  # refused ones dropped
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["White total"] == "2" and metrics["Black total"] == "4"
    at.selectbox(key=f"{NS}:wi_example").set_value(
        "Possession, example 2: a tie goes to the house's faction"
    ).run()
    metrics = {m.label: m.value for m in at.metric}
    assert (metrics["White total"], metrics["Black total"], metrics["Would possess"]) == ("7", "7", "white")
    assert "a tie, so the house's own faction (white) wins it" in text_of(at)


def test_learn_next_and_previous(app):
    at = open_tab(app(PAGE), "Learn")
    assert "Scene 1 of 9: Inhabit" in text_of(at)
    press(at, "Next ▶")
    text = text_of(at)
    assert "Scene 2 of 9: Possession, example 1" in text and "White 6 vs Black 8" in text
    press(at, "Next ▶")
    assert "White 7 vs Black 7" in text_of(at)
    press(at, "◀ Previous")
    assert "Scene 2 of 9" in text_of(at)
    for _ in range(8):
        press(at, "Next ▶") if not next(b for b in at.button if b.label == "Next ▶").disabled else None
    assert "Scene 9 of 9: Hatchet" in text_of(at)


def test_the_bot_pace_survives_a_visit_to_another_tab(app):
    at = app(PAGE)
    pace_picker(at).set_value("Step by step").run()
    open_tab(at, "Learn")
    assert not any(":pace_panel:" in (s.key or "") for s in at.select_slider)
    open_tab(at, "Play")
    assert pace_picker(at).value == "Step by step"
