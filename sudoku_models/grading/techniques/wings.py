"""Wings and remote pairs: short chains through cells with two (or three) candidates."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ..candidates import CandidateGrid, digits_of
from ..step import Step, eliminations_in
from .single_digit import strong_links


def _bivalue(grid: CandidateGrid) -> list[int]:
    return [i for i, m in enumerate(grid.masks) if m.bit_count() == 2]


def xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot {x,y} seeing pincers {x,z} and {y,z}: cells seeing both pincers lose z.

    In HoDoKu's scan order: triples of two-candidate cells in cell order, each of the three
    tried as the pivot (first, second, third).
    """
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    holding: dict[int, list[int]] = {}  # the two-candidate cells holding each pair of digits
    for i in pairs:
        holding.setdefault(masks[i], []).append(i)
    for x, a in enumerate(pairs):
        for y in range(x + 1, len(pairs)):
            b = pairs[y]
            if (masks[a] | masks[b]).bit_count() != 3 or masks[a] == masks[b]:
                continue
            # the third cell holds the two digits that the first two do not share
            for c in holding.get(masks[a] ^ masks[b], ()):
                if c <= b:
                    continue
                for pivot, q1, q2 in ((a, b, c), (b, a, c), (c, b, a)):
                    if not (geo.sees(pivot, q1) and geo.sees(pivot, q2)):
                        continue
                    z = masks[q1] & masks[q2]
                    seen = geo.common_peers([q1, q2]) - {pivot}
                    elims = eliminations_in(masks, seen, z)
                    if elims:
                        yield _wing_step(grid, "XY-Wing", pivot, q1, q2, z, elims)


def xyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot {x,y,z} seeing pincers {x,z} and {y,z}: cells seeing all three lose z.

    In HoDoKu's scan order: pivots in cell order, then pincer pairs in cell order.
    """
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    for pivot, pm in enumerate(masks):
        if pm.bit_count() != 3:
            continue
        for x, q1 in enumerate(pairs):
            if masks[q1] & ~pm:
                continue
            for q2 in pairs[x + 1 :]:
                if masks[q2] & ~pm or masks[q2] == masks[q1]:
                    continue
                if not (geo.sees(pivot, q1) and geo.sees(pivot, q2)):
                    continue
                z = masks[q1] & masks[q2]
                elims = eliminations_in(masks, geo.common_peers([pivot, q1, q2]), z)
                if elims:
                    yield _wing_step(grid, "XYZ-Wing", pivot, q1, q2, z, elims)


def _wing_step(grid: CandidateGrid, name: str, pivot: int, q1: int, q2: int, z: int, elims):
    geo, masks = grid.geo, grid.masks
    return Step(
        name,
        eliminations=elims,
        cells=(pivot, q1, q2),
        digits=tuple(digits_of(masks[pivot] | masks[q1] | masks[q2])),
        reason=(
            f"pivot {geo.cell_name(pivot)} with pincers {geo.cell_name(q1)} and "
            f"{geo.cell_name(q2)}: one of them holds {geo.digit_name(z.bit_length())}"
        ),
    )


def w_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells {x,y} joined by a strong link on x (one end seeing each cell, neither end
    seeing both): cells seeing both lose y.

    In HoDoKu's scan order: pairs of cells in cell order, the smaller digit struck first,
    strong links in unit order (rows, columns, boxes).
    """
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    links_of = strong_links(grid)
    for x, a in enumerate(pairs):
        for c in pairs[x + 1 :]:
            if masks[a] != masks[c]:
                continue
            targets = geo.common_peers([a, c])
            for y in digits_of(masks[a]):
                elims = eliminations_in(masks, targets, 1 << (y - 1))
                if not elims:
                    continue
                d = (masks[a] & ~(1 << (y - 1))).bit_length()
                for p, q, u in links_of[d]:
                    if {p, q} & {a, c}:
                        continue
                    if (geo.sees(p, a) and geo.sees(p, c)) or (geo.sees(q, a) and geo.sees(q, c)):
                        continue
                    for s1, s2 in ((p, q), (q, p)):
                        if geo.sees(a, s1) and geo.sees(c, s2):
                            yield Step(
                                "W-Wing",
                                eliminations=elims,
                                cells=(a, s1, s2, c),
                                digits=(d, y),
                                reason=(
                                    f"{geo.cell_name(a)} and {geo.cell_name(c)} hold "
                                    f"{geo.digit_name(d)}/{geo.digit_name(y)}; strong link on "
                                    f"{geo.digit_name(d)} {geo.cell_name(s1)}={geo.cell_name(s2)}"
                                    f" in {geo.unit_name(u)}, so one of them is {geo.digit_name(y)}"
                                ),
                            )
                            break


def remote_pair(grid: CandidateGrid) -> Iterator[Step]:
    """A chain of four or more cells with the same two candidates, each seeing the next.

    Their digits alternate along the chain, so two cells an odd number of links apart hold
    both digits between them: cells seeing both lose the two digits.
    """
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    for mask in sorted({masks[i] for i in pairs}):
        group = [i for i in pairs if masks[i] == mask]
        if len(group) < 4:
            continue
        for start in group:
            dist = {start: 0}
            parent = {start: start}
            queue = deque([start])
            while queue:
                a = queue.popleft()
                for c in group:
                    if c not in dist and geo.sees(a, c):
                        dist[c] = dist[a] + 1
                        parent[c] = a
                        queue.append(c)
            for end, k in dist.items():
                if k < 3 or k % 2 == 0 or end < start:
                    continue
                path = [end]
                while path[-1] != start:
                    path.append(parent[path[-1]])
                targets = geo.common_peers([start, end]).difference(path)
                elims = eliminations_in(masks, targets, mask)
                if elims:
                    ds = digits_of(mask)
                    yield Step(
                        "Remote Pair",
                        eliminations=elims,
                        cells=tuple(reversed(path)),
                        digits=tuple(ds),
                        reason=(
                            f"chain {'-'.join(geo.cell_name(i) for i in reversed(path))} of "
                            f"{ds[0]}/{ds[1]} cells: its ends hold both digits"
                        ),
                    )
