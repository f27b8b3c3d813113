"""Undo at a shared table is a request the others accept.

A seated person asks to take back **their own last move**: the table would go back to the
position just before it, so any moves played since (a bot's answer, another player's reply) go
back too. Taking back someone else's move is not offered: the player who slipped is the one who
asks, and the others decide. Every other person at the table must accept (bots accept at once:
when the host hands the seat of the last person still to answer to a bot, the undo lands); one
refusal closes the request, and so does any move (the request names the version it was asked
at: once the table's version moves, the request is void and an acceptance is refused).
The undo lands, in the table's lock, only on that version; a move racing it is refused, or
lands first and voids the request, never both.

**The asker replays nothing they have seen.** A move that showed the asker something hidden from
them — a card drawn, another player's card played from a hidden hand, a peek, a roll of the
dice — cannot be undone, nor can any move before it: the asker would play again knowing what it
showed (:func:`engine.core.reveals.reveals` asks the game's own views). What the *others* saw
(the asker's card, say) is theirs to weigh: each of them must accept. So undo mends a slip
before the asker learns anything new: a card played to the wrong house before the reply, a die
set on the wrong line.

A player whose request was refused (or who withdrew it) may ask again after the next move, not
at the same position: one "no" is an answer, not the start of a flood.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.registry import game as game_of
from engine.core.reveals import reveals

from .shared_tables import (
    DONE,
    OPEN,
    REFUSED,
    WITHDRAWN,
    Refused,
    SharedTable,
    SharedTables,
    UndoRequest,
    _bump,
    _settle,
    waiting,
)

_STALE = "This undo request is no longer open: the table moved on (a move, a refusal or the undo itself)."


def news(before: SharedTable, after: SharedTable) -> str | None:
    """What a device that last saw ``before`` is told about undo requests on seeing ``after``."""
    name = game_of(after.game).INFO.seat_name
    if after.undos > before.undos and after.undo is not None:
        return f"Everyone accepted: {name(after.undo.seat)}'s move was taken back (back to move {after.version})."
    asked, last = before.asked, after.undo
    if asked is None or after.asked is not None or last is None or last.version != asked.version:
        return None
    if last.status == REFUSED:
        return f"{name(last.closed_by)} refused the undo: the game goes on."
    if last.status == WITHDRAWN:
        return f"{name(last.seat)} withdrew the undo request."
    return "A move was played: the undo request is closed."


def ask(tables: SharedTables, code: str, seat_code: str, version: int) -> SharedTable:
    """The seat ``seat_code`` holds asks, on ``version``, to take back its last move. With no
    other person at the table the undo lands at once. Returns the table; ``Refused`` otherwise."""
    table = tables.lookup(code)
    if table is None:
        raise Refused("No table has this code.")
    seat = tables._seat_of(table, seat_code)
    _check_open(table, version)
    last = table.undo
    if table.asked is not None:
        who = "You have" if table.asked.seat == seat else f"{tables._seat_name(table, table.asked.seat)} has"
        raise Refused(f"{who} already asked to take back a move: that request is answered first.", table)
    if last and last.version == table.version and last.seat == seat and last.status in (REFUSED, WITHDRAWN):
        raise Refused("Your request was answered at this position: ask again after the next move.", table)
    back_to = _last_move_of(tables, table, seat)
    _check_nothing_shown(tables, table, back_to, seat)
    with tables._locked(code) as (run, locked):
        if (locked.undos, locked.version) != (table.undos, table.version) or locked.asked is not None:
            raise Refused(_STALE, locked)
        run(
            "INSERT INTO shared_table_undo (code, undos, status, seat, version, back_to, accepted, closed_by, "
            "asked_at) VALUES (?, 0, ?, ?, ?, ?, '', -1, ?) ON CONFLICT (code) DO UPDATE SET "
            "status = excluded.status, seat = excluded.seat, version = excluded.version, "
            "back_to = excluded.back_to, accepted = '', closed_by = -1, asked_at = excluded.asked_at",
            (table.code, OPEN, seat, table.version, back_to, tables.clock()),
        )
        asked = replace(locked, undo=UndoRequest(OPEN, seat, locked.version, back_to))
        if not _settle(run, asked, tables.clock()):  # with only bots to answer it lands at once
            _bump(run, table.code, tables.clock())
    return tables.lookup(code)


def answer(tables: SharedTables, code: str, seat_code: str, version: int, accept: bool) -> SharedTable:
    """The seat ``seat_code`` holds accepts (or refuses) the request open on ``version``; the
    asker's "no" withdraws it. The last acceptance lands the undo. ``Refused`` otherwise."""
    with tables._locked(code) as (run, table):
        seat = tables._seat_of(table, seat_code, run)
        asked = table.asked
        if asked is None or version != asked.version:
            raise Refused(_STALE, table)
        now = tables.clock()
        if not accept:
            status = WITHDRAWN if seat == asked.seat else REFUSED
            run(
                "UPDATE shared_table_undo SET status = ?, closed_by = ? WHERE code = ?",
                (status, seat, table.code),
            )
            _bump(run, table.code, now)
        elif seat == asked.seat:
            raise Refused("You asked for this undo: the other players accept it or refuse it.", table)
        elif seat in asked.accepted:
            raise Refused("You have already accepted this undo; the others are still to answer.", table)
        else:
            yes = (*asked.accepted, seat)
            run(
                "UPDATE shared_table_undo SET accepted = ? WHERE code = ?",
                (",".join(map(str, yes)), table.code),
            )
            answered = replace(table, undo=replace(asked, accepted=yes))
            if not _settle(run, answered, now):  # the last "yes" lands it
                _bump(run, table.code, now)
    return tables.lookup(code)


def _check_open(table: SharedTable, version: int) -> None:
    if table.finished:
        raise Refused("The game at this table is over: its moves stay as they were played.", table)
    if version != table.version:
        raise Refused("The table moved on before your request arrived: here is the new position.", table)


def _last_move_of(tables: SharedTables, table: SharedTable, seat: int) -> int:
    rows = tables._db().query(
        "SELECT MAX(number) FROM shared_table_moves WHERE code = ? AND line = 0 AND seat = ? AND number < ?",
        (table.code, seat, table.version),
    )
    if not rows or rows[0][0] is None:
        raise Refused(
            "You have not played a move at this table yet: there is nothing of yours to take back.", table
        )
    return int(rows[0][0])


def _check_nothing_shown(tables: SharedTables, table: SharedTable, back_to: int, asker: int) -> None:
    """``Refused`` if a move from ``back_to`` on showed ``asker`` something hidden from them."""
    game = game_of(table.game)
    state = game.new_game(table.seed, table.players, **table.options)
    tokens = tables.moves(table.code, upto=table.version)
    for number, token in enumerate(tokens):
        action = game.decode_action(token)
        if number >= back_to and reveals(game, state, action, table.players, seats=(asker,)):
            raise Refused(
                f"Move {number + 1} showed you something that was hidden (a card drawn or played from "
                "a hand, a peek, a roll of the dice): taken back, you would play again knowing it, "
                "so the table cannot go back past it.",
                table,
            )
        state = game.apply(state, action)


__all__ = ["DONE", "OPEN", "REFUSED", "WITHDRAWN", "answer", "ask", "news", "waiting"]
