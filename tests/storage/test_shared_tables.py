"""Shared tables (storage.shared_tables) on an SQLite file and a real PostgreSQL server: seats
held by seat codes, moves landing only on the version they were chosen at (threads racing),
bots played by whichever device polls, hostile requests refused with the table unchanged, and
idle tables cleaned."""

from __future__ import annotations

import doctest
import threading
from functools import partial

import pytest

import engine.fan_mallet as fm
import engine.yokai_carnival as yc
import storage.shared_tables as shared
from engine.core import new_seed
from storage.shared_tables import BOT, FREE, PERSON, Refused, SharedTables, normalize_seat_code
from tests.storage.racing import race


class Clock:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_the_module_examples_hold():
    failed, attempted = doctest.testmod(shared)
    assert attempted and not failed


def snapshot(tables: SharedTables, code: str) -> tuple:
    """Everything a refused request must leave as it was."""
    table = tables.lookup(code)
    return table, tables.moves(code)


def test_a_table_is_opened_joined_and_found_by_its_code_without_its_seed(place):
    tables = SharedTables(place)
    seed = new_seed()
    table, host = tables.open("fan_mallet", seed, (PERSON, PERSON), name=" Aiko\x07 ")
    assert len(table.code) == 6 and table.shown == f"{table.code[:3]}-{table.code[3:]}"
    assert normalize_seat_code(host) == host and len(host) == 8
    assert table.holders() == ("Aiko", FREE) and table.free_seats() == [1]
    assert str(seed) not in repr(table) and "seed" not in repr(table)
    guest = tables.join(table.shown.lower(), 1, "Ben")
    assert guest != host
    found = tables.lookup(table.code)
    assert found.holders() == ("Aiko", "Ben") and found.seed == seed and found.stamp == table.stamp + 1
    assert [s.holder for s in found.seats] == [PERSON, PERSON]
    assert tables.reclaim(table.code, host) == 0
    assert tables.reclaim(table.code, f" {guest[:4].lower()}-{guest[4:]} ") == 1  # retyped by a pupil
    with pytest.raises(Refused, match="not free"):
        tables.join(table.code, 1, "Chen")
    assert tables.lookup("ZZZ-ZZZ" if table.code != "ZZZZZZ" else "YYYYYY") is None
    assert tables.lookup("<b>") is None


def play_out(tables: SharedTables, code: str, codes: dict[int, str], game) -> int:
    """Both people play their seats' first legal move until the game ends; returns the moves."""
    table = tables.lookup(code)
    while not table.finished:
        state = tables.state(code, table)
        seat = game.current_player(state)
        table = tables.play(
            code, codes[seat], table.version, game.encode_action(game.legal_actions(state)[0])
        )
    return table.version


def test_a_whole_game_is_played_from_two_seats_and_kept_for_replay(place):
    tables = SharedTables(place)
    seed = new_seed()
    table, host = tables.open("fan_mallet", seed, (PERSON, PERSON))
    guest = tables.join(table.code, 1)
    moves = play_out(tables, table.code, {0: host, 1: guest}, fm)
    finished = tables.lookup(table.code)
    assert finished.finished and finished.version == moves == len(tables.moves(table.code))
    local = fm.new_game(seed, 2)
    for token in tables.moves(table.code):
        local = fm.apply(local, fm.decode_action(token))
    assert fm.is_over(local) and fm.to_json(local) == fm.to_json(tables.state(table.code))
    with pytest.raises(Refused, match="over"):
        tables.play(table.code, host, moves, fm.legal_actions(fm.new_game(seed, 2))[0])


