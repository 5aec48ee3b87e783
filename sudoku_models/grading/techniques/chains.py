"""Tier 4: simple alternating chains, X-Chain (one digit) and XY-Chain (bivalue cells).

A chain starts at a cell assumed *not* to hold a digit and follows links alternately: a strong
link turns "not here" into "there", a weak link turns "there" into "not here". When it ends on
the same digit switched on, one of its two ends holds that digit, and every cell seeing both
ends loses it. The search is breadth first, so the shortest chain from each start is found.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from typing import Any

from ... import deadline
from ..candidates import CandidateGrid, Geometry, digit_cells
from ..step import Step, eliminations_in
from .single_digit import strong_links

#: Longest chain searched, in cells.
MAX_CHAIN = 20


def x_chain(grid: CandidateGrid) -> Iterator[Step]:
    """A chain on one digit, strong and weak links alternating, starting and ending strong."""
    geo, masks = grid.geo, grid.masks
    peers, peer_bits = geo.peer_sets, geo.peer_bits
    cells_of_digit = digit_cells(grid)
    for d, links in strong_links(grid).items():
        b = 1 << (d - 1)
        strong: dict[int, list[int]] = {}
        for p, q, _ in links:
            strong.setdefault(p, []).append(q)
            strong.setdefault(q, []).append(p)
        if len(strong) < 4:
            continue
        holders = [i for i, m in enumerate(masks) if m & b]
        weak = {i: [j for j in holders if j in peers[i]] for i in holders}
        for start in sorted(strong):
            deadline.check()
            # state: (cell, on); on=True: the cell holds d when start does not
            parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(start, False): None}
            queue = deque([(start, False, 1)])
            while queue:
                cell, on, length = queue.popleft()
                if length >= MAX_CHAIN:
                    continue
                nexts = weak[cell] if on else strong.get(cell, [])
                for nxt in nexts:
                    state = (nxt, not on)
                    if state in parent:
                        continue
                    parent[state] = (cell, on)
                    if (
                        state[1]
                        and nxt != start
                        and length >= 3
                        and peer_bits[start] & peer_bits[nxt] & cells_of_digit[d]
                    ):
                        targets = geo.common_peers([start, nxt])
                        elims = eliminations_in(masks, targets, b)
                        if elims:
                            path = _path(parent, state)
                            yield Step(
                                "X-Chain",
                                eliminations=elims,
                                cells=tuple(path),
                                digits=(d,),
                                reason=(
                                    f"chain on {geo.digit_name(d)} "
                                    f"{_chain_text(geo, path)}: {geo.cell_name(start)} or "
                                    f"{geo.cell_name(nxt)} holds {geo.digit_name(d)}"
                                ),
                            )
                    queue.append((nxt, not on, length + 1))


def xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """A chain of bivalue cells, each seeing the next and sharing a digit with it."""
    geo, masks = grid.geo, grid.masks
    pairs = [i for i, m in enumerate(masks) if m.bit_count() == 2]
    if len(pairs) < 3:
        return
    peers, peer_bits = geo.peer_sets, geo.peer_bits
    cells_of_digit = digit_cells(grid)
    near = {i: [j for j in pairs if j in peers[i]] for i in pairs}
    for start in pairs:
        deadline.check()
        for z in (masks[start] & -masks[start], masks[start] & (masks[start] - 1)):
            if not any(masks[i] & z for i in geo.peer_sets[start]):
                continue
            # state: (cell, bit of the digit it holds when start does not hold z)
            first = (start, masks[start] & ~z)
            parent: dict[tuple[int, int], tuple[int, int] | None] = {first: None}
            queue = deque([(first, 1)])
            while queue:
                (cell, held), length = queue.popleft()
                if length >= MAX_CHAIN:
                    continue
                for nxt in near[cell]:
                    if not masks[nxt] & held:
                        continue
                    state = (nxt, masks[nxt] & ~held)
                    if state in parent:
                        continue
                    parent[state] = (cell, held)
                    if (
                        state[1] == z
                        and nxt != start
                        and peer_bits[start] & peer_bits[nxt] & cells_of_digit[z.bit_length()]
                    ):
                        elims = eliminations_in(masks, geo.common_peers([start, nxt]), z)
                        path = _path(parent, state) if elims else []
                        if elims and len(set(path)) == len(path):  # no cell twice
                            d = z.bit_length()
                            yield Step(
                                "XY-Chain",
                                eliminations=elims,
                                cells=tuple(path),
                                digits=(d,),
                                reason=(
                                    f"chain of two-candidate cells {_chain_text(geo, path)}: "
                                    f"{geo.cell_name(start)} or {geo.cell_name(nxt)} holds "
                                    f"{geo.digit_name(d)}"
                                ),
                            )
                    queue.append((state, length + 1))


def _path(parent: Mapping[Any, Any], state: tuple[int, Any]) -> list[int]:
    cells = []
    node: tuple[int, Any] | None = state
    while node is not None:
        cells.append(node[0])
        node = parent[node]
    return cells[::-1]


def _chain_text(geo: Geometry, path: list[int]) -> str:
    return "-".join(geo.cell_name(i) for i in path)
