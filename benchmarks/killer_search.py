"""A compiled search for a second solution of a killer puzzle: "is the grid the only one?".

Glossary: a *state* holds each cell's candidates (digit ``d`` is the bit ``1 << (d - 1)``), then
each cage's *required* digits (those every digit set it can still take has); ``units`` are the
full groups (rows, columns, boxes, diagonals); a *cage* is a row of ``cage_cells`` whose digits
differ and add up to a total, kept as the digit sets of its size and total
(``combos[combo_start[g]:combo_start[g + 1]]``); a *sum* is a row of ``sum_cells`` with
``sum_coeffs`` (+1 or -1) adding up to ``sum_totals``, digits free to repeat (the innie and
outie sums); a *meet* is a unit and another unit or a cage that share cells. Rows of cells are
padded with -1.

The rules, each a constraint woken when a cell or required set it watches changes:

- *unit*: a single's digit leaves the unit's other cells, a digit with one place goes there;
- *cage*: a single's digit leaves the other cells; a digit set stays possible while it holds
  the required digits, every cell has a candidate in it and the cells' candidates in it cover
  it; the cells keep the digits of the sets left, the required digits become those every set
  left has, and a required digit with one place goes there;
- *sum*: each term keeps the digits that the others' least and greatest values can complete;
- *meet*: a digit that the unit can only hold in the shared cells leaves the rest of the other
  side (and a cage on that side requires it); a digit the other side requires (a unit: every
  digit; a cage: its required ones) and can only hold in the shared cells leaves the rest of
  the unit (locked candidates, and the cages' digit sets against the units they lie in);
- *block*: another solution keeps a digit other than the grid's on one ``near`` cell at least.

The search branches on the open cell with the fewest candidates per weight (the contradictions
its unit, cage, sum and block constraints met so far, plus one each: "dom/wdeg"), the digits
other than the grid's first, one state per level.

Every rule only removes digits that no solution has (or requires a digit every solution of the
cage has), and the search tries every digit of the cell it branches on, so the answer is exact:
a search that ends without a solution proves there is none. A budget of nodes bounds the work
(then there is no answer).

It is a contestant of ``bench_killer_questions.py``, which imports it when Numba is there;
the generator does not use it: on the generator's questions MiniSat 2.2 answered two to four
times faster, and about five times with the cage clauses of the SAT oracle.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

#: What :func:`second_solution` returns.
NONE, FOUND, BUDGET_SPENT = 0, 1, 2


class Question(NamedTuple):
    """One question as int64 arrays (see the glossary above)."""

    units: np.ndarray
    cage_cells: np.ndarray
    combo_start: np.ndarray
    combos: np.ndarray
    sum_cells: np.ndarray
    sum_coeffs: np.ndarray
    sum_totals: np.ndarray
    grid: np.ndarray
    near: np.ndarray
    #: Per meet: the shared cells, the rest of the unit, the rest of the other side.
    meets: np.ndarray
    #: Per meet: its unit, and its other side's cage (-1 for a unit).
    meet_unit: np.ndarray
    meet_cage: np.ndarray
    #: The constraints each cell or required set wakes: ``watch[watch_start[i]:...[i + 1]]``.
    watch_start: np.ndarray
    watch: np.ndarray
    #: The unit, cage, sum and block constraints of each cell, for the weights.
    cell_cons: np.ndarray


@njit(cache=True, nogil=True)
def _set(st, i, m, wake):
    """Give entry ``i`` of the state the value ``m`` and wake the constraints watching it."""
    watch_start, watch, ring, queued, ctx = wake
    st[i] = m
    for k in range(watch_start[i], watch_start[i + 1]):
        con = watch[k]
        if not queued[con]:
            queued[con] = True
            # The unit, cage, sum and block rules first (ring 0), the meets after (ring 1).
            r = 0 if con <= ctx[4] else 1
            ring[r, ctx[2 * r + 1]] = con
            ctx[2 * r + 1] = (ctx[2 * r + 1] + 1) % ring.shape[1]


@njit(cache=True, nogil=True)
def _keep(st, i, m, wake):
    """Keep only the digits ``m`` in cell ``i``: False when none is left."""
    new = st[i] & m
    if new != st[i]:
        if new == 0:
            return False
        _set(st, i, new, wake)
    return True


@njit(cache=True, nogil=True)
def _group(st, cells, row, full, q, wake):
    """Singles in the cells ``cells[row]``, which differ; ``full``: they hold every digit."""
    n = q.units.shape[1]
    once = 0
    twice = 0
    fixed = 0
    size = 0
    for k in range(cells.shape[1]):
        i = cells[row, k]
        if i < 0:
            break
        size += 1
        m = st[i]
        if m & (m - 1) == 0:
            if fixed & m:
                return False
            fixed |= m
        twice |= once & m
        once |= m
    only = 0
    if full:
        if once != (1 << n) - 1:
            return False
        only = once & ~twice & ~fixed
    for k in range(size):
        i = cells[row, k]
        m = st[i]
        if m & (m - 1):
            m &= ~fixed
            hit = m & only
            if hit:
                if hit & (hit - 1):
                    return False
                m = hit
            if m != st[i]:
                if m == 0:
                    return False
                _set(st, i, m, wake)
    return True


@njit(cache=True, nogil=True)
def _cage(st, g, q, wake):
    """The cage rule of cage ``g``."""
    if not _group(st, q.cage_cells, g, False, q, wake):
        return False
    cells = st.shape[0] - q.cage_cells.shape[0]
    req = st[cells + g]
    allowed = 0
    required = -1
    for t in range(q.combo_start[g], q.combo_start[g + 1]):
        s = q.combos[t]
        if s & req != req:
            continue
        union = 0
        fits = True
        for k in range(q.cage_cells.shape[1]):
            i = q.cage_cells[g, k]
            if i < 0:
                break
            m = st[i] & s
            if m == 0:
                fits = False
                break
            union |= m
        if fits and union == s:
            allowed |= s
            required &= s
    if allowed == 0:
        return False
    once = 0
    twice = 0
    for k in range(q.cage_cells.shape[1]):
        i = q.cage_cells[g, k]
        if i < 0:
            break
        if not _keep(st, i, allowed, wake):
            return False
        m = st[i] & required
        twice |= once & m
        once |= m
    if once != required:
        return False
    if required != req:
        _set(st, cells + g, required, wake)
    only = required & ~twice
    if only:
        for k in range(q.cage_cells.shape[1]):
            i = q.cage_cells[g, k]
            if i < 0:
                break
            m = st[i] & only
            if m:
                if m & (m - 1):
                    return False
                if not _keep(st, i, m, wake):
                    return False
    return True


@njit(cache=True, nogil=True)
def _length(m):
    """The bit length of a non-negative int64: the largest digit of the mask ``m``."""
    k = 0
    while m:
        m >>= 1
        k += 1
    return k


@njit(cache=True, nogil=True)
def _sum(st, s, q, wake):
    """The bounds of sum ``s``."""
    n = q.units.shape[1]
    low = 0
    high = 0
    for k in range(q.sum_cells.shape[1]):
        i = q.sum_cells[s, k]
        if i < 0:
            break
        m = st[i]
        least = _length(m & -m)
        most = _length(m)
        if q.sum_coeffs[s, k] > 0:
            low += least
            high += most
        else:
            low -= most
            high -= least
    total = q.sum_totals[s]
    if not low <= total <= high:
        return False
    for k in range(q.sum_cells.shape[1]):
        i = q.sum_cells[s, k]
        if i < 0:
            break
        m = st[i]
        least = _length(m & -m)
        most = _length(m)
        coeff = q.sum_coeffs[s, k]
        if coeff > 0:
            rest_low, rest_high = low - least, high - most
        else:
            rest_low, rest_high = low + most, high + least
        keep = 0
        for d in range(1, n + 1):
            if m >> (d - 1) & 1 and rest_low <= total - coeff * d <= rest_high:
                keep |= 1 << (d - 1)
        if not _keep(st, i, keep, wake):
            return False
    return True


@njit(cache=True, nogil=True)
def _meet(st, t, q, wake):
    """The rule of meet ``t``."""
    meets = q.meets
    n = q.units.shape[1]
    cells = st.shape[0] - q.cage_cells.shape[0]
    g = q.meet_cage[t]
    inner = 0
    for k in range(meets.shape[2]):
        i = meets[t, 0, k]
        if i < 0:
            break
        inner |= st[i]
    for side in range(1, 3):
        outer = 0
        for k in range(meets.shape[2]):
            i = meets[t, side, k]
            if i < 0:
                break
            outer |= st[i]
        if side == 1:
            needed = (1 << n) - 1
        elif g >= 0:
            needed = st[cells + g]
        else:
            needed = (1 << n) - 1
        locked = inner & needed & ~outer
        if locked:
            if side == 1 and g >= 0 and st[cells + g] & locked != locked:
                _set(st, cells + g, st[cells + g] | locked, wake)
            for k in range(meets.shape[2]):
                i = meets[t, 3 - side, k]
                if i < 0:
                    break
                if not _keep(st, i, ~locked, wake):
                    return False
    return True


@njit(cache=True, nogil=True)
def _block(st, q, wake):
    """The block rule: one near cell at least keeps a digit other than the grid's."""
    free = -1
    for k in range(q.near.shape[0]):
        i = q.near[k]
        if st[i] & ~(np.int64(1) << (q.grid[i] - 1)):
            if free >= 0:
                return True
            free = i
    if free < 0:
        return False
    return _keep(st, free, ~(np.int64(1) << (q.grid[free] - 1)), wake)


