"""Geometry of the layout: connectivity, the cards that hold it together, legal destinations
and each family's groups.

networkx states each rule plainly (``*_nx`` functions and the public helpers the page uses);
the rules' hot loop uses a hand-written fast path (:func:`legal_moves`), which the tests check
against networkx on many random layouts.

>>> line = [(0, 0), (1, 0), (2, 0)]
>>> sorted(articulation_cells(line)), sorted(holding_cells_nx(line))
([(1, 0)], [(1, 0)])
>>> legal_moves(line, [(1, 0)])  # the middle card could only go back where it was
[]
>>> legal_moves([(0, 0), (1, 0), (1, 1), (2, 1)], [(1, 0)])  # it holds the S, but (0, 1) rejoins it
[((1, 0), (0, 1))]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from engine.core.quote import quote_thing

from .actions import cell_text
from .cards import FAMILIES
from .fast import articulation, code, decode, pairs, pieces

Cell = tuple[int, int]


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four cells sharing a side with ``cell`` (diagonals do not count)."""
    x, y = cell
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


# networkx: the rules as plainly as they can be said


def layout_graph(cells: Iterable[Cell]) -> nx.Graph:
    """The cards as a graph: an edge between two cards that share a side."""
    cells = set(cells)
    graph = nx.Graph()
    graph.add_nodes_from(cells)
    graph.add_edges_from((c, n) for c in cells for n in neighbours(c)[::2] if n in cells)
    return graph


def is_connected_nx(cells: Iterable[Cell]) -> bool:
    """True if the cards form one orthogonally connected group."""
    return nx.is_connected(layout_graph(cells))


def holding_cells_nx(cells: Iterable[Cell]) -> set[Cell]:
    """The cards that hold the group together (articulation points)."""
    return set(nx.articulation_points(layout_graph(cells)))


def destinations_nx(cells: Iterable[Cell], src: Cell) -> list[Cell]:
    """Empty cells (other than ``src``) where the card on ``src`` may go: the 16 final cells
    form one group, judged on the final layout only."""
    rest = set(cells) - {src}
    around = {n for c in rest for n in neighbours(c)} - rest - {src}
    return sorted(d for d in around if nx.is_connected(layout_graph(rest | {d})))


def legal_moves_nx(cells: Iterable[Cell], movable: Iterable[Cell]) -> list[tuple[Cell, Cell]]:
    """Every (src, dst) of :func:`legal_moves`, by networkx (slow: a test reference)."""
    cells = set(cells)
    return [(src, dst) for src in sorted(movable) for dst in destinations_nx(cells, src)]


# the fast path


def articulation_cells(cells: Iterable[Cell]) -> set[Cell]:
    """The cards that hold the group together, by the fast path (Tarjan's search)."""
    return {decode(c) for c in articulation({code(c) for c in cells})}


def components(cells: Iterable[Cell]) -> list[set[Cell]]:
    """The orthogonally connected groups of ``cells``, by the fast path."""
    return [{decode(c) for c in piece} for piece in pieces({code(c) for c in cells})]


def legal_moves(cells: Iterable[Cell], movable: Iterable[Cell]) -> list[tuple[Cell, Cell]]:
    """Every legal (src, dst), sources then destinations in cell order, for the cards on
    ``movable`` (the fast path of ``fast.pairs``).

    A card that does not hold the group together may go to any empty cell touching another
    card; one that does (an articulation point) must land on a cell touching every piece its
    lifting leaves, which joins them again.
    """
    return [(decode(s), decode(d)) for s, d in pairs(cells, movable)]


# on states


def _cell_map(state) -> dict[Cell, int]:
    return {cell: card for card, cell in enumerate(state.cells)}


def _movable(state) -> list[Cell]:
    return [cell for cell, hint in zip(state.cells, state.hints, strict=True) if hint is None]


def legal_destinations(state, cell: Cell) -> list[Cell]:
    """Sorted cells where the card on ``cell`` may move now (``[]`` for a hinted card or an
    empty cell); the phase is not checked, so a page can show it before the move step."""
    if cell not in _movable(state):
        return []
    return [dst for _, dst in legal_moves(state.cells, [cell])]


def holding_cells(state) -> frozenset[Cell]:
    """The cells of the cards that hold the layout together (articulation points)."""
    return frozenset(holding_cells_nx(state.cells))


@dataclass(frozen=True)
class MoveProblem:
    """Why a move is refused: ``kind`` (``"no card"``, ``"hinted"``, ``"same cell"``,
    ``"occupied"``, ``"split"``), the cells it would cut off from the group, a sentence."""

    src: Cell
    dst: Cell
    kind: str
    cut_off: frozenset
    sentence: str


def move_problem(state, src: Cell, dst: Cell) -> MoveProblem | None:
    """None if the card on ``src`` may move to ``dst`` (the phase aside), else why not.

    >>> from engine.yokai import new_game
    >>> move_problem(new_game(1), (1, 1), (9, 9)).cut_off
    frozenset({(9, 9)})
    """
    for name, cell in (("src", src), ("dst", dst)):
        if not _is_cell(cell):
            raise ValueError(
                f"move_problem: {name} must be a cell (x, y) of whole numbers, not {quote_thing(cell)}"
            )
    where = _cell_map(state)

    def problem(kind: str, sentence: str, cut: Iterable[Cell] = ()) -> MoveProblem:
        return MoveProblem(src, dst, kind, frozenset(cut), sentence)

    card = where.get(src)
    if card is None:
        return problem("no card", f"There is no card on {cell_text(src)}.")
    if state.hints[card] is not None:
        return problem("hinted", f"The card on {cell_text(src)} holds a hint: it can no longer be moved.")
    if dst == src:
        return problem("same cell", "A card must move to another cell.")
    if dst in where:
        return problem("occupied", f"{cell_text(dst)} already holds a card: a card moves to an empty cell.")
    final = (set(where) - {src}) | {dst}
    pieces = sorted(nx.connected_components(layout_graph(final)), key=lambda p: (-len(p), dst in p))
    if len(pieces) == 1:
        return None
    cut = set().union(*pieces[1:])
    cells = ", ".join(cell_text(c) for c in sorted(cut))
    if cut == {dst}:
        sentence = f"On {cell_text(dst)} the card would touch no other card: every card must touch the group by a side."
    else:
        sentence = (
            f"Moving {cell_text(src)} to {cell_text(dst)} would cut off {cells}: "
            "all 16 cards must stay one group joined by their sides."
        )
    return problem("split", sentence, cut)


def family_groups(state) -> dict[str, list[list[Cell]]]:
    """Each family's connected groups of cells (largest first); in a view, only the cards
    the seat has seen count."""
    out = {}
    for f, family in enumerate(FAMILIES):
        cells = [cell for cell, fam in zip(state.cells, state.families, strict=True) if fam == f]
        graph = layout_graph(cells)
        groups = [sorted(g) for g in nx.connected_components(graph)]
        out[family] = sorted(groups, key=lambda g: (-len(g), g))
    return out
