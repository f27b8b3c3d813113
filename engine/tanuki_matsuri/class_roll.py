"""The class game on one roll: every pupil plays a solo game on the class's seed, so every
sheet sees the same dice each turn, and the teacher's roll opens one turn at a time.

A solo game's roll of turn ``t`` is the seeded roll of ``(seed, t)`` (3 dice, every die open to
its one player): nothing a pupil chooses changes it, so thirty solo games on one seed are one
class rolling together, each pupil choosing from all the dice of the roll (the class variant
for more than 10 players; the rulebook's group rules stand for 1–10). The one thing a pupil's
choices change is when their own game ends: the class game ends at the end of the roll in
which any pupil circled the last torii or the last flower, as the rulebook's end rule says.

A solo game rolls its next turn as soon as a pupil's choice ends the turn (and plays on by
itself through any turn with a single option), so a pupil's full state may already hold a
roll the teacher has not made: it stays on the server. :func:`sheet_shown` is the pupil's game
as far as the class has rolled, for the page and the ranking: no seed, no later roll, no
later mark.

>>> from .rules import apply, legal_actions
>>> s = start(9, {})
>>> sheet_shown(9, {}, [], rolled=0).dice, choosing(s, rolled=0), chosen(s, rolled=1)
((), False, False)
>>> sheet_shown(9, {}, [], rolled=1).dice == roll_of(9, {}, 1) == s.dice
True
>>> played = []
>>> while s.turn == 0:  # the first roll's choices
...     played.append(legal_actions(s)[0])
...     s = apply(s, played[-1])
>>> chosen(s, rolled=1), sheet_shown(9, {}, played, rolled=1).dice, sheet_shown(9, {}, played, rolled=1).seed
(True, (), None)
"""

from __future__ import annotations

from .bots import greedy_bot
from .dice import n_dice, roll_for
from .fast import run_quick
from .frozen import freeze
from .rules import choice_key, new_game
from .scoring import score
from .state import State, thaw

PUPILS = 60
"""How many pupils a class game takes (one solo sheet each)."""


class _NotRolled(Exception):
    """The teacher has not rolled this turn yet: a replay stops at its roll."""


def start(seed: int, options: dict) -> State:
    """A pupil's sheet at the start: a solo game on the class's seed (the server's state)."""
    return new_game(seed, 1, **options)


def roll_of(seed: int, options: dict, roll: int) -> tuple[int, ...]:
    """The dice of the class's roll ``roll`` (1, 2, ...): the solo game's turn ``roll - 1``."""
    scripted = start(seed, options).scripted
    return roll_for(seed, scripted, roll - 1, n_dice(1), bool(options.get("legacy_dice", False)))


def choosing(state: State, rolled: int) -> bool:
    """The pupil has a choice to make in the open roll (the ``rolled``-th)."""
    return rolled > 0 and not state.over and state.turn == rolled - 1


def chosen(state: State, rolled: int) -> bool:
    """The pupil's choices of the open roll are all made (or their game ended)."""
    return rolled > 0 and (state.over or state.turn >= rolled)


def bot_move(state: State):
    """The greedy bot's choice: played for a pupil who joined late or was not there."""
    return greedy_bot(state)


def sheet_shown(seed: int, options: dict, actions: list, rolled: int) -> State:
    """The pupil's game (their ``actions``, all made in rolls the class made) as the class has
    rolled it: replayed from the start with the ``rolled`` rolls only, stopped where the next
    roll would come. No seed, no scripted dice; between rolls (and before the first) no dice."""
    w = thaw(start(seed, options))
    w.turn, w.pick, w.active_take, w.taken, w.over = 0, 0, None, None, False
    w.stack, w.boards, w.end_by = [], [w.g.new_board()], []
    keys = [choice_key(a) for a in reversed(actions)]

    def roller(turn: int) -> tuple[int, ...]:
        if turn >= rolled:
            raise _NotRolled
        return roll_for(w.seed, w.scripted, turn, n_dice(1), w.legacy)

    def choose(work, kind, opts, info):
        return keys.pop() if keys else None

    w.roller = roller
    try:
        w.dice = w.roll()
        run_quick(w, choose)
    except _NotRolled:
        w.dice, w.pending = (), None
    w.roller, w.seed, w.scripted = None, None, ()
    return freeze(w, (), (), False, viewer=0)


def ended(shown: State) -> bool:
    """The pupil circled the last torii or flower in a roll the class made (``sheet_shown``)."""
    return shown.over


def points(shown: State) -> int:
    """The pupil's score as the class has rolled (``sheet_shown``)."""
    return score(shown, 0).total
