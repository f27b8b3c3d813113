"""Cards as data: the deck file (8 Yokai types, 8 Generals), its validation, and lookup tables.

Every ability is a list of effect steps (the primitives of ``effects.py``); a teacher can load
an edited deck to match a printed one. :func:`load_deck` names every bad field at once.

>>> deck = parse_deck(DEFAULT_DECK)
>>> deck.yokai[0].name, deck.yokai[0].colour, deck.protects_flags[1]
('Wanyūdō', 'blue', False)
>>> load_deck('{"name": "x", "yokai": [], "generals": []}')
Traceback (most recent call last):
...
engine.yokai_carnival.cards.DeckError: yokai: expected 8 Yokai types, got 0; generals: expected 8 Generals, got 0
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import product
from typing import Any

from engine.core.quote import plain_text_problem, quote_input, quote_key

COLOURS = ("red", "blue", "yellow", "green")
"""The four Yokai colours; Generals are purple."""
PURPLE = "purple"
YOKAI_TYPES = 8
COPIES = 8
GENERALS = 8
HAND_LIMIT = 3
MAX_DECK_CHARS = 100_000
"""A deck file longer than this is refused before it is parsed (the largest deck the schema
allows, pretty-printed, is about 60,000 characters)."""
MAX_ERRORS = 12
"""A refused deck names at most this many faults (a file can hold thousands)."""

OPS = ("choose_opponent", "choose_colour", "look_yama", "reveal_until_colour", "look_hand", "move")
SOURCES = {  # where a move takes cards from -> the ways it may pick them
    "yama": ("top",),
    "discard": ("choice",),
    "hand": ("all", "choice"),
    "revealed": ("choice", "rest", "match"),
    "target_line": ("rightmost", "choice", "colour"),
    "each_opponent_line": ("rightmost",),
    "opponent_lines": ("choice",),
    "target_hand": ("choice",),
}
DESTINATIONS = ("line", "hand", "discard", "yama_bottom")
_ID = re.compile(r"[a-z][a-z0-9_]{0,23}")
_STEP_KEYS = {
    "choose_opponent": {"needs"},
    "choose_colour": {"among"},
    "look_yama": {"count"},
    "reveal_until_colour": set(),
    "look_hand": set(),
    "move": {"from", "to", "count", "pick", "up_to", "chooser"},
}


COMPILER = None
"""``effects.compile_deck``, set by ``effects`` when it loads (it reads this module, so it cannot
be imported here): a deck's :class:`Programs` compile with it at their first use."""


class Programs(dict):
    """A deck's abilities compiled, by card number (``STRIKE``, -1: the Strike's): filled at
    the first use, all at once, by :data:`COMPILER`. Filled late, and kept in a table of the
    deck's own, because a deck is made (the default one when this module loads) before the
    compiler can be imported."""

    def __init__(self, effects: tuple) -> None:
        super().__init__()
        self.effects = effects

    def __missing__(self, card: int) -> tuple:
        if self:  # compiled already: no such card
            raise KeyError(card)
        compiled = COMPILER(self.effects)
        self.update(enumerate(compiled[:-1]))
        self[-1] = compiled[-1]
        return self[card]


class DeckError(ValueError):
    """A deck file that does not follow the schema; the message names every bad field."""


@dataclass(frozen=True)
class Card:
    """A card type: Yokai (a colour, 8 copies) or General (purple, one of each)."""

    id: str
    name: str
    japanese: str
    colour: str
    text: str
    kind: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Step:
    """One effect primitive of an ability (see ``effects.py``)."""

    do: str
    needs: str = ""
    among: str = ""
    count: int = 0  # 0 means "all"
    source: str = ""
    to: str = ""
    pick: str = ""
    up_to: bool = False
    chooser: str = "self"


