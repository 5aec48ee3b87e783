"""Random complete grids: a randomized search, then a random relabelling and line shuffle.

The search places digits in a random order, going back on a dead end, and starts again from
scratch when it spends too many steps (large boards can wander into a hopeless corner). Up to
:data:`IN_ORDER_UP_TO` digits it fills cells in reading order, the fastest way there; on larger
boards it fills the cell with the fewest options first, without which a 25x25 grid takes minutes.

A fixed cell order leaves a bias (the first row, for one, is filled without constraint), which
the shuffle removes: digits are relabelled, bands and stacks are permuted, rows inside each band
and columns inside each stack too, and square boxes may transpose. Every shuffle maps a valid
grid to a valid grid.

Every random choice goes through ``rng.shuffle`` and ``rng.random``, so ``rng`` may be a
:class:`random.Random` or the generator's :class:`~sudoku_models.splitmix.SplitMix64`; with the
latter the numba backend draws the same grid in compiled code
(:func:`sudoku_models.solvers.numba_search.random_grid` follows this module step by step).
"""

from __future__ import annotations

import random

from ..board import Board
from ..splitmix import SplitMix64

#: A source of random choices: anything with ``shuffle(list)`` and ``random()``.
Random = random.Random | SplitMix64

#: Search steps (digits placed) allowed per cell before the search starts again.
STEPS_PER_CELL = 50

#: Largest number of digits filled in reading order; larger boards fill the tightest cell first.
IN_ORDER_UP_TO = 12


def random_grid(board: Board, rng: Random) -> tuple[int, ...]:
    """A random complete grid of ``board``'s shape, drawn from ``rng`` only.

    >>> grid = random_grid(Board(2, 2), random.Random(7))
    >>> sorted(grid[:4]), sorted(grid[::4])
    ([1, 2, 3, 4], [1, 2, 3, 4])
    """
    while True:
        grid = _search(board, rng, STEPS_PER_CELL * board.size)
        if grid is not None:
            return shuffle_grid(board, grid, rng)


def _search(board: Board, rng: Random, budget: int) -> list[int] | None:
    """One randomized depth-first fill; None when ``budget`` placements run out first."""
    n, br, bc = board.n, board.box_rows, board.box_cols
    in_order = n <= IN_ORDER_UP_TO
    row_used, col_used, box_used = [0] * n, [0] * n, [0] * n
    where = [(i // n, i % n, (i // n) // br * br + (i % n) // bc) for i in range(board.size)]
    grid = [0] * board.size
    empty = list(reversed(range(board.size)))  # the next cell in reading order is last
    # Each entry: a filled cell and the digits still to try there, in a random order.
    stack: list[tuple[int, list[int]]] = []
    while empty:
        if in_order:
            cell = empty.pop()
        else:
            cell = _tightest(empty, where, row_used, col_used, box_used, n)
            empty.remove(cell)
        r, c, b = where[cell]
        used = row_used[r] | col_used[c] | box_used[b]
        choices = [d for d in range(1, n + 1) if not used >> d & 1]
        rng.shuffle(choices)
        stack.append((cell, choices))
        # Place the next digit of the deepest cell that has one left, undoing the cells without.
        while True:
            if not stack:
                return None
            cell, choices = stack[-1]
            r, c, b = where[cell]
            if grid[cell]:
                keep = ~(1 << grid[cell])
                row_used[r] &= keep
                col_used[c] &= keep
                box_used[b] &= keep
                grid[cell] = 0
            if choices:
                budget -= 1
                if budget < 0:
                    return None
                d = choices.pop()
                grid[cell] = d
                row_used[r] |= 1 << d
                col_used[c] |= 1 << d
                box_used[b] |= 1 << d
                break
            stack.pop()
            empty.append(cell)
    return grid


def _tightest(
    empty: list[int],
    where: list[tuple[int, int, int]],
    row_used: list[int],
    col_used: list[int],
    box_used: list[int],
    n: int,
) -> int:
    """The empty cell with the fewest digits left (the first such), stopping early at none left."""
    best, best_used = empty[-1], -1
    for i in empty:
        r, c, b = where[i]
        used = (row_used[r] | col_used[c] | box_used[b]).bit_count()
        if used > best_used:
            best, best_used = i, used
            if used == n:
                break
    return best


def shuffle_grid(board: Board, grid: list[int] | tuple[int, ...], rng: Random) -> tuple[int, ...]:
    """``grid`` relabelled and with bands, stacks, rows and columns permuted at random."""
    n, br, bc = board.n, board.box_rows, board.box_cols
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    rows = nested_order(n // br, br, rng)
    cols = nested_order(n // bc, bc, rng)
    transpose = br == bc and rng.random() < 0.5
    out = []
    for r in range(n):
        for c in range(n):
            rr, cc = (cols[c], rows[r]) if transpose else (rows[r], cols[c])
            out.append(labels[grid[rr * n + cc] - 1])
    return tuple(out)


def nested_order(groups: int, width: int, rng: Random) -> list[int]:
    """Line indices with the groups of ``width`` lines permuted, and the lines inside each group."""
    group_order = list(range(groups))
    rng.shuffle(group_order)
    order = []
    for g in group_order:
        inside = list(range(g * width, (g + 1) * width))
        rng.shuffle(inside)
        order += inside
    return order
