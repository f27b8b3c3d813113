"""The Classroom page and a challenge on a game page (AppTest): the teacher creates a challenge
and sees its ranking; a student joins by code or link, plays the challenge's deal without ever
seeing its seed, and the first ending is recorded once."""

import json

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
from engine.core.registry import games
from storage.challenges import Challenges
from tests.app.helpers import open_new_game, open_save, open_with, press, text_of
from ui.kit.challenge_game import score_bins
from ui.registry import GAMES, extra

CLASSROOM = "pages/classroom.py"


def open_with_code(app, page, code):
    """A game page opened from a challenge link (``page?challenge=CODE``)."""
    return open_with(app, page, challenge=code)


def join(at, code, name, page):
    """Type the code and the name on the Classroom page and press Join: the game page opens."""
    at.text_input(key="classroom:code").input(code)
    at.text_input(key="classroom:name").input(name)
    press(at, "Join the challenge")
    at.switch_page(page)  # AppTest's own later runs stay on the page the script switched to
    return at


def test_a_teacher_creates_a_challenge_and_sees_the_ranking_and_the_score_chart(app):
    at = app(CLASSROOM)
    assert at.title[0].value == "🏫 Classroom" and "No challenge yet" in text_of(at)
    at.selectbox(key="classroom:game").set_value("tanuki_matsuri").run()
    at.text_input(key="classroom:label").input("Class 3B")
    press(at, "Create challenge")
    [(made, results)] = Challenges().recent()
    assert (made.game, made.players, made.seats, made.label, results) == (
        "tanuki_matsuri",
        1,
        ("human",),
        "Class 3B",
        0,
    )
    text = text_of(at)
    assert f"# {made.shown}" in text and f"/tanuki_matsuri?challenge={made.code}" in text
    assert str(made.seed) not in text + str(at.selectbox(key="classroom:picked").options)
    assert "No result yet" in text and not at.get("plotly_chart")
    book = Challenges()
    book.record(made.code, "Bea", 88, "finished", False, 41, "game-b", played_at="2026-03-02T09:00:05")
    book.record(made.code, "Aiko", 104, "finished", False, 44, "game-a", played_at="2026-03-02T09:00:09")
    book.record(made.code, "Chen", 88, "finished", False, 39, "game-c", played_at="2026-03-02T09:00:01")
    press(at, "🔄 Refresh the ranking")
    table = at.dataframe[0].value
    assert list(table["Name"]) == ["Aiko", "Chen", "Bea"]  # equal scores: the earlier game first
    assert list(table["Rank"]) == [1, 2, 2] and list(table["Score"]) == [104, 88, 88]
    assert list(table.columns) == ["Rank", "Name", "Score", "Result", "Moves", "Games played", "When"]
    [chart] = at.get("plotly_chart")
    [bars] = json.loads(chart.proto.spec)["data"]
    assert bars["type"] == "bar" and sum(bars["y"]) == 3
    # A bar per score from 88 to 104 (17 of them): the two 88s make one bar of 2.
    assert bars["x"] == [str(score) for score in range(88, 105)]
    assert (bars["y"][0], bars["y"][-1], sum(bars["y"][1:-1])) == (2, 1, 0)
    assert "Best 104, median 88" in text_of(at)
    assert "**3 students** · 3 games recorded" in text_of(at)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES if g.ready])
def test_each_game_sets_up_its_own_challenge_options(app, game_id):
    """A game's options come from its ``ui/games/<game>/challenge.py`` (none without one): its
    widgets on Classroom, their values in the challenge, its words in the description."""
    at = app(CLASSROOM)
    at.selectbox(key="classroom:game").set_value(game_id).run()
    own = extra(game_id, "challenge")
    boxes = [box for box in at.checkbox if box.key.startswith(f"classroom:options:{game_id}:")]
    assert own is not None or boxes == []
    for box in boxes:
        box.check()
    press(at, "Create challenge")
    [(made, _)] = Challenges().recent()
    assert made.game == game_id
    if own is None:
        assert made.options == {}
        return
    assert set(made.options) == set(own.WORDS)
    assert all(words in text_of(at) for words in own.WORDS.values())


