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

from ..candidates import CandidateGrid, digits_of, memo
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


def bit_cells(bits: int) -> list[int]:
    """The cells whose bits are set in ``bits``, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        bits ^= low
        out.append(low.bit_length() - 1)
    return out


def almost_locked_sets(grid: CandidateGrid, peer_bits: list[int]) -> list[Als]:
    """Every ALS of up to :data:`MAX_ALS` cells, each found once: unit by unit, smaller sets
    first, cells in the order of the unit."""
    geo, masks = grid.geo, grid.masks
    found: dict[int, Als] = {}
    for unit in geo.units:
        empty = [i for i in unit if masks[i]]
        most = min(MAX_ALS, len(empty) - 1)
        chosen: list[tuple[int, ...]] = []
        # choices of cells whose digits number at most most + 1, in the order of the unit
        stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
        while stack:
            start, picked, union = stack.pop()
            for j in range(len(empty) - 1, start - 1, -1):
                merged = union | masks[empty[j]]
                if merged.bit_count() <= most + 1:
                    grown = (*picked, j)
                    if merged.bit_count() == len(grown) + 1:
                        chosen.append(grown)
                    if len(grown) < most:
                        stack.append((j + 1, grown, merged))
        chosen.sort(key=lambda c: (len(c), c))
        for positions in chosen:
            cells = tuple(empty[j] for j in positions)
            bits = _bits(cells)
            if bits in found:
                continue
            union = 0
            for i in cells:
                union |= masks[i]
            holders, seers = {}, {}
            rest = union
            while rest:
                b = rest & -rest
                rest ^= b
                see = -1
                hold = 0
                for i in cells:
                    if masks[i] & b:
                        hold |= 1 << i
                        see &= peer_bits[i]
                d = b.bit_length()
                holders[d] = hold
                seers[d] = see
            found[bits] = Als(cells, bits, union, holders, seers)
    return list(found.values())


def _peer_bits(grid: CandidateGrid) -> list[int]:
    return list(grid.geo.peer_bits)


class AlsPosition:
    """What ALS-XZ and ALS-XY-Wing (asking in turn on one position) both need: the ALSs, the
    cells holding each digit (index ``d``), and for each ALS the later and earlier ones it
    shares restricted common digits with, ``(index, digits)`` in the order of the ALSs."""

    def __init__(self, grid: CandidateGrid) -> None:
        self.sets = sets = almost_locked_sets(grid, _peer_bits(grid))
        self.holding = holding = [0] * (grid.geo.n + 1)
        for i, m in enumerate(grid.masks):
            while m:
                low = m & -m
                m ^= low
                holding[low.bit_length()] |= 1 << i
        self.partners: list[list[tuple[int, list[int]]]] = [[] for _ in sets]
        for x, a in enumerate(sets):
            a_bits, a_digits, a_holders, a_seers = a.bits, a.digits, a.holders, a.seers
            for y in range(x + 1, len(sets)):
                b = sets[y]
                common = a_digits & b.digits
                if a_bits & b.bits or not common:
                    continue
                # restricted common digits: every holder in one set sees every one in the other
                rcs = []
                b_holders, b_seers = b.holders, b.seers
                while common:
                    low = common & -common
                    common ^= low
                    d = low.bit_length()
                    if not b_holders[d] & ~a_seers[d] and not a_holders[d] & ~b_seers[d]:
                        rcs.append(d)
                if rcs:
                    self.partners[x].append((y, rcs))
                    self.partners[y].append((x, rcs))


def _elims(holding: list[int], sets: list[Als], z: int) -> list[tuple[int, int]]:
    see = -1
    covered = 0
    for s in sets:
        see &= s.seers[z]
        covered |= s.bits
    return [(i, z) for i in bit_cells(see & holding[z] & ~covered)]


def als_name(grid: CandidateGrid, s: Als) -> str:
    """An almost locked set as a step names it: ``{r1c1 r1c2} (123)``."""
    ds = "".join(grid.geo.digit_name(d) for d in digits_of(s.digits))
    return f"{{{' '.join(grid.geo.cell_name(i) for i in s.cells)}}} ({ds})"


def als_xz(grid: CandidateGrid) -> Iterator[Step]:
    """Two ALSs with a restricted common digit X: a digit Z of both leaves cells seeing all
    their Z's."""
    position = memo(grid, AlsPosition)
    sets, holding = position.sets, position.holding
    for x, a in enumerate(sets):
        for y, rcs in position.partners[x]:
            b = sets[y]
            common = a.digits & b.digits
            if y < x or common & (common - 1) == 0:
                continue
            for rc in rcs:
                elims: list[tuple[int, int]] = []
                for z in digits_of(common):
                    if z != rc:
                        elims += _elims(holding, [a, b], z)
                if elims:
                    yield Step(
                        "ALS-XZ",
                        eliminations=tuple(sorted(set(elims))),
                        cells=a.cells + b.cells,
                        digits=tuple(digits_of(a.digits | b.digits)),
                        reason=(
                            f"almost locked sets {als_name(grid, a)} and {als_name(grid, b)} share "
                            f"the restricted digit {grid.geo.digit_name(rc)}"
                        ),
                    )


def als_xy_wing(grid: CandidateGrid) -> Iterator[Step]:
    """A pivot ALS with restricted commons X and Y to two other ALSs: a digit Z of those two
    leaves cells seeing all their Z's."""
    position = memo(grid, AlsPosition)
    sets, holding = position.sets, position.holding
    for k, c in enumerate(sets):
        partners = [(sets[y], rc) for y, rcs in position.partners[k] for rc in rcs]
        for (a, x), (b, y) in itertools.combinations(partners, 2):
            if x == y or a.bits & b.bits:
                continue
            elims: list[tuple[int, int]] = []
            for z in digits_of(a.digits & b.digits):
                if z not in (x, y):
                    elims += _elims(holding, [a, b], z)
            if elims:
                yield Step(
                    "ALS-XY-Wing",
                    eliminations=tuple(sorted(set(elims))),
                    cells=c.cells + a.cells + b.cells,
                    digits=tuple(digits_of(a.digits | b.digits | c.digits)),
                    reason=(
                        f"pivot {als_name(grid, c)} shares {grid.geo.digit_name(x)} with "
                        f"{als_name(grid, a)} and {grid.geo.digit_name(y)} with {als_name(grid, b)}"
                    ),
                )
