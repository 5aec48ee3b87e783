"""Set theory over unions of houses: the 45 rule across three or four adjacent houses.

The search's implied sums (:func:`sudoku_models.solvers.backtracking.derived.implied_sums`)
read every house and every pair of disjoint houses against the cages. A killer solver goes
further: three adjacent rows (a band), four columns, a band of boxes or a block of jigsaw
regions hold ``k`` times every digit, so with the cages that cover most of them the few cells
left over (innies, or innies and outies, at most
:data:`~sudoku_models.solvers.backtracking.derived.MAX_CELLS`) carry a sum of their own. The
regions are the connected unions of :data:`UNION_SIZES` houses of one family (rows, columns,
boxes, regions: any kind of house that splits the grid), built once per model; the logical
solver reads each sum found as a rule of set theory, named after its houses.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator, Sequence

from ..constraints import LinearSum, SumCage
from ..solvers.backtracking.derived import region_sums
from .house import House, families, plural

#: Numbers of houses in a union (single houses and pairs are the search's own).
UNION_SIZES = (3, 4)

#: Most unions read per family of houses (each is read once, when the model is laid out).
MAX_UNIONS = 400


def union_sums(n: int, houses: Sequence[House], cages: Sequence[SumCage]) -> list[LinearSum]:
    """The innie and outie sums of the connected unions of three or four houses of one family
    of ``houses``, each named after its houses (``innies of rows 1, 2,
    3``); cages that overlap another cage are left out of the count.

    >>> rows = [House(f"row {r + 1}", tuple(range(4 * r, 4 * r + 4))) for r in range(4)]
    >>> cages = [SumCage((0, 1, 2, 3), 10), SumCage((4, 5, 6, 7), 10), SumCage((8, 9), 3)]
    >>> union_sums(4, rows, cages)[0]
    LinearSum(cells=(10, 11), total=7, coeffs=(1, 1), name='innies of rows 1, 2, 3')
    """
    count = Counter(i for c in cages for i in c.cells)
    kept = [c for c in cages if all(count[i] == 1 for i in c.cells)]
    if not kept:
        return []
    cage_of = {i: k for k, c in enumerate(kept) for i in c.cells}
    out: list[LinearSum] = []
    seen: set[tuple[object, ...]] = set()
    for family in families(n, houses):
        for members in unions(n, family):
            region = frozenset(i for k in members for i in family[k].cells)
            meeting = tuple(
                (kept[k].cells, kept[k].total)
                for k in sorted({cage_of[i] for i in region if i in cage_of})
            )
            kind = family[members[0]].kind
            numbers = ", ".join(family[k].name.split(maxsplit=1)[-1] for k in sorted(members))
            for implied in region_sums(n, region, meeting):
                key = (implied.cells, implied.total, implied.coeffs)
                if key not in seen:
                    seen.add(key)
                    name = f"{implied.name} of {plural(kind)} {numbers}"
                    out.append(dataclasses.replace(implied, name=name))
    return out


def unions(
    n: int, family: Sequence[House], sizes: Sequence[int] = UNION_SIZES
) -> Iterator[tuple[int, ...]]:
    """The connected sets of ``sizes`` houses of ``family`` (two houses touch when cells of
    theirs are orthogonal neighbours), at most :data:`MAX_UNIONS` of each size."""
    home = {i: k for k, house in enumerate(family) for i in house.cells}
    touching: list[set[int]] = [set() for _ in family]
    for i, k in home.items():
        r, c = divmod(i, n)
        for j in (i + 1 if c + 1 < n else -1, i + n if r + 1 < n else -1):
            if j >= 0 and home[j] != k:
                touching[k].add(home[j])
                touching[home[j]].add(k)
    found: set[frozenset[int]] = {frozenset([k]) for k in range(len(family))}
    layer = set(found)
    for size in range(2, max(sizes) + 1):
        grown = {s | {t} for s in layer for k in s for t in touching[k] if t not in s}
        layer = grown
        if size in sizes:
            for s in sorted(layer, key=sorted)[:MAX_UNIONS]:
                yield tuple(sorted(s))