def test_scores_4_and_0_are_two_bars_with_the_empty_scores_between(app):
    made = Challenges().create("fan_mallet", 11, 2, ("human", "greedy"))
    book = Challenges()
    book.record(made.code, "Aiko", 4, "won", True, 30, "game-a")
    book.record(made.code, "Bea", 0, "lost", False, 30, "game-b")
    at = app(CLASSROOM)
    [chart] = at.get("plotly_chart")
    [bars] = json.loads(chart.proto.spec)["data"]
    assert (bars["x"], bars["y"]) == (["0", "1", "2", "3", "4"], [1, 0, 0, 0, 1])
    assert json.loads(chart.proto.spec)["layout"]["xaxis"]["type"] == "category"


def test_the_picker_keeps_its_label_and_the_count_follows_refresh(app):
    """A selectbox sends its label back as its value: a label holding the result count kept
    "0 result(s)" on screen after Refresh showed two. The label stays; the count is beside it."""
    made = Challenges().create("tanuki_matsuri", 3, 1, ("human",), label="Class 3B")
    at = app(CLASSROOM)
    picker = at.selectbox(key="classroom:picked")
    label = picker.format_func(picker.value)
    assert label == f"{made.shown} · Tanuki Matsuri · Class 3B" and "result" not in label
    book = Challenges()
    book.record(made.code, "Aiko", 50, "finished", False, 40, "game-a")
    book.record(made.code, "Bea", 60, "finished", False, 40, "game-b")
    press(at, "🔄 Refresh the ranking")
    picker = at.selectbox(key="classroom:picked")
    assert picker.format_func(picker.value) == label
    assert "**2 students** · 2 games recorded" in text_of(at) and len(at.dataframe[0].value) == 2


def test_the_intro_names_every_game_a_challenge_can_be_made_for(app):
    at = app(CLASSROOM)
    intro = text_of(at)
    offered = " ".join(at.selectbox(key="classroom:game").options)
    for game in games():
        assert game.INFO.title in intro and game.INFO.title in offered


def test_a_student_joins_a_hidden_deal_and_never_sees_its_seed(app):
    made = Challenges().create("fan_mallet", 987_654_321_987, 2, ("human", "lookahead"))
    at = join(app(CLASSROOM), f" {made.shown.lower()} ", "Aiko", "pages/fan_mallet.py")
    session = at.session_state["fan_mallet:session"]
    assert at.title[0].value.endswith("Fan & Mallet · 団扇と小槌")
    assert session.seed == made.seed and session.seats == made.seats and session.cursor == 0
    assert session.history[0] == fm.new_game(made.seed, 2)
    assert at.query_params.get("challenge") == made.code
    assert "game" not in at.query_params and "seats" not in at.query_params
    text = text_of(open_save(at, "fan_mallet"))
    assert f"Class challenge {made.shown}" in text and "you play White" in text and "lookahead" in text
    assert str(made.seed) not in text and "Seed of this deal" not in text
    assert "Closed in a class challenge" in text  # the Save / share popover
    assert not at.get("download_button") and not [t for t in at.toggle if "Demo" in t.label]
    assert all(b.disabled for b in at.button if b.label in ("↶ Undo", "↷ Redo"))
    assert not [s for s in at.selectbox if s.label == "Play against"]
    assert at.text_input(key="challenge:name_box").value == "Aiko"
    # A move, then a rerun: still the challenge, still no save in the address bar.
    at.pills(key="fan_mallet:pick").set_value(fm.hand(session.state, "white")[0].code)
    at.button(key="fan_mallet:play").click().run()
    assert at.session_state["fan_mallet:session"].cursor > 0 and "game" not in at.query_params
    at.session_state["fan_mallet:tab"] = "What-if"
    at.run()
    assert "Closed in a class challenge" in text_of(at)
    at.session_state["fan_mallet:tab"] = "Play"
    at.run()
    # A new game leaves the challenge: the usual save, share link and demo mode come back.
    press(open_new_game(at, "fan_mallet"), "Start new game")
    assert at.session_state["fan_mallet:session"].seed != made.seed
    assert "Class challenge" not in text_of(at) and "Closed in a class challenge" not in text_of(at)
    assert open_save(at, "fan_mallet").get("download_button") and [t for t in at.toggle if "Demo" in t.label]
    assert "challenge" not in at.query_params and at.query_params.get("game")


