"""Helpers for the browser tests of shared tables: a device (one browser context, with every
websocket message it received), opening and joining a table from the pages, and the check
that no message a device received holds what its seat's view does not know.

The check is built from the engine's views, not from card names: at each position of the
table's log (rebuilt from the database), the strings the board would draw for a seat that
knew everything, less those it draws from ``view(state, seat)``, are what must never reach
that seat's device (a card name alone may be public: cards come in copies, and a seen card
is drawn by name). Each test also checks positively that its device did receive what its
own view draws, so the check looks where a leak would be.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from playwright.sync_api import expect

from engine.core.registry import game as game_of
from storage.shared_tables import SharedTables
from tests.e2e.browser import SOAK, click_until, open_page, wait_idle
from ui.kit.shared_table_view import MOVES_KEY, moves_played

CODE = re.compile(r"Table ([0-9A-Z]{3}-[0-9A-Z]{3})")
SEAT_CODE = re.compile(r"Your seat code: ([0-9A-Z]{4}-[0-9A-Z]{4})")
SPECIFIC = 12
"""Drawn strings shorter than this (a colour, "hand", " · line 2") say nothing of one card."""


def keyed(page, game: str, name: str):
    """The element of the widget keyed ``name`` on ``game``'s page (Streamlit's ``st-key-`` class)."""
    return page.locator(
        ".st-key-" + "".join(c if c.isalnum() or c in "_-" else "-" for c in f"{game}:{name}")
    )


def moves_shown(page):
    """The caption of the table's moves on ``page`` (keyed :data:`MOVES_KEY`, in any game): the
    element that changes when a move lands, read whole ("2 moves" is not "12 moves")."""
    return page.locator(f"[class*='-{MOVES_KEY}']")


def expect_moves(page, moves: int, timeout: float = 30_000) -> None:
    """Wait until ``page`` says ``moves`` moves were played at its table."""
    expect(moves_shown(page)).to_have_text(moves_played(moves), timeout=timeout)


class Device:
    """One browser context at the table: its page and every websocket message it received.
    ``marks``: (moves this device showed, messages it had received by then)."""

    def __init__(self, browser, url: str, path: str = "") -> None:
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.frames: list[bytes] = []
        self.page.on(
            "websocket",
            lambda ws: ws.on(
                "framereceived",
                lambda data: self.frames.append(data if isinstance(data, bytes) else data.encode()),
            ),
        )
        self.marks: list[tuple[int, int]] = []
        self.seat_code = ""
        open_page(self.page, url, path)

    def main(self):
        return self.page.locator("[data-testid='stMain']")

    def shows(self, moves: int) -> None:
        """Wait until this device shows ``moves`` moves played, and mark its messages so far."""
        expect_moves(self.page, moves)
        wait_idle(self.page)
        self.marks.append((moves, len(self.frames)))

    def read_seat_code(self) -> str:
        self.seat_code = SEAT_CODE.search(self.main().inner_text()).group(1)
        return self.seat_code


def open_table(device: Device, url: str, game: str, humans: int) -> str:
    """The host opens a table of ``game`` from the New game panel with ``humans`` seats for
    people (the other seats as the panel has them); returns the table's code."""
    page, info = device.page, game_of(game).INFO
    page.goto(f"{url}/{game}")
    wait_idle(page)
    page.get_by_role("button", name=re.compile("New game")).click()
    if humans != info.default_players:
        box = page.get_by_role("spinbutton", name="Players")
        box.fill(str(humans))
        box.press("Enter")
        wait_idle(page)
    for seat in range(1, humans):
        choice = page.get_by_role("combobox", name=info.seat_name(seat))
        if choice.input_value() != "Human":
            choice.click()
            page.get_by_role("option", name="Human", exact=True).click()
    page.get_by_role("button", name="👥 Open a table").click()
    expect_moves(page, 0)
    page.keyboard.press("Escape")
    wait_idle(page)
    code = CODE.search(device.main().inner_text()).group(1)
    assert f"table={code.replace('-', '')}" in page.url and "game=" not in page.url
    device.read_seat_code()
    return code