def test_hostile_requests_are_refused_in_words_and_change_nothing(place):
    tables = SharedTables(place)
    table, host = tables.open("fan_mallet", new_seed(), (PERSON, PERSON))
    guest = tables.join(table.code, 1)
    state = tables.state(table.code)
    first = fm.legal_actions(state)[0]
    before = snapshot(tables, table.code)
    forged = "ABCDEFGH" if host != "ABCDEFGH" and guest != "ABCDEFGH" else "ABCDEFGJ"
    cases = [
        (guest, 0, first, "not your turn"),  # a move for another seat
        (forged, 0, first, "does not hold a seat"),  # a forged seat code
        ("<script>", 0, first, "does not hold a seat"),
        ("x" * 100_000, 0, first, "does not hold a seat"),
        (host, 3, first, "moved on"),  # a version that is not the table's
        (host, -1, first, "moved on"),
        (host, 0, "w:red:99", "Not allowed"),  # an illegal action
        (host, 0, "garbage" * 500, "Not allowed"),
        (host, 0, 12, "Not allowed"),
        (host, 0, fm.legal_actions(fm.apply(state, first))[0], "Not allowed"),  # Black's card
    ]
    for code, version, action, message in cases:
        with pytest.raises(Refused, match=message) as refused:
            tables.play(table.code, code, version, action)
        assert "Traceback" not in str(refused.value) and "object at" not in str(refused.value)
        assert snapshot(tables, table.code) == before
    with pytest.raises(Refused, match="No table"):
        tables.play("ZZZZZZ" if table.code != "ZZZZZZ" else "YYYYYY", host, 0, first)
    # A flood of wrong seat codes: all refused, nothing written, the real code still works.
    for _ in range(60):
        with pytest.raises(Refused):
            tables.reclaim(table.code, shared.new_seat_code())
    assert snapshot(tables, table.code) == before
    assert tables.play(table.code, host, 0, first).version == 1


@pytest.mark.parametrize("round_", range(3))
def test_of_two_moves_sent_at_once_exactly_one_lands(place, round_):
    """Two devices of the same seat (a pupil on a laptop and a phone) press different cards at
    once, eight times in a row: one lands each time, the other gets the new position."""
    tables = SharedTables(place)
    table, host = tables.open("fan_mallet", new_seed(), (PERSON, "greedy"))
    for _ in range(8):
        table = tables.lookup(table.code)
        state = tables.state(table.code)
        if fm.is_over(state):
            break
        assert fm.current_player(state) == 0
        legal = fm.legal_actions(state)
        pair = (legal[0], legal[-1])
        results = race([partial(tables.play, table.code, host, table.version, a) for a in pair])
        landed = [r for r in results if not isinstance(r, Refused)]
        refused = [r for r in results if isinstance(r, Refused)]
        assert len(landed) == 1 and len(refused) == 1, results
        assert "moved on" in str(refused[0]) and refused[0].table.version == table.version + 1
        after = tables.lookup(table.code)
        assert after.version == table.version + 1 and len(tables.moves(table.code)) == after.version
        assert tables.bot_turn(table.code)  # Black's bot answers


RACED_MOVES = 16


