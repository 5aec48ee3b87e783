"""The canonical form of a puzzle or grid: the least one in its symmetry class.

Two puzzles are copies of each other under :mod:`~sudoku_models.research.symmetry` exactly when
their canonical forms are equal, so the form deduplicates a set, proves that two splits share no
puzzle up to symmetry, and counts essentially different puzzles. The order is lexicographic over
the cells in reading order, with the blank above every digit: the form starts with as many
digits as any copy can (a grid's form starts ``123456789``), and its digits appear as 1, 2,
3, ... in reading order.

How it is found: the output is built one row at a time. A *state* is a way to have written the
rows so far (transposed or not, which source rows, the column order, the relabelling), and only
the states whose rows so far are least are kept; each row extends every kept state by every
source row its band still allows and keeps the least again. Ties are kept, not broken, so the
search is exact. The first row is read from a table: its least form depends only on which of its
cells are blank, and the table lists for each such pattern the column orders that reach it. The
search runs compiled when Numba is installed and as plain Python otherwise (the same function,
so the two agree); it covers boards of up to 9 digits whose column orders are few enough (4x4,
6x6, 8x8, 9x9), for puzzles whose givens do not repeat a digit in a house, and bounds its states
by :data:`MAX_STATES`.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..board import Board
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle
from ..solvers.numba_backend import grid_array
from .compiled import kernel
from .verify import clash_free

#: Most states the search keeps at once; only puzzles with very few clues (whose rows all look
#: alike) come near it, and they get a ValueError, not an unbounded search.
MAX_STATES = 1 << 18

#: Most first-row states (transpositions x rows x column orders) a board may have.
MAX_FIRST_STATES = 50_000

#: Largest side with a canonical form (the first-row table has ``2**n`` entries).
MAX_DIGITS = 9


@dataclass(frozen=True)
class _Tables:
    """Per board: every column order, and for each blank pattern of a row its smallest form and
    the column orders reaching it (as slices ``starts[m]:starts[m + 1]`` of ``orders``)."""

    col_orders: Any  # (P, n) int64
    smallest: Any  # (2**n,) int64: the pattern value, first cell most significant
    starts: Any  # (2**n + 1,) int64
    orders: Any  # int64 indices into col_orders


@functools.cache
def _tables(board: Board) -> _Tables:
    n, bc = board.n, board.box_cols
    stacks = n // bc
    col_orders = np.array(
        [
            [s * bc + i for s, inside in zip(stack_order, insides) for i in inside]
            for stack_order in itertools.permutations(range(stacks))
            for insides in itertools.product(itertools.permutations(range(bc)), repeat=stacks)
        ],
        dtype=np.int64,
    )
    masks = np.arange(1 << n, dtype=np.int64)
    blank = 1 - ((masks[:, None] >> np.arange(n)) & 1)  # (2**n, n): is column c blank
    weights = 1 << np.arange(n - 1, -1, -1, dtype=np.int64)
    values = blank[:, col_orders] @ weights  # (2**n, P)
    smallest = values.min(axis=1)
    hits = values == smallest[:, None]
    starts = np.concatenate(([0], np.cumsum(hits.sum(axis=1)))).astype(np.int64)
    orders = np.nonzero(hits)[1].astype(np.int64)
    return _Tables(col_orders, smallest, starts, orders)


def supports(board: Board) -> bool:
    """True when :func:`canonical_array` handles ``board`` (see the module docstring)."""
    if board.n > MAX_DIGITS:
        return False
    stacks = board.n // board.box_cols
    orders = math.factorial(stacks) * math.factorial(board.box_cols) ** stacks
    turns = 2 if board.box_rows == board.box_cols else 1
    return turns * board.n * orders <= MAX_FIRST_STATES


def canonical_array(grids: Any, box: tuple[int, int] | None = None, compiled: bool = True) -> Any:
    """The canonical form of every row of ``grids`` (``k x n*n`` digits, 0 blank), as uint8.

    ``box`` is the box shape (the usual one for ``n`` digits by default). ``compiled=False``
    runs the plain-Python search even when Numba is installed.

    >>> import numpy as np
    >>> canonical_array(np.array([[0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]))[0].tolist()
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    """
    array, board = grid_array(grids, box)
    if not supports(board):
        raise ValueError(
            f"canonical forms cover boards of up to {MAX_DIGITS} digits with few column orders; "
            f"{board.box_rows}x{board.box_cols} boxes have too many"
        )
    clean = clash_free(array, (board.box_rows, board.box_cols), compiled)
    if not clean.all():
        raise InvalidPuzzleError(
            f"row {int(np.argmin(clean))} repeats a digit in a house; canonical forms need "
            "givens that do not clash"
        )
    t = _tables(board)
    out = np.zeros_like(array)
    status = kernel(_canonical_rows, compiled)(
        array, board.n, board.box_rows, board.box_cols, t.col_orders, t.smallest, t.starts,
        t.orders, MAX_STATES, out,
    )  # fmt: skip
    if status >= 0:
        raise ValueError(
            f"row {status} ties too many ways (over {MAX_STATES} states): too few clues for a "
            "canonical form"
        )
    return out


def canonical(puzzle: Puzzle) -> Puzzle:
    """The canonical form of one puzzle or grid.

    >>> canonical(Puzzle.parse("...3............")).to_line()
    '1...............'
    """
    board = puzzle.board
    form = canonical_array(
        np.array([puzzle.cells], dtype=np.uint8), (board.box_rows, board.box_cols)
    )
    return Puzzle._trusted(board, tuple(int(d) for d in form[0]))


def canonical_lines(puzzles: Iterable[Puzzle]) -> list[str]:
    """The canonical form of each puzzle as a line (all of one board)."""

    items = list(puzzles)
    if not items:
        return []
    board = items[0].board
    if any(p.board != board for p in items):
        raise InvalidPuzzleError("canonical forms of a batch need puzzles of one board")
    forms = canonical_array(
        np.array([p.cells for p in items], dtype=np.uint8), (board.box_rows, board.box_cols)
    )
    return [Puzzle._trusted(board, tuple(int(d) for d in row)).to_line() for row in forms]


def _canonical_rows(
    grids: Any,
    n: int,
    br: int,
    bc: int,
    col_orders: Any,
    smallest: Any,
    starts: Any,
    orders: Any,
    max_states: int,
    out: Any,
) -> int:
    """Write each row's canonical form into ``out``; -1 when done, else the index of the first
    row that needed more than ``max_states`` states. Written for Numba (arrays and loops only)
    and run as plain Python without it."""
    turns = 2 if br == bc else 1
    width = n + 5  # a state: turn, column order, rows used, band, next label, relabelling
    source = np.zeros((2, n, n), dtype=np.int64)
    masks = np.zeros((2, n), dtype=np.int64)  # which cells of each source row hold a digit
    best = np.zeros(n, dtype=np.int64)
    row = np.zeros(n, dtype=np.int64)
    # Two buffers of states, swapped each row and grown (doubling) as needed.
    states = np.empty((1024, width + 1), dtype=np.int64)
    kept = np.empty((1024, width + 1), dtype=np.int64)
    for k in range(grids.shape[0]):
        for r in range(n):
            for c in range(n):
                source[0, r, c] = grids[k, r * n + c]
                source[1, c, r] = grids[k, r * n + c]
        # The first row: the smallest blank pattern of any source row, from the table.
        top = 1 << n
        count = 0
        for t in range(turns):
            for r in range(n):
                mask = 0
                for c in range(n):
                    if source[t, r, c]:
                        mask |= 1 << c
                masks[t, r] = mask
                if smallest[mask] < top:
                    top = smallest[mask]
                    count = 0
                if smallest[mask] == top:
                    count += starts[mask + 1] - starts[mask]
        if count > max_states:
            return k
        if states.shape[0] < count:
            states = np.empty((count, width + 1), dtype=np.int64)
        s = 0
        for t in range(turns):
            for r in range(n):
                mask = masks[t, r]
                if smallest[mask] != top:
                    continue
                for j in range(starts[mask], starts[mask + 1]):
                    for d in range(n + 1):
                        states[s, 5 + d] = 0
                    states[s, 0] = t
                    states[s, 1] = orders[j]
                    states[s, 2] = 1 << r
                    states[s, 3] = r // br
                    label = 1
                    for c in range(n):
                        d = source[t, r, col_orders[orders[j], c]]
                        if d and states[s, 5 + d] == 0:
                            states[s, 5 + d] = label
                            label += 1
                        if s == 0:
                            out[k, c] = states[s, 5 + d]
                    states[s, 4] = label
                    s += 1
        # Every later row: extend each state by each source row its band allows and keep the
        # states whose row is least (all of them when several tie).
        for out_row in range(1, n):
            fresh = out_row % br == 0
            for c in range(n):
                best[c] = n + 2
            s2 = 0
            for s in range(count):
                t, o, used, band = states[s, 0], states[s, 1], states[s, 2], states[s, 3]
                for r in range(n):
                    if fresh:
                        if used & (((1 << br) - 1) << (r // br * br)):
                            continue
                    elif r // br != band or used >> r & 1:
                        continue
                    label = states[s, 4]
                    cmp = 0
                    for c in range(n):
                        d = source[t, r, col_orders[o, c]]
                        x = n + 1  # the blank, after every digit
                        if d:
                            x = states[s, 5 + d]
                            if x == 0:  # first seen (a row's digits differ): the next label
                                x = label
                                label += 1
                        row[c] = x
                        if cmp == 0:
                            if x < best[c]:
                                cmp = -1
                            elif x > best[c]:
                                cmp = 1
                                break
                    if cmp > 0:
                        continue
                    if cmp < 0:
                        for c in range(n):
                            best[c] = row[c]
                        s2 = 0
                    if s2 == kept.shape[0]:
                        if s2 >= max_states:
                            return k
                        grown = np.empty((2 * s2, width + 1), dtype=np.int64)
                        grown[:s2] = kept[:s2]
                        kept = grown
                    kept[s2, 0] = t
                    kept[s2, 1] = o
                    kept[s2, 2] = used | (1 << r)
                    kept[s2, 3] = r // br
                    kept[s2, 4] = label
                    for d in range(1, n + 1):
                        kept[s2, 5 + d] = states[s, 5 + d]
                    for c in range(n):
                        if row[c] <= n:
                            kept[s2, 5 + source[t, r, col_orders[o, c]]] = row[c]
                    s2 += 1
            states, kept, count = kept, states, s2
            for c in range(n):
                out[k, out_row * n + c] = best[c] if best[c] <= n else 0
    return -1
