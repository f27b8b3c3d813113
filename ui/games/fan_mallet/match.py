"""Fan & Mallet match play, kept by the page across games (pure Python, no Streamlit).

Two people, "Player 1" and "Player 2", play several games to a target chosen at the start.
The winner of a game scores 7 − the loser's placed markers; the loser is White (God of
riches, who starts) in the next game — this app's ruling (a Rule note): the rulebook says
only that whoever last saw a kid ghost starts.

>>> record = new_record()
>>> points_text(record), champion(record) is None
('Player 1 0 – 0 Player 2', True)
"""

from __future__ import annotations

import engine.fan_mallet as fm

PERSONS = ("Player 1", "Player 2")
DEFAULT_TARGET = 10


def new_record(target: int = DEFAULT_TARGET) -> dict:
    """A match record (Player 1 plays White in the first game)."""
    return {"target": target, "games": {}, "white_person": 0}


def person_of(record: dict, seat: int) -> int:
    return record["white_person"] if seat == 0 else 1 - record["white_person"]


def record_game(record: dict, session) -> str | None:
    """Count a finished game once (the same deal finished again after an undo replaces it);
    returns the sentence saying who scored what."""
    final = session.state
    result = fm.outcome(final)
    if result.winner is None:
        return None
    loser = 1 - result.winner
    placed = fm.markers(final)[fm.FACTIONS[loser]]
    winner = person_of(record, result.winner)
    points = fm.MARKERS - placed
    record["games"][session.deal_key()] = {
        "winner": winner,
        "loser_person": person_of(record, loser),
        "points": points,
        "text": f"{PERSONS[winner]} ({fm.FACTIONS[result.winner]}) won: {fm.MARKERS} − {placed} = {points} point(s)",
    }
    return record["games"][session.deal_key()]["text"]


def last_loser(record: dict) -> int | None:
    games = list(record["games"].values())
    return games[-1]["loser_person"] if games else None


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


def score_line(record: dict) -> str:
    """``"to 10: Player 1 (white) 7 – 3 Player 2 (black)"``."""
    p = points(record)
    a, b = ("white", "black") if record["white_person"] == 0 else ("black", "white")
    return f"to {record['target']}: {PERSONS[0]} ({a}) {p[0]} – {p[1]} {PERSONS[1]} ({b})"


def history_lines(record: dict) -> list[str]:
    return [g["text"] for g in record["games"].values()]


def champion(record: dict) -> int | None:
    p = points(record)
    best = max(range(2), key=lambda i: p[i])
    return best if p[best] >= record["target"] else None
