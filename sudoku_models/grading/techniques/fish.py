"""Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).

When a digit's candidates in k rows all lie in the same k columns, each of those columns gets
its copy of the digit from one of the rows, so the rest of the columns lose it (and the same
with rows and columns swapped).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ..candidates import CandidateGrid, Geometry, digits_of, line_places
from ..step import Step, eliminations_in
from .subsets import combos

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def basic_fish(grid: CandidateGrid, k: int) -> Iterator[Step]:
    """The first fish of size ``k`` (rows as base, then columns) that eliminates something."""
    for d, base_kind, at in line_places(grid):
        yield from _digit_fish(grid.geo, k, d, base_kind, at)


@functools.lru_cache(maxsize=1 << 14)
def _digit_fish(
    geo: Geometry, k: int, d: int, base_kind: int, at: tuple[int, ...]
) -> tuple[Step, ...]:
    """The fish of digit ``d`` with base lines of kind ``base_kind`` (0: rows, 1: columns),
    where ``at[line]`` is the bit set of positions in base line ``line`` that allow ``d``;
    remembered, since most digits keep their places from one position to the next."""
    n = geo.n
    units = geo.units
    b = 1 << (d - 1)
    cover_kind = 1 - base_kind
    masks = [0] * len(geo.cell_units)  # the digit's candidates alone
    for line, where in enumerate(at):
        for pos in digits_of(where):
            masks[units[base_kind * n + line][pos - 1]] = b
    items = [(line, where) for line, where in enumerate(at) if 2 <= where.bit_count() <= k]
    out = []
    for lines, where in combos(tuple(items), k):
        covers = [p - 1 for p in digits_of(where)]
        # anything in the cover lines outside the base lines?
        if not any(at[line] & where for line in range(n) if line not in lines):
            continue
        base_cells = {i for line in lines for i in units[base_kind * n + line]}
        cover_cells = {i for c in covers for i in units[cover_kind * n + c]}
        elims = eliminations_in(masks, cover_cells - base_cells, b)
        if elims:
            fish = sorted(i for i in base_cells & cover_cells if masks[i] & b)
            base_names = ", ".join(geo.unit_name(base_kind * n + x) for x in lines)
            cover_names = ", ".join(geo.unit_name(cover_kind * n + c) for c in covers)
            out.append(
                Step(
                    _NAMES[k],
                    eliminations=elims,
                    cells=tuple(fish),
                    digits=(d,),
                    reason=(f"{geo.digit_name(d)} in {base_names} lies only in {cover_names}"),
                )
            )
    return tuple(out)
