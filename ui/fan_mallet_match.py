"""Fan & Mallet match play, kept by the page across games (rulebook: End of the game).

Two people, "Player 1" and "Player 2", play several games to a target score chosen at the
start. The winner of a game scores 7 − the loser's placed markers; the loser is White (God of
riches, who starts) in the next game. The record lives in ``session_state[f"{ns}:match"]``.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableMapping

from ui import controls
from ui.session import new_session

PERSONS = ("Player 1", "Player 2")
DEFAULT_TARGET = 10
MARKERS = 7


def _key(ns: str) -> str:
    return f"{ns}:match"


def current(state: MutableMapping, ns: str) -> dict:
    """The match record, created on first use (Player 1 plays White in the first game)."""
    if _key(ns) not in state:
        state[_key(ns)] = {"target": DEFAULT_TARGET, "games": {}, "white_person": 0}
    return state[_key(ns)]


def set_target(state: MutableMapping, ns: str) -> None:
    current(state, ns)["target"] = int(state[f"{ns}:target"])


def person_of(record: dict, seat: int) -> int:
    return record["white_person"] if seat == 0 else 1 - record["white_person"]


def record_game(record: dict, session, final) -> str | None:
    """Count a finished game once (the same deal finished again after an undo replaces it);
    returns the sentence saying who scored what."""
    game = session.game
    result = game.outcome(final)
    if result.winner is None:
        return None
    loser = 1 - result.winner
    placed = game.markers(final)[game.FACTIONS[loser]]
    key = f"{session.seed}:{hash(session.history[0])}"
    winner = person_of(record, result.winner)
    record["games"][key] = {
        "winner": winner,
        "points": MARKERS - placed,
        "text": (
            f"{PERSONS[winner]} ({game.FACTIONS[result.winner]}) won seed {session.seed}: "
            f"7 − {placed} = {MARKERS - placed} point(s)"
        ),
    }
    return record["games"][key]["text"]


def points(record: dict) -> list[int]:
    total = [0, 0]
    for g in record["games"].values():
        total[g["winner"]] += g["points"]
    return total


def points_text(record: dict, short: bool = False) -> str:
    """``"Player 1 3 – 5 Player 2"``, or ``"3 – 5 (to 10)"`` when ``short``."""
    p = points(record)
    if short:
        return f"{p[0]} – {p[1]} (to {record['target']})"
    return f"{PERSONS[0]} {p[0]} – {p[1]} {PERSONS[1]}"


def score_line(record: dict, session=None) -> str:
    """``"to 10: Player 1 (white) 7 – 3 Player 2 (black)"``."""
    p = points(record)
    a = "white" if record["white_person"] == 0 else "black"
    b = "black" if a == "white" else "white"
    return f"to {record['target']}: {PERSONS[0]} ({a}) {p[0]} – {p[1]} {PERSONS[1]} ({b})"


def history_lines(record: dict) -> list[str]:
    return [g["text"] for g in record["games"].values()]


def champion(record: dict) -> int | None:
    p = points(record)
    best = max(range(2), key=lambda i: p[i])
    return best if p[best] >= record["target"] else None


def next_game(state: MutableMapping, ns: str, game) -> None:
    """Start the next game of the match: the loser of the last game plays White (and starts)."""
    record = current(state, ns)
    session = controls.current(ns)
    final = session.state
    result = game.outcome(final)
    if result.winner is None:
        return
    record_game(record, session, final)
    kinds = {person_of(record, seat): session.seats[seat] for seat in (0, 1)}
    loser = person_of(record, 1 - result.winner)
    record["white_person"] = loser
    seed = secrets.randbelow(1_000_000)
    state[f"{ns}:session"] = new_session(game, seed, 2, (kinds[loser], kinds[1 - loser]))
    controls.flash(
        ns, "success", f"Next match game (seed {seed}): {PERSONS[loser]} lost, so plays White and starts."
    )


def reset(state: MutableMapping, ns: str) -> None:
    state.pop(_key(ns), None)
