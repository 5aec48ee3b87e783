"""Sums a killer model implies without stating them: the "45 rule" (innies and outies).

A full group holds every digit once, so its cells add up to ``T = n * (n + 1) / 2`` (45 on a
9x9); ``k`` disjoint full groups add up to ``k * T``. Where sum cages cover most of such a
region, the few cells left over carry a sum of their own:

- *innies*: the cells of the region outside the cages lying wholly inside it add up to
  ``k * T`` minus those cages' totals;
- *innies and outies*: with the cages that meet the region, the region's cells in no cage minus
  the cages' cells outside the region add up to ``k * T`` minus those cages' totals.

Each such sum over at most :data:`MAX_CELLS` cells becomes one more linear sum for the search
(a digit-set constraint when its cells are all different and all count positively), which is
what a human solver does first on a killer. The regions tried are every full group and every
pair of disjoint full groups; cages that overlap another cage are left out of the count.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...constraints import LinearSum, SumCage

#: Largest number of cells a derived sum may have: longer ones prune too little to pay.
MAX_CELLS = 4


def implied_sums(
    n: int, full_groups: Sequence[tuple[int, ...]], cages: Sequence[SumCage]
) -> list[LinearSum]:
    """The innie and outie sums of every full group and pair of disjoint full groups.

    Each cage adds its counts to the regions it meets (``_counts``, kept per cage shape):
    its cells inside and outside each region. Only the few regions whose counts leave at most
    :data:`MAX_CELLS` cells are then read cell by cell (``region_sums``, kept per set of
    cages met), so a generator asking about one killer many times pays little per question.

    >>> row = (0, 1, 2, 3)
    >>> implied_sums(4, [row], [SumCage((0, 1), 3), SumCage((2, 4), 7)])
    [LinearSum(cells=(2, 3), total=7, coeffs=(1, 1), name='innies'), \
LinearSum(cells=(3, 4), total=0, coeffs=(1, -1), name='innies and outies')]
    """
    count = Counter(i for c in cages for i in c.cells)
    cages = [c for c in cages if all(count[i] == 1 for i in c.cells)]  # overlaps double count
    if not cages:
        return []
    groups = tuple(map(tuple, full_groups))
    # A region's count of its cells plus cells outside it is at most twice the cells in use.
    cells = max(_extent(groups), max(count) + 1)
    regions = _regions(groups, (2 * cells).bit_length() + 1)
    inside = covered = outside = 0
    for c in cages:
        cage_inside, cage_covered, cage_outside = _counts(regions, c.cells)
        inside += cage_inside
        covered += cage_covered
        outside += cage_outside
    # Per region: the cells outside the cages inside it (innies), and its cells in no cage
    # plus the cells of the cages meeting it outside it (innies and outies).
    short = regions.few(regions.sizes - inside) | regions.few(regions.sizes - covered + outside)
    cage_of = {i: k for k, c in enumerate(cages) for i in c.cells}
    shapes = [(c.cells, c.total) for c in cages]  # plain tuples: quick to hash
    seen: set[tuple[tuple[int, ...], int, tuple[int, ...]]] = set()
    result = []
    for r in regions.marked(short):
        region = regions.cells[r]
        meeting = tuple(shapes[k] for k in sorted({cage_of[i] for i in region if i in cage_of}))
        for implied in region_sums(n, region, meeting):
            key = implied.cells, implied.total, implied.coeffs
            if key not in seen:
                seen.add(key)
                result.append(implied)
    return result


@dataclass(frozen=True, eq=False)
class _Regions:
    """Every full group, then every union of two disjoint ones, with a count per region packed
    in one int: region ``r`` in the ``width`` bits from bit ``r * width`` (each count below
    ``2 ** (width - 1)``, so sums of them never carry from one region into the next)."""

    cells: tuple[frozenset[int], ...]
    width: int
    sizes: int  # each region's number of cells, packed
    ones: int  # 1 in each region's field

    def few(self, packed: int) -> int:
        """The top bit of each field of ``packed`` holding 1 to :data:`MAX_CELLS`."""
        top = 1 << (self.width - 1)
        some = packed + self.ones * (top - 1)  # top bit set from 1 up
        many = packed + self.ones * (top - 1 - MAX_CELLS)  # top bit set above MAX_CELLS
        return some & ~many & self.ones * top

    def marked(self, flags: int) -> list[int]:
        """The regions whose field has a bit set in ``flags``, in order."""
        found = []
        while flags:
            low = flags & -flags
            found.append((low.bit_length() - 1) // self.width)
            flags ^= low
        return found


@functools.lru_cache(maxsize=8)
def _extent(full_groups: tuple[tuple[int, ...], ...]) -> int:
    """One more than the largest cell of the groups."""
    return max((max(g) + 1 for g in full_groups if g), default=0)


@functools.lru_cache(maxsize=8)
def _regions(full_groups: tuple[tuple[int, ...], ...], width: int) -> _Regions:
    """The regions of ``full_groups``, their counts packed in fields of ``width`` bits."""
    regions = [frozenset(g) for g in full_groups]
    regions += [a | b for a, b in itertools.combinations(regions, 2) if not a & b]
    ones = sum(1 << (r * width) for r in range(len(regions)))
    sizes = sum(len(region) << (r * width) for r, region in enumerate(regions))
    return _Regions(tuple(regions), width, sizes, ones)


@functools.lru_cache(maxsize=1 << 12)
def _counts(regions: _Regions, cells: tuple[int, ...]) -> tuple[int, int, int]:
    """For the cage of ``cells``, packed per region: its cells inside the region when it lies
    wholly inside, its cells inside the region, and its cells outside a region it meets."""
    inside = covered = outside = 0
    for r, region in enumerate(regions.cells):
        inner = len(region.intersection(cells))
        if inner:
            shift = r * regions.width
            covered += inner << shift
            outside += (len(cells) - inner) << shift
            if inner == len(cells):
                inside += inner << shift
    return inside, covered, outside


@functools.lru_cache(maxsize=1 << 13)
def region_sums(
    n: int, region: frozenset[int], meeting: tuple[tuple[tuple[int, ...], int], ...]
) -> tuple[LinearSum, ...]:
    """The innie sum and the innie-and-outie sum of ``region`` (those over 1 to
    :data:`MAX_CELLS` cells), given the cages ``meeting`` it as ``(cells, total)`` (kept: most
    regions meet the same cages from one question to the next)."""
    total = n * (n + 1) // 2 * len(region) // n
    inside = [(cells, t) for cells, t in meeting if region.issuperset(cells)]
    in_cages = {i for cells, _ in inside for i in cells}
    innies = sorted(region - in_cages)
    covered = {i for cells, _ in meeting for i in cells}
    loose = sorted(region - covered)
    outies = sorted(covered - region)
    candidates = (
        (innies, total - sum(t for _, t in inside), [1] * len(innies), "innies"),
        (
            loose + outies,
            total - sum(t for _, t in meeting),
            [1] * len(loose) + [-1] * len(outies),
            "innies and outies",
        ),
    )
    return tuple(
        LinearSum(tuple(cells), sum_total, tuple(coeffs), name)
        for cells, sum_total, coeffs, name in candidates
        if 0 < len(cells) <= MAX_CELLS
    )
