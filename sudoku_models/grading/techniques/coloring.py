"""Colouring: one digit, its strong links, and two colours that alternate along them.

The cells joined by a digit's strong links (units where it has exactly two places) form
clusters; colour each cluster with two colours so linked cells differ. In a cluster one colour
holds the digit everywhere and the other nowhere.

*Simple colours*: a cell outside the cluster seeing both colours loses the digit (trap); two
cells of one colour seeing each other prove that colour false (wrap). *Multi colours*: with two
clusters, when a colour of one sees a colour of the other, one of the two *other* colours is
true, so cells seeing both of those lose the digit; a colour that sees both colours of another
cluster is false.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid
from ..step import Step, eliminations_in
from .single_digit import strong_links

Cluster = tuple[list[int], list[int]]


def _clusters(grid: CandidateGrid, d: int, links) -> list[Cluster]:
    adj: dict[int, list[int]] = {}
    for p, q, _ in links:
        adj.setdefault(p, []).append(q)
        adj.setdefault(q, []).append(p)
    seen: dict[int, int] = {}
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        colours: tuple[list[int], list[int]] = ([], [])
        seen[start] = 0
        stack = [start]
        while stack:
            cell = stack.pop()
            colours[seen[cell]].append(cell)
            for nxt in adj[cell]:
                if nxt not in seen:
                    seen[nxt] = 1 - seen[cell]
                    stack.append(nxt)
        if len(colours[0]) + len(colours[1]) >= 3:
            out.append((sorted(colours[0]), sorted(colours[1])))
    return out


def _sees_any(grid: CandidateGrid, cell: int, cells: list[int]) -> bool:
    return any(grid.geo.sees(cell, c) for c in cells)


def _colour_text(grid: CandidateGrid, cells: list[int]) -> str:
    return "/".join(grid.geo.cell_name(i) for i in cells)


def simple_colors(grid: CandidateGrid) -> Iterator[Step]:
    """Trap and wrap inside one cluster of a digit's strong links."""
    geo, masks = grid.geo, grid.masks
    for d, links in strong_links(grid).items():
        b = 1 << (d - 1)
        holders = [i for i, m in enumerate(masks) if m & b]
        for on, off in _clusters(grid, d, links):
            for colour, other in ((on, off), (off, on)):
                if any(geo.sees(p, q) for x, p in enumerate(colour) for q in colour[x + 1 :]):
                    yield Step(
                        "Simple Colors",
                        eliminations=eliminations_in(masks, colour, b),
                        cells=tuple(colour + other),
                        digits=(d,),
                        reason=(
                            f"{geo.digit_name(d)}: two cells of colour {_colour_text(grid, colour)}"
                            f" see each other, so the other colour holds it"
                        ),
                    )
            members = set(on) | set(off)
            targets = [
                i
                for i in holders
                if i not in members and _sees_any(grid, i, on) and _sees_any(grid, i, off)
            ]
            if targets:
                yield Step(
                    "Simple Colors",
                    eliminations=eliminations_in(masks, targets, b),
                    cells=tuple(on + off),
                    digits=(d,),
                    reason=(
                        f"{geo.digit_name(d)}: one of {_colour_text(grid, on)} and "
                        f"{_colour_text(grid, off)} holds it"
                    ),
                )


def multi_colors(grid: CandidateGrid) -> Iterator[Step]:
    """Two clusters of one digit, linked where a colour of one sees a colour of the other."""
    geo, masks = grid.geo, grid.masks
    for d, links in strong_links(grid).items():
        b = 1 << (d - 1)
        holders = [i for i, m in enumerate(masks) if m & b]
        clusters = _clusters(grid, d, links)
        for x, first in enumerate(clusters):
            for second in clusters[x + 1 :]:
                for a1, a2 in (first, first[::-1]):
                    # a colour seeing both colours of the other cluster is false
                    if any(_sees_any(grid, i, second[0]) for i in a1) and any(
                        _sees_any(grid, i, second[1]) for i in a1
                    ):
                        yield Step(
                            "Multi Colors",
                            eliminations=eliminations_in(masks, a1, b),
                            cells=tuple(first[0] + first[1] + second[0] + second[1]),
                            digits=(d,),
                            reason=(
                                f"{geo.digit_name(d)}: colour {_colour_text(grid, a1)} sees both "
                                f"colours of another cluster"
                            ),
                        )
                    for b1, b2 in (second, second[::-1]):
                        if not any(_sees_any(grid, i, b1) for i in a1):
                            continue
                        members = set(first[0] + first[1] + second[0] + second[1])
                        targets = [
                            i
                            for i in holders
                            if i not in members
                            and _sees_any(grid, i, a2)
                            and _sees_any(grid, i, b2)
                        ]
                        if targets:
                            yield Step(
                                "Multi Colors",
                                eliminations=eliminations_in(masks, targets, b),
                                cells=tuple(a2 + b2),
                                digits=(d,),
                                reason=(
                                    f"{geo.digit_name(d)}: {_colour_text(grid, a1)} sees "
                                    f"{_colour_text(grid, b1)}, so {_colour_text(grid, a2)} or "
                                    f"{_colour_text(grid, b2)} holds it"
                                ),
                            )
