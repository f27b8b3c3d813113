"""What-if positions (pure Python): card names typed by a teacher -> the engine's ``position=``
set-up, and a few ready-made examples (the rulebook's figures).

>>> parse_cards("Nue, umibozu,  Ōtakemaru")
['nue', 'umibozu', 'otakemaru']
>>> parse_cards("nessie")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ui.games.yokai_carnival.positions.BadCard: Unknown card “nessie”. Known cards: Wanyūdō, Umibōzu, ...
"""

from __future__ import annotations

import unicodedata

import engine.yokai_carnival as yc


class BadCard(ValueError):
    """A typed card name that is no card of the deck."""


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain if c.isascii() and c.isalnum()).lower()


def _cards(deck: dict | None = None) -> list[dict]:
    deck = deck if deck is not None else yc.DEFAULT_DECK
    return list(deck["yokai"]) + list(deck["generals"])


def card_names(deck: dict | None = None) -> list[str]:
    return [c["name"] for c in _cards(deck)]


def general_ids(deck: dict | None = None) -> list[str]:
    deck = deck if deck is not None else yc.DEFAULT_DECK
    return [c["id"] for c in deck["generals"]]


def name_of(card_id: str, deck: dict | None = None) -> str:
    return next((c["name"] for c in _cards(deck) if c["id"] == card_id), card_id)


def parse_cards(text: str, deck: dict | None = None) -> list[str]:
    """Comma-separated names or ids (any case, accents optional) -> card ids."""
    known = {}
    for c in _cards(deck):
        known[_fold(c["id"])] = c["id"]
        known[_fold(c["name"])] = c["id"]
    out = []
    for word in (w.strip() for w in (text or "").split(",")):
        if not word:
            continue
        card_id = known.get(_fold(word))
        if card_id is None:
            raise BadCard(f"Unknown card “{word}”. Known cards: {', '.join(card_names(deck))}")
        out.append(card_id)
    return out


DEFAULT_WAITING = ("nurarihyon", "daitengu")
"""Summon Waiting of a new What-if position: two Generals, as at the start of a game."""


def seat_rows(players: int) -> list[range]:
    """The seats in turn order, three to a row (Player 4 starts the second row).

    >>> [list(r) for r in seat_rows(4)]
    [[0, 1, 2], [3]]
    """
    return [range(k, min(k + 3, players)) for k in range(0, players, 3)]


EMPTY_WAITING = (
    "Summon Waiting is empty: no General can be summoned, and the game ends at the end of the first "
    "turn played from here (5. End of Turn: the game ends when Summon Waiting is empty). Choose "
    "Generals to play on."
)


def build(position: dict, seed: int):
    """The game at ``position`` (ValueError naming what does not fit the rules)."""
    players = len(position["lines"])
    return yc.new_game(seed, players, position=position)


EXAMPLES: dict[str, dict] = {
    "Strike: three cards of one colour in hand": {
        "lines": [["umibozu", "tengu"], ["nue", "kitsune", "wanyudo"]],
        "hands": [["kamaitachi", "nue", "kamaitachi"], ["tengu", "umibozu", "yuki_onna"]],
        "summon_waiting": ["nurarihyon", "daitengu"],
        "to_move": 0,
    },
    "General Summon: one colour missing": {
        "lines": [["umibozu", "nue", "tengu"], ["kamaitachi", "wanyudo"]],
        "hands": [["nopperabo", "kitsune", "umibozu"], ["tengu", "nue", "yuki_onna"]],
        "summon_waiting": ["tamamo_no_mae", "ibaraki_doji"],
        "to_move": 0,
    },
    "Protection: cards safe before a General": {
        "lines": [
            ["nue", "umibozu", "kitsune", "yuki_onna", "nurarihyon", "tengu", "wanyudo"],
            ["kamaitachi", "umibozu", "tengu", "nopperabo", "shuten_doji", "nue"],
        ],
        "hands": [["kamaitachi", "nue", "tengu"], ["kitsune", "umibozu", "yuki_onna"]],
        "summon_waiting": ["gashadokuro", "otakemaru"],
        "to_move": 0,
    },
}
"""Ready-made positions (lines left to right, hands, Summon Waiting) for the What-if tab."""
