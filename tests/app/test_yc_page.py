"""The Yokai Carnival page through its plain widgets (AppTest)."""

import json

import engine.yokai_carnival as yc
from explainers.yokai_carnival import decision_line
from tests.app.helpers import (
    move_buttons,
    open_new_game,
    page_session,
    press,
    shown_tables,
    start_game,
    text_of,
)
from tests.support.boards import figures
from ui.kit.store import Keys

PAGE = "pages/yokai_carnival.py"
NS = "yokai_carnival"


K = Keys(NS)


def session(at):
    return page_session(at, NS)


def action_buttons(at):
    return move_buttons(at, NS)


def new_game(at, seed, players=None, seats=("human", "greedy")):
    return start_game(at, NS, seed, players=players, seats=seats)


def test_every_tab_renders_with_its_content(app):
    at = app(PAGE)
    assert at.title[0].value == "🏮 Yokai Carnival · 妖怪カーニバル"
    assert [t.label for t in at.tabs] == ["Play", "Learn", "What-if", "Rules"]
    text = text_of(at)
    # The page opens on a fresh deal: its first decision is a Summon, or a Strike (6% of deals).
    assert decision_line(session(at).state) in text and "Since your last turn" in text
    assert "General Summon check" in text and "Which cards are protected" in text
    assert len(figures(at)) == 1
    at.session_state[K("tab")] = "Learn"
    at.run()
    assert not at.exception, at.exception
    text = text_of(at)
    assert "Scene 1 of" in text and "Walkthrough 1" in text and "Rule:" in text
    press(at, "Next ▶")
    assert "Walkthrough 2" in text_of(at) and "Umibōzu" in text_of(at)
    assert any("Step" in t.columns for t in shown_tables(at))
    at.session_state[K("tab")] = "What-if"
    at.run()
    assert not at.exception, at.exception
    at.selectbox(key=K("wi:example")).set_value("Strike: three cards of one colour in hand").run()
    assert not at.exception, at.exception
    text = text_of(at)
    assert "Strike" in text and "What each card in Player 1's hand would do now" in text
    assert any("What it would do now" in t.columns for t in shown_tables(at))
    at.text_input(key=K("wi:line0")).input("umibozu, nessie").run()
    assert "Unknown card “nessie”" in text_of(at)
    at.session_state[K("tab")] = "Rules"
    at.run()
    rules = text_of(at)
    assert "Card texts are reconstructed from the rulebook's colour themes" in rules
    assert rules.count("Rule note:") >= 5


def test_a_human_summons_with_the_plain_widgets(app):
    at = app(PAGE)
    new_game(at, 7, seats=("human", "random"))
    state = session(at).state
    hand = yc.hand(state, 0)
    button = next(b for b in action_buttons(at) if b.key == K("act:s0"))
    assert hand[0].name in button.label and "✨ ability" in button.label
    button.click().run()
    assert not at.exception, at.exception
    after = session(at)
    first = after.history[1]
    assert yc.lines(first)[0][0].name == hand[0].name  # the summoned card is the line's first card
    assert "summons " + hand[0].name in text_of(at)


def test_bots_play_a_game_to_the_end(app):
    at = open_new_game(app(PAGE), NS)
    at.select_slider(key=K("new_pace")).set_value("Instant")
    new_game(at, 12, players=3, seats=("random", "greedy", "random"))
    for _ in range(20):
        if yc.is_over(session(at).state):
            break
        at.run()
    state = session(at).state
    assert yc.is_over(state)
    text = text_of(at)
    assert "wins with" in text and "Final ranking, step by step" in text
    ranking = next(df for df in shown_tables(at) if "Rank" in df.columns)
    assert list(ranking["Player"]) == [yc.INFO.seat_name(s) for s in yc.ranking(state)]
    assert f"Seed of this deal: {session(at).seed}" in text  # shown once the game is over


def test_a_game_between_people_to_the_end_through_the_plain_widgets(app):
    at = app(PAGE)
    new_game(at, 3, seats=("human", "human"))
    for _ in range(400):
        if yc.is_over(session(at).state):
            break
        unlock = [b for b in at.button if b.key == K("unlock")]
        if unlock:
            unlock[0].click().run()
            continue
        assert "Seed of this deal" not in text_of(at)  # never shown while the game goes on
        action_buttons(at)[0].click().run()
        assert not at.exception, at.exception
    assert yc.is_over(session(at).state)
    assert "wins with" in text_of(at)


