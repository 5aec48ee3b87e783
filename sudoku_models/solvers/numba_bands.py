"""The compiled 9x9 search of the ``numba`` backend: each digit's places as three band words.

Glossary: a *band* is three rows of boxes (rows 0-2, 3-5, 6-8), a *stack* three columns of
boxes; ``b`` a band, ``d`` a digit (0 to 8 here, the digit ``d + 1`` of the grid), ``pos`` a
cell of a band (``9 * row in band + column``). A state ``s`` is 30 ``int64``: ``s[3 * d + b]``
holds the 27 cells of band ``b`` where digit ``d`` may still go (bit ``pos``), and
``s[27 + b]`` the cells of band ``b`` already placed.

Inside one band, a digit takes one cell in each of its three rows and one in each of its three
boxes: its rows go to its boxes one to one, six ways at most. Which row meets which box (a row's
three cells in a box, a *segment*) is a 9-bit pattern; ``KEEP`` gives, for each pattern, the
segments that some one-to-one way still uses. One look-up does pointing, claiming and the hidden
singles of boxes and rows at once for a digit and a band; the same table on the columns of a
stack (which band's box meets which column) does them for columns. A row left with one place is
a placement: the cell leaves the other digits, and its row, box and column leave the digit. A
cell left with one digit across the nine words (counted in bit slices) is placed too. When
nothing else moves, the segments are counted across the digits (bit slices again, the nine-bit
patterns of the three bands and three stacks side by side in one word): a segment's
three cells hold three digits, so where only three digits can go each must go there, and where
three must go no other can (rows and columns alike). That last count leaves the segments of every
digit in every band and stack in a scratch array, from which the branching below is chosen
without counting them again.

The search (the ``mixed`` variant) branches on the ways a digit can still take its places in a
band or a stack: a digit with the fewest ways in the band or stack where the digits have the
fewest in all. Each way is one of the six that send its rows to its boxes (its boxes to its
columns) one to one, so the branches share no solution and miss none. Choosing the band first is
what tdoku's notes describe; counting the stacks too took the branches tried on 300 of the
forum's hardest puzzles from 131 to 111 a puzzle. The ``cells`` variant, and ``mixed`` once
every digit has one way left in every band and stack, branch on a cell with two digits, else on
the cell with the fewest. The stack is explicit and owned by the caller, as in
:mod:`~sudoku_models.solvers.numba_search`, whose context slots and return codes it shares, so
:func:`search` too can pause after a budget of nodes and resume.

The search's functions allocate nothing and are compiled without Numba's reference counting (see
``_compiled``). The tables are ``uint32``: half the cache of ``int64`` ones, and indices the
compiler knows are not negative, so it drops the wrap-around of negative indices.

This module imports Numba at its top; only :mod:`sudoku_models.solvers.numba_backend` imports it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit
from numba.extending import intrinsic

from .numba_search import (
    BACKTRACKS,
    BUDGET_SPENT,
    BUFFER_FULL,
    CONFLICTS,
    DEPTH,
    DONE,
    FOUND,
    GUESSES,
    NODES,
    PROPAGATIONS,
    STARTED,
    STORED,
)

__all__ = [
    "BUDGET_SPENT", "BUFFER_FULL", "DONE", "PATTERNS", "WORDS", "search", "solve_rows", "start",
]  # fmt: skip

#: Words of a state: 27 digit-band words, then 3 words of placed cells.
WORDS = 30

#: The segments of each digit in each band and each stack: 54 patterns of 9 bits.
PATTERNS = 54

#: Every cell of a band.
BAND = (1 << 27) - 1

#: Every segment of the six groups (three bands, three stacks), 9 bits each, side by side.
GROUPS = (1 << 54) - 1

#: Column 0 of a band (one bit in each of its rows); shifted left by ``c`` for column ``c``.
COLUMN = 1 | 1 << 9 | 1 << 18

#: Slots of a level of the choice array: the band, the digit (-1: a cell branching), the cell
#: bit (-1: a branching on the ways of the digit), the choices left (digits of the cell, or
#: numbers of the digit's ways, as bits).
BAND_AT, DIGIT_AT, CELL_AT, LEFT_AT = range(4)

#: The six one-to-one ways of three lines to three boxes, as segments (bit ``3 * i + j``: line
#: ``i`` meets box ``j``).
MATCHINGS = np.array(
    [sum(1 << 3 * i + j for i, j in enumerate(boxes))
     for boxes in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]
)  # fmt: skip


def _ways() -> np.ndarray:
    """For each pattern of segments, the ways (bit ``x``: ``MATCHINGS[x]``) inside it."""
    return np.array(
        [sum(1 << x for x, m in enumerate(MATCHINGS) if m & p == m) for p in range(512)]
    )


def _keep(ways: np.ndarray) -> np.ndarray:
    """For each pattern of segments, those that some way inside it uses (0: none)."""
    return np.array([np.bitwise_or.reduce(MATCHINGS[_bits(w)], initial=0) for w in ways])


def _forced(ways: np.ndarray) -> np.ndarray:
    """For each pattern of segments, those that every way inside it uses (0: no way)."""
    return np.array([np.bitwise_and.reduce(MATCHINGS[_bits(w)], initial=511) if w else 0
                     for w in ways])  # fmt: skip


def _bits(mask: int) -> list[int]:
    return [x for x in range(6) if mask >> x & 1]


def _row_boxes() -> np.ndarray:
    """The boxes (3 bits) that the cells of a 9-bit row touch, for every row."""
    return np.array([sum(1 << j for j in range(3) if r >> 3 * j & 7) for r in range(512)])


def _crossing() -> np.ndarray:
    """For each segment, the other segments of its line or its box."""
    return np.array(
        [sum(1 << m for m in range(9) if m != k and (m // 3 == k // 3 or m % 3 == k % 3))
         for k in range(9)]
    )  # fmt: skip


def _segment_cells() -> np.ndarray:
    """The cells of a band inside each pattern of segments (row ``i`` meets box ``j``)."""
    return np.array(
        [sum(7 << 9 * (k // 3) + 3 * (k % 3) for k in range(9) if p >> k & 1) for p in range(512)]
    )


WAYS = _ways()
#: For each 9-bit pattern of segments, the segments some one-to-one way of the band still uses.
KEEP = _keep(WAYS)
FORCED = _forced(WAYS)
ROW_BOXES = _row_boxes()
CROSSING = _crossing()
SEGMENT_CELLS = _segment_cells()
KEEP_CELLS = SEGMENT_CELLS[KEEP]

#: Every table above end to end, one array handed down the compiled calls (a global array read
#: in compiled code costs a call at each read); each table starts at its ``*_AT`` offset. As
#: ``uint32``, every entry reads as a non-negative ``int64`` in the compiled code.
TABLES = np.concatenate(
    [ROW_BOXES, KEEP, FORCED, KEEP_CELLS, SEGMENT_CELLS, WAYS, CROSSING, MATCHINGS]
).astype(np.uint32)
ROW_BOXES_AT, KEEP_AT, FORCED_AT, KEEP_CELLS_AT, SEGMENT_CELLS_AT, WAYS_AT = range(0, 3072, 512)
CROSSING_AT = 3072
MATCHINGS_AT = CROSSING_AT + 9


def _lowest_bit_typing(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return x(x), codegen


def _bit_count_typing(typingctx, x):
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


#: Compiles the search's functions without reference counting (``_nrt``, an option Numba marks
#: as internal with its underscore): they allocate nothing and only read and write the arrays
#: handed to them, and counting the references to those arrays and their rows, an atomic
#: operation at each call and each row taken, cost the search about a tenth of its time.
#: ``solve_rows``, which allocates the work arrays, keeps the counting.
_compiled = njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]

#: The index of the lowest set bit of a non-zero integer, in compiled code (one instruction).
_trailing_zeros: Any = intrinsic(_lowest_bit_typing)

#: The number of set bits of an integer, in compiled code (one instruction).
_bit_count: Any = intrinsic(_bit_count_typing)


@njit(cache=True, nogil=True, inline="always")
def place(s, d, b, bit):
    """Put digit ``d`` in the cell ``bit`` of band ``b``; returns the digits left to settle (a
    9-bit mask): ``d``, and each other digit that lost the cell and with it the last place of its
    row in the box, of its column in the band, or all but one place of its row. Written without
    branches on the data, which the processor would mispredict."""
    pos = _trailing_zeros(bit)
    column = pos % 9
    s[27 + b] |= bit
    row_at = pos - column
    mini_row = 7 << (pos - column % 3)
    mini_column = COLUMN << column
    changed = 0
    for e in range(9):
        w = s[3 * e + b]
        lost = w & bit
        w ^= lost
        s[3 * e + b] = w
        row = (w >> row_at) & 511
        settle = (w & mini_row == 0) | (w & mini_column == 0) | (row & (row - 1) == 0)
        changed |= (lost != 0 and settle) << e
    k = 3 * d
    box = (7 << (column - column % 3)) * COLUMN
    s[k + b] = (s[k + b] | bit) & ~((511 << row_at) | box) | bit
    s[k + (b + 1) % 3] &= ~mini_column
    s[k + (b + 2) % 3] &= ~mini_column
    return changed | 1 << d


@njit(cache=True, nogil=True, inline="always")
def _segments_of(w, t):
    """The segments of a band word: bit ``3 * i + j`` when row ``i`` has a place in box ``j``."""
    return (
        t[ROW_BOXES_AT + w & 511]
        | t[ROW_BOXES_AT + (w >> 9) & 511] << 3
        | t[ROW_BOXES_AT + w >> 18] << 6
    )


@njit(cache=True, nogil=True, inline="always")
def _shrink(s, k, t):
    """Rows against boxes in each band, columns against boxes in each stack, for the digit
    whose words start at ``k``, until they settle; False when a row, column or box is left
    without a place for it."""
    w0 = s[k]
    w1 = s[k + 1]
    w2 = s[k + 2]
    w0 &= t[KEEP_CELLS_AT + _segments_of(w0, t)]
    w1 &= t[KEEP_CELLS_AT + _segments_of(w1, t)]
    w2 &= t[KEEP_CELLS_AT + _segments_of(w2, t)]
    if w0 == 0 or w1 == 0 or w2 == 0:
        return False
    while True:
        c0 = (w0 | w0 >> 9 | w0 >> 18) & 511
        c1 = (w1 | w1 >> 9 | w1 >> 18) & 511
        c2 = (w2 | w2 >> 9 | w2 >> 18) & 511
        removed = False
        for shift in range(0, 9, 3):
            pattern = (c0 >> shift) & 7 | ((c1 >> shift) & 7) << 3 | ((c2 >> shift) & 7) << 6
            keep = t[KEEP_AT + pattern]
            if keep == 0:
                return False
            gone = pattern & ~keep
            if gone:
                removed = True
                w0 &= ~(((gone & 7) << shift) * COLUMN)
                w1 &= ~((((gone >> 3) & 7) << shift) * COLUMN)
                w2 &= ~((((gone >> 6) & 7) << shift) * COLUMN)
        if not removed:
            break
        before0 = w0
        before1 = w1
        before2 = w2
        w0 &= t[KEEP_CELLS_AT + _segments_of(w0, t)]
        w1 &= t[KEEP_CELLS_AT + _segments_of(w1, t)]
        w2 &= t[KEEP_CELLS_AT + _segments_of(w2, t)]
        if w0 == 0 or w1 == 0 or w2 == 0:
            return False
        if w0 == before0 and w1 == before1 and w2 == before2:
            break
    s[k] = w0
    s[k + 1] = w1
    s[k + 2] = w2
    return True


@njit(cache=True, nogil=True, inline="always")
def _columns_of(w, shift):
    """The segments of a band word in a stack: bit ``j`` when column ``shift + j`` has a place."""
    return ((w | w >> 9 | w >> 18) >> shift) & 7


@_compiled
def _triads(s, t, patterns):
    """Three cells of a row in a box (or of a column in a box) hold three digits: where only
    three digits can go, each must go there; where three digits must go, no other can.
    Returns the digits whose words changed, or -1 on a contradiction. Leaves in ``patterns``
    the segments of each digit in each band (``9 * b + d``) and stack (``27 + 9 * stack + d``)
    as it found them, which :func:`_ways_branch` reads when nothing changed. The digits are
    counted on the six groups at once: their 9-bit patterns side by side in one word."""
    ge1 = 0
    ge2 = 0
    ge3 = 0
    ge4 = 0
    f1 = 0
    f2 = 0
    f3 = 0
    f4 = 0
    for d in range(9):
        k = 3 * d
        w0 = s[k]
        w1 = s[k + 1]
        w2 = s[k + 2]
        p0 = _segments_of(w0, t)
        p1 = _segments_of(w1, t)
        p2 = _segments_of(w2, t)
        c0 = (w0 | w0 >> 9 | w0 >> 18) & 511
        c1 = (w1 | w1 >> 9 | w1 >> 18) & 511
        c2 = (w2 | w2 >> 9 | w2 >> 18) & 511
        q0 = c0 & 7 | (c1 & 7) << 3 | (c2 & 7) << 6
        q1 = (c0 >> 3) & 7 | ((c1 >> 3) & 7) << 3 | ((c2 >> 3) & 7) << 6
        q2 = c0 >> 6 | (c1 >> 6) << 3 | (c2 >> 6) << 6
        patterns[d] = p0
        patterns[9 + d] = p1
        patterns[18 + d] = p2
        patterns[27 + d] = q0
        patterns[36 + d] = q1
        patterns[45 + d] = q2
        p = p0 | p1 << 9 | p2 << 18 | q0 << 27 | q1 << 36 | q2 << 45
        f = t[FORCED_AT + p0] | t[FORCED_AT + p1] << 9 | t[FORCED_AT + p2] << 18
        f |= t[FORCED_AT + q0] << 27 | t[FORCED_AT + q1] << 36 | t[FORCED_AT + q2] << 45
        ge4 |= ge3 & p
        ge3 |= ge2 & p
        ge2 |= ge1 & p
        ge1 |= p
        f4 |= f3 & f
        f3 |= f2 & f
        f2 |= f1 & f
        f1 |= f
    if ge3 != GROUPS or f4:
        return -1
    every_must = ge3 & ~ge4 & ~f3  # three digits can go there, not all of them forced yet
    every_shut = f3 & ge4  # three digits must go there, and others still can
    if every_must | every_shut == 0:
        return 0
    dirty = 0
    for b in range(3):
        must = (every_must >> 9 * b) & 511
        shut = (every_shut >> 9 * b) & 511
        if must | shut:
            for d in range(9):
                w = s[3 * d + b]
                p = _segments_of(w, t)
                f = t[FORCED_AT + p]
                q = p & ~(shut & ~f)
                add = p & must & ~f
                while add:
                    k = _trailing_zeros(add)
                    add &= add - 1
                    q &= ~t[CROSSING_AT + k]
                if q != p:
                    q = t[KEEP_AT + q]
                    if q == 0:
                        return -1
                    s[3 * d + b] = w & t[SEGMENT_CELLS_AT + q]
                    dirty |= 1 << d
    for shift in range(0, 9, 3):
        must = (every_must >> 27 + 3 * shift) & 511
        shut = (every_shut >> 27 + 3 * shift) & 511
        if must | shut:
            for d in range(9):
                k = 3 * d
                p = _columns_of(s[k], shift) | _columns_of(s[k + 1], shift) << 3
                p |= _columns_of(s[k + 2], shift) << 6
                f = t[FORCED_AT + p]
                q = p & ~(shut & ~f)
                add = p & must & ~f
                while add:
                    m = _trailing_zeros(add)
                    add &= add - 1
                    q &= ~t[CROSSING_AT + m]
                if q != p:
                    q = t[KEEP_AT + q]
                    if q == 0:
                        return -1
                    gone = p & ~q
                    s[k] &= ~(((gone & 7) << shift) * COLUMN)
                    s[k + 1] &= ~((((gone >> 3) & 7) << shift) * COLUMN)
                    s[k + 2] &= ~((((gone >> 6) & 7) << shift) * COLUMN)
                    dirty |= 1 << d
    return dirty


@_compiled
def propagate(s, dirty, ctx, t, patterns):
    """Settle the digits of the mask ``dirty``, place the rows left with one place and the cells
    left with one digit, until nothing changes; False on a contradiction. When True,
    ``patterns`` holds the segments of the settled state (see :func:`_triads`)."""
    placed = 0
    while True:
        while dirty:
            d = _trailing_zeros(dirty)
            dirty &= dirty - 1
            k = 3 * d
            if not _shrink(s, k, t):
                ctx[PROPAGATIONS] += placed
                return False
            for b in range(3):
                w = s[k + b]
                lone = 0
                for r in range(0, 27, 9):
                    row = (w >> r) & 511
                    lone |= (row if row & (row - 1) == 0 else 0) << r
                lone &= ~s[27 + b]
                while lone:
                    bit = lone & -lone
                    lone ^= bit
                    if s[k + b] & bit:
                        dirty |= place(s, d, b, bit)
                        placed += 1
        for b in range(3):
            once = 0
            twice = 0
            for d in range(9):
                w = s[3 * d + b]
                twice |= once & w
                once |= w
            if once != BAND:
                ctx[PROPAGATIONS] += placed
                return False
            single = once & ~twice & ~s[27 + b]
            while single:
                bit = single & -single
                single ^= bit
                for d in range(9):
                    if s[3 * d + b] & bit:
                        dirty |= place(s, d, b, bit)
                        placed += 1
                        break
        if dirty == 0:
            dirty = _triads(s, t, patterns)
            if dirty < 0:
                ctx[PROPAGATIONS] += placed
                return False
            if dirty == 0:
                ctx[PROPAGATIONS] += placed
                return True


@_compiled
def choose(s, mixed, level, choice, t, patterns):
    """Set up the branching of the settled state ``s`` at ``level``; False when it is complete.
    ``patterns`` are the segments :func:`propagate` left for ``s``.

    ``mixed`` branches on the ways a digit can still take its three places in a band (see
    :func:`_ways_branch`) when some digit has several; otherwise, and always in the ``cells``
    variant, on a cell with two digits (found in bit slices: the open cells outside "three or
    more"), else on the cell with the fewest.
    """
    if mixed and _ways_branch(level, choice, t, patterns):
        return True
    band = -1
    bit = 0
    for b in range(3):
        open_cells = BAND & ~s[27 + b]
        if open_cells == 0:
            continue
        ge1 = 0
        ge2 = 0
        ge3 = 0
        for d in range(9):
            w = s[3 * d + b]
            ge3 |= ge2 & w
            ge2 |= ge1 & w
            ge1 |= w
        two = open_cells & ~ge3
        if two:
            band = b
            bit = two & -two
            break
        if band < 0:
            band = b
    if band < 0:
        return False
    if bit == 0:
        band, bit = _fewest(s)
    digits = 0
    for d in range(9):
        if s[3 * d + band] & bit:
            digits |= 1 << d
    choice[level, BAND_AT] = band
    choice[level, DIGIT_AT] = -1
    choice[level, CELL_AT] = bit
    choice[level, LEFT_AT] = digits
    return True


@_compiled
def _ways_branch(level, choice, t, patterns):
    """Branch on the one-to-one ways (:data:`MATCHINGS`) a digit still has in a band (rows to
    boxes) or in a stack (bands' boxes to columns), read from the ``patterns`` of segments: in
    the band or stack where the digits have the fewest ways in all, the digit with the fewest
    (two or more); a stack is stored as band ``3 + 3 * stack``. False when every digit has one
    way left everywhere."""
    best_total = 1 << 30
    best = -1
    for group in range(6):  # the bands, then the stacks
        total = 0
        fewest = 255  # 16 * ways + digit of the first digit with the fewest ways, two or more
        for d in range(9):
            count = _bit_count(t[WAYS_AT + patterns[9 * group + d]])
            several = count > 1
            total += count * several
            fewest = min(fewest, 16 * count + d if several else 255)
        if fewest < 255 and total < best_total:
            best_total = total
            best = 9 * group + (fewest & 15)
    if best < 0:
        return False
    group = best // 9
    choice[level, BAND_AT] = group if group < 3 else 3 * group - 6
    choice[level, DIGIT_AT] = best % 9
    choice[level, CELL_AT] = -1
    choice[level, LEFT_AT] = t[WAYS_AT + patterns[best]]
    return True


@_compiled
def _fewest(s):
    """The open cell with the fewest digits: its band and bit."""
    best_band = -1
    best_bit = 0
    best = 10
    for b in range(3):
        open_cells = BAND & ~s[27 + b]
        while open_cells:
            bit = open_cells & -open_cells
            open_cells ^= bit
            count = 0
            for d in range(9):
                if s[3 * d + b] & bit:
                    count += 1
            if count < best:
                best = count
                best_band = b
                best_bit = bit
    return best_band, best_bit


@_compiled
def digits_of(s, out):
    """Write the complete state ``s`` as 81 digits into ``out``."""
    for d in range(9):
        for b in range(3):
            w = s[3 * d + b]
            while w:
                bit = w & -w
                w ^= bit
                out[27 * b + _trailing_zeros(bit)] = d + 1


@_compiled
def _leaf(s, exclude, out, grid, ctx):
    """Count the complete state ``s`` unless it is one of the ``exclude`` grids (digits),
    storing it in ``out`` when there is room."""
    digits_of(s, grid)
    for e in range(exclude.shape[0]):
        same = True
        for i in range(81):
            if grid[i] != exclude[e, i]:
                same = False
                break
        if same:
            return
    slot = ctx[STORED]
    if slot < out.shape[0]:
        for i in range(81):
            out[slot, i] = grid[i]
        ctx[STORED] = slot + 1
    ctx[FOUND] += 1


@_compiled
def start(grid, s):
    """Set the state ``s`` to the givens of ``grid`` (81 digits, 0 for empty), without
    propagating; False when two givens clash."""
    s[:27] = BAND
    s[27:] = 0
    for i in range(81):
        g = grid[i]
        if g:
            b = i // 27
            bit = 1 << (i % 27)
            d = g - 1
            if s[3 * d + b] & bit == 0:
                return False
            place(s, d, b, bit)
    return True


@_compiled
def search(stack, choice, patterns, ctx, grid, exclude, out, limit, budget, mixed, pause_when_full):
    """Run (or resume) the search whose root ``stack[0]`` holds the givens (see :func:`start`).

    ``ctx``, ``exclude`` (grids of digits here), ``out``, ``limit``, ``budget`` and
    ``pause_when_full`` mean what they mean for :func:`numba_search.search`, and so do the return
    codes; ``patterns`` (:data:`PATTERNS` integers) and ``grid`` (81 cells) are scratch.
    """
    t = TABLES
    if ctx[STARTED] == 0:
        ctx[STARTED] = 1
        ctx[DEPTH] = -1
        root = stack[0]
        ctx[NODES] += 1
        if not propagate(root, 511, ctx, t, patterns):
            ctx[CONFLICTS] += 1
        elif choose(root, mixed, 0, choice, t, patterns):
            ctx[DEPTH] = 0
        else:
            _leaf(root, exclude, out, grid, ctx)
    spent = 0
    while ctx[DEPTH] >= 0:
        if limit > 0 and ctx[FOUND] >= limit:
            ctx[DEPTH] = -1
            return DONE
        if pause_when_full and ctx[STORED] >= out.shape[0]:
            return BUFFER_FULL
        level = ctx[DEPTH]
        rest = choice[level, LEFT_AT]
        if rest == 0:
            ctx[DEPTH] = level - 1
            if level > 0:
                ctx[BACKTRACKS] += 1
            continue
        if spent >= budget:
            return BUDGET_SPENT
        pick = rest & -rest
        choice[level, LEFT_AT] = rest ^ pick
        child = stack[level + 1]
        for i in range(WORDS):
            child[i] = stack[level, i]
        b = choice[level, BAND_AT]
        if choice[level, DIGIT_AT] < 0:
            changed = place(child, _trailing_zeros(pick), b, choice[level, CELL_AT])
        elif choice[level, CELL_AT] < 0:
            d = choice[level, DIGIT_AT]
            way = t[MATCHINGS_AT + _trailing_zeros(pick)]
            if b < 3:
                child[3 * d + b] &= t[SEGMENT_CELLS_AT + way]
            else:
                shift = b - 3
                child[3 * d] &= ~(((~way & 7) << shift) * COLUMN)
                child[3 * d + 1] &= ~((((~way >> 3) & 7) << shift) * COLUMN)
                child[3 * d + 2] &= ~((((~way >> 6) & 7) << shift) * COLUMN)
            changed = 1 << d
        else:
            changed = place(child, choice[level, DIGIT_AT], b, pick)
        ctx[GUESSES] += 1
        if not propagate(child, changed, ctx, t, patterns):
            ctx[CONFLICTS] += 1
            ctx[BACKTRACKS] += 1
            continue
        ctx[NODES] += 1
        spent += 1
        if choose(child, mixed, level + 1, choice, t, patterns):
            ctx[DEPTH] = level + 1
        else:
            _leaf(child, exclude, out, grid, ctx)
            ctx[BACKTRACKS] += 1
    if limit > 0 and ctx[FOUND] >= limit:
        ctx[DEPTH] = -1
    return DONE


@njit(cache=True, nogil=True)
def solve_rows(grids, first, stop, limit, node_limit, mixed, counts, solutions, counters, finished):
    """Solve the 9x9 ``grids[first:stop]`` one after another, as
    :func:`numba_search.solve_rows` does (same outputs)."""
    stack = np.empty((82, WORDS), dtype=np.int64)
    choice = np.zeros((82, 4), dtype=np.int64)
    patterns = np.zeros(PATTERNS, dtype=np.int64)
    ctx = np.zeros(9, dtype=np.int64)
    grid = np.zeros(81, dtype=np.uint8)
    exclude = np.zeros((0, 81), dtype=np.uint8)
    budget = node_limit if node_limit > 0 else np.iinfo(np.int64).max
    for row in range(first, stop):
        ctx[:] = 0
        if start(grids[row], stack[0]):
            status = search(
                stack, choice, patterns, ctx, grid, exclude, solutions[row], limit, budget,
                mixed, False,
            )  # fmt: skip
        else:
            ctx[NODES] = 1
            ctx[CONFLICTS] = 1
            status = DONE
        counts[row] = ctx[FOUND]
        finished[row] = status == DONE
        counters[row, 0] = ctx[NODES]
        counters[row, 1] = ctx[GUESSES]
        counters[row, 2] = ctx[BACKTRACKS]
        counters[row, 3] = ctx[PROPAGATIONS]
        counters[row, 4] = ctx[CONFLICTS]
