"""Undo by request at a shared table (storage.shared_table_undo) on SQLite and PostgreSQL: every
other person accepts, bots accept at once, a refusal or a move closes the request, nothing
hidden is taken back, hostile answers are refused in words with the table unchanged, and an
undo racing a move: exactly one of them lands."""

from __future__ import annotations

import threading

import pytest

import engine.fan_mallet as fm
import engine.tanuki_matsuri as tm
import engine.yokai_carnival as yc
import storage.shared_tables as shared_tables
from engine.core.reveals import reveals
from storage.shared_table_undo import REFUSED, answer, ask, news, waiting
from storage.shared_tables import PERSON, Refused, SharedTables

SEED = 7
"""Tanuki Matsuri, three players, seed 7: White takes die 3 (move 1), then sets it on a line."""


def three(place):
    tables = SharedTables(place)
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, PERSON, PERSON), name="Aiko")
    codes = [host, tables.join(table.code, 1, "Ben"), tables.join(table.code, 2, "Chen")]
    return tables, table.code, codes


def first_move(tables, code, host) -> str:
    state = tables.state(code)
    token = tm.encode_action(tm.legal_actions(state)[0])
    tables.play(code, host, 0, token)
    return token


def snapshot(tables: SharedTables, code: str) -> tuple:
    return tables.lookup(code), tables.moves(code)


def test_every_other_person_accepts_and_the_table_goes_back(place):
    tables, code, codes = three(place)
    with pytest.raises(Refused, match="not played a move"):
        ask(tables, code, codes[1], 0)
    token = first_move(tables, code, codes[0])
    before = tables.lookup(code)
    asked = ask(tables, code, codes[0], 1)
    assert asked.asked.seat == 0 and asked.asked.back_to == 0 and waiting(asked) == [1, 2]
    assert asked.stamp == before.stamp + 1 and asked.version == 1
    half = answer(tables, code, codes[1], 1, accept=True)
    assert waiting(half) == [2] and half.version == 1
    done = answer(tables, code, codes[2], 1, accept=True)
    assert done.version == 0 and done.undos == 1 and done.asked is None and tables.moves(code) == []
    assert tm.to_json(tables.state(code)) == tm.to_json(tm.new_game(SEED, 3))
    # Played again differently: the state is the new one (kept per undo count, not per version).
    other = tm.legal_actions(tm.new_game(SEED, 3))[-1]
    assert tm.encode_action(other) != token
    again = tables.play(code, codes[0], 0, other)
    assert tm.to_json(tables.state(code)) == tm.to_json(tm.apply(tm.new_game(SEED, 3), other))
    # A device that saw move 1 before the undo sends a move "on version 1": refused.
    stale = tm.legal_actions(tm.apply(tm.new_game(SEED, 3), tm.decode_action(token)))[0]
    with pytest.raises(Refused, match="moved on"):
        tables.play(code, codes[0], 1, stale, undos=0)
    assert tables.lookup(code).version == again.version == 1


def test_hostile_answers_are_refused_in_words_and_change_nothing(place):
    tables, code, codes = three(place)
    first_move(tables, code, codes[0])
    ask(tables, code, codes[0], 1)
    answer(tables, code, codes[1], 1, accept=True)
    before = snapshot(tables, code)
    forged = "ABCDEFGH" if "ABCDEFGH" not in codes else "ABCDEFGJ"
    cases = [
        (codes[0], 1, "You asked for this undo"),  # accepting your own request
        (codes[1], 1, "already accepted"),  # Ben's yes does not count again, nor for Chen
        (forged, 1, "does not hold a seat"),  # a forged seat code
        ("<script>" * 50, 1, "does not hold a seat"),
        (codes[2], 0, "no longer open"),  # an answer to a request on another version
        (codes[2], 7, "no longer open"),
    ]
    for seat_code, version, message in cases:
        with pytest.raises(Refused, match=message) as refused:
            answer(tables, code, seat_code, version, accept=True)
        assert "Traceback" not in str(refused.value)
        assert snapshot(tables, code) == before
    with pytest.raises(Refused, match="already asked"):
        ask(tables, code, codes[0], 1)
    with pytest.raises(Refused, match="Aiko|White|has already asked"):
        ask(tables, code, codes[1], 1)
    with pytest.raises(Refused, match="moved on"):
        ask(tables, code, codes[0], 0)
    assert snapshot(tables, code) == before