@njit(cache=True, nogil=True)
def propagate(st, q, wake):
    """Run the woken constraints until none is left, the unit, cage, sum and block rules before
    each meet: -1, or the constraint to blame for a contradiction (a unit, cage, sum or the
    block)."""
    _watch_start, _watch, ring, queued, ctx = wake
    nu = q.units.shape[0]
    ng = q.cage_cells.shape[0]
    ns = q.sum_cells.shape[0]
    block = nu + ng + ns
    size = ring.shape[1]
    while True:
        if ctx[0] != ctx[1]:
            con = ring[0, ctx[0]]
            ctx[0] = (ctx[0] + 1) % size
        elif ctx[2] != ctx[3]:
            con = ring[1, ctx[2]]
            ctx[2] = (ctx[2] + 1) % size
        else:
            return -1
        queued[con] = False
        ctx[5] += 1
        if con < nu:
            ok = _group(st, q.units, con, True, q, wake)
            blame = con
        elif con < nu + ng:
            ok = _cage(st, con - nu, q, wake)
            blame = con
        elif con < block:
            ok = _sum(st, con - nu - ng, q, wake)
            blame = con
        elif con == block:
            ok = _block(st, q, wake)
            blame = con
        else:
            ok = _meet(st, con - block - 1, q, wake)
            blame = q.meet_unit[con - block - 1]
        if not ok:
            for r in range(2):
                while ctx[2 * r] != ctx[2 * r + 1]:
                    queued[ring[r, ctx[2 * r]]] = False
                    ctx[2 * r] = (ctx[2 * r] + 1) % size
            return blame