def join_table(device: Device, url: str, game: str, code: str, seat: int) -> None:
    """A pupil opens the table's link and takes ``seat``."""
    device.page.goto(f"{url}/{game}?table={code}")
    wait_idle(device.page)
    keyed(device.page, game, f"take_{seat}").get_by_role("button").click()
    expect(device.main()).to_contain_text(f"you play {game_of(game).INFO.seat_name(seat)}")
    device.read_seat_code()


def reclaim_seat(device: Device, url: str, game: str, code: str, moves: int) -> None:
    """After a reload (or on another process): open the table's link, retype the seat code,
    and wait for the table's position."""
    page = device.page
    if f"table={code.replace('-', '')}" not in page.url:
        page.goto(f"{url}/{game}?table={code}")
    wait_idle(page)
    box = page.get_by_role("textbox", name="Had a seat here? Type your seat code")
    box.fill(device.seat_code)
    box.press("Enter")
    expect(device.main()).to_contain_text("Your seat is back.")
    device.shows(moves)


def press_action(device: Device, game: str, token: str, moves: int) -> None:
    """Press the side panel's button of the action ``token`` (keyed by the game's codec) and
    wait for the table's next move on this device."""
    button = keyed(device.page, game, f"act:{token}").get_by_role("button")
    click_until(
        button.click,
        lambda: expect_moves(device.page, moves + 1, timeout=8_000),
    )


def play_table(
    devices: list[Device],
    tables: SharedTables,
    code: str,
    first_moves: int,
    move: Callable[[Device, object, int], None],
    before: Callable[[int], None] | None = None,
) -> tuple[int, list[tuple[Device, int, str]]]:
    """Play at the table: each move by the device whose seat is to move, once it shows the
    table's last move and says it is its turn (``move(device, state, moves)`` plays it;
    ``before(moves)`` runs first), the whole game under CI (``DOJO_SOAK``), else the first
    ``first_moves``. Then every device shows the last move (and, the game over, says so).
    Returns the moves played and every tenth mover's page HTML as (device, moves, html)."""
    table = tables.lookup(code)
    game = game_of(table.game)
    moves, pages = 0, []
    for device in devices:  # every device's messages are checked from the deal on
        device.shows(0)
    while not table.finished and (SOAK or moves < first_moves):
        state = tables.state(code, table)
        mover = devices[game.current_player(state)]
        mover.shows(moves)  # the other devices are marked at their own turns
        expect(mover.main()).to_contain_text("Your turn")
        if before is not None:
            before(moves)
        if moves % 10 == 1:
            pages.append((mover, moves, mover.page.content()))
        move(mover, state, moves)
        moves += 1
        table = tables.lookup(code)
        assert table.version == moves
    for device in devices:
        device.shows(moves)
        if SOAK:
            expect(device.main()).to_contain_text("Game over")
    return moves, pages


def check_devices(
    devices: list[Device], pages, moves: int, hidden, known, code: str, tables: SharedTables
) -> None:
    """No page HTML in ``pages`` nor any message a device received holds what its seat did
    not know (``hidden(seat, j)`` / ``known(seat, j)``: see :func:`check_messages`), nor the seed."""
    table = tables.lookup(code)
    for device, shown, html in pages:
        seat = devices.index(device)
        leaked = found(html, hidden(seat, shown), known(seat, shown))
        assert not leaked, f"what seat {seat} did not know, in its HTML at move {shown}: {leaked[:3]}"
        assert str(table.seed) not in html
    for seat, device in enumerate(devices):
        checked = check_messages(
            device,
            moves,
            lambda j, s=seat: hidden(s, j),
            lambda j, s=seat: known(s, j),
            table.finished,
            table.seed,
        )
        assert checked > 5, "too few websocket messages were checked"


