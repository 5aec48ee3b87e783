"""Alternating inference chains (AIC) and discontinuous nice loops, over any digits.

Start from a candidate ``A`` assumed false and follow links alternately (strong: "false" gives
"true"; weak: "true" gives "false") until a candidate ``B`` comes out true. Then ``A`` or ``B``
is true, and every candidate weakly linked to both (sharing a cell with one and seeing the
other with the same digit, or seeing both with their digit) is false. When the chain comes back
to ``A`` itself true, the loop is *discontinuous* and ``A`` is true: its cell loses its other
digits (HoDoKu counts the step so, a naked single follows). The search is breadth
first, so each start gives its shortest chains; X-Chains and XY-Chains are the special cases
on one digit and on two-candidate cells. When the end ``B`` is weakly linked back to ``A``,
the chain closes a *continuous* loop: every weak link on it holds exactly one true candidate,
which eliminates around each of them (see :func:`loop_eliminations`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ... import deadline
from ..candidates import CandidateGrid, digits_of
from ..step import Step
from .links import LinkGraph, link_graph

#: Longest chain searched, in links.
MAX_LINKS = 16

State = tuple[int, bool]  # node, whether it is true


def chain_path(parent: dict[int, int], state: int) -> list[State]:
    """The states from the start to ``state``, given the search's states as numbers
    (``2 * node + 1`` for "node is true") and the parent of each (-1 for the start)."""
    path = []
    while state >= 0:
        path.append((state >> 1, bool(state & 1)))
        state = parent[state]
    return path[::-1]


def chain_text(grid: CandidateGrid, graph: LinkGraph, path: list[State]) -> str:
    """A chain in Eureka-like notation: ``(5)r1c2=(5)r1c7-(3)r1c7=...``, a group as its
    cells, ``(5)r2c4,r2c5``."""
    cells, digits, n = grid.geo.cell_names, grid.geo.digit_names, graph.n
    out = []
    for k, (node, on) in enumerate(path):
        if k:
            out.append("=" if on else "-")
        out.append(f"({digits[node % n + 1]}){','.join(cells[c] for c in graph.cells(node))}")
    return "".join(out)


def visits_cells_once(graph: LinkGraph, path: list[State]) -> bool:
    """Whether the chain enters each cell once (moving between two digits of a cell counts
    as one visit; a loop may come back to its first cell; a group visits all its cells), as
    HoDoKu's chains do."""
    nodes = [graph.cells(v) for v, _ in path]
    visits = [c for k, c in enumerate(nodes) if k == 0 or c != nodes[k - 1] or len(c) > 1]
    if len(visits) > 1 and visits[-1] == visits[0]:
        visits.pop()
    flat = [c for cs in visits for c in cs]
    return len(set(flat)) == len(flat)


def loop_eliminations(
    grid: CandidateGrid, graph: LinkGraph, path: list[State]
) -> tuple[tuple[int, int], ...]:
    """What a continuous loop (``path``, closed by a weak link from its last node back to its
    first) eliminates: each weak link has exactly one true end, so the two digits of a link
    inside a cell leave it no room for others, and the digit of a link between two cells
    leaves every cell seeing both (but the loop's own cells, as HoDoKu counts it)."""
    geo, masks, n = grid.geo, grid.masks, graph.n
    nodes = [v for v, _ in path]
    on_loop = set(nodes)
    loop_cells = {c for v in nodes for c in graph.cells(v)}
    links = [(u, v) for (u, _), (v, on) in itertools.pairwise(path) if not on]
    links.append((nodes[-1], nodes[0]))
    out: set[tuple[int, int]] = set()
    for u, v in links:
        cu, cv = graph.cells(u), graph.cells(v)
        if cu == cv:  # two digits of one cell
            keep = (1 << (graph.digit(u) - 1)) | (1 << (graph.digit(v) - 1))
            out.update(
                (cu[0], e)
                for e in digits_of(masks[cu[0]] & ~keep)
                if cu[0] * n + e - 1 not in on_loop
            )
        else:
            d = graph.digit(u)
            for i in geo.common_peers(cu + cv):
                if masks[i] >> (d - 1) & 1 and i not in loop_cells:
                    out.add((i, d))
    return tuple(sorted(out))


