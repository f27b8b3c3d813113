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


def cell_label(cell) -> str:
    """A cell as the page names it: ``"(2, -1)"``."""
    return f"({cell[0]}, {cell[1]})"