def test_many_threads_racing_on_one_table_keep_one_history(place):
    """Eight threads (two seats, four devices each) send a legal move of their seat on the
    version they last saw, for 16 moves: the log is one legal game, every landed move in it."""
    tables = SharedTables(place)
    seed = new_seed()
    table, host = tables.open("fan_mallet", seed, (PERSON, PERSON))
    guest = tables.join(table.code, 1)
    codes = [host, guest] * 4
    landed = [0] * len(codes)

    def device(i: int) -> None:
        for _ in range(400):
            table_now = tables.lookup(table.code)
            if table_now.version >= RACED_MOVES:
                return
            state = tables.state(table.code, table_now)
            try:
                tables.play(table.code, codes[i], table_now.version, fm.legal_actions(state)[i // 2 % 2 - 1])
                landed[i] += 1
            except Refused:
                pass

    threads = [threading.Thread(target=device, args=(i,)) for i in range(len(codes))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = tables.lookup(table.code)
    assert sum(landed) == final.version == len(tables.moves(table.code)) >= RACED_MOVES
    state = fm.new_game(seed, 2)
    for token in tables.moves(table.code):
        state = fm.apply(state, fm.decode_action(token))  # raises if any landed move was illegal
    assert fm.to_json(state) == fm.to_json(tables.state(table.code))


def test_bots_are_played_once_by_whichever_device_polls(place):
    clock = Clock()
    tables = SharedTables(place, clock=clock)
    table, host = tables.open("yokai_carnival", new_seed(), ("greedy", PERSON, "random"))
    assert table.host_seat == 1 and table.holders()[0] == "greedy bot"
    assert tables.bot_turn(table.code) and tables.lookup(table.code).version >= 1
    assert not tables.bot_turn(table.code)  # a person is to move now: nothing to do
    state = tables.state(table.code)
    assert yc.current_player(state) == 1
    # Several devices poll at once for the next bot turn: it lands once.
    tables.play(table.code, host, tables.lookup(table.code).version, yc.legal_actions(state)[0])
    before = tables.lookup(table.code)
    if yc.current_player(tables.state(table.code)) == 2:
        clock.now += 0.5
        assert not tables.bot_turn(table.code, pause=1.0)  # too soon after the last move
        clock.now += 1.0
        done = []
        barrier = threading.Barrier(4)

        def poll() -> None:
            barrier.wait()
            done.append(tables.bot_turn(table.code, pause=1.0))

        threads = [threading.Thread(target=poll) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert done.count(True) == 1
        after = tables.lookup(table.code)
        assert after.version > before.version and after.stamp == before.stamp + 1


def test_the_host_gives_a_free_or_abandoned_seat_to_a_bot(place):
    clock = Clock()
    tables = SharedTables(place, clock=clock)
    table, host = tables.open("yokai_carnival", new_seed(), (PERSON, PERSON, PERSON))
    guest = tables.join(table.code, 1, "Ben")
    with pytest.raises(Refused, match="Only the player who opened"):
        tables.give_to_bot(table.code, guest, 2, "greedy")
    with pytest.raises(Refused, match="still playing"):
        tables.give_to_bot(table.code, host, 1, "greedy")
    with pytest.raises(Refused, match="no bot called"):
        tables.give_to_bot(table.code, host, 2, "<b>hal</b>")
    with pytest.raises(Refused, match="cannot be handed"):
        tables.give_to_bot(table.code, host, 0, "greedy")
    after = tables.give_to_bot(table.code, host, 2, "greedy")
    assert after.seats[2].holder == BOT and after.holders()[2] == "greedy bot"
    clock.now += shared.AWAY_SECONDS - 1
    tables.seen(table.code, host)  # the host's device is still there; Ben's went quiet
    clock.now += 2
    after = tables.give_to_bot(table.code, host, 1, "random")
    assert after.holders() == ("a person", "random bot", "greedy bot")
    with pytest.raises(Refused, match="does not hold a seat"):
        tables.reclaim(table.code, guest)  # Ben's old code no longer holds a seat


def test_a_move_from_a_seat_handed_to_a_bot_is_not_played(place):
    clock = Clock()
    tables = SharedTables(place, clock=clock)
    table, host = tables.open("fan_mallet", new_seed(), ("greedy", PERSON), host_seat=1)
    assert tables.bot_turn(table.code)
    assert tables.play(table.code, host, 1, fm.legal_actions(tables.state(table.code))[0]).version == 2
    with pytest.raises(ValueError, match="seat for the person"):
        tables.open("fan_mallet", 1, ("greedy", "greedy"))
    with pytest.raises(ValueError, match="Unknown bot"):
        tables.open("fan_mallet", 1, (PERSON, "nobody"))


def test_idle_tables_are_deleted_after_a_day_and_finished_ones_kept_for_replay(place):
    clock = Clock()
    tables = SharedTables(place, clock=clock)
    idle, _ = tables.open("fan_mallet", new_seed(), (PERSON, "greedy"))
    done, host = tables.open("fan_mallet", new_seed(), (PERSON, "greedy"))
    tables.play(done.code, host, 0, fm.legal_actions(tables.state(done.code))[0])
    # The game's end is set as a finished move sets it (the whole-game test checks that).
    tables.database.execute("UPDATE shared_tables SET finished = 1 WHERE code = ?", (done.code,))
    clock.now += shared.IDLE_SECONDS + 1
    fresh, _ = tables.open("fan_mallet", new_seed(), (PERSON, "greedy"))  # opening cleans
    assert tables.lookup(idle.code) is None and tables.moves(idle.code) == []
    assert tables.lookup(done.code).finished and tables.lookup(fresh.code) is not None
    clock.now += shared.KEEP_FINISHED_SECONDS
    assert tables.clean() == 2
    assert tables.lookup(done.code) is None and tables.moves(done.code) == []
    assert tables.stamp(done.code) is None
