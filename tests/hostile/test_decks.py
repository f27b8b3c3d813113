"""Yokai Carnival decks built from the effect primitives: every deck ``load_deck`` accepts
plays any game to its end with every card accounted for, and every other deck is refused with
a ``DeckError`` naming the card and the step (issue #18 item 4).

Hypothesis writes abilities from the primitives of ``engine/yokai_carnival/effects.py``
(mostly well-formed, so that many decks load) into the default deck, then plays seeded random
games with each accepted deck, checking after every move: 64 Yokai cards and the game's
Generals all somewhere, no hand over 3 cards and no General in a hand, a decision with options
until the end, and (now and then) a playable sampled world for the seat to move. ``make test``
runs a few dozen decks; ``DOJO_SOAK=1`` ten times as many, freshly random.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import engine.yokai_carnival as yc
from engine.core import rng_for
from engine.yokai_carnival.cards import GENERALS, YOKAI_TYPES

from .fuzz import FUZZ, SOAK

SOURCES = {
    "yama": ["top"],
    "discard": ["choice"],
    "hand": ["all", "choice"],
    "revealed": ["choice", "rest", "match"],
    "target_line": ["rightmost", "choice", "colour"],
    "each_opponent_line": ["rightmost"],
    "opponent_lines": ["choice"],
    "target_hand": ["choice"],
}
DESTINATIONS = ["line", "hand", "discard", "yama_bottom"]
GAMES_PER_DECK = 2
MOVES_LIMIT = 3_000  # a game of the default deck takes about 50 moves


@st.composite
def steps(draw) -> dict:
    """One effect step, as a deck file writes it: well-formed field by field (the order of
    steps and the combinations are hypothesis's)."""
    do = draw(
        st.sampled_from(
            ["move"] * 4
            + ["choose_opponent", "choose_colour", "look_yama", "reveal_until_colour", "look_hand"]
        )
    )
    if do == "choose_opponent":
        return {"do": do, "needs": draw(st.sampled_from(["line", "hand"]))}
    if do == "choose_colour":
        return {"do": do, "among": draw(st.sampled_from(["all", "target_line"]))}
    if do == "look_yama":
        return {"do": do, "count": draw(st.integers(1, 8))}
    if do in ("reveal_until_colour", "look_hand"):
        return {"do": do}
    source = draw(st.sampled_from(sorted(SOURCES)))
    pick = draw(st.sampled_from(SOURCES[source]))
    step = {"do": "move", "from": source, "to": draw(st.sampled_from(DESTINATIONS)), "pick": pick}
    if pick in ("all", "rest", "colour", "match"):
        if draw(st.booleans()):
            step["count"] = "all"
    else:
        step["count"] = draw(st.integers(1, 8))
    if pick == "choice" and draw(st.booleans()):
        step["up_to"] = True
    if source == "target_hand" and draw(st.booleans()):
        step["chooser"] = "target"
    return step


@st.composite
def decks(draw) -> dict:
    """The default deck with the abilities of 1 to 4 cards rewritten (and, sometimes, a General
    that protects nothing or one more that does)."""
    deck = copy.deepcopy(yc.DEFAULT_DECK)
    for _ in range(draw(st.integers(1, 4))):
        n = draw(st.integers(0, YOKAI_TYPES + GENERALS - 1))
        card = deck["yokai"][n] if n < YOKAI_TYPES else deck["generals"][n - YOKAI_TYPES]
        card["effect"] = draw(st.lists(steps(), max_size=4))
    if draw(st.booleans()):
        general = deck["generals"][draw(st.integers(0, GENERALS - 1))]
        general["protects"] = draw(st.booleans())
    return deck


NAMED = re.compile(r"(yokai|generals)\[[0-7]\]\.effect(\[[0-9]\])?")


def _cards(s) -> Counter:
    count = Counter()
    for zone in (s.yama, s.generals, s.waiting, s.discard, *s.hands, *s.lines):
        count.update(zone)
    if s.ctx is not None:
        count.update(s.ctx.revealed)
    return count


def _check(s, where: str) -> None:
    count = _cards(s)
    assert all(count[n] == 8 for n in range(YOKAI_TYPES)), f"{where}: Yokai cards lost or made: {count}"
    generals = [count[n] for n in range(YOKAI_TYPES, YOKAI_TYPES + GENERALS)]
    assert sum(generals) == yc.GENERAL_YAMA[s.players] and max(generals) <= 1, f"{where}: Generals {generals}"
    for seat, h in enumerate(s.hands):
        assert len(h) <= 3, f"{where}: seat {seat} holds {len(h)} cards"
        assert all(c < YOKAI_TYPES for c in h), f"{where}: a General in seat {seat}'s hand"
    if not yc.is_over(s):
        assert yc.legal_actions(s), f"{where}: a decision without options"


def play(deck: dict, seed: int, players: int) -> None:
    """A seeded random game with ``deck`` to its end, checked after every move."""
    state = yc.new_game(seed, players, deck=deck)
    rng = rng_for(seed, "deck fuzz")
    _check(state, "the deal")
    moves = 0
    while not yc.is_over(state):
        moves += 1
        assert moves < MOVES_LIMIT, "the game does not end"
        action = rng.choice(yc.legal_actions(state))
        state = yc.apply(state, action)
        where = f"move {moves} ({action})"
        _check(state, where)
        if moves % 7 == 0 and not yc.is_over(state):
            seat = yc.current_player(state)
            world = yc.determinize(yc.view(state, seat), moves)
            _check(world, f"{where}, a sampled world")
    assert yc.ranking(state)
    yc.from_json(yc.to_json(state))  # the save carries the deck and replays


@FUZZ
@given(decks(), st.integers(0, 2**32), st.integers(2, 5))
def test_every_deck_the_loader_accepts_plays_to_its_end(deck, seed, players):
    text = json.dumps(deck)
    try:
        yc.load_deck(text)
    except yc.DeckError as e:
        assert NAMED.search(str(e)), f"the refusal names no card and step: {e}"
        return
    for k in range(GAMES_PER_DECK):
        play(deck, seed + k, 2 + (players + k) % 4)


def _deck(n: int, effect: list) -> dict:
    deck = copy.deepcopy(yc.DEFAULT_DECK)
    card = deck["yokai"][n] if n < YOKAI_TYPES else deck["generals"][n - YOKAI_TYPES]
    card["effect"] = effect
    return deck


REFUSED = {  # the decks the audit found loading and then breaking a game (issue #18)
    "a hand of 4 after one Summon": (
        _deck(
            0, [{"do": "move", "from": "each_opponent_line", "to": "hand", "count": 1, "pick": "rightmost"}]
        ),
        r"yokai\[0\]\.effect: it could make a hand exceed 3 cards",
    ),
    "cards lost under a look": (
        _deck(
            1,
            [
                {"do": "look_yama", "count": 2},
                {"do": "move", "from": "each_opponent_line", "to": "line", "count": 1, "pick": "rightmost"},
            ],
        ),
        r"yokai\[1\]\.effect\[1\]: it adds several cards to a line while cards looked at",
    ),
    "ten cards to order": (
        _deck(
            2,
            [
                {"do": "reveal_until_colour"},
                {"do": "move", "from": "revealed", "to": "line", "pick": "rest"},
            ],
        ),
        r"yokai\[2\]\.effect\[0\]\.do: reveal_until_colour needs a choose_colour",
    ),
    "any number of cards to order": (
        _deck(
            2,
            [
                {"do": "choose_colour"},
                {"do": "reveal_until_colour"},
                {"do": "move", "from": "revealed", "to": "line", "pick": "rest"},
            ],
        ),
        r"yokai\[2\]\.effect\[2\]: it could add any number of cards to a line at once",
    ),
    "eight cards to order": (
        _deck(8, [{"do": "move", "from": "yama", "to": "line", "count": 8, "pick": "top"}]),
        r"generals\[0\]\.effect\[0\]: it could add 8 cards to a line at once",
    ),
    "a General into a hand": (
        _deck(
            3,
            [
                {"do": "choose_opponent"},
                {"do": "move", "from": "target_line", "to": "hand", "count": 1, "pick": "choice"},
            ],
        ),
        r"yokai\[3\]\.effect\[1\]: it could take a General that protects nothing",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_decks_that_broke_games_are_refused(name):
    deck, message = REFUSED[name]
    with pytest.raises(yc.DeckError, match=message):
        yc.load_deck(json.dumps(deck))


def test_the_same_abilities_within_the_limits_play():
    """The refusals above stop at the limit: a Yokai taking one card from every opponent's line
    into its line, and a General adding 5 cards of the Yama, load and play."""
    deck = _deck(
        0, [{"do": "move", "from": "each_opponent_line", "to": "line", "count": 1, "pick": "rightmost"}]
    )
    deck["generals"][0]["effect"] = [{"do": "move", "from": "yama", "to": "line", "count": 5, "pick": "top"}]
    yc.load_deck(json.dumps(deck))
    for seed in range(3 if not SOAK else 30):
        play(deck, seed, 5)
