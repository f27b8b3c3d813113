"""Hostile input through each game page (AppTest): share-link query parameters, the pasted
link, the save upload, and Tanuki Matsuri's sheet and Yokai Carnival's deck uploads.

After a move, every hostile input must show an error, leave the game in progress exactly as
it was (the same save text) and raise nothing; no message on the page holds a live link,
image or HTML. AppTest drives ``st.file_uploader`` itself (``set_value``), so the uploads go
through the real widget and callback.

Every input runs on every page with ``DOJO_SOAK=1``; otherwise each page gets a share of
them in turn (every input still runs on some page), to keep ``make test`` short.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from streamlit.testing.v1 import AppTest

from engine.core import encode_link, registry
from engine.core.save import MAX_SAVE_BYTES
from engine.tanuki_matsuri.sheet import DEFAULT_SHEET, sheet_to_dict
from engine.yokai_carnival.cards import DEFAULT_DECK
from tests.app.helpers import open_new_game, open_save
from tests.hostile.fuzz import SOAK, assert_inert_markdown, bomb_token, nested
from ui.kit.datafile import MAX_DATA_FILE_BYTES
from ui.kit.links import MAX_PASTE_CHARS

IDS = [g.INFO.id for g in registry.games()]
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
LINK = "[x](javascript:alert(1))"
SUSPECT = ("evil", "alert(", "onerror", "javascript", "<script")


@dataclass(frozen=True)
class Hostile:
    """One hostile input: what it is, how it reaches the page, what the error must say."""

    name: str
    feed: Callable[[AppTest, str], None]
    says: str
    only: str | None = None  # a game id: the page with that upload
    file: str | None = None  # that upload's data file (its noun): nothing of it may be kept


def param(value) -> Callable[[AppTest, str], None]:
    def feed(at: AppTest, ns: str) -> None:
        at.query_params["game"] = value(ns) if callable(value) else value
        at.run()

    return feed


def paste(text) -> Callable[[AppTest, str], None]:
    def feed(at: AppTest, ns: str) -> None:
        open_save(at, ns).text_input(key=f"{ns}:paste").input(text).run()

    return feed


def upload(key: str, name: str, data: bytes) -> Callable[[AppTest, str], None]:
    def feed(at: AppTest, ns: str) -> None:
        (open_save if key == "upload" else open_new_game)(at, ns)  # the save's or New game's
        at.file_uploader(key=f"{ns}:{key}").set_value((name, data, "application/json")).run()

    return feed


def seed(text: str) -> Callable[[AppTest, str], None]:
    def feed(at: AppTest, ns: str) -> None:
        open_new_game(at, ns).text_input(key=f"{ns}:new_seed").input(text)
        at.button(key=f"{ns}:start").click().run()

    return feed


def other_game_token(ns: str) -> str:
    other = next(g for g in registry.games() if g.INFO.id != ns)
    return encode_link(other.to_json(other.new_game(1, other.INFO.default_players)))


def other_game_save(ns: str) -> bytes:
    other = next(g for g in registry.games() if g.INFO.id != ns)
    return other.to_json(other.new_game(1, other.INFO.default_players)).encode()


def bad_sheet_name() -> bytes:
    return json.dumps(dict(sheet_to_dict(DEFAULT_SHEET), name=LINK)).encode()


def bad_deck_text() -> bytes:
    deck = json.loads(json.dumps(DEFAULT_DECK))
    deck["generals"][1]["text"] = "![x](http://evil.example/p.png)"
    deck[IMG] = 1
    return json.dumps(deck).encode()


DAMAGED = "damaged or incomplete"
NOT_SAVE = "could not be opened, so the game on screen was kept"
HOSTILE = (
    Hostile("script in the link", param(SCRIPT), DAMAGED),
    Hostile("decompression bomb link", param(bomb_token()), DAMAGED),
    Hostile("link of another game", param(other_game_token), "is for the game"),
    Hostile("100,000-character link", param("A" * 100_000), DAMAGED),
    Hostile("repeated link params", param([SCRIPT, LINK]), DAMAGED),
    Hostile("pasted markdown link", paste(LINK), DAMAGED),
    Hostile("pasted bad IPv6 address", paste("http://[evil/?game=abc"), DAMAGED),
    Hostile("pasted bomb", paste("?game=" + bomb_token()), DAMAGED),
    Hostile("pasted text too long", paste("x" * (MAX_PASTE_CHARS + 1)), "too long for a share link"),
    Hostile("seed with an image tag", seed(IMG), "Could not start that game: a seed is a whole number"),
    Hostile(
        "seed of 50,000 digits", seed("9" * 50_000), "Could not start that game: a seed is a whole number"
    ),
    Hostile("seed in other digits", seed("٣²"), "Could not start that game: a seed is a whole number"),
    Hostile("save of random bytes", upload("upload", "game.json", b"\xff\xfe\x00\x81" * 64), "not text"),
    Hostile("save nested 100k deep", upload("upload", f"{IMG}.json", nested().encode()), "not valid JSON"),
    Hostile("save too large", upload("upload", f"{LINK}.json", b" " * (MAX_SAVE_BYTES + 1)), "too large"),
    Hostile(
        "save of another game",
        lambda at, ns: upload("upload", "x.json", other_game_save(ns))(at, ns),
        NOT_SAVE,
    ),
    Hostile(
        "sheet nested",
        upload("sheet_upload", f"{IMG}.json", nested().encode()),
        "not a valid sheet",
        "tanuki_matsuri",
        "sheet",
    ),
    Hostile(
        "sheet too large",
        upload("sheet_upload", "s.json", b" " * (MAX_DATA_FILE_BYTES + 1)),
        "larger than",
        "tanuki_matsuri",
        "sheet",
    ),
    Hostile(
        "sheet named with a link",
        upload("sheet_upload", "s.json", bad_sheet_name()),
        "name: may not contain",
        "tanuki_matsuri",
        "sheet",
    ),
    Hostile(
        "sheet of random bytes",
        upload("sheet_upload", f"{LINK}.json", b"\xff" * 99),
        "not a text file",
        "tanuki_matsuri",
        "sheet",
    ),
    Hostile(
        "deck nested",
        upload("deck_upload", f"{LINK}.json", nested().encode()),
        "not a valid deck",
        "yokai_carnival",
        "deck",
    ),
    Hostile(
        "deck too large",
        upload("deck_upload", "d.json", b" " * (MAX_DATA_FILE_BYTES + 1)),
        "larger than",
        "yokai_carnival",
        "deck",
    ),
    Hostile(
        "deck with an image and a tag",
        upload("deck_upload", "d.json", bad_deck_text()),
        "may not contain",
        "yokai_carnival",
        "deck",
    ),
)


def share(game_id: str) -> list[Hostile]:
    """The inputs for one page: all with DOJO_SOAK=1, else every fourth of the general ones
    (each runs on some page) and all of the page's own uploads."""
    own = [h for h in HOSTILE if h.only == game_id]
    general = [h for h in HOSTILE if h.only is None]
    if not SOAK:
        general = general[IDS.index(game_id) :: len(IDS)]
    return general + own


