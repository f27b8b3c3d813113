"""The Yokai page through its plain widgets (AppTest)."""

import engine.yokai as yk
from explainers.yokai_scenes import scenes
from tests.app.helpers import page_session, shown_tables, start_game, text_of
from tests.ui.test_game_results import finished, lost_seed, page_at_the_end
from ui.kit.store import Keys

PAGE = "pages/yokai.py"
NS = "yokai"


K = Keys(NS)


def session(at):
    return page_session(at, NS)


def press(at, label_start):
    next(b for b in at.button if b.label.startswith(label_start)).click().run()
    assert not at.exception, at.exception
    return at


def new_game(at, seed, players=None, seats=("human", "partner"), pace="Instant", variant=False):
    ticks = ("last_hint_only",) if variant else ()
    return start_game(at, NS, seed, players=players, seats=seats, pace=pace, ticks=ticks)


def play_my_turn(at):
    """One human turn through the side panel's plain widgets: peek, peek, move, hint."""
    state = session(at).state
    phase = yk.phase(state)
    if phase == "peek":
        press(at, "👁")
    elif phase == "move":
        press(at, "➜")
    elif phase == "hint":
        if any(b.label.startswith("📌") for b in at.button):
            press(at, "📌")
        else:
            press(at, "🂠")


def test_every_tab_renders_with_content(app):
    at = app(PAGE)
    assert at.title[0].value == "👻 Yokai · 妖怪"
    assert [t.label for t in at.tabs] == ["Play", "Learn", "What-if", "Rules"]
    text = text_of(at)
    assert "To move" in text and "Communication only through hints" in text
    assert "Step 1: peek at 2 cards" in text
    at.session_state[K("tab")] = "Learn"
    at.run()
    assert not at.exception, at.exception
    assert "Scene 1 of" in text_of(at) and "peek at two cards" in text_of(at)
    for _ in range(len(scenes()) - 1):
        press(at, "Next ▶")
    assert "Scoring and tiers" in text_of(at) and "Score 22: Legendary victory" in text_of(at)
    at.session_state[K("tab")] = "What-if"
    at.run()
    assert not at.exception, at.exception
    assert "The Yokai are appeased: you win!" in text_of(at)
    assert any(m.label == "Score of this win" and str(m.value) == "24" for m in at.metric)  # 2 − 0 + 2 + 20
    at.selectbox(key=K("wi_preset")).set_value("Two families split 2 + 2").run()
    assert "you lose" in text_of(at)
    assert any("split 2 + 2" in t.to_string() for t in shown_tables(at))
    at.session_state[K("tab")] = "Rules"
    at.run()
    rules = text_of(at)
    assert "only through hints" in rules and "Rule note" in rules and "Indice" in rules


def test_french_labels(app):
    at = app(PAGE)
    next(c for c in at.segmented_control if c.label == "Language · Langue").set_value("fr").run()
    assert not at.exception, at.exception
    assert "Étape 1 : observer 2 cartes" in text_of(at)
    assert "On ne communique que par les Indices" in text_of(at)


def test_a_game_with_a_bot_partner_to_the_end_through_plain_widgets(app):
    at = app(PAGE)
    new_game(at, 12)
    for _ in range(400):
        if yk.is_over(session(at).state):
            break
        assert yk.current_player(session(at).state) == 0  # bots play at once
        play_my_turn(at)
    state = session(at).state
    assert yk.is_over(state)
    text = text_of(at)
    assert "Win check, family by family" in text
    assert "Game over" in text
    assert len(state.log) > 8
    log = next(df for df in shown_tables(at) if "Why (the bot's own words)" in df.columns)
    assert (log["Who"].str.contains("partner bot")).any()
    assert log.loc[log["Who"].str.contains("bot"), "Why (the bot's own words)"].str.len().min() > 0


def test_declaring_a_grouped_deal_wins_with_the_score(app):
    at = app(PAGE)
    new_game(at, 3, seats=("human", "human"))
    from explainers.yokai import GROUPED
    from ui.kit import new_session

    at.session_state[K("session")] = new_session(yk, 3, 2, ("human", "human"), layout=GROUPED)
    at.run()
    press(at, "I am Player 1")
    press(at, "🙏")
    text = text_of(at)
    assert "The Yokai are appeased: you win!" in text and "Score 35: Legendary victory" in text


def test_a_lost_game_says_so_in_a_warning(monkeypatch, tmp_path):
    session = finished(NS, lost_seed(NS))
    assert not yk.families_grouped(session.state)
    at = page_at_the_end(NS, session, monkeypatch, tmp_path)
    assert any("you lose" in w.value for w in at.warning)
