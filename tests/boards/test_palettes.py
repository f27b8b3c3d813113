"""Colour is never the only carrier of meaning: Yokai Carnival's colours and Yokai's families
stay apart for a red–green colour-blind pupil (deuteranopia, protanopia), and each also
carries a letter or an icon and a tag on the board.

Run with ``-s`` to see the measured table (CIEDE2000 between every pair, per vision).
"""

from __future__ import annotations

from itertools import combinations

import pytest

from boards.yokai_carnival import COLOUR_HEX, INK_ON, LETTER
from explainers.yokai_words import FAMILY_HEX, FAMILY_ICON, FAMILY_ORDER, FAMILY_PALE, FAMILY_TAG
from tests.boards.colour_vision import VISIONS, distance, linear_rgb

MIN_DELTA_E = 20.0
"""A board colour's smallest CIEDE2000 to any other, in every vision: far apart at a glance
(2 is a just noticeable difference, 10 already reads as "another colour")."""
MIN_DELTA_E_PALE = 8.0
"""Yokai's pale "seen before" cards are tints by design; their icon and tag say the family."""

PALETTES = {
    "Yokai Carnival colours": COLOUR_HEX,
    "Yokai families": FAMILY_HEX,
    "Yokai families, pale (remembered)": FAMILY_PALE,
}


def table(palette: dict[str, str]) -> list[tuple[str, str, dict[str, float]]]:
    return [
        (a, b, {v: distance(palette[a], palette[b], v) for v in VISIONS}) for a, b in combinations(palette, 2)
    ]


def print_table(name: str, rows) -> None:
    print(f"\n{name}: CIEDE2000 per pair ({', '.join(VISIONS)})")
    for a, b, d in rows:
        print(f"  {a:>11} – {b:<11}" + "".join(f"{d[v]:>8.1f}" for v in VISIONS))


@pytest.mark.parametrize(
    "name, minimum",
    [
        ("Yokai Carnival colours", MIN_DELTA_E),
        ("Yokai families", MIN_DELTA_E),
        ("Yokai families, pale (remembered)", MIN_DELTA_E_PALE),
    ],
)
def test_palette_colours_stay_apart_under_red_green_colour_blindness(name, minimum):
    rows = table(PALETTES[name])
    print_table(name, rows)
    too_close = [(a, b, v, round(d[v], 1)) for a, b, d in rows for v in VISIONS if d[v] < minimum]
    assert not too_close, f"{name}: closer than ΔE00 {minimum}: {too_close}"


def test_the_old_palette_failed_so_the_test_can_fail():
    """The colours before this check (Material red 800 and green 800): 6.8 under deuteranopia."""
    assert distance("#c62828", "#2e7d32", "deuteranopia") < MIN_DELTA_E / 2


def test_every_colour_also_has_its_own_letter_or_icon_and_tag():
    assert len(set(LETTER.values())) == len(COLOUR_HEX) and set(LETTER) == set(COLOUR_HEX)
    assert set(FAMILY_ICON) == set(FAMILY_TAG) == set(FAMILY_HEX) == set(FAMILY_ORDER)
    assert len(set(FAMILY_ICON.values())) == len(set(FAMILY_TAG.values())) == len(FAMILY_ORDER)


def _contrast(a: str, b: str) -> float:
    la, lb = (0.2126 * r + 0.7152 * g + 0.0722 * bl for r, g, bl in (linear_rgb(a), linear_rgb(b)))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_the_letters_on_the_colours_keep_a_4_5_contrast():
    for colour, fill in COLOUR_HEX.items():
        assert _contrast(fill, INK_ON[colour]) >= 4.5, colour
    for family in FAMILY_ORDER:  # white icons on a card, dark ink on a pale one
        assert _contrast(FAMILY_HEX[family], "#ffffff") >= 4.5, family
        assert _contrast(FAMILY_PALE[family], "#111111") >= 4.5, family
