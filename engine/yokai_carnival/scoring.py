"""The end of the game: the ranking with both tie-breaks, as explanation steps.

>>> from .rules import new_game
>>> out = outcome(new_game(3))
>>> out.winner, out.termination.name, [s.kind for s in out.steps][:2]
(None, 'NONE', ['line', 'line'])
"""

from __future__ import annotations

from engine.core import Outcome, Step, Termination

from .cards import YOKAI_TYPES
from .info import INFO, Ending
from .rules import ranking
from .state import State

RULE = "6. Win/Loss Check"


def outcome(state: State) -> Outcome:
    """Winner (once over), ranking, cards in line per seat, and the steps: one "line" step per
    seat (value: cards, Generals), then one "tie_break" step per tie settled, then "winner"."""
    order = ranking(state)
    sizes = [len(line) for line in state.lines]
    gens = [sum(1 for c in line if c >= YOKAI_TYPES) for line in state.lines]
    steps = [
        Step(
            f"{INFO.seat_name(s)}'s line",
            sizes[s],
            f"{sizes[s]} cards in line, {gens[s]} of them General(s)",
            RULE,
            kind="line",
            subject=s,
        )
        for s in range(state.players)
    ]
    for a, b in zip(order, order[1:], strict=False):
        if sizes[a] != sizes[b]:
            continue
        if gens[a] != gens[b]:
            why = f"both lines hold {sizes[a]} cards; {gens[a]} Generals beat {gens[b]}"
            how = "generals"
        else:
            why = f"both lines hold {sizes[a]} cards and {gens[a]} Generals; the earlier turn order wins"
            how = "turn_order"
        steps.append(
            Step(
                f"{INFO.seat_name(a)} ahead of {INFO.seat_name(b)}",
                how,
                why,
                RULE,
                kind="tie_break",
                subject=(a, b),
            )
        )
    over = state.phase == "over"
    winner = order[0] if over else None
    if over:
        steps.append(
            Step(
                "Winner",
                INFO.seat_name(winner),
                f"the longest line ({sizes[winner]} cards), after the tie-breaks: more cards, "
                "then more Generals, then earlier in turn order",
                RULE,
                kind="winner",
                subject=winner,
            )
        )
    termination = Ending[state.end] if over else Termination.NONE
    return Outcome(winner, tuple(order), tuple(float(x) for x in sizes), tuple(steps), termination)
