"""Yokai's words in English and French (the rulebook is French: *Indice*, *apaiser*, …).

One table, :data:`WORDS`, keyed by a stable name; :func:`word` picks the language and falls
back to English. Family names are the same in both languages (Kitsune, Kappa, Rokurokubi, Oni);
each family also has an icon and a three-letter tag, so colour is never the only signal.

>>> word("hint", "fr"), word("hint", "en")
('Indice', 'Hint')
>>> family_label("rokurokubi")
'👘 Rokurokubi'
>>> hint_label(frozenset({"oni", "kitsune"}))
'🦊 Kit / 👹 Oni'
"""

from __future__ import annotations

import engine.yokai as yk

LANGUAGES = {"en": "English", "fr": "Français"}

FAMILY_ORDER = ("kitsune", "kappa", "rokurokubi", "oni")
"""The rulebook's order (the engine's ``FAMILIES``)."""
FAMILY_NAME = {"kitsune": "Kitsune", "kappa": "Kappa", "rokurokubi": "Rokurokubi", "oni": "Oni"}
FAMILY_ICON = {"kitsune": "🦊", "kappa": "🐢", "rokurokubi": "👘", "oni": "👹"}
FAMILY_TAG = {"kitsune": "Kit", "kappa": "Kap", "rokurokubi": "Rok", "oni": "Oni"}
FAMILY_HEX = {"kitsune": "#cc0000", "kappa": "#17856e", "rokurokubi": "#5c1c5e", "oni": "#3366ff"}
FAMILY_PALE = {"kitsune": "#eb9999", "kappa": "#a2cec5", "rokurokubi": "#bea4bf", "oni": "#adc2ff"}
FAMILY_GLOSS = {
    "en": {
        "kitsune": "foxes (red)",
        "kappa": "river children (green)",
        "rokurokubi": "long-necked women (purple)",
        "oni": "demons (blue)",
    },
    "fr": {
        "kitsune": "renards (rouges)",
        "kappa": "enfants de la rivière (verts)",
        "rokurokubi": "femmes au long cou (violettes)",
        "oni": "démons (bleus)",
    },
}

WORDS: dict[str, dict[str, str]] = {
    "hint": {"en": "Hint", "fr": "Indice"},
    "hints": {"en": "Hints", "fr": "Indices"},
    "deck": {"en": "Hint deck", "fr": "Pioche d'Indices"},
    "revealed": {"en": "Revealed hints", "fr": "Indices dévoilés"},
    "peek": {"en": "Peek", "fr": "Observer"},
    "move": {"en": "Move", "fr": "Déplacer"},
    "reveal": {"en": "Reveal a hint", "fr": "Dévoiler un Indice"},
    "place": {"en": "Place a hint", "fr": "Poser un Indice"},
    "declare": {"en": "Declare: the Yokai are appeased", "fr": "Déclarer : les Yokai sont apaisés"},
    "demo": {
        "en": "DEMO · teacher view: every card is shown",
        "fr": "DÉMO · vue du professeur : toutes les cartes",
    },
    "step_peek": {"en": "step 1: peek at 2 cards", "fr": "étape 1 : observer 2 cartes"},
    "step_move": {"en": "step 2: move 1 card", "fr": "étape 2 : déplacer 1 carte"},
    "step_hint": {"en": "step 3: reveal or place a hint", "fr": "étape 3 : dévoiler ou poser un Indice"},
    "in_deck": {"en": "left", "fr": "restants"},
    "click_reveal": {"en": "▲ reveal", "fr": "▲ dévoiler"},
    "declare_short": {"en": "Declare", "fr": "Déclarer"},
    "over": {"en": "Game over", "fr": "Partie terminée"},
    "click_peek": {"en": "Click a face-down card to peek", "fr": "Cliquez une carte pour l'observer"},
    "click_move": {"en": "Click a card, then a green cell", "fr": "Cliquez une carte, puis une case verte"},
    "click_hint": {
        "en": "Click the deck, or a hint then a card",
        "fr": "Cliquez la pioche, ou un Indice puis une carte",
    },
    "cut_off": {"en": "cut off", "fr": "isolée"},
    "moved": {"en": "moved", "fr": "déplacée"},
    "left": {"en": "left", "fr": "partie"},
    "communication": {
        "en": "🤫 Communication only through hints: say nothing about the cards you saw.",
        "fr": "🤫 On ne communique que par les Indices : ne dites rien des cartes vues.",
    },
    "memory": {"en": "🧠 Memory aid", "fr": "🧠 Aide-mémoire"},
    "win": {"en": "The Yokai are appeased: you win!", "fr": "Les Yokai sont apaisés : vous gagnez !"},
    "loss": {
        "en": "Not every family is grouped: you lose.",
        "fr": "Les familles ne sont pas regroupées : perdu.",
    },
    "tier:Honourable": {"en": "Honourable victory", "fr": "Victoire honorable"},
    "tier:Glorious": {"en": "Glorious victory", "fr": "Victoire glorieuse"},
    "tier:Legendary": {"en": "Legendary victory", "fr": "Victoire légendaire"},
}


