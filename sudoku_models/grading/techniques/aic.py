"""Alternating inference chains (AIC) and discontinuous nice loops, over any digits.

Start from a candidate ``A`` assumed false and follow links alternately (strong: "false" gives
"true"; weak: "true" gives "false") until a candidate ``B`` comes out true. Then ``A`` or ``B``
is true, and every candidate weakly linked to both (sharing a cell with one and seeing the
other with the same digit, or seeing both with their digit) is false. When the chain comes back
to ``A`` itself true, the loop is *discontinuous* and ``A`` is true. The search is breadth
first, so each start gives its shortest chains; X-Chains and XY-Chains are the special cases
on one digit and on two-candidate cells.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid
from ..step import Step
from .links import LinkGraph, link_graph

#: Longest chain searched, in links.
MAX_LINKS = 16

State = tuple[int, bool]  # node, whether it is true


def chain_text(grid: CandidateGrid, graph: LinkGraph, path: list[State]) -> str:
    """A chain in Eureka-like notation: ``(5)r1c2=(5)r1c7-(3)r1c7=...``."""
    geo = grid.geo
    out = []
    for k, (node, on) in enumerate(path):
        cell, d = graph.cell(node), graph.digit(node)
        if k:
            out.append("=" if on else "-")
        out.append(f"({geo.digit_name(d)}){geo.cell_name(cell)}")
    return "".join(out)


def aic(grid: CandidateGrid) -> Iterator[Step]:
    """Every elimination (or placement) of a shortest AIC from each start candidate."""
    geo = grid.geo
    graph = link_graph(grid)
    strong, weak = graph.strong, graph.weak
    weak_sets = {node: set(near) for node, near in weak.items()}
    # states are 2 * node + (1 if true else 0): a true state leads to false ones along weak
    # links, a false one to true ones along strong links
    leads = {}
    for node in weak:
        leads[2 * node] = [2 * v + 1 for v in strong[node]]
        leads[2 * node + 1] = [2 * v for v in weak[node]]
    for start in sorted(strong):
        if not strong[start]:
            continue
        start_weak = weak_sets[start]
        first = 2 * start
        parent: dict[int, int] = {first: -1}
        level = [first]
        # breadth first, one level (k links from the start) at a time
        for k in range(MAX_LINKS):
            if not level:
                break
            following = []
            for state in level:
                on = state & 1
                for nxt_state in leads[state]:
                    if nxt_state in parent:
                        continue
                    parent[nxt_state] = state
                    following.append(nxt_state)
                    nxt = nxt_state >> 1
                    if on or k < 2:
                        continue
                    if nxt == start:
                        path = _path(parent, nxt_state)
                        cell, d = graph.cell(start), graph.digit(start)
                        yield Step(
                            "Nice Loop/AIC",
                            placements=((cell, d),),
                            cells=tuple(dict.fromkeys(graph.cell(v) for v, _ in path)),
                            digits=(d,),
                            reason=(
                                f"discontinuous loop {chain_text(grid, graph, path)}: "
                                f"{geo.digit_name(d)} in {geo.cell_name(cell)} cannot be false"
                            ),
                        )
                        continue
                    targets = start_weak.intersection(weak_sets[nxt])
                    targets.discard(start)
                    targets.discard(nxt)
                    if targets:
                        path = _path(parent, nxt_state)
                        on_path = {v for v, _ in path}
                        elims = tuple(
                            sorted(
                                (graph.cell(v), graph.digit(v)) for v in targets if v not in on_path
                            )
                        )
                        if not elims:
                            continue
                        yield Step(
                            "Nice Loop/AIC",
                            eliminations=elims,
                            cells=tuple(dict.fromkeys(graph.cell(v) for v, _ in path)),
                            digits=tuple(sorted({graph.digit(v) for v, _ in path})),
                            reason=(
                                f"chain {chain_text(grid, graph, path)}: one of its ends is true"
                            ),
                        )
            level = following


def _path(parent: dict[int, int], state: int) -> list[State]:
    """The states from the start to ``state``, as ``(node, true)`` pairs."""
    path = []
    while state >= 0:
        path.append((state >> 1, bool(state & 1)))
        state = parent[state]
    return path[::-1]
