"""Pebbles' rules: every function of the protocol (``engine.core.Game``).

A pile of 9 to 15 pebbles (from the seed); players take 1 to 3 in turn; whoever takes the
last pebble wins. Each seat also holds a secret lucky number: it changes no rule, but gives
the game hidden information, so views, determinization and the share-link warning get tested.

>>> s = new_game(1)
>>> s.pile, current_player(s), [str(a) for a in legal_actions(s)]
(10, 0, ['Take 1', 'Take 2', 'Take 3'])
>>> encode_action(Take(3)), decode_action("t3")
('t3', Take(count=3))
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from engine.core import (
    IllegalAction,
    Outcome,
    Step,
    Termination,
    check_seed,
    dump_save,
    random_bot,
    replay_save,
    rng_for,
)
from engine.core.quote import quote_thing

from .info import INFO, Ending


@dataclass(frozen=True)
class Take:
    """Take ``count`` pebbles from the pile."""

    count: int

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool):
            raise IllegalAction(f"You take a whole number of pebbles, not {quote_thing(self.count)}")

    def __str__(self) -> str:
        return f"Take {self.count}"


@dataclass(frozen=True)
class State:
    """The pile, whose turn it is and each seat's lucky number; ``viewer`` is the seat of a
    view (None for the full state), ``seed`` None in a view."""

    seed: int | None
    players: int
    pile: int
    to_move: int
    lucky: tuple  # each seat's secret; None where the view hides it
    log: tuple = ()
    viewer: int | None = None

    def _repr_html_(self) -> str:
        """Jupyter draws a state as an HTML card (``engine.core.display``)."""
        from engine.core.display import state_html  # needed in notebooks only

        return state_html(INFO.id, self)


def new_game(seed: int, players: int = 2, **setup) -> State:
    """A pile of 9 to 15 pebbles from the seed, or ``pile=`` pebbles (1 to 50)."""
    check_seed(seed)
    INFO.check_players(players)
    INFO.check_setup(setup, ("pile",))
    rng = rng_for(seed, "setup")
    size = rng.randint(9, 15)  # drawn even when the pile is set, so the lucky numbers stay the same
    lucky = tuple(rng.randint(1, 6) for _ in range(players))
    size = setup.get("pile", size)
    if not isinstance(size, int) or isinstance(size, bool) or not 1 <= size <= 50:
        raise ValueError(f"A pile holds 1 to 50 pebbles, not {quote_thing(size)}")
    return State(seed, players, size, 0, lucky)


def current_player(state: State) -> int | None:
    return None if is_over(state) else state.to_move


def legal_actions(state: State) -> list[Take]:
    return [Take(n) for n in range(1, min(3, state.pile) + 1)]


def apply(state: State, action) -> State:
    if is_over(state):
        raise IllegalAction("The game is over")
    if not isinstance(action, Take):
        raise IllegalAction(f"{quote_thing(action)} is not a Pebbles move")
    if action not in legal_actions(state):
        raise IllegalAction(f"You may take 1 to {min(3, state.pile)} pebbles, not {action.count}")
    return replace(
        state,
        pile=state.pile - action.count,
        to_move=(state.to_move + 1) % state.players,
        log=state.log + (action,),
    )


def is_over(state: State) -> bool:
    return state.pile == 0


def outcome(state: State) -> Outcome:
    if not is_over(state):
        steps = (Step("Pile", state.pile, "pebbles left", "Winning"),)
        return Outcome(None, tuple(range(state.players)), (0,) * state.players, steps, Termination.NONE)
    winner = (state.to_move - 1) % state.players
    ranking = (winner,) + tuple(s for s in range(state.players) if s != winner)
    scores = tuple(1 if s == winner else 0 for s in range(state.players))
    step = Step(
        "Last pebble", INFO.seat_name(winner), "whoever takes the last pebble wins", "Winning", kind="winner"
    )
    return Outcome(winner, ranking, scores, (step,), Ending.LAST_PEBBLE)


def view(state: State, seat: int) -> State:
    if seat not in range(state.players):
        raise ValueError(f"No seat {quote_thing(seat)} in a {state.players}-player game")
    lucky = tuple(v if s == seat else None for s, v in enumerate(state.lucky))
    return replace(state, seed=None, lucky=lucky, viewer=seat)


def determinize(view_state: State, seed: int) -> State:
    rng = rng_for(check_seed(seed), "determinize")
    lucky = tuple(v if v is not None else rng.randint(1, 6) for v in view_state.lucky)
    return replace(view_state, lucky=lucky, seed=seed, viewer=None)


def _greedy(view_state: State, rng: random.Random) -> Take:
    """Leave a multiple of 4 when possible, else take at random."""
    options = legal_actions(view_state)
    good = [a for a in options if (view_state.pile - a.count) % 4 == 0]
    return good[0] if good else rng.choice(options)


def bots():
    return {"random": random_bot(legal_actions), "greedy": _greedy}


def encode_action(action: Take) -> str:
    if not isinstance(action, Take):
        raise IllegalAction(f"{quote_thing(action)} is not a Pebbles move")
    return f"t{action.count}"


def decode_action(text: str) -> Take:
    match = re.fullmatch(r"t([1-9][0-9]?)", text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction(
            f"{quote_thing(text)} is not a Pebbles move (a move is 't' and a number, like 't3')"
        )
    return Take(int(match.group(1)))


def to_json(state: State) -> str:
    if state.seed is None:
        raise ValueError("A view cannot be saved")
    setup = {"pile": state.pile + sum(a.count for a in state.log)}
    return dump_save(INFO.id, state.seed, state.players, setup, [encode_action(a) for a in state.log])


def from_json(text) -> State:
    return replay_save(text, INFO.id, new_game, apply, decode_action)