@dataclass(frozen=True)
class Deck:
    """A validated deck. Card numbers inside the engine: Yokai types 0..7, Generals 8..15."""

    name: str
    yokai: tuple[Card, ...]
    generals: tuple[Card, ...]
    protects_flags: tuple[bool, ...]  # per General
    effects: tuple[tuple[Step, ...], ...]  # per card number
    source: str  # canonical JSON, for saves
    colour_of: tuple[int, ...] = ()  # per card number: 0..3 (COLOURS) for a Yokai, 4 for a General
    # per card number, then 0 for UNSEEN (-1): 1, 2, 4, 8 by colour for a Yokai, 16 for a General
    colour_bits: tuple[int, ...] = ()
    protects_at: tuple[bool, ...] = ()  # per card number, then False for UNSEEN (-1)
    strike_hands: frozenset[tuple[int, ...]] = frozenset()  # every 3 cards of one colour, in any order

    def __post_init__(self) -> None:
        """Tables kept on this deck object, not fields (equality, hashing and saves ignore
        them): ``programs``, each card's ability compiled to one function per step
        (``effects.compile_deck``; the data stays the only source of what a card does),
        ``protectors`` (the card numbers of the Generals that protect), ``line_masks`` (a
        memo of each line's unconfirmed colours, ``work.unconfirmed_mask``) and
        ``colour_members`` (by colour, the numbers of its Yokai cards).

        The one write into a frozen object in this game besides ``engine.core.made``
        (``test_frozen_writes`` holds the list): the tables go in a dict of the deck's own,
        built here and set once, while the deck is being made (why a dict of its own:
        ``engine.core.made``).
        """
        d = dict(self.__dict__)
        d["programs"] = Programs(self.effects)
        d["protectors"] = frozenset(n for n in range(YOKAI_TYPES + GENERALS) if self.protects_at[n])
        d["line_masks"] = {}
        d["colour_members"] = tuple(
            frozenset(n for n in range(YOKAI_TYPES) if self.colour_of[n] == k) for k in range(len(COLOURS))
        )
        object.__setattr__(self, "__dict__", d)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.yokai + self.generals

    def __reduce__(self):
        # pickled by its source text: cheap copies, and the same cached object comes back
        return (_parse_source, (self.source,))

    def card(self, number: int) -> Card:
        return self.cards[number]

    def number(self, card_id: str) -> int:
        for i, c in enumerate(self.cards):
            if c.id == card_id:
                return i
        raise ValueError(f"No card {quote_input(card_id)} in this deck")

    def protects(self, number: int) -> bool:
        return number >= YOKAI_TYPES and self.protects_flags[number - YOKAI_TYPES]


def _text(errors: list, data: dict, key: str, where: str, limit: int = 300) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        errors.append(f"{where}.{key}: must be a non-empty text of at most {limit} characters")
        return ""
    if problem := plain_text_problem(value):
        errors.append(f"{where}.{key}: {problem}")
        return ""
    return value


def _count(errors: list, value: Any, where: str, allow_all: bool) -> int:
    if allow_all and value == "all":
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 8:
        extra = ' or "all"' if allow_all else ""
        errors.append(f"{where}: must be a whole number from 1 to 8{extra}, not {quote_input(value)}")
        return 1
    return value


