"""The game protocol for Fan & Mallet: setup, turns, Inhabit, Possession and the end of the game.

>>> from engine.fan_mallet import new_game, legal_actions, apply, current_player
>>> s = new_game(7)
>>> current_player(s), len(legal_actions(s))
(0, 6)
>>> s2 = apply(s, legal_actions(s)[0])
>>> current_player(s2), len(s.log), len(s2.log)
(1, 0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.core import IllegalAction, Outcome, Step, Termination, check_seed, shuffled
from engine.core.quote import quote_thing

from .components import (
    COLOURS,
    DECK_IDS,
    FACTIONS,
    FOLLOWER_ID,
    FOLLOWERS,
    HOUSES,
    INHABIT,
    MARKERS,
    SEAT_OF,
    Follower,
    House,
    Inhabit,
    parse_follower,
    parse_house,
)
from .fast import play
from .info import INFO, Ending
from .scoring import ScoreResult, score_house
from .state import State

HAND_SIZE = 6


def _seat(faction: str) -> int:
    if faction not in FACTIONS:
        raise ValueError(f"A faction is 'white' or 'black', not {faction!r}")
    return FACTIONS.index(faction)


def _check_houses(houses: Sequence) -> tuple[House, ...]:
    if isinstance(houses, str | bytes) or not isinstance(houses, Sequence):
        raise ValueError("houses must be a list of 12 houses in oval order")
    parsed = tuple(parse_house(h) for h in houses)
    if len(parsed) != 12 or set(parsed) != set(HOUSES):
        raise ValueError(
            "houses must list the 12 house cards once each (every colour once per faction), "
            f"got {len(parsed)} with {len(set(parsed))} different"
        )
    return parsed


def _check_decks(decks: Mapping) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not isinstance(decks, Mapping) or set(decks) != set(FACTIONS):
        raise ValueError('decks must be {"white": [30 followers], "black": [30 followers]}')
    out = []
    for faction in FACTIONS:
        cards = decks[faction]
        if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
            raise ValueError(f"The {faction} deck must be a list of 30 followers")
        ids = tuple(FOLLOWER_ID[parse_follower(c)] for c in cards)
        if len(ids) != 30 or set(ids) != set(DECK_IDS[faction]):
            wrong = [str(FOLLOWERS[i]) for i in ids if SEAT_OF[i] != _seat(faction)]
            why = f" (it holds {wrong[0]})" if wrong else ""
            raise ValueError(
                f"The {faction} deck must hold each of {faction}'s 30 followers exactly once{why}"
            )
        out.append(ids)
    return out[0], out[1]


_ORIGIN_BIT = {colour: 1 << i for i, colour in enumerate(COLOURS)}  # HOUSE_BIT by colour, no House hash


def new_game(seed: int, players: int = 2, **setup) -> State:
    """A new game: houses shuffled into the oval (or ``houses=[12 houses]``), each faction's
    deck shuffled (or ``decks={"white": [30], "black": [30]}``, top first), 6 cards dealt to
    each. White moves first. Any other set-up keyword raises ``ValueError``.

    >>> s = new_game(3)
    >>> len(hand(s, "white")), deck_size(s, "black"), pawn(s, "white")
    (6, 24, None)
    >>> new_game(3, colour="red")
    Traceback (most recent call last):
    ...
    ValueError: Fan & Mallet has no set-up option 'colour' (it has: houses, decks)
    """
    check_seed(seed)
    INFO.check_players(players)
    INFO.check_setup(setup, ("houses", "decks"))
    houses, decks = setup.get("houses"), setup.get("decks")
    if houses is None:
        oval = tuple(shuffled(seed, HOUSES, "houses"))
        house_codes = None
    else:
        oval = _check_houses(houses)
        house_codes = tuple(h.code for h in oval)
    if decks is None:
        white = tuple(shuffled(seed, DECK_IDS["white"], "deck", "white"))
        black = tuple(shuffled(seed, DECK_IDS["black"], "deck", "black"))
        scenario = None if house_codes is None else (house_codes, None, None)
    else:
        white, black = _check_decks(decks)
        scenario = (
            house_codes,
            tuple(FOLLOWERS[c].code for c in white),
            tuple(FOLLOWERS[c].code for c in black),
        )
    hands = (tuple(sorted(white[:HAND_SIZE])), tuple(sorted(black[:HAND_SIZE])))
    decks_left = (white[HAND_SIZE:], black[HAND_SIZE:])
    return State(
        seed=seed,
        scenario=scenario,
        houses=oval,
        stacks=((),) * 12,
        masks=tuple(_ORIGIN_BIT[h.colour] for h in oval),
        owners=(None,) * 12,
        hands=hands,
        decks=decks_left,
        hand_sizes=(HAND_SIZE, HAND_SIZE),
        deck_sizes=(30 - HAND_SIZE, 30 - HAND_SIZE),
        pawns=(None, None),
        markers=(0, 0),
        to_move=0,
        possessions=(),
        log=(),
    )


def current_player(state: State) -> int | None:
    """The seat to act (0 = white, 1 = black), None once the game is over."""
    return None if state.winner is not None else state.to_move


def is_over(state: State) -> bool:
    """True once a faction has placed all 7 markers."""
    return state.winner is not None


def legal_actions(state: State) -> list[Inhabit]:
    """One :class:`Inhabit` per card in the hand of the seat to move (card order, stable)."""
    if state.winner is not None:
        return []
    if state.viewer is not None and state.viewer != state.to_move:
        raise ValueError("This view belongs to the seat that is not moving; its opponent's hand is hidden")
    return [INHABIT[c] for c in state.hands[state.to_move]]


# The actions legal_actions hands out are these 60 objects, alive for good, so an id names one.
_CARD_OF_ACTION = {id(a): c for c, a in enumerate(INHABIT)}


def _card_of(action: object) -> int:
    if isinstance(action, Inhabit):
        follower = action.follower
    elif isinstance(action, Follower):
        follower = action
    else:
        raise IllegalAction(
            f"{quote_thing(action)} is not a Fan & Mallet action (play a follower from your hand)"
        )
    try:
        card = FOLLOWER_ID.get(follower)
    except TypeError:  # an unhashable "follower" built by hand is no card either
        card = None
    if card is None:
        raise IllegalAction(f"{follower} is not a Fan & Mallet follower")
    return card


def apply(state: State, action: Inhabit) -> State:
    """Play the action's follower for the seat to move; a new state (``state`` is unchanged).

    Raises :class:`IllegalAction` if the game is over or the card is not in the mover's hand.
    """
    card = _CARD_OF_ACTION.get(id(action))
    if (
        card is not None
        and state.winner is None
        and state.viewer is None
        and card in state.hands[state.to_move]
    ):
        return play(state, card)  # the fast path: an action legal_actions handed out, legal now
    if state.viewer is not None:
        raise ValueError("A view cannot be played on; determinize it first")
    if state.winner is not None:
        raise IllegalAction(
            f"The game is over: {FACTIONS[state.winner].capitalize()} has placed all 7 markers"
        )
    card = _card_of(action)
    seat = state.to_move
    if card not in state.hands[seat]:
        raise IllegalAction(f"That card ({FOLLOWERS[card]}) is not in {FACTIONS[seat].capitalize()}'s hand")
    return play(state, card)


# ---- public read-outs -------------------------------------------------------------------


@dataclass(frozen=True)
class HouseSlot:
    """A house of the oval: its ``index``, the ``house`` card, the ``stack`` (bottom→top), the ``owner``."""

    index: int
    house: House
    stack: tuple[Follower, ...]
    owner: str | None


def houses(state: State) -> list[HouseSlot]:
    """The 12 houses in oval order (index 0..11)."""
    return [
        HouseSlot(
            i,
            h,
            tuple(FOLLOWERS[c] for c in state.stacks[i]),
            None if state.owners[i] is None else FACTIONS[state.owners[i]],
        )
        for i, h in enumerate(state.houses)
    ]


def markers(state: State) -> dict[str, int]:
    """Possession markers placed so far: ``{"white": n, "black": n}``."""
    return {"white": state.markers[0], "black": state.markers[1]}


def hand(state: State, faction: str) -> list[Follower]:
    """The faction's hand (card order); ``ValueError`` if this view hides it."""
    seat = _seat(faction)
    if state.viewer is not None and state.viewer != seat:
        raise ValueError(
            f"{faction.capitalize()}'s hand is hidden in this view ({state.hand_sizes[seat]} cards)"
        )
    return [FOLLOWERS[c] for c in state.hands[seat]]


