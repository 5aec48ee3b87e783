"""The classic grader's harder techniques, run on any model whose rows, columns and boxes are
houses (its wings, colouring, chains, almost locked sets and finned fish).

They reason from each row, column and box holding every digit once, which every such model
still says, whatever else its rules add, and from cells that see each other holding different
digits (every peer of the model: diagonals, windows, cages, anti-knight moves); so they are
sound there. The techniques that assume a
unique solution (unique and avoidable rectangles, BUG+1) are left out: a variant puzzle may have
several solutions, and a path must say so rather than assume otherwise. The classic grader itself
is only called, never changed, so classic ratings stay as they are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..grading.candidates import CandidateGrid, Geometry, geometry
from ..grading.techniques import TECHNIQUES, Technique
from .chains import MAX_CANDIDATES
from .layout import Layout
from .state import State
from .step import Step

#: Techniques that assume the puzzle has one solution.
ASSUMING_UNIQUE = ("Uniqueness Test", "Hidden Rectangle", "Avoidable Rectangle", "Bivalue")

#: The classic techniques run here: tiers 3 and 4 (the singles, subsets, intersections and basic
#: fish have their own finders on any geometry; forcing chains give way to forcing nets).
CLASSIC: tuple[Technique, ...] = tuple(
    t
    for t in TECHNIQUES
    if t.tier in (3, 4)
    and not t.name.startswith(ASSUMING_UNIQUE)
    and t.name not in ("X-Wing", "Swordfish", "Naked Quad", "Hidden Quad")
)


#: Techniques whose search grows exponentially with the open cells of a house (Sue de Coq
#: takes every set of cells of a line): run on grids up to this side only.
EXPONENTIAL = ("Sue de Coq",)
CLASSIC_SIDE = 9


def has_classic_houses(layout: Layout) -> bool:
    """Whether every row, column and box of the model's board is one of its houses."""
    houses = {h.cells for h in layout.houses}
    return all(unit in houses for unit in layout.model.board.units)


def classic_technique(state: State, tier: int) -> Step | None:
    """The first step of the cheapest classic technique of ``tier`` that applies, in this
    solver's words. Like chains, they wait until at most ``MAX_CANDIDATES`` candidates are
    left (their link graphs cost seconds on a fuller 16x16 or 25x25 grid)."""
    layout = state.layout
    if state.open_candidates() > MAX_CANDIDATES:
        return None
    grid = CandidateGrid(
        _geometry(layout),
        [m.bit_length() if p else 0 for m, p in zip(state.masks, state.placed)],
        [0 if p else m for m, p in zip(state.masks, state.placed)],
    )
    large = layout.n > CLASSIC_SIDE
    for technique in CLASSIC:
        if technique.tier != tier or (large and technique.name in EXPONENTIAL):
            continue
        found = technique.find(grid)
        if found is not None:
            text = f"{found.reason} => {found.outcome(grid.geo)}" if found.reason else ""
            return Step(
                technique.name,
                "",
                text or found.outcome(grid.geo),
                found.placements,
                found.eliminations,
                found.cells,
                reasons=_houses_meeting(layout, found.cells),
            )
    return None


_GEOMETRY: dict[int, tuple[Layout, Geometry]] = {}


def _geometry(layout: Layout) -> Geometry:
    """The classic grader's tables of the layout's board, whose cells see every peer the
    layout gives them: a wing or a chain then strikes a digit from a cell that sees its ends
    along a diagonal, a window, a cage or an anti-knight move too (strong links still come
    from rows, columns and boxes alone). Built once per layout (the last one kept)."""
    kept = _GEOMETRY.get(id(layout))
    if kept is not None and kept[0] is layout:
        return kept[1]
    classic = geometry(layout.model.board)
    peers = tuple(classic.peer_sets[i] | layout.peers[i] for i in range(layout.size))
    geo = dataclasses.replace(
        classic, peer_sets=peers, peer_bits=tuple(sum(1 << j for j in p) for p in peers)
    )
    _GEOMETRY.clear()
    _GEOMETRY[id(layout)] = (layout, geo)
    return geo


def _houses_meeting(layout: Layout, cells: Sequence[int]) -> tuple[str, ...]:
    """The rows, columns and boxes holding some of ``cells``: the houses a classic step reads."""
    units = set(layout.model.board.units)
    inside = set(cells)
    return tuple(h.name for h in layout.houses if h.cells in units and inside & set(h.cells))