def _step(errors: list, raw: Any, where: str, general: bool, seen: set) -> Step | None:
    if not isinstance(raw, dict):
        errors.append(f"{where}: expected a JSON object with a 'do' key")
        return None
    do = raw.get("do")
    if do not in OPS:
        errors.append(f"{where}.do: unknown primitive {quote_input(do)} (expected one of {', '.join(OPS)})")
        return None
    for key in sorted(set(raw) - _STEP_KEYS[do] - {"do"}):
        errors.append(
            f"{where}.{quote_key(key)}: unknown key for {quote_input(do)} (allowed: {', '.join(sorted(_STEP_KEYS[do]))})"
        )
    if do == "choose_opponent":
        needs = raw.get("needs", "line")
        if needs not in ("line", "hand"):
            errors.append(f"{where}.needs: must be 'line' or 'hand', not {quote_input(needs)}")
        seen.add("target")
        return Step(do, needs=needs)
    if do == "choose_colour":
        among = raw.get("among", "all")
        if among not in ("all", "target_line"):
            errors.append(f"{where}.among: must be 'all' or 'target_line', not {quote_input(among)}")
        if among == "target_line" and "target" not in seen:
            errors.append(f"{where}.among: 'target_line' needs a choose_opponent step before it")
        seen.add("colour")
        return Step(do, among=among)
    if do == "look_yama":
        seen.add("revealed")
        return Step(do, count=_count(errors, raw.get("count"), f"{where}.count", False))
    if do == "reveal_until_colour":
        if "colour" not in seen:
            errors.append(f"{where}.do: reveal_until_colour needs a choose_colour step before it")
        seen.add("revealed")
        return Step(do)
    if do == "look_hand":
        if "target" not in seen:
            errors.append(f"{where}.do: look_hand needs a choose_opponent step before it")
        seen.add("looked")
        return Step(do)
    source, to, pick = raw.get("from"), raw.get("to"), raw.get("pick")
    if not isinstance(source, str) or source not in SOURCES:  # a list or object is unhashable
        errors.append(f"{where}.from: must be one of {', '.join(SOURCES)}, not {quote_input(source)}")
        return None
    if to not in DESTINATIONS:
        errors.append(f"{where}.to: must be one of {', '.join(DESTINATIONS)}, not {quote_input(to)}")
    if pick not in SOURCES[source]:
        errors.append(
            f"{where}.pick: from {quote_input(source)} must be one of {', '.join(SOURCES[source])}, not {quote_input(pick)}"
        )
    whole = pick in ("all", "rest", "colour", "match")
    count = _count(errors, raw.get("count", "all" if whole else None), f"{where}.count", whole)
    up_to = raw.get("up_to", False)
    if not isinstance(up_to, bool) or (up_to and pick != "choice"):
        errors.append(f"{where}.up_to: must be true or false, and true only with pick 'choice'")
    chooser = raw.get("chooser", "self")
    if chooser not in ("self", "target") or (chooser == "target" and source != "target_hand"):
        errors.append(f"{where}.chooser: must be 'self', or 'target' only when moving from 'target_hand'")
    if source.startswith("target") and "target" not in seen:
        errors.append(f"{where}.from: {quote_input(source)} needs a choose_opponent step before it")
    if source == "revealed" and "revealed" not in seen:
        errors.append(f"{where}.from: 'revealed' needs a look_yama or reveal_until_colour step before it")
    if pick in ("colour", "match") and "colour" not in seen:
        errors.append(f"{where}.pick: {quote_input(pick)} needs a choose_colour step before it")
    if source == "target_hand" and chooser == "self" and "looked" not in seen:
        errors.append(f"{where}.chooser: choosing from an opponent's hand needs a look_hand step before it")
    if to == "hand" and source == "hand":
        errors.append(f"{where}.to: cards taken from your hand cannot go back to it")
    if to == "yama_bottom" and source != "revealed":
        errors.append(f"{where}.to: only revealed cards go to the bottom of the Yama")
    return Step("move", count=count, source=source, to=to, pick=pick, up_to=up_to, chooser=chooser)


MAX_OPPONENTS = 4
"""A 5-player game: a step acting on every opponent's line acts on up to 4 lines."""
MAX_PLACED = 5
"""At most this many cards join a line in one go (their owner then chooses among up to 5! = 120
orders, one action each); a step that could add more is refused."""
LINE_SOURCES = ("target_line", "each_opponent_line", "opponent_lines")


def _moved(s: Step, waiting: int | None, one_match: bool) -> int | None:
    """At most how many cards move ``s`` takes (None: no bound), ``waiting`` being at most how
    many looked-at or revealed cards wait (None: no bound), ``one_match`` whether they hold at
    most one card of the named colour."""
    if s.pick == "match":
        return 1 if one_match else waiting
    if s.pick == "rest" or (s.source == "revealed" and s.count == 0):
        return waiting
    if s.source == "hand" and s.count == 0:
        return HAND_LIMIT
    if s.pick == "colour" or s.count == 0:
        return None
    if s.source == "each_opponent_line":
        return s.count * MAX_OPPONENTS
    return s.count