def word(name: str, lang: str = "en") -> str:
    """The word ``name`` in ``lang`` (English when missing)."""
    entry = WORDS[name]
    return entry.get(lang) or entry["en"]


def family_label(family: str) -> str:
    """Icon and name: ``"🦊 Kitsune"``."""
    return f"{FAMILY_ICON[family]} {FAMILY_NAME[family]}"


def hint_families(hint) -> list[str]:
    """A hint's families in the rulebook's order."""
    return [f for f in FAMILY_ORDER if f in hint]


def hint_label(hint) -> str:
    """A hint in words: ``"🦊 Kit / 👹 Oni"`` (icons and tags, never colour alone)."""
    return " / ".join(f"{FAMILY_ICON[f]} {FAMILY_TAG[f]}" for f in hint_families(hint))


def with_article(noun: str) -> str:
    """``"an Oni"``, ``"a Kappa"``: the noun with its indefinite article.

    >>> with_article("Oni"), with_article("kitsune")
    ('an Oni', 'a kitsune')
    """
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def grid_origin(cells) -> tuple[int, int]:
    """The top-left cell of the grid the board draws around ``cells``: one empty cell of
    margin on every side, so the cards' own columns start at B and their rows at 2."""
    cells = list(cells)
    return min(x for x, _ in cells) - 1, max(y for _, y in cells) + 1


def column_name(index: int) -> str:
    """``0 -> "A"``, ``25 -> "Z"``, ``26 -> "AA"``: a board column's letter(s)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def cell_label(cell, cells) -> str:
    """A cell as the board labels it, for the cards on ``cells``: column letter, row number
    (row 1 at the top), like ``"B2"`` for the top-left card of the starting grid.

    >>> start = [(x, y) for x in range(4) for y in range(4)]
    >>> cell_label((0, 3), start), cell_label((3, 0), start), cell_label((-1, 2), start)
    ('B2', 'E5', 'A3')
    >>> cell_label((9, 9), start)
    'a cell off the board'
    """
    x0, y0 = grid_origin(cells)
    col, row = cell[0] - x0, y0 - cell[1]
    cols = max(x for x, _ in cells) + 1 - x0
    rows = y0 - min(y for _, y in cells) + 1
    if not (0 <= col <= cols and 0 <= row <= rows):
        return "a cell off the board"
    return f"{column_name(col)}{row + 1}"


def edge_labels(cells) -> list[tuple[tuple[int, int], str, str]]:
    """Where the board writes the cell names: each column's letter in its top cell ("top"),
    each row's number in its leftmost cell ("left"); both lie in the empty margin.

    >>> [(c, t) for c, t, side in edge_labels([(0, 0), (1, 0)]) if side == "top"]
    [((-1, 1), 'A'), ((0, 1), 'B'), ((1, 1), 'C'), ((2, 1), 'D')]
    """
    cells = list(cells)
    x0, y0 = grid_origin(cells)
    x1, y1 = max(x for x, _ in cells) + 1, min(y for _, y in cells) - 1
    top = [((x, y0), column_name(x - x0), "top") for x in range(x0, x1 + 1)]
    left = [((x0, y), str(y0 - y + 1), "left") for y in range(y0, y1 - 1, -1)]
    return top + left


def cell_namer(cells):
    """``cell_label`` bound to one board: a ``format_func`` for widgets.

    >>> cell_namer([(x, y) for x in range(4) for y in range(4)])((1, 2))
    'C3'
    """
    cells = tuple(cells)
    return lambda cell: cell_label(cell, cells)


def action_words(action, cells) -> str:
    """An action in the board's words: ``"Peek at B2"``, ``"Move B2 → A2"``, ``"Place hint 1 on
    C3"`` (the cells named for the cards on ``cells``; the coach and the log use it).

    >>> import engine.yokai as yk
    >>> start = [(x, y) for x in range(4) for y in range(4)]
    >>> action_words(yk.Move((0, 3), (-1, 3)), start), action_words(yk.Reveal(), start)
    ('Move B2 → A2', 'Reveal a hint')
    """
    name = cell_namer(cells)
    kind = type(action).__name__
    if kind == "Peek":
        return f"Peek at {name(action.cell)}"
    if kind == "Move":
        return f"Move {name(action.src)} → {name(action.dst)}"
    if kind == "Place":
        return f"Place hint {action.hint + 1} on {name(action.cell)}"
    if kind == "Declare":
        return "Declare the Yokai appeased"
    return str(action)


def coach_label(view, action) -> str:
    """A move as the coach names it, with the cells of the board on screen (``Words.label``)."""
    return action_words(action, yk.board(view))
