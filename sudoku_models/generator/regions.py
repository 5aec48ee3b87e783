"""Random jigsaw layouts: ``n`` connected regions of ``n`` cells each.

Start from the boxes and swap cells across region borders at random: a cell of region ``A``
next to region ``B`` trades places with a cell of ``B`` next to ``A`` when both regions stay
connected. Every swap keeps the sizes, so every layout drawn is a valid partition.
"""

from __future__ import annotations

import random

from ..board import Board

Cell = tuple[int, int]

#: Swaps tried per cell of the board.
SWAPS_PER_CELL = 4


def random_regions(board: Board, rng: random.Random) -> tuple[tuple[Cell, ...], ...]:
    """``board.n`` connected regions of ``board.n`` cells covering the board, drawn from ``rng``.

    >>> regions = random_regions(Board(2, 3), random.Random(1))
    >>> len(regions), sorted(len(r) for r in regions)
    (6, [6, 6, 6, 6, 6, 6])
    """
    n = board.n
    region = {board.row_col(i): b for b, box in enumerate(board.boxes) for i in box}
    for _ in range(SWAPS_PER_CELL * board.size):
        a = (rng.randrange(n), rng.randrange(n))
        ra = region[a]
        others = sorted({region[x] for x in _around(a, n)} - {ra})
        if not others:
            continue
        rb = rng.choice(others)
        border_b = sorted(
            c for c, k in region.items() if k == rb and any(region[x] == ra for x in _around(c, n))
        )
        b = rng.choice(border_b)
        region[a], region[b] = rb, ra
        if not (_connected(region, ra, n) and _connected(region, rb, n)):
            region[a], region[b] = ra, rb
    out = [tuple(sorted(c for c, k in region.items() if k == r)) for r in range(n)]
    return tuple(sorted(out))


def _around(cell: Cell, n: int) -> list[Cell]:
    r, c = cell
    return [
        (r + dr, c + dc)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        if 0 <= r + dr < n and 0 <= c + dc < n
    ]


def _connected(region: dict[Cell, int], k: int, n: int) -> bool:
    members = {c for c, r in region.items() if r == k}
    start = next(iter(sorted(members)))
    seen, todo = {start}, [start]
    while todo:
        for x in _around(todo.pop(), n):
            if x in members and x not in seen:
                seen.add(x)
                todo.append(x)
    return len(seen) == len(members)
