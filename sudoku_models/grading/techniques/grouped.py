"""Grouped nice loops and AICs: chains whose nodes may be a group of cells.

A *group* is the cells of one digit where a box meets a row or a column, when there are two or
three of them; it is true when the digit is in one of its cells. A group links like a single
candidate: strongly to the rest of the digit's places in a unit when the group and that rest
are the only places left there (the rest being one cell or another group), and weakly to any
place (cell or group) of the same digit that sees all its cells. So a chain can pass through
a row, column or box where the digit still has three places or more:
``(5)r1c1=(5)r1c7,r1c8-(5)r3c9=...`` reads "if 5 is not in r1c1, it is in r1c7 or r1c8 (the
row's other places), so not in r3c9 (their box), ...".
Everything else (ends, loops, what they eliminate, each cell visited once) is as in
:mod:`.aic`; the technique keeps only the chains through at least one group, the plain ones
being "Nice Loop/AIC" already. HoDoKu tries it right after the plain chains, scored 300.

On this shipped puzzle the grader's path takes five grouped chains:

>>> from sudoku_models.grading import rate
>>> rating = rate(
...     ".....6...5...9.17..18.7..2.4.19.7....25.1....78...4.....6.8.7........2..87.6.1.9."
... )
>>> rating.count("Grouped Nice Loop/AIC"), rating.hodoku_level
(5, 'Extreme')
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..candidates import CandidateGrid, memo, unit_places
from ..step import Step
from .aic import chain_steps
from .links import LinkGraph, link_graph


def grouped_link_graph(grid: CandidateGrid) -> LinkGraph:
    """The link graph of ``grid`` with its groups added as nodes (shared, not to be changed)."""
    return memo(grid, _grouped_link_graph)


def _grouped_link_graph(grid: CandidateGrid) -> LinkGraph:
    geo, masks = grid.geo, grid.masks
    n, peers = geo.n, geo.peer_sets
    plain = link_graph(grid)
    strong = {v: list(ws) for v, ws in plain.strong.items()}
    weak = {v: list(ws) for v, ws in plain.weak.items()}
    groups: dict[int, tuple[int, ...]] = {}
    meets = _meets(geo.units)
    base = len(masks) * n
    # by digit, each group's cells and node (group nodes: base + k * n + digit - 1)
    found: list[dict[frozenset[int], int]] = [{} for _ in range(n + 1)]
    for d in range(1, n + 1):
        bit = 1 << (d - 1)
        for meet in meets:
            cells = tuple(c for c in meet if masks[c] & bit)
            if len(cells) > 1 and frozenset(cells) not in found[d]:
                node = base + len(found[d]) * n + d - 1
                groups[node] = cells
                found[d][frozenset(cells)] = node
                strong[node], weak[node] = [], []
    for d in range(1, n + 1):
        holders = [i for i, m in enumerate(masks) if m >> (d - 1) & 1]
        for key, g in found[d].items():
            seen = frozenset.intersection(*(peers[c] for c in key))
            for i in holders:
                if i in seen:
                    weak[g].append(i * n + d - 1)
                    weak[i * n + d - 1].append(g)
            weak[g] += [h for other, h in found[d].items() if other <= seen]
    places = unit_places(grid)
    for u, unit in enumerate(geo.units):
        for d in range(1, n + 1):
            where = places[u][d]
            if where.bit_count() < 3:
                continue
            at = frozenset(c for k, c in enumerate(unit) if where >> k & 1)
            for key, g in found[d].items():
                if not key < at:
                    continue
                rest = at - key
                if len(rest) == 1:
                    (c,) = rest
                    h = c * n + d - 1
                else:
                    h = found[d].get(rest, -1)
                    if h < 0:
                        continue
                if h not in strong[g]:
                    strong[g].append(h)
                    strong[h].append(g)
    return LinkGraph(n, strong, weak, groups)


@functools.cache
def _meets(units: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """Where two units (a box and a row or column) share two cells or more."""
    sets = [set(u) for u in units]
    return sorted(
        {tuple(sorted(a & b)) for k, a in enumerate(sets) for b in sets[k + 1 :] if len(a & b) > 1}
    )


def grouped_aic(grid: CandidateGrid) -> Iterator[Step]:
    """Every elimination (or placement) of a shortest grouped AIC or nice loop from each
    start candidate, among the chains through at least one group."""
    return chain_steps(grid, grouped_link_graph(grid), "Grouped Nice Loop/AIC")
