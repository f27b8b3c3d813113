"""Sealed share links without a browser: the server's key, the sealing itself, and what the
address bar and the Save / share popover of a game page hold (AppTest)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.core import BadSave, decode_link, encode_link, registry, rng_for
from storage import keys as server_keys
from storage.keys import KEY_BYTES, KEY_FILE, KeyUnavailable, derived_key, kept_key, link_key
from tests.app.helpers import open_save
from tests.support.example import example_game, example_page
from ui.kit.links import LINK_PARAM, SEATS_PARAM
from ui.kit.sealing import FOREIGN, PREFIX, is_sealed, seal, unseal
from ui.kit.sharing import save_file_name

ROOT = Path(__file__).resolve().parents[2]
KEY = derived_key("the tests' key")
OTHER_KEY = derived_key("another server's key")
SEED = 6_543_210_987_654_321_012
EXAMPLE = example_game()
"""The example game (the test game, Pebbles)."""


def mid_game(game, seed: int = SEED, moves: int = 6):
    """A game ``moves`` seeded random moves in (fewer if it ends first), from ``seed``."""
    state, rng = game.new_game(seed, game.INFO.default_players), rng_for(1, "mid game")
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


# -- the key -----------------------------------------------------------------------------


def test_the_key_comes_from_dojo_secret_key_when_it_is_set(monkeypatch, tmp_path):
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))
    monkeypatch.setenv("DOJO_SECRET_KEY", "a school's own string")
    assert link_key() == derived_key("a school's own string") != derived_key("a school's own strinG")
    assert len(link_key()) == KEY_BYTES
    assert not (tmp_path / KEY_FILE).exists()  # nothing written when the key is given


def test_without_dojo_secret_key_a_key_is_made_once_in_the_data_folder(monkeypatch, tmp_path):
    data = tmp_path / "data"
    monkeypatch.setenv("DOJO_HIGHSCORES", str(data / "scores.sqlite3"))
    monkeypatch.delenv("DOJO_SECRET_KEY", raising=False)
    key = link_key()
    path = data / KEY_FILE
    assert len(key) == KEY_BYTES and path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in data.iterdir()] == [KEY_FILE]  # no temporary file left behind
    server_keys._KEPT.clear()  # as a restarted process: it reads the kept key back
    assert link_key() == key


KEY_OF_A_NEW_PROCESS = """
import sys
from storage.keys import kept_key
sys.stdout.write(kept_key(sys.argv[1]).hex())
"""


def test_processes_starting_at_once_agree_on_one_key(tmp_path):
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", KEY_OF_A_NEW_PROCESS, str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),
        )
        for _ in range(6)
    ]
    keys = {proc.communicate(timeout=120)[0] for proc in procs}
    assert all(proc.returncode == 0 for proc in procs)
    assert keys == {kept_key(tmp_path).hex().encode()}


def test_a_damaged_key_file_or_an_unwritable_folder_is_said_plainly(tmp_path):
    (tmp_path / KEY_FILE).write_text("not a key\n")
    with pytest.raises(KeyUnavailable, match="damaged"):
        kept_key(tmp_path)
    blocked = tmp_path / "file"
    blocked.write_text("")
    with pytest.raises(KeyUnavailable, match="DOJO_SECRET_KEY"):
        kept_key(blocked / "inside")  # a folder that cannot exist


# -- sealing -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.INFO.id)
def test_a_sealed_link_round_trips_and_holds_no_seed_nor_save(game):
    state = mid_game(game)
    text = game.to_json(state)
    seats = ("human",) + ("greedy",) * (game.INFO.default_players - 1)
    token = seal(text, seats, KEY)
    assert is_sealed(token) and token.startswith(PREFIX)
    assert unseal(token, KEY) == (text, seats)
    assert seal(text, seats, KEY) == token  # the same position: the same link (no churn in the URL)
    assert str(SEED) not in token and str(SEED) in text
    with pytest.raises(BadSave):
        decode_link(token)  # not a plain link: it does not inflate to the save
    assert token != seal(text, ("random",) * len(seats), KEY)  # the seats are inside


@pytest.mark.parametrize("game", registry.games(), ids=lambda g: g.INFO.id)
def test_the_length_of_a_sealed_link_says_nothing_about_the_seed(game):
    """Two deals that differ only in their seed seal to links of the same length: the seed
    is not compressed with the rest (a compressed seed would leak through the length)."""
    text = game.to_json(game.new_game(SEED, game.INFO.default_players))
    lengths = {
        len(seal(text.replace(str(SEED), str(seed)), (), KEY)) for seed in (SEED, 10**18 + 1, 2**63 - 1)
    }
    assert len(lengths) == 1


def test_a_tampered_cut_foreign_or_made_up_link_is_refused_in_one_sentence():
    text = EXAMPLE.to_json(mid_game(EXAMPLE))
    token = seal(text, ("human", "greedy"), KEY)
    body = token[len(PREFIX) :]
    flipped = [
        PREFIX + body[:i] + ("A" if body[i] != "A" else "B") + body[i + 1 :]
        for i in (0, len(body) // 2, len(body) - 1)
    ]
    bad = [
        *flipped,
        token[:-1],
        token[:-20],
        PREFIX,
        PREFIX + "x",
        PREFIX + "!!!not base64!!!",
        PREFIX + encode_link(text),  # a plain link dressed up as a sealed one
        encode_link(text),  # a plain link is not sealed
        "",
    ]
    for token_ in bad:
        with pytest.raises(BadSave) as refused:
            unseal(token_, KEY)
        assert str(refused.value) == FOREIGN, token_
    with pytest.raises(BadSave, match="another server or is damaged"):
        unseal(token, OTHER_KEY)
    with pytest.raises(BadSave, match="too long"):
        unseal(PREFIX + "A" * 600_000, KEY)


# -- a game page (AppTest) ---------------------------------------------------------------


@pytest.fixture
def page(monkeypatch, tmp_path):
    """A game page of the app, run once, on a server whose key is kept in ``tmp_path``."""
    monkeypatch.setenv("DOJO_TEST_GAMES", "1")
    monkeypatch.setenv("DOJO_HIGHSCORES", str(tmp_path / "scores.sqlite3"))
    monkeypatch.delenv("DOJO_SECRET_KEY", raising=False)

    def open_at(path: str, query: dict | None = None) -> AppTest:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        at.run()
        for name, value in (query or {}).items():
            at.query_params[name] = value
        at.switch_page(path).run()
        assert not at.exception, at.exception
        return at

    return open_at


def address(at: AppTest, name: str = LINK_PARAM) -> str | None:
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def everything_sent(at: AppTest) -> str:
    """Every element the page sent, as protobuf text (what the browser receives)."""
    out = []

    def walk(node) -> None:
        proto = getattr(node, "proto", None)
        if proto is not None:
            out.append(str(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return "\n".join(out)


def session_of(at: AppTest, ns: str):
    return at.session_state[f"{ns}:session"]


def test_the_address_bar_holds_a_sealed_link_and_the_page_no_seed(page):
    at = page("pages/fan_mallet.py")
    session = session_of(at, "fan_mallet")
    token = address(at)
    assert is_sealed(token) and address(at, SEATS_PARAM) is None
    assert unseal(token, link_key()) == (session.save_text(), session.seats)
    assert session.seats[1] != "human"  # the page opens against a bot, and the link says so
    sent = everything_sent(open_save(at, "fan_mallet"))
    assert str(session.seed) not in sent and str(session.seed) not in token
    assert '"format":"tabletop-dojo-save"' not in sent
    assert token in sent  # the popover's share link is the sealed one


def test_an_old_plain_link_opens_with_its_seats_and_the_address_bar_turns_sealed(page):
    state = mid_game(registry.game("fan_mallet"), moves=3)
    text = registry.game("fan_mallet").to_json(state)
    at = page("pages/fan_mallet.py", {LINK_PARAM: encode_link(text), SEATS_PARAM: "human,greedy"})
    assert any("Game restored from the share link" in str(s.value) for s in at.success)
    session = session_of(at, "fan_mallet")
    assert session.save_text() == text and session.seats == ("human", "greedy")
    token = address(at)
    assert is_sealed(token) and address(at, SEATS_PARAM) is None
    assert unseal(token, link_key()) == (text, ("human", "greedy"))


def test_a_sealed_link_opens_elsewhere_with_its_bot_seats(page):
    game = registry.game("yokai_carnival")
    text = game.to_json(mid_game(game, moves=5))
    first = page("pages/yokai_carnival.py")
    token = seal(text, ("greedy", "human"), link_key())
    at = page("pages/yokai_carnival.py", {LINK_PARAM: token})  # another browser, same server key
    session = session_of(at, "yokai_carnival")
    assert session.save_text() == text and session.seats == ("greedy", "human")
    assert session_of(first, "yokai_carnival").save_text() != text
    assert address(at) == token


@pytest.mark.parametrize("how", ["tampered", "foreign key", "garbage"])
def test_a_bad_sealed_link_says_so_and_keeps_the_game(page, how):
    at = page("pages/yokai.py")
    before = session_of(at, "yokai").save_text()
    game = registry.game("yokai")
    good = seal(game.to_json(mid_game(game)), ("human", "human"), link_key())
    token = {
        "tampered": good[:-3] + ("AAA" if good[-3:] != "AAA" else "BBB"),
        "foreign key": seal(game.to_json(mid_game(game)), ("human", "human"), OTHER_KEY),
        "garbage": PREFIX + "garbage",
    }[how]
    open_save(at, "yokai").text_input(key="yokai:paste").input(
        f"http://dojo.example/yokai?game={token}"
    ).run()
    assert not at.exception
    errors = [str(e.value) for e in at.error]
    assert errors and "could not be opened, so the game on screen was kept" in errors[-1]
    assert "made by another server or is damaged" in errors[-1]
    assert session_of(at, "yokai").save_text() == before


def test_the_mid_game_save_file_says_it_reveals_the_deal_and_is_made_on_the_click(page):
    at, ns = page(example_page()), EXAMPLE.INFO.id
    session = session_of(at, ns)
    assert not session.over
    button = open_save(at, ns).get("download_button")[0]
    assert "reveals the deal" in button.proto.label
    assert save_file_name(EXAMPLE, session) == f"{ns}-move{session.cursor}-reveals-the-deal.json"
    assert not button.proto.url  # made on the click only (deferred): the page holds no save
    assert any("This file reveals the deal" in str(w.value) for w in at.warning)


def test_after_the_game_the_save_file_names_its_seed(page):
    game, ns = EXAMPLE, EXAMPLE.INFO.id
    state = game.new_game(SEED, 2)
    while not game.is_over(state):
        state = game.apply(state, game.legal_actions(state)[0])
    at = page(example_page(), {LINK_PARAM: encode_link(game.to_json(state))})
    session = session_of(at, ns)
    assert session.over
    button = open_save(at, ns).get("download_button")[0]
    assert save_file_name(game, session) == f"{ns}-seed{SEED}-move{session.cursor}.json"
    assert "reveals" not in button.proto.label
    assert not any("This file reveals the deal" in str(w.value) for w in at.warning)


def test_a_server_without_a_key_plays_on_without_links(page, tmp_path, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv("DOJO_HIGHSCORES", str(blocked / "scores.sqlite3"))  # no folder can be made there
    at = page(example_page())
    assert address(at) is None
    warnings = open_save(at, EXAMPLE.INFO.id).warning
    assert any("Share links are off on this server" in str(w.value) for w in warnings)
