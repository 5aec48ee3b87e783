"""Almost locked sets: ALS-XZ and ALS-XY-Wing.

An *almost locked set* (ALS) is N cells of one unit holding N + 1 digits between them: take
any one digit away and the rest are locked in. Two ALSs A and B share a *restricted common*
digit X when every X of A sees every X of B: X is then in at most one of them, so the other is
locked. *ALS-XZ*: for any other digit Z of both, one of A and B holds Z, so every cell seeing
all their Z's loses Z. *ALS-XY-Wing*: a pivot ALS C shares restricted commons X with A and Y
with B (X != Y); one of A and B is locked, so a digit Z of both (not X or Y) is in A or B:
every cell seeing all their Z's loses Z.

Cells are bit sets (bit ``i`` for cell ``i``) so the "sees all" tests are a few ANDs.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from ..candidates import CandidateGrid, digits_of
from ..step import Step

#: Largest ALS searched, in cells.
MAX_ALS = 5


@dataclass(frozen=True)
class Als:
    """An almost locked set: its cells (as a bit set and a tuple), digits, and for each digit
    the cells holding it and the cells seeing all of those."""

    cells: tuple[int, ...]
    bits: int
    digits: int
    holders: dict[int, int]
    seers: dict[int, int]


def _bits(cells) -> int:
    out = 0
    for i in cells:
        out |= 1 << i
    return out


def almost_locked_sets(grid: CandidateGrid, peer_bits: list[int]) -> list[Als]:
    """Every ALS of up to :data:`MAX_ALS` cells, each found once."""
    geo, masks = grid.geo, grid.masks
    found: dict[int, Als] = {}
    for unit in geo.units:
        empty = [i for i in unit if masks[i]]
        for size in range(1, min(MAX_ALS, len(empty) - 1) + 1):
            for cells in itertools.combinations(empty, size):
                union = 0
                for i in cells:
                    union |= masks[i]
                if union.bit_count() != size + 1:
                    continue
                bits = _bits(cells)
                if bits in found:
                    continue
                holders, seers = {}, {}
                for d in digits_of(union):
                    b = 1 << (d - 1)
                    hold = [i for i in cells if masks[i] & b]
                    holders[d] = _bits(hold)
                    see = -1
                    for i in hold:
                        see &= peer_bits[i]
                    seers[d] = see
                found[bits] = Als(cells, bits, union, holders, seers)
    return list(found.values())


def _restricted(a: Als, b: Als) -> list[int]:
    """Restricted common digits of two ALSs that do not overlap."""
    out = []
    for d in digits_of(a.digits & b.digits):
        if a.holders[d] & b.holders[d]:
            continue
        if b.holders[d] & ~a.seers[d] == 0 and a.holders[d] & ~b.seers[d] == 0:
            out.append(d)
    return out


def _digit_cells(grid: CandidateGrid, d: int) -> int:
    b = 1 << (d - 1)
    return _bits(i for i, m in enumerate(grid.masks) if m & b)


def _peer_bits(grid: CandidateGrid) -> list[int]:
    return [_bits(p) for p in grid.geo.peer_sets]


def _elims(grid: CandidateGrid, sets: list[Als], z: int) -> tuple[tuple[int, int], ...]:
    see = -1
    for s in sets:
        see &= s.seers[z]
    covered = 0
    for s in sets:
        covered |= s.bits
    hits = see & _digit_cells(grid, z) & ~covered
    return tuple((i, z) for i in range(len(grid.masks)) if hits >> i & 1)


def _names(grid: CandidateGrid, s: Als) -> str:
    ds = "".join(grid.geo.digit_name(d) for d in digits_of(s.digits))
    return f"{{{' '.join(grid.geo.cell_name(i) for i in s.cells)}}} ({ds})"


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    """Two ALSs with a restricted common digit X: a digit Z of both leaves cells seeing all
    their Z's."""
    peer_bits = _peer_bits(grid)
    sets = almost_locked_sets(grid, peer_bits)
    for x, a in enumerate(sets):
        for b in sets[x + 1 :]:
            if a.bits & b.bits or (a.digits & b.digits).bit_count() < 2:
                continue
            for rc in _restricted(a, b):
                elims: list[tuple[int, int]] = []
                for z in digits_of(a.digits & b.digits):
                    if z != rc:
                        elims += _elims(grid, [a, b], z)
                if elims:
                    yield Step(
                        "ALS-XZ",
                        eliminations=tuple(sorted(set(elims))),
                        cells=a.cells + b.cells,
                        digits=tuple(digits_of(a.digits | b.digits)),
                        reason=(
                            f"almost locked sets {_names(grid, a)} and {_names(grid, b)} share "
                            f"the restricted digit {grid.geo.digit_name(rc)}"
                        ),
                    )


def als_xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A pivot ALS with restricted commons X and Y to two other ALSs: a digit Z of those two
    leaves cells seeing all their Z's."""
    peer_bits = _peer_bits(grid)
    sets = almost_locked_sets(grid, peer_bits)
    for c in sets:
        partners = []
        for s in sets:
            if s is c or s.bits & c.bits:
                continue
            for rc in _restricted(c, s):
                partners.append((s, rc))
        for (a, x), (b, y) in itertools.combinations(partners, 2):
            if x == y or a.bits & b.bits:
                continue
            elims: list[tuple[int, int]] = []
            for z in digits_of(a.digits & b.digits):
                if z not in (x, y):
                    elims += _elims(grid, [a, b], z)
            if elims:
                yield Step(
                    "ALS-XY-Wing",
                    eliminations=tuple(sorted(set(elims))),
                    cells=c.cells + a.cells + b.cells,
                    digits=tuple(digits_of(a.digits | b.digits | c.digits)),
                    reason=(
                        f"pivot {_names(grid, c)} shares {grid.geo.digit_name(x)} with "
                        f"{_names(grid, a)} and {grid.geo.digit_name(y)} with {_names(grid, b)}"
                    ),
                )
