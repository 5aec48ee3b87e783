"""The link graph of chains: candidates as nodes, strong and weak links between them.

A node is one candidate, ``cell * n + digit - 1``. A *strong* link joins two candidates of
which at least one is true (the two candidates of a two-candidate cell, the two places of a
digit in a unit); a *weak* link joins two candidates of which at most one is true (two
candidates of one cell, one digit in two cells that see each other). Chains alternate: "A is
false" gives "B is true" along a strong link, "A is true" gives "B is false" along a weak one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..candidates import CandidateGrid, memo, unit_places


@dataclass(frozen=True)
class LinkGraph:
    """Strong and weak neighbours of every candidate of a grid (``n`` digits a cell).

    ``groups`` maps the extra nodes of a grouped graph (numbered past the candidates, still
    ``node % n`` for the digit) to their cells; the plain graph has none.
    """

    n: int
    strong: dict[int, list[int]]
    weak: dict[int, list[int]]
    groups: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def cell(self, node: int) -> int:
        """The cell of ``node`` (a candidate, not a group)."""
        return node // self.n

    def cells(self, node: int) -> tuple[int, ...]:
        """The cells of ``node``: one for a candidate, two or more for a group."""
        return self.groups.get(node) or (node // self.n,)

    def digit(self, node: int) -> int:
        """The digit of ``node``."""
        return node % self.n + 1


def link_graph(grid: CandidateGrid) -> LinkGraph:
    """Every strong and weak link between the candidates of ``grid`` (shared by the techniques
    looking at the same position: not to be changed)."""
    return memo(grid, _link_graph)


def _link_graph(grid: CandidateGrid) -> LinkGraph:
    geo, masks = grid.geo, grid.masks
    n = geo.n
    peers = geo.peer_sets
    strong: dict[int, list[int]] = {}
    weak: dict[int, list[int]] = {}
    holders: list[list[int]] = [[] for _ in range(n + 1)]
    for i, m in enumerate(masks):
        ds = [d for d in range(1, n + 1) if m >> (d - 1) & 1]
        for d in ds:
            holders[d].append(i)
            weak[i * n + d - 1] = [i * n + e - 1 for e in ds if e != d]
            strong[i * n + d - 1] = []
        if len(ds) == 2:
            a, b = (i * n + d - 1 for d in ds)
            strong[a].append(b)
            strong[b].append(a)
    places = unit_places(grid)
    for d in range(1, n + 1):
        cells = holders[d]
        for i in cells:
            near = peers[i]
            weak[i * n + d - 1] += [j * n + d - 1 for j in cells if j in near]
        for u, unit in enumerate(geo.units):
            where = places[u][d]
            if where.bit_count() == 2:
                p = unit[(where & -where).bit_length() - 1] * n + d - 1
                q = unit[where.bit_length() - 1] * n + d - 1
                if q not in strong[p]:
                    strong[p].append(q)
                    strong[q].append(p)
    return LinkGraph(n, strong, weak)
