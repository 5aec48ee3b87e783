"""Finned and sashimi fish: X-Wing, Swordfish and Jellyfish with extra candidates (fins).

Take k base lines (rows, say) and k cover columns holding most of a digit's candidates in those
rows; the candidates of the base rows outside the cover columns are the *fins*. When every fin
lies in one box, either a fin holds the digit or the fish is a real fish. Both cases remove the
digit from the cells of the cover columns that are outside the base rows and inside the fins'
box. A fish is *sashimi* when some base row keeps fewer than two candidates once its fins are
left out (it would not be a fish at all without them).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from ..candidates import CandidateGrid
from ..step import Step, eliminations_in

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def finned_fish(grid: CandidateGrid, k: int, sashimi: bool) -> Iterator[Step]:
    """Finned (or, with ``sashimi``, sashimi) fish of size ``k``, rows as base then columns."""
    geo, masks = grid.geo, grid.masks
    n = geo.n
    units = geo.units
    cu = geo.cell_units
    name = f"{'Sashimi' if sashimi else 'Finned'} {_NAMES[k]}"
    for d in range(1, n + 1):
        b = 1 << (d - 1)
        for base_kind in (0, 1):
            cover_kind = 1 - base_kind
            lines = []
            for line in range(n):
                cells = [i for i in units[base_kind * n + line] if masks[i] & b]
                if cells:
                    lines.append((line, cells))
            for chosen in itertools.combinations(lines, k):
                base_cells = [i for _, cells in chosen for i in cells]
                cols = sorted({cu[i][cover_kind] for i in base_cells})
                if len(cols) <= k or len(cols) > k + n:
                    continue  # a basic fish (or nothing) rather than a finned one
                for covers in _cover_choices(grid, cols, k, cover_kind):
                    cover_set = set(covers)
                    fins = [i for i in base_cells if cu[i][cover_kind] not in cover_set]
                    boxes = {cu[i][2] for i in fins}
                    if len(boxes) != 1:
                        continue
                    body_counts = [
                        sum(cu[i][cover_kind] in cover_set for i in cells) for _, cells in chosen
                    ]
                    if min(body_counts) == 0 or (min(body_counts) < 2) != sashimi:
                        continue
                    box = boxes.pop()
                    base_lines = {base_kind * n + line for line, _ in chosen}
                    targets = [
                        i
                        for c in covers
                        for i in units[c]
                        if cu[i][2] == box and cu[i][base_kind] not in base_lines
                    ]
                    elims = eliminations_in(masks, targets, b)
                    if elims:
                        base_names = ", ".join(geo.unit_name(u) for u in sorted(base_lines))
                        cover_names = ", ".join(geo.unit_name(c) for c in covers)
                        fin_names = ", ".join(geo.cell_name(i) for i in fins)
                        yield Step(
                            name,
                            eliminations=elims,
                            cells=tuple(sorted(base_cells)),
                            digits=(d,),
                            reason=(
                                f"{geo.digit_name(d)} in {base_names} lies in {cover_names} "
                                f"except the fins {fin_names} in {geo.unit_name(box)}"
                            ),
                        )


def _cover_choices(
    grid: CandidateGrid, cols: list[int], k: int, cover_kind: int
) -> Iterator[tuple[int, ...]]:
    """Choices of ``k`` cover lines among ``cols`` leaving the rest inside one box band."""
    board = grid.board
    n = board.n
    width = board.box_cols if cover_kind == 1 else board.box_rows
    for band in range(n // width):
        inside = [c for c in cols if (c - cover_kind * n) // width == band]
        outside = [c for c in cols if (c - cover_kind * n) // width != band]
        if len(outside) > k or not inside:
            continue
        for extra in itertools.combinations(inside, k - len(outside)):
            if len(extra) < len(inside):
                yield tuple(sorted(outside + list(extra)))