def _plays_safely(errors: list, steps: tuple[Step, ...], where: str, kind: str, takes_generals: bool) -> None:
    """Refuse an ability that the engine could not play through with every card accounted
    for: one that could push a hand past 3 cards, add more than ``MAX_PLACED`` cards to a line
    at once, lose looked-at cards, or put a General into a hand. ``takes_generals``: the deck
    has a General that protects nothing, so a line's General may be taken."""
    gain: int | None = 0
    waiting: int | None = 0  # looked-at or revealed cards waiting (None: no bound)
    one_match = False  # the cards waiting hold at most one of the named colour
    for i, s in enumerate(steps):
        at = f"{where}.effect[{i}]"
        if s.do == "look_yama":
            waiting = None if waiting is None else waiting + s.count
            one_match = False
            continue
        if s.do == "reveal_until_colour":
            one_match, waiting = waiting == 0, None
            continue
        if s.do != "move":
            continue
        moved = _moved(s, waiting, one_match)
        several = s.pick != "choice" and (moved is None or moved >= 2)
        if s.to == "hand":
            gain = None if gain is None or moved is None else gain + moved
            if s.source in LINE_SOURCES and takes_generals:
                errors.append(
                    f"{at}: it could take a General that protects nothing (e.g. Shuten-dōji) from a line "
                    "into a hand; a hand holds only Yokai cards"
                )
        if s.to == "line" and several:
            if moved is None or moved > MAX_PLACED:
                many = "any number of" if moved is None else str(moved)
                errors.append(
                    f"{at}: it could add {many} cards to a line at once; at most {MAX_PLACED} may join "
                    "a line in one go (their owner chooses their order)"
                )
            elif s.source != "revealed" and waiting != 0:
                errors.append(
                    f"{at}: it adds several cards to a line while cards looked at or revealed still "
                    "wait; move those first (e.g. to the bottom of the Yama)"
                )
            elif s.pick == "match" and not one_match:
                errors.append(
                    f"{at}: several revealed cards of the named colour could join the line, and the "
                    "other revealed cards would be lost; move the matching cards to a hand, or look "
                    "with reveal_until_colour alone"
                )
        if s.source == "revealed" and (s.pick == "rest" or s.count == 0):
            waiting, one_match = 0, False
        elif s.source == "revealed" and s.pick == "match":
            one_match = False
    limit = 1 if kind == "yokai" else 0
    if gain is None or gain > limit:
        why = (
            "a Yokai is played from a hand of 3, so it may add at most 1 card to its player's hand"
            if kind == "yokai"
            else "a General can be summoned when its player's hand is already full, so it may add none"
        )
        errors.append(f"{where}.effect: it could make a hand exceed {HAND_LIMIT} cards ({why})")


def _card(errors: list, raw: Any, where: str, kind: str) -> tuple[Card | None, bool, tuple]:
    if not isinstance(raw, dict):
        errors.append(f"{where}: expected a JSON object")
        return None, True, ()
    allowed = {"id", "name", "japanese", "text", "effect"} | ({"colour"} if kind == "yokai" else {"protects"})
    for key in sorted(set(raw) - allowed):
        errors.append(f"{where}.{quote_key(key)}: unknown key (allowed: {', '.join(sorted(allowed))})")
    card_id = raw.get("id")
    if not isinstance(card_id, str) or not _ID.fullmatch(card_id):
        errors.append(
            f"{where}.id: must be lower-case letters, digits and _ (1-24, a letter first), not {quote_input(card_id)}"
        )
        card_id = ""
    name = _text(errors, raw, "name", where, 40)
    japanese = raw.get("japanese", "")
    if not isinstance(japanese, str) or len(japanese) > 40:
        errors.append(f"{where}.japanese: must be a text of at most 40 characters")
        japanese = ""
    elif problem := plain_text_problem(japanese):
        errors.append(f"{where}.japanese: {problem}")
        japanese = ""
    text = _text(errors, raw, "text", where)
    colour = PURPLE
    protects = True
    if kind == "yokai":
        colour = raw.get("colour")
        if colour not in COLOURS:
            errors.append(f"{where}.colour: must be one of {', '.join(COLOURS)}, not {quote_input(colour)}")
            colour = COLOURS[0]
    else:
        protects = raw.get("protects", True)
        if not isinstance(protects, bool):
            errors.append(f"{where}.protects: must be true or false, not {quote_input(protects)}")
            protects = True
    effect = raw.get("effect")
    steps: list[Step] = []
    if not isinstance(effect, list) or len(effect) > 8:
        errors.append(f"{where}.effect: must be a list of at most 8 effect steps")
    else:
        seen: set = set()
        for i, s in enumerate(effect):
            step = _step(errors, s, f"{where}.effect[{i}]", kind == "general", seen)
            if step is not None:
                steps.append(step)
    return Card(card_id, name, japanese, colour, text, kind), protects, tuple(steps)


