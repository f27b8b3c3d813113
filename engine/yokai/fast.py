"""The move generator's hot loop: cells coded as integers, articulation points by Tarjan's
search, pieces by breadth-first search. ``geometry`` says the same with networkx; the tests
check that both agree on many random layouts.

>>> decode(code((-3, 7)))
(-3, 7)
>>> [str(m) for m in moves([(0, 0), (1, 0), (1, 1), (2, 1)], [(1, 0)])]
['Move (1, 0) to (0, 1)']
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from .actions import Move, move

Cell = tuple[int, int]
OFFSET = 1 << 9
WIDTH = 1 << 10  # a code sorts like its cell: by x, then y
STEPS = (WIDTH, -WIDTH, 1, -1)
_ROWS: dict[int, dict[int, Move]] = {}
"""The shared ``Move`` values by source code, then destination code (see :func:`_row`)."""


def code(cell: Cell) -> int:
    return (cell[0] + OFFSET) * WIDTH + cell[1] + OFFSET


def decode(number: int) -> Cell:
    return (number // WIDTH - OFFSET, number % WIDTH - OFFSET)


def articulation(occupied: set[int]) -> set[int]:
    """The codes of the cards whose lifting would split the others."""
    found: set[int] = set()
    if len(occupied) < 3:
        return found
    root = min(occupied)
    disc = {root: 0}
    low = {root: 0}

    def visit(u: int, parent: int) -> int:
        children = 0
        du = disc[u]
        lu = du
        for step in STEPS:
            v = u + step
            if v not in occupied:
                continue
            dv = disc.get(v)
            if dv is None:
                disc[v] = low[v] = len(disc)
                children += 1
                visit(v, u)
                lv = low[v]
                if lv < lu:
                    lu = lv
                if parent >= 0 and lv >= du:
                    found.add(u)
            elif v != parent and dv < lu:
                lu = dv
        low[u] = lu
        return children

    if visit(root, -1) > 1:
        found.add(root)
    return found


def pieces(occupied: set[int]) -> list[set[int]]:
    """The connected groups of ``occupied``."""
    left = set(occupied)
    out = []
    while left:
        start = left.pop()
        group = {start}
        todo = [start]
        while todo:
            u = todo.pop()
            for step in STEPS:
                v = u + step
                if v in left:
                    left.discard(v)
                    group.add(v)
                    todo.append(v)
        out.append(group)
    return out


def _row(src: int, dsts: Iterable[int]) -> dict[int, Move]:
    """The shared ``Move`` values of one source cell by destination code, with those to
    ``dsts`` made if they were missing. Rows are plain dicts, filled here when a lookup misses
    (a ``KeyError``, rare once a few games are played). A dict subclass with ``__missing__``
    would fill itself, but lookups in it cost about 1.8x as much (20 keys by ``itemgetter``:
    0.74 against 0.40 µs on CPython 3.11.7), and :func:`moves` about 7% more (42.7 against
    39.8 µs a call, best of 40 over the 2,232 layouts of ``bench.protocol_speed``'s games)."""
    row = _ROWS.get(src)
    if row is None:
        row = _ROWS[src] = {}
    start = decode(src)
    for dst in dsts:
        if dst not in row:
            row[dst] = move(start, decode(dst))
    return row


class _Codes(dict):
    """Cell -> code, remembered: a dict lookup is cheaper than the arithmetic call."""

    def __missing__(self, cell: Cell) -> int:
        found = self[cell] = code(cell)
        return found


class _Around(dict):
    """Code -> the codes of its four side neighbours, remembered."""

    def __missing__(self, c: int) -> tuple[int, int, int, int]:
        found = self[c] = (c + WIDTH, c - WIDTH, c + 1, c - 1)
        return found


_CODES = _Codes()
_NO_ROW: dict[int, Move] = {}  # (never filled: a lookup in it misses, and _row fills the real one)
AROUND = _Around()


def _search(occupied: Iterable[int]) -> tuple[dict, dict, dict]:
    """One depth-first search of the layout (Tarjan's) that also looks at the empty side of
    every card. Returns each card's discovery index; for each card that holds the layout
    together, the pieces its lifting leaves as bitmasks over discovery indices; and for each
    empty cell touching the layout, the bitmask of the cards it touches. Bitmasks (one int a
    cell) keep the later tests to an ``&`` and spare the search a list per cell."""
    disc = dict.fromkeys(occupied, -1)  # -1: not reached yet; a missing key: an empty cell
    root = min(disc)
    disc[root] = 0
    count = 1
    cuts: dict[int, list[int]] = {}
    touch: dict[int, int] = {}
    touch_get = touch.get
    disc_get = disc.get

    def visit(u: int, du: int, parent: int) -> int:
        """The low-link of ``u`` (discovery index ``du``): the earliest card its subtree
        reaches by one back edge. (The index passed along and ``disc.get`` bound once: 3% fewer
        instructions a search, 173k against 168k, over the 2,232 layouts.)"""
        nonlocal count
        lu = du
        bit = 1 << du
        below = None
        for v in AROUND[u]:
            dv = disc_get(v)
            if dv is None:
                touch[v] = touch_get(v, 0) | bit
            elif dv < 0:
                dv = disc[v] = count
                count += 1
                lv = visit(v, dv, u)
                if lv < lu:
                    lu = lv
                if lv >= du:  # nothing under v climbs above u: lifting u cuts v's subtree off
                    if below is None:
                        below = cuts[u] = []
                    below.append((1 << count) - (1 << dv))  # a subtree is a run of indices
            elif dv < lu and v != parent:
                lu = dv
        return lu

    visit(root, 0, -1)
    # ``visit`` refers to itself through its closure: a reference cycle that only the garbage
    # collector would free (with the dicts it holds), and one search a step makes the collector
    # run often. Dropping the name breaks the cycle now.
    visit = None
    everyone = (1 << count) - 1
    for u, below in cuts.items():
        if disc[u]:  # the rest of the layout (above u in the tree) is a piece too
            below.append(everyone ^ (1 << disc[u]) ^ sum(below))
    if len(cuts.get(root, ())) < 2:  # the root holds the others together only with 2+ subtrees
        cuts.pop(root, None)
    return disc, cuts, touch


def moves(cells: Iterable[Cell], movable: Iterable[Cell]) -> tuple[Move, ...]:
    """Every legal move as a (shared) ``Move``, sources then destinations in cell order.

    A card that splits nothing when lifted may go to any empty cell touching another card.
    One that holds the layout together must land on a cell touching every piece its lifting
    leaves (read off the search tree: the subtrees that cannot climb above it, plus the rest).
    """
    disc, cuts, touch = _search(map(_CODES.__getitem__, cells))
    frontier = sorted(touch)
    shared = []  # (cell, its cards) touching two cards or more: the only ones that can rejoin pieces
    lone: dict[int, list[int]] = {}  # card's bit -> positions in frontier of the cells only it touches
    for i, e in enumerate(frontier):
        near = touch[e]
        if near & (near - 1):
            shared.append((e, near))
        else:
            found = lone.get(near)
            if found is None:
                lone[near] = [i]
            else:
                found.append(i)
    out: list[Move] = []
    extend = out.extend
    to_frontier = itemgetter(*frontier)  # row -> moves to every frontier cell (4+: a tuple)
    for src in sorted(map(_CODES.__getitem__, movable)):
        row = _ROWS.get(src, _NO_ROW)
        pieces = cuts.get(src)
        if pieces is not None:
            # one filter a piece, each on what the previous ones kept; written out here, the
            # cards' touch masks carried along (a helper function and a lookup of each cell's
            # mask in every filter cost 4.5% more instructions a call: 436k against 417k, cold)
            dsts = shared
            for piece in pieces:
                dsts = [d for d in dsts if d[1] & piece]
            for dst, _near in dsts:
                out.append(row.get(dst) or _row(src, (dst,))[dst])
            continue
        # the whole frontier in one C call, then drop the cells only src touches (from the
        # end, so that the earlier positions still hold)
        base = len(out)
        try:
            extend(to_frontier(row))
        except KeyError:
            extend(to_frontier(_row(src, frontier)))
        for skip in reversed(lone.get(1 << disc[src], ())):
            del out[base + skip]
    return tuple(out)


def pairs(cells: Iterable[Cell], movable: Iterable[Cell]) -> list[tuple[int, int]]:
    """Every legal (src, dst) as codes, in :func:`moves` order."""
    return [(code(m.src), code(m.dst)) for m in moves(cells, movable)]