def started(at: AppTest, ns: str):
    """The page's game with a person at every seat (no bot moves between runs) after one move."""
    session = at.session_state[f"{ns}:session"]
    session = session.with_seats(("human",) * len(session.seats))
    session = session.play(session.game.legal_actions(session.state)[0])
    at.session_state[f"{ns}:session"] = session
    at.run()
    assert not at.exception, at.exception
    return session.save_text()


def assert_page_inert(at: AppTest) -> None:
    """Every alert is inert Markdown; so is any other text showing a piece of the input."""
    for kind in ("error", "warning", "success", "info"):
        for element in getattr(at, kind):
            assert_inert_markdown(str(element.value), one_block=False)
    for kind in ("markdown", "caption"):
        for element in getattr(at, kind):
            if any(s in str(element.value) for s in SUSPECT):
                assert_inert_markdown(str(element.value), one_block=False)


@pytest.mark.parametrize("game_id", IDS)
def test_hostile_input_is_refused_and_the_game_is_kept(open_page, game_id):
    at = open_page(f"pages/{game_id}.py")
    before = started(at, game_id)
    for hostile in share(game_id):
        hostile.feed(at, game_id)
        assert not at.exception, (hostile.name, at.exception)
        errors = [str(e.value) for e in at.error]
        assert errors and hostile.says in errors[-1], (hostile.name, errors)
        assert at.session_state[f"{game_id}:session"].save_text() == before, hostile.name
        assert_page_inert(at)
        if hostile.file:  # nothing was kept for the next New game either
            assert f"{game_id}:{hostile.file}_custom" not in at.session_state, hostile.name


@pytest.mark.parametrize("game_id", IDS[:2] if not SOAK else IDS)
def test_a_link_with_garbage_seats_opens_with_people_at_every_seat(open_page, game_id):
    at = open_page(f"pages/{game_id}.py")
    game = registry.game(game_id)
    state = game.new_game(5, game.INFO.default_players)
    state = game.apply(state, game.legal_actions(state)[0])
    at.query_params["game"] = encode_link(game.to_json(state))
    at.query_params["seats"] = ",".join([SCRIPT, LINK] * 50)
    at.run()
    assert not at.exception, at.exception
    session = at.session_state[f"{game_id}:session"]
    assert session.save_text() == game.to_json(state)
    assert set(session.seats) == {"human"}
    success = " ".join(str(s.value) for s in at.success)
    assert "Game restored from the share link" in success and "people play every seat" in success
    assert_page_inert(at)