def _check(data: Any) -> Deck:
    errors: list[str] = []
    if not isinstance(data, dict):
        raise DeckError("deck: expected a JSON object with name, yokai and generals")
    for key in sorted(set(data) - {"name", "yokai", "generals"}):
        errors.append(f"{quote_key(key)}: unknown key (allowed: generals, name, yokai)")
    name = data.get("name", "Custom deck")
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        errors.append("name: must be a non-empty text of at most 80 characters")
    elif problem := plain_text_problem(name):
        errors.append(f"name: {problem}")
    parts = {}
    for kind, key, want in (("yokai", "yokai", YOKAI_TYPES), ("general", "generals", GENERALS)):
        raw = data.get(key)
        if not isinstance(raw, list) or len(raw) != want:
            got = f"got {len(raw)}" if isinstance(raw, list) else "missing" if raw is None else "not a list"
            label = "Yokai types" if kind == "yokai" else "Generals"
            errors.append(f"{key}: expected {want} {label}, {got}")
            parts[kind] = None
            continue
        parts[kind] = [_card(errors, c, f"{key}[{i}]", kind) for i, c in enumerate(raw)]
    if parts["yokai"] is not None:
        for colour in COLOURS:
            n = sum(1 for c, _, _ in parts["yokai"] if c is not None and c.colour == colour)
            if n != 2:
                errors.append(f"yokai: the game has 2 Yokai types per colour; {colour} has {n}")
    if parts["general"] is not None:
        takes_generals = any(not p for c, p, _ in parts["general"] if c is not None)
        for key, kind in (("yokai", "yokai"), ("generals", "general")):
            for i, (c, _, steps) in enumerate(parts[kind] or ()):
                if c is not None:
                    _plays_safely(errors, steps, f"{key}[{i}]", kind, takes_generals)
    if parts["yokai"] is not None and parts["general"] is not None:
        ids = [c.id for c, _, _ in parts["yokai"] + parts["general"] if c is not None and c.id]
        for dup in sorted({i for i in ids if ids.count(i) > 1}):
            errors.append(f"id {quote_input(dup)}: used by more than one card")
    if errors:
        more = f"; and {len(errors) - MAX_ERRORS} more" if len(errors) > MAX_ERRORS else ""
        raise DeckError("; ".join(errors[:MAX_ERRORS]) + more)
    yokai = tuple(c for c, _, _ in parts["yokai"])
    generals = tuple(c for c, _, _ in parts["general"])
    source = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return Deck(
        name,
        yokai,
        generals,
        tuple(p for _, p, _ in parts["general"]),
        tuple(s for _, _, s in parts["yokai"] + parts["general"]),
        source,
        tuple(COLOURS.index(c.colour) for c in yokai) + (4,) * GENERALS,
        tuple(1 << COLOURS.index(c.colour) for c in yokai) + (16,) * GENERALS + (0,),
        (False,) * YOKAI_TYPES + tuple(p for _, p, _ in parts["general"]) + (False,),
        frozenset(
            hand
            for hand in product(range(YOKAI_TYPES + GENERALS), repeat=3)
            if len({COLOURS.index(yokai[n].colour) if n < YOKAI_TYPES else 4 for n in hand}) == 1
        ),
    )


@lru_cache(maxsize=32)
def _parse_source(source: str) -> Deck:
    return _check(json.loads(source))


def parse_deck(data: dict) -> Deck:
    """The validated :class:`Deck` of a deck dict (cached by its canonical JSON)."""
    try:
        source = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        raise DeckError("deck: must be plain JSON data") from None
    if len(source) > MAX_DECK_CHARS:
        raise DeckError(f"deck: too large for a deck (the limit is {MAX_DECK_CHARS:,} characters)")
    return _parse_source(source)


def load_deck(text: str | bytes) -> dict:
    """Validate a deck file's text and return its dict; ``DeckError`` names every bad field
    (up to ``MAX_ERRORS``). Text over ``MAX_DECK_CHARS`` is refused before it is parsed."""
    if not isinstance(text, str | bytes):
        raise DeckError("deck: expected the text of a JSON file")
    if len(text) > MAX_DECK_CHARS * (4 if isinstance(text, bytes) else 1):
        unit = "bytes" if isinstance(text, bytes) else "characters"
        raise DeckError(f"deck: the file is too large for a deck (the limit is {MAX_DECK_CHARS:,} {unit})")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise DeckError("deck: the file is not UTF-8 text") from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise DeckError("deck: the file is not valid JSON") from None
    parse_deck(data)
    return data


DEFAULT_DECK: dict = json.loads(
    resources.files(__package__).joinpath("deck.json").read_text(encoding="utf-8")
)
"""The project's reconstructed deck (``deck.json``): the 8 Yokai and 8 Generals of the spec."""
DEFAULT: Deck = parse_deck(DEFAULT_DECK)
