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
    """Pivot {x,y} seeing pincers {x,z} and {y,z}: cells seeing both pincers lose z."""
    yield from _wing(grid, pivot_size=2)


def xyz_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Pivot {x,y,z} seeing pincers {x,z} and {y,z}: cells seeing all three lose z."""
    yield from _wing(grid, pivot_size=3)


def _wing(grid: CandidateGrid, pivot_size: int) -> Iterator[Step]:
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    name = "XY-Wing" if pivot_size == 2 else "XYZ-Wing"
    for pivot, pm in enumerate(masks):
        if pm.bit_count() != pivot_size:
            continue
        near = geo.peer_sets[pivot]
        if pivot_size == 2:
            wings = [q for q in pairs if q in near and (masks[q] & pm).bit_count() == 1]
        else:
            wings = [q for q in pairs if q in near and masks[q] & pm == masks[q]]
        for x, q1 in enumerate(wings):
            for q2 in wings[x + 1 :]:
                m1, m2 = masks[q1], masks[q2]
                if m1 == m2:
                    continue
                z = m1 & m2
                if z.bit_count() != 1:
                    continue
                if pivot_size == 2:
                    if z & pm or (m1 | m2) & ~z != pm:
                        continue
                    seen = geo.common_peers([q1, q2]) - {pivot}
                else:
                    if not z & pm:
                        continue
                    seen = geo.common_peers([pivot, q1, q2])
                elims = eliminations_in(masks, seen, z)
                if elims:
                    d = z.bit_length()
                    yield Step(
                        name,
                        eliminations=elims,
                        cells=(pivot, q1, q2),
                        digits=tuple(digits_of(pm | m1 | m2)),
                        reason=(
                            f"pivot {geo.cell_name(pivot)} with pincers {geo.cell_name(q1)} and "
                            f"{geo.cell_name(q2)}: one of them holds {geo.digit_name(d)}"
                        ),
                    )


def w_wing(grid: CandidateGrid) -> Iterator[Step]:
    """Two cells {x,y} joined by a strong link on x: cells seeing both lose y."""
    geo, masks = grid.geo, grid.masks
    pairs = _bivalue(grid)
    links_of = strong_links(grid)
    for x, a in enumerate(pairs):
        for c in pairs[x + 1 :]:
            if masks[a] != masks[c] or geo.sees(a, c):
                continue
            targets = geo.common_peers([a, c])
            for d in digits_of(masks[a]):
                other = masks[a] & ~(1 << (d - 1))
                elims = eliminations_in(masks, targets, other)
                if not elims:
                    continue
                for p, q, u in links_of[d]:
                    if {p, q} & {a, c}:
                        continue
                    for s1, s2 in ((p, q), (q, p)):
                        if geo.sees(a, s1) and geo.sees(c, s2):
                            y = other.bit_length()
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