def test_a_refusal_or_a_move_closes_the_request(place):
    tables, code, codes = three(place)
    first_move(tables, code, codes[0])
    open_ = ask(tables, code, codes[0], 1)
    refused = answer(tables, code, codes[2], 1, accept=False)
    assert news(open_, refused) == "Player 3 refused the undo: the game goes on."
    assert refused.asked is None and refused.undo.status == REFUSED and refused.undo.closed_by == 2
    assert refused.version == 1 and len(tables.moves(code)) == 1
    with pytest.raises(Refused, match="no longer open"):
        answer(tables, code, codes[1], 1, accept=True)
    with pytest.raises(Refused, match="ask again after the next move"):
        ask(tables, code, codes[0], 1)
    # Asked again after White's next move; Ben accepts, then White plays on: the request is void.
    state = tables.state(code)
    tables.play(code, codes[0], 1, tm.legal_actions(state)[0])
    asked = ask(tables, code, codes[0], 2)
    assert asked.asked.back_to == 1  # White's own last move: setting the die on its line
    accepted = answer(tables, code, codes[1], 2, accept=True)
    mover = tm.current_player(tables.state(code))
    tables.play(code, codes[mover], 2, tm.legal_actions(tables.state(code))[0])
    assert tables.lookup(code).asked is None
    assert news(accepted, tables.lookup(code)) == "A move was played: the undo request is closed."
    with pytest.raises(Refused, match="no longer open"):
        answer(tables, code, codes[2], 2, accept=True)
    assert tables.lookup(code).version == 3


def test_with_only_bots_to_answer_the_undo_lands_at_once(place):
    tables = SharedTables(place)
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, "greedy"))
    first_move(tables, table.code, host)
    done = ask(tables, table.code, host, 1)
    assert done.version == 0 and done.undos == 1 and tables.moves(table.code) == []


def test_bots_wait_while_a_request_is_open_and_the_asker_may_withdraw_it(place):
    tables = SharedTables(place)
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, "greedy", PERSON))
    guest = tables.join(table.code, 2, "Chen")
    first_move(tables, table.code, host)
    tables.play(table.code, host, 1, tm.legal_actions(tables.state(table.code))[0])
    assert tm.current_player(tables.state(table.code)) == 1  # the bot's turn
    asked = ask(tables, table.code, host, 2)
    assert asked.asked.back_to == 1 and waiting(asked) == [2]
    assert not tables.bot_turn(table.code) and tables.lookup(table.code).version == 2
    withdrawn = answer(tables, table.code, host, 2, accept=False)
    assert withdrawn.asked is None and withdrawn.undo.status == "withdrawn"
    with pytest.raises(Refused, match="no longer open"):
        answer(tables, table.code, guest, 2, accept=True)
    assert tables.bot_turn(table.code) and tables.lookup(table.code).version > 2


def test_the_asker_replays_nothing_they_have_seen(place):
    """Yokai Carnival: a card played from a hidden hand is seen by the other seat, not by the one
    who played it: its player may ask to take it back, and the other, who saw it, decides. Fan &
    Mallet: playing a card draws the next one, which the player then knows: nothing before it
    is taken back. Nor is a game that is over."""
    tables = SharedTables(place)
    table, host = tables.open("yokai_carnival", SEED, (PERSON, PERSON), name="Aiko")
    guest = tables.join(table.code, 1, "Ben")
    state = tables.state(table.code)
    seen_by_guest_only = [
        a
        for a in yc.legal_actions(state)
        if reveals(yc, state, a, 2, seats=(1,)) and not reveals(yc, state, a, 2, seats=(0,))
    ]
    tables.play(table.code, host, 0, seen_by_guest_only[0])
    asked = ask(tables, table.code, host, 1)
    assert waiting(asked) == [1]
    assert answer(tables, table.code, guest, 1, accept=True).version == 0

    table, host = tables.open("fan_mallet", SEED, (PERSON, "greedy"))
    state = tables.state(table.code)
    card = fm.legal_actions(state)[0]
    assert reveals(fm, state, card, 2, seats=(0,))
    tables.play(table.code, host, 0, card)
    before = snapshot(tables, table.code)
    with pytest.raises(Refused, match="showed you something that was hidden"):
        ask(tables, table.code, host, 1)
    assert snapshot(tables, table.code) == before
    tables.database.execute("UPDATE shared_tables SET finished = 1 WHERE code = ?", (table.code,))
    with pytest.raises(Refused, match="over"):
        ask(tables, table.code, host, 1)