def hand_size(state: State, faction: str) -> int:
    """How many cards the faction holds (visible in every view)."""
    return state.hand_sizes[_seat(faction)]


def deck_size(state: State, faction: str) -> int:
    """How many cards are left in the faction's deck."""
    return state.deck_sizes[_seat(faction)]


def pawn(state: State, faction: str) -> int | None:
    """The house index the faction's pawn stands on, None before its first placement."""
    return state.pawns[_seat(faction)]


@dataclass(frozen=True)
class Possession:
    """A possession that happened: where, the scored house, who placed how many markers."""

    house_index: int
    score: ScoreResult
    faction: str
    markers: int
    first: bool
    move: int
    steps: list[Step] = field(default_factory=list)


def _possession(state: State, record: tuple[int, int, int, bool, int]) -> Possession:
    h, owner, placed, first, move = record
    stack = [FOLLOWERS[c] for c in state.stacks[h]]
    result = score_house(state.houses[h], stack)
    faction = FACTIONS[owner]
    why = "the very first possession of the game places 2 markers" if first else "one marker per possession"
    steps = [
        Step(
            "Possessed",
            h,
            f"house {h} ({state.houses[h]}) received its 5th follower on move {move}",
            "Possession",
            kind="possessed",
            subject=h,
        ),
        *result.steps,
        Step(
            "Markers placed",
            placed,
            f"{faction} places {placed}: {why}",
            "Possession",
            kind="markers_placed",
            subject=faction,
        ),
    ]
    return Possession(h, result, faction, placed, first, move, steps)


