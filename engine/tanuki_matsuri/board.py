"""A player's marks as one flat list of ints, and the sheet's precomputed layout.

The rules, the bots and the hint's rollouts all work on this representation: copying a
board is one list slice. Frozen states keep boards as tuples.

>>> g = layout(DEFAULT_SHEET)
>>> b = g.new_board()
>>> b[g.F:g.F + 5], b[g.T:g.T + 5], total(b, g)
([0, 0, 0, 0, 0], [1, 2, 1, 2, 1], 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .sheet import DEFAULT_SHEET, FRUITS, Sheet

# Effect codes (the sheet keeps readable strings; the engine uses these ints).
NONE, TORII, TANUKI, PENALTY, GRANNY, FLOWER = 0, 1, 2, 3, 4, 5
BONUS = 10  # BONUS + c: fruit bonus for column c (0-based)
DIE = 20  # DIE + c: the fruit of a die (stack only)
_CODES = {
    None: NONE,
    "torii": TORII,
    "tanuki": TANUKI,
    "penalty": PENALTY,
    "granny": GRANNY,
    "flower": FLOWER,
}


def code_of(effect: str | None) -> int:
    """The int code of a sheet effect: ``code_of("fruit:fig") == BONUS + 3``."""
    if effect is None or (isinstance(effect, str) and effect in _CODES):
        return _CODES[effect]
    fruit = effect.split(":", 1)[1] if isinstance(effect, str) and effect.startswith("fruit:") else None
    if fruit not in FRUITS:
        raise ValueError(f"{effect!r} is not a sheet effect")
    return BONUS + FRUITS.index(fruit)


def column_of(code: int) -> int:
    """The column (0-based) a fruit code places: a die's fruit or a fruit bonus.

    >>> column_of(DIE + 2), column_of(BONUS + 4)
    (2, 4)
    """
    return code - DIE if code >= DIE else code - BONUS


EFFECT_NAMES = {
    NONE: "no effect",
    TORII: "torii",
    TANUKI: "tanuki bonus",
    PENALTY: "tanuki penalty",
    GRANNY: "Granny",
    FLOWER: "flower bonus",
}


def effect_name(code: int) -> str:
    """``effect_name(BONUS + 2) == "fruit bonus (banana)"``."""
    if code >= DIE:
        return f"die {code - DIE + 1} ({FRUITS[code - DIE]})"
    if code >= BONUS:
        return f"fruit bonus ({FRUITS[code - BONUS]})"
    return EFFECT_NAMES[code]


def effect_words(effect: str | None) -> str:
    """The name of a sheet effect string, from the engine's one table of effect names.

    >>> effect_words(None), effect_words("penalty"), effect_words("fruit:fig")
    ('no effect', 'tanuki penalty', 'fruit bonus (fig)')
    """
    return effect_name(code_of(effect))


@dataclass(frozen=True, eq=False)
class Layout:
    """Offsets into a flat board and the sheet as int codes (built once per sheet)."""

    sheet: Sheet
    nlines: int
    cells: tuple[tuple[int, ...], ...]  # index l*5+c -> effect codes of the icons, left to right
    cell_len: tuple[int, ...]
    bonus: tuple[int, ...]
    line_total: tuple[int, ...]
    col_total: tuple[int, ...]
    lines_for_col: tuple[tuple[int, ...], ...]
    col_cells: tuple[tuple[tuple[int, int, int], ...], ...]  # per column: (line, cell index, icons)
    flowers: tuple[int, ...]
    slots: tuple[int, ...]
    granny: int
    torii: int
    # offsets: pos [0, 5L) | F fruits[5] | T tanuki circled[5] | X crossed[5] | LL line left[L]
    #          | CL column left[5] | FL flowers | GR granny | TO torii | BS circled line bonus sum
    F: int
    T: int
    X: int
    LL: int
    CL: int
    FL: int
    GR: int
    TO: int
    BS: int
    size: int

    def new_board(self) -> list[int]:
        """The marks at the start of a game (only the pre-circled tanuki)."""
        b = [0] * self.size
        b[self.T : self.T + 5] = self.sheet.start_circled
        b[self.LL : self.LL + self.nlines] = self.line_total
        b[self.CL : self.CL + 5] = self.col_total
        return b


_BY_ID: dict[int, tuple[Sheet, Layout]] = {}


def layout(sheet: Sheet) -> Layout:
    """The (cached) layout of a sheet: found by the sheet object first, as hashing a sheet
    walks all its lines, then by its value."""
    hit = _BY_ID.get(id(sheet))
    if hit is not None and hit[0] is sheet:
        return hit[1]
    g = _layout(sheet)
    if len(_BY_ID) >= 64:
        _BY_ID.clear()
    _BY_ID[id(sheet)] = (sheet, g)  # the sheet is kept alive, so its id is not reused
    return g


@lru_cache(maxsize=64)
def _layout(sheet: Sheet) -> Layout:
    n = len(sheet.lines)
    cells = tuple(tuple(code_of(e) for e in line.cells[c]) for line in sheet.lines for c in range(5))
    F = 5 * n
    T, X, LL = F + 5, F + 10, F + 15
    CL = LL + n
    FL = CL + 5
    return Layout(
        sheet=sheet,
        nlines=n,
        cells=cells,
        cell_len=tuple(len(c) for c in cells),
        bonus=tuple(line.bonus for line in sheet.lines),
        line_total=tuple(line.size for line in sheet.lines),
        col_total=tuple(sheet.column_size(c) for c in range(5)),
        lines_for_col=tuple(
            tuple(i for i, line in enumerate(sheet.lines) if line.cells[c]) for c in range(5)
        ),
        col_cells=tuple(
            tuple((i, i * 5 + c, len(line.cells[c])) for i, line in enumerate(sheet.lines) if line.cells[c])
            for c in range(5)
        ),
        flowers=tuple(code_of(e) for e in sheet.flowers),
        slots=sheet.slots,
        granny=sheet.granny,
        torii=sheet.torii,
        F=F,
        T=T,
        X=X,
        LL=LL,
        CL=CL,
        FL=FL,
        GR=FL + 1,
        TO=FL + 2,
        BS=FL + 3,
        size=FL + 4,
    )


def total(b, g: Layout) -> int:
    """Score of a board: Σ fruits × (circled − crossed tanuki) + line bonuses × Granny."""
    F, T, X = g.F, g.T, g.X
    s = b[g.BS] * b[g.GR]
    for c in range(5):
        s += b[F + c] * (b[T + c] - b[X + c])
    return s


__all__ = [
    "DEFAULT_SHEET",
    "Layout",
    "layout",
    "total",
    "code_of",
    "column_of",
    "effect_name",
    "effect_words",
]
