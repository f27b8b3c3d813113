"""Yokai's Learn scenes: scripted deals (the engine's ``layout=`` and ``hints=``) played turn by
turn through the real rules, each with what it shows on the board and the table that explains it.

>>> [s.title for s in scenes()][:2]
['A turn, step 1: peek at two cards', 'Step 2: move one card']
>>> import engine.yokai as yk
>>> yk.is_over(scenes()[-1].state), yk.score(scenes()[-1].state)
(True, 22)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import engine.yokai as yk
from explainers.yokai import GROUPED
from explainers.yokai_words import cell_namer

MIXED = (
    ["kitsune", "kappa", "oni", "rokurokubi"]
    + ["kappa", "kitsune", "rokurokubi", "oni"]
    + ["oni", "rokurokubi", "kitsune", "kappa"]
    + ["rokurokubi", "oni", "kappa", "kitsune"]
)
"""Every family spread over the grid (row y = 0 first: the bottom row on the board)."""
SPLIT = (
    ["kitsune", "kitsune", "kappa", "kappa"]
    + ["rokurokubi", "rokurokubi", "kappa", "kappa"]
    + ["kitsune", "kitsune", "oni", "oni"]
    + ["rokurokubi", "rokurokubi", "oni", "oni"]
)
"""Kappa and Oni grouped, Kitsune and Rokurokubi each in two pairs (2 + 2)."""
HINTS = [
    ["kitsune"],
    ["kappa", "oni"],
    ["kitsune", "rokurokubi", "oni"],
    ["oni"],
    ["kitsune", "kappa"],
    ["rokurokubi", "oni", "kappa"],
    ["kappa"],
]
SCORE_HINTS = [["kitsune"], ["kappa", "oni"], ["rokurokubi"], ["oni"], ["kitsune", "kappa"]]
SCORE_HINTS += [["rokurokubi", "oni", "kappa"], ["kappa"]]


@dataclass(frozen=True)
class Scene:
    """One Learn scene: the position (a full state), whose view the board draws (None: all),
    what is picked on the board, and which explanation goes beside it (``table``: "turn",
    "refusal", "hints", "win" or "score")."""

    title: str
    text: str
    rule: str
    state: object
    seat: int | None = 0
    previous: object = None
    selected: object = None
    refused: object = None
    table: str = "turn"


def turn(state, peeks, move=None, hint=None):
    """One whole turn: two peeks, the move (None when the rules skip it), then the hint step:
    ``None`` reveals (or lets the rules reveal the only option), ``(i, cell)`` places hint i."""
    for cell in peeks:
        state = yk.apply(state, yk.Peek(cell))
    if move is not None:
        state = yk.apply(state, yk.Move(*move))
    if yk.phase(state) == "hint":
        state = yk.apply(state, yk.Reveal() if hint is None else yk.Place(hint[0], hint[1]))
    return state


def _hinted():
    """MIXED, three turns on, three hints placed: one, two and three families."""
    s = yk.new_game(7, layout=MIXED, hints=HINTS)
    s = turn(s, [(0, 0), (1, 1)], ((3, 3), (4, 2)))
    s = turn(s, [(0, 0), (1, 0)], ((4, 2), (3, 3)), (0, (0, 0)))
    s = turn(s, [(1, 0), (2, 0)], ((3, 3), (4, 2)))
    s = turn(s, [(1, 0), (0, 1)], ((4, 2), (3, 3)), (0, (1, 0)))
    s = turn(s, [(0, 1), (2, 1)], ((3, 3), (4, 2)))
    return turn(s, [(0, 1), (3, 1)], ((4, 2), (3, 3)), (0, (0, 1)))


def _scored():
    s = yk.new_game(9, layout=GROUPED, hints=SCORE_HINTS)
    s = turn(s, [(0, 0), (1, 0)], ((3, 3), (4, 2)))
    s = turn(s, [(0, 1), (1, 1)], ((4, 2), (3, 3)), (0, (0, 0)))
    s = turn(s, [(2, 0), (3, 0)], ((3, 3), (4, 2)))
    s = turn(s, [(2, 2), (3, 2)], ((4, 2), (3, 3)), (0, (0, 2)))
    s = turn(s, [(1, 2), (2, 3)], ((3, 3), (4, 2)))
    return yk.apply(s, yk.Declare())


@cache
def scenes() -> tuple[Scene, ...]:
    """A turn step by step, then hints, the end of the game and its score."""
    return (*_turn_scenes(), *_end_scenes())


def _turn_scenes() -> tuple[Scene, ...]:
    """One game: Player 1's turn step by step, a refused move, then Player 2's hint."""
    start = yk.new_game(7, layout=MIXED, hints=HINTS)
    peeked = yk.apply(yk.apply(start, yk.Peek((0, 0))), yk.Peek((2, 1)))
    moved = yk.apply(peeked, yk.Move((3, 3), (4, 2)))
    before_move = peeked
    refusing = turn(moved, [(0, 0), (1, 0)])  # Player 1's hint step revealed the only option
    back = yk.apply(refusing, yk.Move((4, 2), (3, 3)))
    placed = yk.apply(back, yk.Place(0, (0, 0)))
    at = cell_namer(yk.board(placed))  # each text names cells as its own board labels them
    near = cell_namer(yk.board(refusing))
    return (
        Scene(
            "A turn, step 1: peek at two cards",
            "Player 1 looks secretly at two cards, one after the other (👁1, 👁2): anywhere, next to "
            "each other or not. Only Player 1 sees them — at the table you say nothing about them.",
            "Turn: 1. look at two cards",
            peeked,
        ),
        Scene(
            "Step 2: move one card",
            "Then one card moves — one just seen or any other without a hint — to an empty cell next to "
            "another card. The dotted cell shows where it came from. After the move the 16 cards must "
            "still form one group joined by their sides.",
            "Turn: 2. move a card",
            moved,
            previous=before_move,
        ),
        Scene(
            "Step 3: reveal or place a hint",
            "Last, the hint step: reveal the top card of the hint deck (it joins the revealed hints under "
            "the grid, face up for everyone) or place a revealed hint on a Yokai. Player 1 had nothing to "
            f"place, so the rules revealed the Kitsune hint. Player 2 peeked at {at((0, 0))}, moved a card "
            f"and placed that hint on {at((0, 0))} to tell Player 1: this one is a Kitsune.",
            "Turn: 3. reveal or place a hint",
            placed,
            seat=1,
            previous=back,
        ),
        Scene(
            "A legal and a refused move",
            f"Player 2 picked the card on {near((3, 2))}: it alone holds {near((4, 2))} to the group. Green "
            f"cells are where it may go — {near((4, 1))} joins both pieces again, so even this card may "
            f"move. On {near((3, 3))} it would cut {near((4, 2))} off (✂): refused.",
            "Turn: 2. move a card",
            refusing,
            seat=1,
            selected=(3, 2),
            refused=(3, 3),
            table="refusal",
        ),
    )


def _end_scenes() -> tuple[Scene, ...]:
    """What hints say, the two ways a declaration ends, and the score of a win."""
    grouped = yk.new_game(5, layout=GROUPED, hints=HINTS)
    split = yk.apply(yk.new_game(5, layout=SPLIT, hints=HINTS), yk.Declare())
    hinted = _hinted()
    return (
        Scene(
            "Hints: one, two or three families",
            "Three hints lie on cards. A one-colour hint names the card's family; a two- or three-colour "
            "hint says it is one of those. A hint **locks** its card: nobody may peek at it or move it "
            "again. Is each hint right? Only the end of the game tells (the hint on "
            f"{cell_namer(yk.board(hinted))((0, 1))} is not).",
            "Turn: 3. reveal or place a hint",
            hinted,
            seat=None,
            table="hints",
        ),
        Scene(
            "Declaring: the Yokai are appeased",
            "At the start of a turn, instead of playing, a player may declare that every family is "
            "grouped. The game ends at once and the cards are turned up. Here every family sits in a "
            "2 × 2 square: a win, and every hint still in the deck is worth 5.",
            "End of the game",
            yk.apply(grouped, yk.Declare()),
            seat=None,
            table="win",
        ),
        Scene(
            "The win check: a family split 2 + 2",
            "Each family must be **one** group of four joined by their sides. Here Kitsune and "
            "Rokurokubi are each in two pairs (2 + 2): all four cards of a family together is not enough "
            "if they are not connected. The game is lost.",
            "End of the game",
            split,
            seat=None,
            table="win",
        ),
        Scene(
            "Scoring and tiers",
            "A win scores each hint card: placed right +1, misplaced −1, revealed but not placed +2, "
            "never revealed +5. The fewer hints you needed, the higher the score.",
            "Score",
            _scored(),
            seat=None,
            table="score",
        ),
    )
