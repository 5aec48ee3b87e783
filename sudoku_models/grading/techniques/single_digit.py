"""Single-digit patterns built from strong links (a digit with exactly two places in a unit).

Skyscraper, 2-String Kite and Turbot Fish are all the chain *strong - weak - strong*: two strong
links whose near ends see each other, so one of the far ends holds the digit and every cell
seeing both far ends loses it. They differ in where the links lie: two parallel lines
(Skyscraper), a row and a column joined inside a box (2-String Kite), anything else (Turbot
Fish). The Empty Rectangle joins a strong link to a box whose candidates form a cross.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..candidates import CandidateGrid, Geometry, digit_cells, memo, unit_bits
from ..step import Step

Link = tuple[int, int, int]  # cell, cell, unit


def strong_links(grid: CandidateGrid) -> dict[int, list[Link]]:
    """For each digit, every unit where it has exactly two candidate cells, as ``(a, b, unit)``
    (shared by the techniques looking at the same position: not to be changed)."""
    return memo(grid, _strong_links)


def _strong_links(grid: CandidateGrid) -> dict[int, list[Link]]:
    geo = grid.geo
    cells = digit_cells(grid)
    return {d: list(_digit_links(geo, cells[d])) for d in range(1, geo.n + 1)}


@functools.lru_cache(maxsize=1 << 14)
def _digit_links(geo: Geometry, holders: int) -> tuple[Link, ...]:
    """The strong links of a digit held by the cells of ``holders`` (a bit set), unit by unit;
    remembered, since most digits keep their cells from one position to the next."""
    out = []
    for u, (unit, bits) in enumerate(zip(geo.units, unit_bits(geo), strict=True)):
        if (bits & holders).bit_count() == 2:
            a, b = (i for i in unit if holders >> i & 1)
            out.append((a, b, u))
    return tuple(out)


def _kind(geo: Geometry, u1: int, u2: int, a1: int, a2: int) -> str:
    n = geo.n
    k1, k2 = u1 // n, u2 // n
    ru1, ru2 = geo.cell_units[a1], geo.cell_units[a2]
    if k1 == k2 and k1 < 2 and ru1[1 - k1] == ru2[1 - k1]:
        return "Skyscraper"
    if {k1, k2} == {0, 1} and ru1[2] == ru2[2]:
        return "2-String Kite"
    return "Turbot Fish"


def _two_link_chain(grid: CandidateGrid, wanted: str) -> Iterator[Step]:
    yield from (step for step in memo(grid, _two_link_chains) if step.technique == wanted)


def _two_link_chains(grid: CandidateGrid) -> list[Step]:
    """The steps of all three kinds: the three techniques ask in turn on one position."""
    geo = grid.geo
    cells = digit_cells(grid)
    out: list[Step] = []
    for d in range(1, geo.n + 1):
        out.extend(_digit_two_link_chains(geo, d, cells[d]))
    return out


@functools.lru_cache(maxsize=1 << 14)
def _digit_two_link_chains(geo: Geometry, d: int, holders: int) -> tuple[Step, ...]:
    """The steps of digit ``d``, held by the cells of ``holders`` (a bit set); remembered,
    since most digits keep their cells from one position to the next."""
    peers, peer_bits = geo.peer_sets, geo.peer_bits
    links = _digit_links(geo, holders)
    if len(links) < 2:
        return ()
    out = []
    for x, (p, q, u1) in enumerate(links):
        for r, s, u2 in links[x + 1 :]:
            if p in (r, s) or q in (r, s):
                continue
            for a1, b1 in ((p, q), (q, p)):
                for a2, b2 in ((r, s), (s, r)):
                    if a2 not in peers[a1]:
                        continue
                    ends = 1 << a1 | 1 << a2 | 1 << b1 | 1 << b2
                    hit = peer_bits[b1] & peer_bits[b2] & holders & ~ends
                    if hit:
                        elims = tuple((i, d) for i in range(len(peers)) if hit >> i & 1)
                        kind = _kind(geo, u1, u2, a1, a2)
                        out.append(
                            Step(
                                kind,
                                eliminations=elims,
                                cells=(b1, a1, a2, b2),
                                digits=(d,),
                                reason=(
                                    f"{geo.digit_name(d)}: strong links {geo.cell_name(b1)}="
                                    f"{geo.cell_name(a1)} ({geo.unit_name(u1)}) and "
                                    f"{geo.cell_name(a2)}={geo.cell_name(b2)} "
                                    f"({geo.unit_name(u2)}); {geo.cell_name(a1)} sees "
                                    f"{geo.cell_name(a2)}, so {geo.cell_name(b1)} or "
                                    f"{geo.cell_name(b2)} holds {geo.digit_name(d)}"
                                ),
                            )
                        )
    return tuple(out)


def skyscraper(grid: CandidateGrid) -> Iterator[Step]:
    """Two strong links in parallel lines whose near ends share a cross line."""
    yield from _two_link_chain(grid, "Skyscraper")


def two_string_kite(grid: CandidateGrid) -> Iterator[Step]:
    """A strong link in a row and one in a column whose near ends share a box."""
    yield from _two_link_chain(grid, "2-String Kite")


def turbot_fish(grid: CandidateGrid) -> Iterator[Step]:
    """Any other strong - weak - strong chain on one digit (a strong link may be in a box)."""
    yield from _two_link_chain(grid, "Turbot Fish")


def empty_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A box whose candidates of a digit lie on one row and one column, and a strong link.

    With the cross at row R and column C of the box, and a strong link in a column X outside
    the box from (R, X) to (R2, X): if (R2, C) held the digit, (R, X) would too and the box would
    have no place left for it. So (R2, C) loses it; the same with rows and columns swapped.
    """
    geo, masks = grid.geo, grid.masks
    n = geo.n
    cu = geo.cell_units
    for d, links in strong_links(grid).items():
        b = 1 << (d - 1)
        for box in range(2 * n, 3 * n):
            cells = [i for i in geo.units[box] if masks[i] & b]
            if len(cells) < 3:
                continue
            rows = {cu[i][0] for i in cells}
            cols = {cu[i][1] for i in cells}
            for row in sorted(rows):
                for col in sorted(cols):
                    if not all(cu[i][0] == row or cu[i][1] == col for i in cells):
                        continue
                    if all(cu[i][0] == row for i in cells) or all(cu[i][1] == col for i in cells):
                        continue
                    yield from _er_with_links(grid, d, box, row, col, cells, links)


def _er_with_links(
    grid: CandidateGrid,
    d: int,
    box: int,
    row: int,
    col: int,
    cells: list[int],
    links: list[Link],
) -> Iterator[Step]:
    geo, masks = grid.geo, grid.masks
    n = geo.n
    cu = geo.cell_units
    b = 1 << (d - 1)
    for p, q, u in links:
        kind = u // n
        if kind == 2:
            continue
        for near, far in ((p, q), (q, p)):
            if cu[near][2] == box or cu[far][2] == box:
                continue
            if kind == 1 and cu[near][0] == row:
                target = geo.board.cell(cu[far][0], col - n)
            elif kind == 0 and cu[near][1] == col:
                target = geo.board.cell(row, cu[far][1] - n)
            else:
                continue
            if masks[target] & b and cu[target][2] != box:
                yield Step(
                    "Empty Rectangle",
                    eliminations=((target, d),),
                    cells=(*cells, near, far),
                    digits=(d,),
                    reason=(
                        f"{geo.digit_name(d)} in {geo.unit_name(box)} lies on {geo.unit_name(row)}"
                        f" and {geo.unit_name(col)}; strong link {geo.cell_name(near)}="
                        f"{geo.cell_name(far)} in {geo.unit_name(u)}"
                    ),
                )