def test_a_bad_deck_file_gives_a_clear_message_and_changes_nothing(app):
    at = open_new_game(app(PAGE), NS)
    before = session(at)
    bad = json.loads(json.dumps(yc.DEFAULT_DECK))
    bad["yokai"][0]["colour"] = "orange"
    at.file_uploader(key=K("deck_upload")).set_value(
        ("bad.json", json.dumps(bad).encode(), "application/json")
    )
    at.run()
    assert not at.exception, at.exception
    text = text_of(at)
    assert "“bad.json” is not a valid deck, so nothing changed" in text
    assert "yokai[0].colour" in text
    assert session(at) is before
    at.file_uploader(key=K("deck_upload")).set_value(("junk.json", b"{not json", "application/json"))
    at.run()
    assert "not valid JSON" in text_of(at) and session(at) is before
    good = json.loads(json.dumps(yc.DEFAULT_DECK))
    good["name"] = "Classroom deck"
    good["yokai"][1]["text"] = "Add the top Yama card to your line."
    at.file_uploader(key=K("deck_upload")).set_value(
        ("good.json", json.dumps(good).encode(), "application/json")
    )
    at.run()
    assert "Deck “Classroom deck” loaded" in text_of(at) and session(at) is before
    press(at, "Start new game")
    assert yc.deck_of(session(at).state)["name"] == "Classroom deck"


def learn_scene(at, title: str) -> str:
    """Open the Learn scene ``title`` and return the page's text."""
    at.session_state[K("tab")] = "Learn"
    at.run()
    while title not in text_of(at):
        press(at, "Next ▶")
    return text_of(at)


def test_the_general_summon_figure_checks_the_position_it_shows(app):
    """Scene 7 says a General must be summoned; its check table agreed only with the position
    before Yuki-onna ("missing green")."""
    at = app(PAGE)
    text = learn_scene(at, "Rulebook figure · General Summon")
    assert "General Summon check, now:** ✓ General Summon due" in text
    colours = next(t for t in shown_tables(at) if "In the unconfirmed line" in t.columns)
    assert set(colours["In the unconfirmed line"]) == {"✓ yes"}
    assert "lacks green" not in text and "missing green" not in text


def test_a_general_scene_tells_the_check_in_the_past_once_the_general_is_placed(app):
    """Scenes 17-24 show Player 2's turn after the General: nothing may say it is still due."""
    at = app(PAGE)
    text = learn_scene(at, "General: Nurarihyon")
    assert "Player 2** decides" in text
    assert "mandatory at this seat's check" not in text and "mandatory now" not in text
    assert "as it was made, before the moves shown:** ✓ At Player 1's check" in text
    assert "the General Summon was mandatory" in text and "**Now:** ✗ No General Summon" in text


def test_the_panel_shows_every_turn_since_the_players_own(app):
    """With two bots, the one who looks up sees both bots' turns, not only the latest."""
    at = open_new_game(app(PAGE), NS)
    at.select_slider(key=K("new_pace")).set_value("Instant")
    new_game(at, 11, players=3, seats=("human", "random", "random"))
    action_buttons(at)[0].click().run()
    for _ in range(10):
        if session(at).to_move == 0 and session(at).state.turn > 1:
            break
        at.run()
    assert not at.exception, at.exception
    panel = next(m.value for m in at.markdown if m.value.startswith("#### Since your last turn"))
    assert "**Player 2's turn**" in panel and "**Player 3's turn**" in panel
    assert panel.index("Player 2's turn") < panel.index("Player 3's turn")
    assert panel.index("**Player 1's turn (yours)**") < panel.index("Player 2's turn")


def test_what_if_orders_the_seats_and_starts_with_generals_waiting(app):
    at = app(PAGE)
    at.session_state[K("tab")] = "What-if"
    at.run()
    assert len(at.multiselect(key=K("wi:waiting")).value) == 2  # a game played from here goes on
    at.number_input(key=K("wi:players")).set_value(4).run()
    labels = [t.label for t in at.text_input if t.label.endswith(": line")]
    assert labels == [f"Player {n}: line" for n in (1, 2, 3, 4)]
    at.multiselect(key=K("wi:waiting")).set_value([]).run()
    assert "Summon Waiting is empty" in text_of(at) and "ends at the end of the first turn" in text_of(at)
    at.number_input(key=K("wi:players")).set_value(2).run()
    at.selectbox(key=K("wi:example")).set_value("Protection: cards safe before a General").run()
    at.selectbox(key=K("wi:to_move")).set_value(1).run()
    table = next(t for t in shown_tables(at) if "Rule" in t.columns and "Protected" in set(t["Step"]))
    shuten = table[table["Step"] == "Shuten-dōji"].iloc[0]
    assert shuten["Value"] == "card 5" and shuten["Why"].startswith("card 5:")