@pytest.mark.parametrize("round_", range(3))
def test_an_undo_and_a_move_racing_exactly_one_lands(place, round_):
    """Chen's acceptance (the last one: it lands the undo) and White's next move leave at once."""
    tables, code, codes = three(place)
    first_move(tables, code, codes[0])
    ask(tables, code, codes[0], 1)
    answer(tables, code, codes[1], 1, accept=True)
    move = tm.encode_action(tm.legal_actions(tables.state(code))[0])
    assert tm.current_player(tables.state(code)) == 0
    barrier, results = threading.Barrier(2), [None, None]

    def run(i: int) -> None:
        barrier.wait()
        try:
            if i == 0:
                results[i] = answer(tables, code, codes[2], 1, accept=True)
            else:
                results[i] = tables.play(code, codes[0], 1, move)
        except Refused as exc:
            results[i] = exc

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    landed = [r for r in results if not isinstance(r, Refused)]
    assert len(landed) == 1, results
    after = tables.lookup(code)
    if isinstance(results[1], Refused):  # the undo won
        assert after.version == 0 and after.undos == 1 and tables.moves(code) == []
        assert "moved on" in str(results[1])
    else:  # the move won: the request was void when Chen's yes arrived
        assert after.version == 2 and after.undos == 0 and len(tables.moves(code)) == 2
        assert "no longer open" in str(results[0])
    assert tables.state(code) is not None and len(tables.moves(code)) == after.version


def test_a_cleaned_table_leaves_no_undo_row(place):
    tables = SharedTables(place, clock=lambda: clock[0])
    clock = [1_000_000.0]
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, "greedy"))
    first_move(tables, table.code, host)
    ask(tables, table.code, host, 1)
    clock[0] += shared_tables.IDLE_SECONDS + 1
    assert tables.clean() == 1
    rows = tables.database.query("SELECT COUNT(*) FROM shared_table_undo WHERE code = ?", (table.code,))
    assert rows == [(0,)] and tables.lookup(table.code) is None


def test_a_request_whose_last_person_to_answer_goes_to_a_bot_lands(place):
    """Bots accept at once, also a bot given a seat while a request is open: Chen left without
    answering Aiko's request; while Ben has still to answer it stays open, and once the host
    hands Ben's seat to a bot too, only bots are left to answer and the undo lands."""
    clock = [1_000_000.0]
    tables = SharedTables(place, clock=lambda: clock[0])
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, PERSON, PERSON), name="Aiko")
    code, codes = table.code, [host, tables.join(table.code, 1, "Ben"), tables.join(table.code, 2, "Chen")]
    first_move(tables, code, host)
    asked = ask(tables, code, host, 1)
    clock[0] += shared_tables.AWAY_SECONDS + 1  # Ben and Chen are away; Aiko's page still polls
    tables.seen(code, host)
    chen = tables.give_to_bot(code, host, 2, "greedy")
    assert waiting(chen) == [1] and chen.asked is not None and chen.version == 1 and chen.undos == 0
    assert chen.stamp > asked.stamp and tables.moves(code) != []
    assert not tables.bot_turn(code)  # bots wait while a request is open
    done = tables.give_to_bot(code, host, 1, "greedy")
    assert done.version == 0 and done.undos == 1 and done.asked is None and tables.moves(code) == []
    assert done.stamp > chen.stamp and done.holders()[1:] == ("greedy bot", "greedy bot")
    assert (
        news(chen, done)
        == f"Everyone accepted: {tm.INFO.seat_name(0)}'s move was taken back (back to move 0)."
    )
    with pytest.raises(Refused, match="does not hold a seat"):  # Ben's seat is the bot's now
        answer(tables, code, codes[1], 1, accept=True)


def test_a_request_already_accepted_by_the_others_lands_when_the_last_one_goes_to_a_bot(place):
    """Ben accepted; Chen, the last to answer, left: handing Chen's seat to a bot lands the undo."""
    clock = [1_000_000.0]
    tables = SharedTables(place, clock=lambda: clock[0])
    table, host = tables.open("tanuki_matsuri", SEED, (PERSON, PERSON, PERSON), name="Aiko")
    code, codes = table.code, [host, tables.join(table.code, 1, "Ben"), tables.join(table.code, 2, "Chen")]
    first_move(tables, code, host)
    ask(tables, code, host, 1)
    assert waiting(answer(tables, code, codes[1], 1, accept=True)) == [2]
    clock[0] += shared_tables.AWAY_SECONDS + 1
    tables.seen(code, host)
    tables.seen(code, codes[1])  # Ben's page still polls: his seat is not abandoned
    with pytest.raises(Refused, match="still playing"):
        tables.give_to_bot(code, host, 1, "greedy")
    done = tables.give_to_bot(code, host, 2, "greedy")
    assert done.version == 0 and done.undos == 1 and done.asked is None and tables.moves(code) == []
    assert tm.to_json(tables.state(code)) == tm.to_json(tm.new_game(SEED, 3))