def aic(grid: CandidateGrid) -> Iterator[Step]:
    """Every elimination (or placement) of a shortest AIC from each start candidate."""
    return chain_steps(grid, link_graph(grid), "Nice Loop/AIC")


def chain_steps(grid: CandidateGrid, graph: LinkGraph, name: str) -> Iterator[Step]:
    """The steps of the shortest chains of ``graph`` from each start candidate, named
    ``name``; on a graph with groups, only the chains through a group (the others are
    plain chains, found on the plain graph)."""
    geo = grid.geo
    strong, weak, groups = graph.strong, graph.weak, graph.groups

    def cells_of(path: list[State]) -> tuple[int, ...]:
        return tuple(dict.fromkeys(c for v, _ in path for c in graph.cells(v)))

    def chain_step(path: list[State], elims: tuple[tuple[int, int], ...], reason: str) -> Step:
        digits = tuple(sorted({graph.digit(v) for v, _ in path}))
        return Step(name, eliminations=elims, cells=cells_of(path), digits=digits, reason=reason)

    def wanted(path: list[State]) -> bool:
        if groups and all(v not in groups for v, _ in path):
            return False
        return visits_cells_once(graph, path)

    # the states each state leads to: a false node makes its strong partners true, a true one
    # makes its weak partners false
    leads = {2 * v: [2 * w + 1 for w in strong[v]] for v in strong}
    leads.update({2 * v + 1: [2 * w for w in weak[v]] for v in weak})
    for start in sorted(strong):
        deadline.check()
        if not strong[start] or start in groups:
            continue
        start_weak = set(weak[start])
        first = 2 * start  # the start, false
        parent = {first: -1}
        level = [first]  # the states ``depth`` links from the start, in the order reached
        for depth in range(MAX_LINKS):
            if not level:
                break
            reached: list[int] = []
            for came in level:
                for state in leads[came]:
                    if state in parent:
                        continue
                    parent[state] = came
                    reached.append(state)
                    if not state & 1 or depth < 2:  # the chain must end on a strong link
                        continue
                    nxt = state >> 1
                    if nxt == start:
                        path = chain_path(parent, state)
                        if not wanted(path):
                            continue
                        cell, d = graph.cell(start), graph.digit(start)
                        others = grid.masks[cell] & ~(1 << (d - 1))
                        yield Step(
                            name,
                            eliminations=tuple((cell, e) for e in digits_of(others)),
                            cells=cells_of(path),
                            digits=(d,),
                            reason=(
                                f"discontinuous loop {chain_text(grid, graph, path)}: "
                                f"{geo.digit_name(d)} in {geo.cell_name(cell)} cannot be false, "
                                "so the cell loses its other digits"
                            ),
                        )
                        continue
                    if nxt in start_weak:
                        path = chain_path(parent, state)
                        elims = loop_eliminations(grid, graph, path)
                        if elims and wanted(path):
                            yield chain_step(
                                path,
                                elims,
                                f"continuous loop {chain_text(grid, graph, path)}-: every "
                                "weak link of the loop holds exactly one true candidate",
                            )
                            continue
                    if start_weak.isdisjoint(weak[nxt]):
                        continue
                    targets = start_weak.intersection(weak[nxt]).difference((start, nxt))
                    targets.difference_update(groups)  # only candidates are eliminated
                    if targets:
                        path = chain_path(parent, state)
                        if not wanted(path):
                            continue
                        elims = tuple(sorted((graph.cell(v), graph.digit(v)) for v in targets))
                        yield chain_step(
                            path,
                            elims,
                            f"chain {chain_text(grid, graph, path)}: one of its ends is true",
                        )
            level = reached
