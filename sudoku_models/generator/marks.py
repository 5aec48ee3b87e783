"""Clue marks read off a complete grid: killer cages, Kropki dots, XV, thermometers, arrows.

Each function draws marks that hold on ``grid`` (cells as ``(row, column)``), using ``rng``
only, so the same grid and generator state give the same marks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board import Board
from ..variants import XV, Arrow, Difference, KillerCage, Ratio, Thermometer, Variant
from ..variants.base import Cell, orthogonal_pairs

#: Killer cage sizes drawn by default, smallest and largest. Dominoes (with a few triples where
#: a cell left alone joins one): on 100 random 9x9 grids, 29 domino layouts were unique with no
#: givens against 9 with cages of 2 or 3 cells, and propagation alone solved all 29. Merging
#: then makes larger cages.
CAGE_SIZES = (2, 2)


def _around(cell: Cell, n: int, diagonal: bool = False) -> list[Cell]:
    r, c = cell
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return [(r + a, c + b) for a, b in steps if 0 <= r + a < n and 0 <= c + b < n]


def killer_cages(
    board: Board, grid: Sequence[int], rng: random.Random, sizes: tuple[int, int] = CAGE_SIZES
) -> list[KillerCage]:
    """Cages covering the grid, grown at random to a size in ``sizes`` (fewer cells where the
    growth gets stuck), with distinct digits and the totals of ``grid``. A cell left alone joins
    a neighbouring cage (which may then pass ``sizes``); when none can take it, the cages are
    grown again, so no cage is a single cell (a given in disguise)."""
    while True:
        cages = _grow_cages(board, grid, rng, sizes)
        if all(len(c.cells) > 1 for c in cages):
            return cages


def _grow_cages(
    board: Board, grid: Sequence[int], rng: random.Random, sizes: tuple[int, int]
) -> list[KillerCage]:
    n = board.n
    at = {board.row_col(i): d for i, d in enumerate(grid)}
    cells = sorted(at)
    rng.shuffle(cells)
    owner: dict[Cell, int] = {}
    cages: list[list[Cell]] = []
    for start in cells:
        if start in owner:
            continue
        target = rng.randint(*sizes)
        cage, digits = [start], {at[start]}
        owner[start] = len(cages)
        while len(cage) < target:
            options = sorted(
                {x for c in cage for x in _around(c, n) if x not in owner and at[x] not in digits}
            )
            if not options:
                break
            x = rng.choice(options)
            cage.append(x)
            digits.add(at[x])
            owner[x] = len(cages)
        cages.append(cage)
    # A single cell joins a neighbouring cage when its digit fits there.
    for k, cage in enumerate(cages):
        if len(cage) != 1:
            continue
        for x in _around(cage[0], n):
            other = cages[owner[x]]
            if owner[x] != k and len(other) < n and at[cage[0]] not in {at[y] for y in other}:
                other.append(cage[0])
                owner[cage[0]] = owner[x]
                cage.clear()
                break
    return [KillerCage(tuple(sorted(c)), sum(at[x] for x in c)) for c in cages if c]


def merged(first: Variant, second: Variant, board: Board, grid: Sequence[int]) -> KillerCage | None:
    """The two killer cages as one when they touch and their digits are distinct, else None."""
    if not (isinstance(first, KillerCage) and isinstance(second, KillerCage)):
        return None
    if first.total is None or second.total is None:
        return None
    n = board.n
    cells = first.cells + second.cells
    if len(cells) > n or not any(x in second.cells for c in first.cells for x in _around(c, n)):
        return None
    digits = {grid[board.cell(*c)] for c in cells}
    if len(digits) != len(cells):
        return None
    return KillerCage(tuple(sorted(cells)), first.total + second.total)


def kropki_dots(board: Board, grid: Sequence[int]) -> tuple[list[Difference], list[Ratio]]:
    """Every white dot (digits one apart, 1 and 2 included) and every black dot (one digit twice
    the other, but not 1 and 2) that ``grid`` has."""
    white, black = [], []
    for a, b in orthogonal_pairs(board):
        x, y = grid[board.cell(*a)], grid[board.cell(*b)]
        if abs(x - y) == 1:
            white.append(Difference((a, b), 1))
        elif x == 2 * y or y == 2 * x:
            black.append(Ratio((a, b), 2))
    return white, black


def xv_marks(board: Board, grid: Sequence[int]) -> list[XV]:
    """Every X (digits adding to 10) and V (adding to 5) that ``grid`` has."""
    out = []
    for a, b in orthogonal_pairs(board):
        total = grid[board.cell(*a)] + grid[board.cell(*b)]
        if total in (5, 10):
            out.append(XV((a, b), total))
    return out


def thermometers(
    board: Board, grid: Sequence[int], rng: random.Random, count: int | None = None
) -> list[Thermometer]:
    """Up to ``count`` (default ``n + 3``) thermometers of 3 or more cells that ``grid`` obeys,
    on distinct cells, each grown from a random bulb along rising digits."""
    n = board.n
    at = {board.row_col(i): d for i, d in enumerate(grid)}
    used: set[Cell] = set()
    out: list[Thermometer] = []
    starts = sorted(at)
    rng.shuffle(starts)
    for bulb in starts:
        if len(out) >= (count or n + 3):
            break
        if bulb in used:
            continue
        line = [bulb]
        while True:
            options = sorted(
                x
                for x in _around(line[-1], n, True)
                if x not in used and x not in line and at[x] > at[line[-1]]
            )
            if not options or len(line) >= 5:
                break
            line.append(rng.choice(options))
        if len(line) >= 3:
            used.update(line)
            out.append(Thermometer(tuple(line)))
    return out


def arrows(
    board: Board, grid: Sequence[int], rng: random.Random, count: int | None = None
) -> list[Arrow]:
    """Up to ``count`` (default ``n + 3``) arrows on distinct cells: a circle and a shaft of 2
    or 3 cells, leaving it, whose digits add up to the circle's digit."""
    n = board.n
    at = {board.row_col(i): d for i, d in enumerate(grid)}
    used: set[Cell] = set()
    out: list[Arrow] = []
    circles = sorted(at)
    rng.shuffle(circles)
    for circle in circles:
        if len(out) >= (count or n + 3):
            break
        if circle in used:
            continue
        for _ in range(8):
            shaft: list[Cell] = []
            total, last = 0, circle
            while total < at[circle] and len(shaft) < 3:
                options = sorted(
                    x
                    for x in _around(last, n, True)
                    if x not in used and x not in shaft and x != circle
                )
                if not options:
                    break
                last = rng.choice(options)
                shaft.append(last)
                total += at[last]
            if total == at[circle] and len(shaft) >= 2:
                used.update([circle, *shaft])
                out.append(Arrow((circle,), tuple(shaft)))
                break
    return out


def cells_of(mark: Variant, board: Board) -> tuple[int, ...]:
    """The cell indices that ``mark`` constrains."""
    return tuple(sorted({i for p in mark.primitives(board) for i in p.cells}))
