"""What a reader sees on an AppTest page, as one text to assert on."""

import re

import pandas as pd
from streamlit.testing.v1 import AppTest


def text_of(at: AppTest) -> str:
    """Everything a reader sees as text on the page (markdown, titles, captions, alerts, metrics)."""
    parts = []
    for kind in (
        "title",
        "header",
        "subheader",
        "markdown",
        "caption",
        "text",
        "error",
        "warning",
        "success",
        "info",
        "code",
    ):
        parts += [str(el.value) for el in getattr(at, kind)]
    parts += [f"{m.label} {m.value}" for m in at.metric]
    parts += [str(t.label) for t in at.tabs]
    parts += [str(e.label) for e in at.expander]
    return "\n".join(parts)


def pace_picker(at: AppTest):
    """The side panel's "Bot pace" slider (its key follows the kept pace)."""
    return next(s for s in at.select_slider if ":pace_panel:" in (s.key or ""))


def opponent_picker(at: AppTest):
    """The "Play against" selectbox (its key follows the kept opponent)."""
    return next(s for s in at.selectbox if s.label == "Play against")


def press(at: AppTest, label: str) -> AppTest:
    """Click the button labelled ``label`` and run the page; it must not raise."""
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


def open_new_game(at: AppTest, ns: str) -> AppTest:
    """Open the 🆕 New game popover of game ``ns`` (it draws its widgets only while open)."""
    return _open(at, f"{ns}:new_game_open")


def open_save(at: AppTest, ns: str) -> AppTest:
    """Open the 💾 Save / share popover of game ``ns`` (it draws its widgets only while open)."""
    return _open(at, f"{ns}:save_open")


def page_session(at: AppTest, ns: str):
    """The game session of page ``ns``."""
    return at.session_state[f"{ns}:session"]


def move_buttons(at: AppTest, ns: str) -> list:
    """The kit's buttons of page ``ns``, one per legal action."""
    return [b for b in at.button if b.key and b.key.startswith(f"{ns}:act:")]


def start_game(at: AppTest, ns: str, seed: int, *, players=None, seats=(), pace=None, ticks=()) -> AppTest:
    """A new game of page ``ns`` through its 🆕 New game popover: the number of players (when
    given: it redraws the seats), the seed, each seat's kind, the bot pace and the options'
    checkboxes to tick (``ticks``, by key name); the game started has that seed."""
    open_new_game(at, ns)
    if players is not None:
        at.number_input(key=f"{ns}:new_players").set_value(players).run()
    at.text_input(key=f"{ns}:new_seed").input(str(seed))
    for seat, kind in enumerate(seats):
        at.selectbox(key=f"{ns}:new_seat_{seat}").set_value(kind)
    if pace is not None:
        at.select_slider(key=f"{ns}:new_pace").set_value(pace)
    for name in ticks:
        at.checkbox(key=f"{ns}:new_{name}").check()
    press(at, "Start new game")
    assert page_session(at, ns).seed == seed
    return at


def open_with(app, page: str, **query: str) -> AppTest:
    """Page ``page`` opened from a link with these query parameters (``?table=CODE``)."""
    at = app()
    for name, value in query.items():
        at.query_params[name] = value
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
    return at


def play_picked(at: AppTest, ns: str, code: str) -> AppTest:
    """Pick ``code`` in the hand's picker of page ``ns`` and press its Play button."""
    at.pills(key=f"{ns}:pick").set_value(code)
    at.button(key=f"{ns}:play").click()
    at.run()
    assert not at.exception, at.exception
    return at


def _open(at: AppTest, key: str) -> AppTest:
    at.session_state[key] = True  # what a click on the popover's button does
    at.run()
    assert not at.exception, at.exception
    return at


def _cell(text: str):
    """A shown cell back as a value: escapes undone, numbers as numbers."""
    text = re.sub(r"\\(.)", r"\1", text.strip())
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def shown_tables(at: AppTest) -> list[pd.DataFrame]:
    """Every table on the page as a frame: ``st.table``s, and the Play area's tables drawn as
    Markdown text (``ui.kit.text_table``), read back from the text the reader sees."""
    tables = [t.value for t in at.table]
    for block in (m.value for m in at.markdown):
        # A table may follow its heading in the same block (``show_table(title=…)``).
        for found in re.finditer(r"^\| .*\n\| ---.*(?:\n\|.*)*", block, re.MULTILINE):
            lines = found.group().splitlines()
            rows = [[_cell(c) for c in re.split(r"(?<!\\)\|", line)[1:-1]] for line in lines]
            tables.append(pd.DataFrame(rows[2:], columns=[str(c) for c in rows[0]]))
    return tables
