"""Helpers (not tests) for Fan & Mallet engine tests: scripted positions built from readable codes."""

from __future__ import annotations

from engine.fan_mallet.components import (
    COLOUR_BIT,
    DECK_IDS,
    FOLLOWER_ID,
    FOLLOWERS,
    HOUSE_BIT,
    HOUSES,
    parse_follower,
)
from engine.fan_mallet.state import State

# 0 w:red, 1 w:blue, 2 w:green, 3 w:yellow, 4 w:purple, 5 w:brown, 6 b:red, ... 11 b:brown
OVAL = list(HOUSES)


def ids(codes):
    return tuple(FOLLOWER_ID[parse_follower(c)] for c in codes)


def deck_with(faction, first=()):
    """That faction's 30 codes: ``first`` on top, then the rest in card order."""
    top = [parse_follower(c).code for c in first]
    return top + [FOLLOWERS[c].code for c in DECK_IDS[faction] if FOLLOWERS[c].code not in top]


def build_state(
    stacks=None, hands=None, pawns=(None, None), to_move=0, markers=(0, 0), owners=None, possessions=()
):
    """A full position on the standard oval: ``stacks`` {house: [codes]}, ``hands`` {faction: [codes]};
    every other card goes to its faction's deck (card order), so all 60 cards are accounted for."""
    stacks = {h: ids(c) for h, c in (stacks or {}).items()}
    hands = {f: ids(c) for f, c in (hands or {}).items()}
    used = set(hands.get("white", ())) | set(hands.get("black", ()))
    for s in stacks.values():
        used |= set(s)
    all_stacks = tuple(stacks.get(h, ()) for h in range(12))
    masks = []
    for h, s in enumerate(all_stacks):
        m = HOUSE_BIT[OVAL[h]]
        for c in s:
            m |= COLOUR_BIT[c]
        masks.append(m)
    hand_t = tuple(tuple(sorted(hands.get(f, ()))) for f in ("white", "black"))
    deck_t = tuple(tuple(c for c in DECK_IDS[f] if c not in used) for f in ("white", "black"))
    if owners is None:
        owners = tuple(None for _ in range(12))
    return State(
        seed=0,
        scenario=None,
        houses=tuple(OVAL),
        stacks=all_stacks,
        masks=tuple(masks),
        owners=tuple(owners),
        hands=hand_t,
        decks=deck_t,
        hand_sizes=(len(hand_t[0]), len(hand_t[1])),
        deck_sizes=(len(deck_t[0]), len(deck_t[1])),
        pawns=tuple(pawns),
        markers=tuple(markers),
        to_move=to_move,
        possessions=tuple(possessions),
        log=(),
    )