def possessions(state: State) -> list[Possession]:
    """Every possession so far, in the order they happened (with its scoring steps)."""
    return [_possession(state, r) for r in state.possessions]


def last_move(state: State) -> Inhabit | None:
    """The card played last (None before the first move)."""
    return Inhabit(FOLLOWERS[state.log[-1]]) if state.log else None


def last_placed(state: State) -> tuple[int, Follower] | None:
    """(house index, follower) of the card played last, None before the first move; works on a view.

    >>> from engine.fan_mallet import view
    >>> s = new_game(4)
    >>> s = apply(s, legal_actions(s)[0])
    >>> h, f = last_placed(view(s, 1))
    >>> f == last_move(s).follower and houses(s)[h].stack[-1] == f
    True
    """
    if not state.log:
        return None
    card = state.log[-1]
    house = next(h for h, stack in enumerate(state.stacks) if card in stack)
    return house, FOLLOWERS[card]


def viewer(state: State) -> int | None:
    """The seat a view belongs to, None for a full state.

    >>> from engine.fan_mallet import view
    >>> viewer(new_game(1)), viewer(view(new_game(1), 1))
    (None, 1)
    """
    return state.viewer


def possession_count(state: State) -> int:
    """How many houses are possessed so far."""
    return len(state.possessions)


def last_possession(state: State) -> Possession | None:
    """The most recent possession, None if no house is possessed yet."""
    return _possession(state, state.possessions[-1]) if state.possessions else None


def outcome(state: State) -> Outcome:
    """Winner seat (None while the game goes on), ranking, markers per seat, the steps
    ("markers" per seat; once over "winner" and "match_points") and the termination.

    >>> out = outcome(new_game(2))
    >>> out.winner, out.termination, [(s.kind, s.subject) for s in out.steps]
    (None, <_NotOver.NONE: 'the game is not over'>, [('markers', 0), ('markers', 1)])
    """
    m = state.markers
    steps = [
        Step(
            f"{f.capitalize()} markers",
            m[s],
            f"{f} has placed {m[s]} of {MARKERS} possession markers",
            "Possession",
            kind="markers",
            subject=s,
        )
        for s, f in enumerate(FACTIONS)
    ]
    scores = (float(m[0]), float(m[1]))
    if state.winner is None:
        ranking = (0, 1) if m[0] >= m[1] else (1, 0)
        return Outcome(None, ranking, scores, tuple(steps), Termination.NONE)
    w = state.winner
    loser = 1 - w
    points = MARKERS - m[loser]
    steps.append(
        Step(
            "Winner",
            FACTIONS[w],
            f"{FACTIONS[w]} placed all {MARKERS} possession markers first; the game ends at once (no card is drawn)",
            "End of the game",
            kind="winner",
            subject=w,
        )
    )
    steps.append(
        Step(
            "Match points",
            points,
            f"in match play the winner scores the loser's unused markers: {MARKERS} − {m[loser]} = {points}; "
            f"the loser ({FACTIONS[loser]} in this game) plays White, the God of riches, and starts the next game",
            "Rule note: match play",
            kind="match_points",
            subject=w,
            note="match",
        )
    )
    return Outcome(w, (w, loser), scores, tuple(steps), Ending.ALL_MARKERS)