def test_a_challenge_link_opens_the_deal_and_an_unknown_code_keeps_the_game(app):
    made = Challenges().create("tanuki_matsuri", 5, 1, ("human",))
    at = open_with_code(app, "pages/tanuki_matsuri.py", made.code.lower())
    session = at.session_state["tanuki_matsuri:session"]
    assert session.seed == 5 and tm.dice(session.state) == tm.dice(tm.new_game(5))
    assert at.query_params.get("challenge") == made.code and "game" not in at.query_params
    assert "Class challenge" in text_of(at) and "the same dice" in text_of(at)
    wrong = open_with_code(app, "pages/tanuki_matsuri.py", "ZZZ-ZZZ" if made.code != "ZZZZZZ" else "YYYYYY")
    kept = wrong.session_state["tanuki_matsuri:session"]
    assert "No class challenge has this code" in text_of(wrong) and "Class challenge" not in text_of(wrong)
    assert "challenge" not in wrong.query_params and kept.seats == ("human",)
    other = open_with_code(app, "pages/fan_mallet.py", made.code)
    assert "is a Tanuki Matsuri challenge" in text_of(other)


def play_to_the_last_move(at, ns="tanuki_matsuri"):
    """Play the page's game up to its last move in the engine, then click that move's button."""
    session = at.session_state[f"{ns}:session"]
    while True:
        action = tm.legal_actions(session.state)[0]
        after = session.play(action)
        if after.over:
            break
        session = after
    at.session_state[f"{ns}:session"] = session  # the same first state: still the challenge game
    at.run()
    at.button(key=f"{ns}:act:{tm.encode_action(action)}").click().run()
    assert not at.exception, at.exception
    assert at.session_state[f"{ns}:session"].over
    return after


def test_the_first_ending_is_recorded_once_under_the_name_typed_at_the_end(app):
    made = Challenges().create("tanuki_matsuri", 8, 1, ("human",))
    at = open_with_code(app, "pages/tanuki_matsuri.py", made.code)
    final = play_to_the_last_move(at)
    total = tm.score(final.state, 0).total
    assert "Type your name above to record your result" in text_of(at)
    assert Challenges().ranking(made.code) == []
    at.text_input(key="challenge:name_box").input("  Aiko\x07 ").run()
    [standing] = Challenges().ranking(made.code)
    assert (standing.name, standing.score, standing.result, standing.moves) == (
        "Aiko",
        total,
        "finished",
        final.cursor,
    )
    assert "Your result is in the class ranking" in text_of(at)
    assert at.text_input(key="challenge:name_box").value == "Aiko"
    at.run()
    press(at, "↶ Undo")  # allowed after the end; a second ending does not count
    assert not at.session_state["tanuki_matsuri:session"].over
    play_to_the_last_move(at)
    assert Challenges().ranking(made.code)[0].attempts == 1
    assert "only the first ending of a challenge counts" in text_of(at)


def test_score_bins_stay_few_and_equal_when_scores_spread_wide():
    wide = score_bins([0, 37, 38, 150, 999])
    assert len(wide) == 20 and {b.high - b.low for b in wide} == {
        50
    }  # 1, 2, 5, 10, 20, 50: the first ≤ 20 bins
    assert [(b.label, b.count) for b in wide][:4] == [
        ("0–49", 3),
        ("50–99", 0),
        ("100–149", 0),
        ("150–199", 1),
    ]
    assert wide[-1].label == "950–999" and wide[-1].count == 1
    halves = score_bins([0.5, 1.0, 2.5])
    assert sum(b.count for b in halves) == 3 and all(b.low <= b.high for b in halves)
    assert score_bins([]) == [] and [(b.label, b.count) for b in score_bins([3.0])] == [("3", 1)]