@njit(cache=True, nogil=True)
def second_solution(start, q, budget, counts):
    """Whether the candidates ``start`` allow a solution of the question ``q`` (another than
    its grid, differing on one of its near cells): FOUND, NONE, or BUDGET_SPENT once
    ``counts[0]`` (the nodes searched, counted on) reaches ``budget``; ``counts[1]`` counts
    the rules run."""
    cells = start.shape[0]
    ng = q.cage_cells.shape[0]
    constraints = q.units.shape[0] + ng + q.sum_cells.shape[0] + 1 + q.meets.shape[0]
    weight = np.ones(constraints, np.int64)
    # Two rings of woken constraints, and their heads and tails; ctx[4] is the block, the
    # last constraint of the first ring; ctx[5] counts the rules run.
    ring = np.empty((2, constraints + 1), np.int64)
    queued = np.zeros(constraints, np.bool_)
    ctx = np.zeros(6, np.int64)
    ctx[4] = constraints - 1 - q.meets.shape[0]
    wake = (q.watch_start, q.watch, ring, queued, ctx)
    stack = np.zeros((cells + 1, cells + ng), np.int64)
    stack[0, :cells] = start
    for con in range(constraints):
        queued[con] = True
        r = 0 if con <= ctx[4] else 1
        ring[r, ctx[2 * r + 1]] = con
        ctx[2 * r + 1] += 1
    found = NONE
    if propagate(stack[0], q, wake) < 0:
        found = _dfs(stack, q, wake, weight, budget, counts)
    counts[1] += ctx[5]
    return found


@njit(cache=True, nogil=True)
def _dfs(stack, q, wake, weight, budget, counts):
    """One depth-first search from the propagated state ``stack[0]``."""
    cells = stack.shape[0] - 1
    branch = np.empty(cells + 1, np.int64)
    left = np.empty(cells + 1, np.int64)
    depth = 0
    while True:
        st = stack[depth]
        best = -1
        best_size = 1
        best_weight = 0
        for i in range(cells):
            m = st[i]
            if m & (m - 1):
                k = 0
                while m:
                    m &= m - 1
                    k += 1
                w = 0
                for j in range(q.cell_cons.shape[1]):
                    con = q.cell_cons[i, j]
                    if con < 0:
                        break
                    w += weight[con]
                if best < 0 or k * best_weight < best_size * w:
                    best = i
                    best_size = k
                    best_weight = w
        if best < 0:
            return FOUND
        branch[depth] = best
        left[depth] = st[best]
        while True:
            if left[depth] == 0:
                depth -= 1
                if depth < 0:
                    return NONE
                continue
            counts[0] += 1
            if counts[0] >= budget:
                return BUDGET_SPENT
            m = left[depth]
            other = m & ~(np.int64(1) << (q.grid[branch[depth]] - 1))
            d = other & -other if other else m
            left[depth] = m ^ d
            nxt = stack[depth + 1]
            nxt[:] = stack[depth]
            _set(nxt, branch[depth], d, wake)
            failed = propagate(nxt, q, wake)
            if failed < 0:
                depth += 1
                break
            weight[failed] += 1
