"""Did a move show anyone something that was hidden from them (a drawn card, a card played from
a hidden hand, a peek, a roll of the dice)? A move that did cannot be taken back fairly: played
again, it would be played knowing what it showed.

The question is asked of the game's protocol only: for each seat, full states consistent with
what that seat knew before the move (``determinize(view(state, seat), …)``) are played on with
the same action. If any of them is refused, or leaves that seat seeing something other than
what it sees now, the move told the seat something it could not have known.

>>> from engine.core.registry import games
>>> game = games()[0]
>>> state = game.new_game(3, game.INFO.default_players)
>>> isinstance(reveals(game, state, game.legal_actions(state)[0], game.INFO.default_players), bool)
True
"""

from __future__ import annotations

from .errors import IllegalAction
from .protocol import Action, Game, State
from .rng import rng_for

SAMPLES = 6
"""Consistent states tried per seat: a hidden card or die matches a guess six times in a row
about once in 6**6 tries for a die, far less for a deck."""


def reveals(
    game: Game, state: State, action: Action, players: int, samples: int = SAMPLES, seats=None
) -> bool:
    """True if ``action`` played on the full ``state`` (of ``players`` seats) shows one of
    ``seats`` (default: every seat) something that was hidden from it."""
    after = game.apply(state, action)
    for seat in range(players) if seats is None else seats:
        before, seen = game.view(state, seat), game.view(after, seat)
        rng = rng_for(0, "reveals", seat)
        for _ in range(samples):
            guess = game.determinize(before, rng.randrange(2**63))
            try:
                if game.view(guess, seat) != before or game.view(game.apply(guess, action), seat) != seen:
                    return True
            except (IllegalAction, ValueError):
                return True  # the move itself could not be made in a state this seat thought possible
    return False