def play_first_actions(devices: list[Device], tables: SharedTables, code: str, moves: int, count: int) -> int:
    """``count`` moves, each by the device whose seat is to move, pressing the button of the
    first legal action once it shows the table's last move; the number of moves played then."""
    table = tables.lookup(code)
    game = game_of(table.game)
    for _ in range(count):
        state = tables.state(code)
        mover = devices[game.current_player(state)]
        mover.shows(moves)
        press_action(mover, table.game, game.encode_action(game.legal_actions(state)[0]), moves)
        moves += 1
    return moves


def positions(tables: SharedTables, code: str) -> list:
    """Every full state of the table's game, from the deal to now (rebuilt from the log)."""
    table = tables.lookup(code)
    game = game_of(table.game)
    states = [game.new_game(table.seed, table.players, **table.options)]
    for token in tables.moves(code):
        states.append(game.apply(states[-1], game.decode_action(token)))
    return states


def drawn(figure) -> set[str]:
    """Every string of a Plotly figure (texts, hover texts, titles) long enough to name a card."""
    strings: set[str] = set()

    def walk(item) -> None:
        if isinstance(item, str):
            if len(item) >= SPECIFIC:
                strings.add(item)
        elif isinstance(item, dict):
            for value in item.values():
                walk(value)
        elif isinstance(item, list | tuple):
            for value in item:
                walk(value)

    walk(figure.to_plotly_json())
    return strings


# A run of JSON's \\uXXXX escapes; a protobuf text dump doubles each backslash.
_ESCAPED = re.compile(r"(?:\\{1,2}u[0-9a-fA-F]{4})+")
_UNIT = re.compile(r"u([0-9a-fA-F]{4})")


def _unescaped(run: str) -> str:
    units = b"".join(int(unit, 16).to_bytes(2, "little") for unit in _UNIT.findall(run))
    return units.decode("utf-16-le", "replace")  # surrogate pairs join into one character


def as_text(frame: bytes) -> str:
    """A websocket message (or a message's text dump) as text: UTF-8, with JSON's ``\\uXXXX``
    escapes (a board's figure) read back, so a string is found however it was sent."""
    return _ESCAPED.sub(lambda m: _unescaped(m.group(0)), frame.decode("utf-8", "replace"))


def found(text: str, hidden: Iterable[str], known: Iterable[str]) -> list[str]:
    """The ``hidden`` strings in ``text`` once every ``known`` one is taken out of it (a hidden
    string may be part of a known one: "Card at B5: Oni" of "Card at B5: Oni · peeked")."""
    known = set(known)
    for string in sorted(known, key=len, reverse=True):
        text = text.replace(string, "")
    return [h for h in hidden if h not in known and h in text]


def check_messages(
    device: Device,
    moves: int,
    hidden_at: Callable[[int], Iterable[str]],
    known_at: Callable[[int], Iterable[str]],
    over: bool,
    seed: int,
) -> int:
    """No message ``device`` received holds a string of ``hidden_at(j)`` (what the board would
    draw had its seat known everything at position ``j``, less what it draws knowing what it
    knows) while it was at positions ``j``; returns how many were checked. Messages between
    two marks draw the positions between them, so the strings hidden at one of them and not
    drawn at any of them are looked for, in each message less the strings drawn at any of
    them (a leak drawn exactly as a known card is not told apart). A finished game shows
    every card: its last messages are not checked."""
    marks = device.marks + [(moves, len(device.frames))]
    checked = 0
    for (before, start), (after, end) in zip(marks, marks[1:], strict=False):
        if over and after >= moves:
            break
        span = range(before, after + 1)
        known = set().union(*(known_at(j) for j in span))
        hidden = set().union(*(hidden_at(j) for j in span))
        for i in range(start, end):
            text = as_text(device.frames[i])
            leaked = found(text, hidden, known)
            assert not leaked, f"hidden {leaked[:3]} reached the device (message {i}, moves {before}-{after})"
            assert str(seed) not in text, "the seed reached a device"
            checked += 1
    return checked


def received(device: Device, strings: Iterable[str], since: int = 0) -> list[str]:
    """The ``strings`` no message of ``device`` (from message ``since``) holds (the positive
    check: empty)."""
    texts = [as_text(frame) for frame in device.frames[since:]]
    return [s for s in strings if not any(s in text for text in texts)]
