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

import itertools
from collections import Counter
from collections.abc import Sequence

from ...constraints import LinearSum, SumCage

#: Largest number of cells a derived sum may have: longer ones prune too little to pay.
MAX_CELLS = 4


def implied_sums(
    n: int, full_groups: Sequence[tuple[int, ...]], cages: Sequence[SumCage]
) -> list[LinearSum]:
    """The innie and outie sums of every full group and pair of disjoint full groups.

    >>> row = (0, 1, 2, 3)
    >>> implied_sums(4, [row], [SumCage((0, 1), 3), SumCage((2, 4), 7)])
    [LinearSum(cells=(2, 3), total=7, coeffs=(1, 1), name='innies'), \
LinearSum(cells=(3, 4), total=0, coeffs=(1, -1), name='innies and outies')]
    """
    count = Counter(i for c in cages for i in c.cells)
    cages = [c for c in cages if all(count[i] == 1 for i in c.cells)]  # overlaps double count
    if not cages:
        return []
    whole = n * (n + 1) // 2
    regions = [frozenset(g) for g in full_groups]
    regions += [a | b for a, b in itertools.combinations(regions, 2) if not a & b]
    seen: set[tuple[tuple[int, ...], int, tuple[int, ...]]] = set()
    out = []
    for region in regions:
        total = whole * len(region) // n
        meeting = [c for c in cages if region.intersection(c.cells)]
        inside = [c for c in meeting if region.issuperset(c.cells)]
        in_cages = {i for c in inside for i in c.cells}
        innies = sorted(region - in_cages)
        candidates = [(innies, total - sum(c.total for c in inside), [1] * len(innies))]
        covered = {i for c in meeting for i in c.cells}
        loose = sorted(region - covered)
        outies = sorted(covered - region)
        candidates.append(
            (
                loose + outies,
                total - sum(c.total for c in meeting),
                [1] * len(loose) + [-1] * len(outies),
            )
        )
        for (cells, sum_total, coeffs), name in zip(candidates, ("innies", "innies and outies")):
            key = (tuple(cells), sum_total, tuple(coeffs))
            if 0 < len(cells) <= MAX_CELLS and key not in seen:
                seen.add(key)
                out.append(LinearSum(tuple(cells), sum_total, tuple(coeffs), name))
    return out
