"""The compiled search of the ``numba`` backend: one state array per level, an explicit stack.

Glossary: ``c`` the candidates of every cell of one state, digit ``d`` being the bit
``1 << (d - 1)`` of an ``int64`` (35 digits fit); ``units`` the full groups (rows, columns, boxes,
extra groups of ``n`` cells), one row of cell indices each; ``peers`` the cells sharing any group
with a cell, padded with ``-1``.

Propagation repeats two rules until nothing changes:

- *naked single*: a cell with one candidate removes it from its peers;
- *hidden single*: a digit with one place in a unit goes there.

Branching takes the empty cell with the fewest candidates. When that cell has three or more and
some unit has a digit with fewer places (two to five), the search branches on that digit's places
instead: a sparse puzzle otherwise grows a long tail of wide cell branchings.

Every level of the stack holds a copy of the state (undo is moving one level up), the choice
being tried (a cell, or a unit and a digit) and the choices left. The search state lives in arrays
that the caller owns, so :func:`search` can stop after a budget of nodes and carry on from where it
stopped at the next call: that is how Python looks at the clock without a clock in compiled code.

This module imports Numba at its top; only :mod:`sudoku_models.solvers.numba_backend` imports it.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..splitmix import GAMMA, MIX1, MIX2, SHIFT1, SHIFT2, SHIFT3

#: Slots of the context array shared with the caller.
DEPTH, FOUND, NODES, GUESSES, BACKTRACKS, PROPAGATIONS, CONFLICTS, STARTED, STORED = range(9)
CONTEXT_SLOTS = 9

#: What :func:`search` returns: the search is over, the node budget ran out, the buffer is full.
DONE, BUDGET_SPENT, BUFFER_FULL = 0, 1, 2


@njit(cache=True, nogil=True)
def popcount(m: int) -> int:
    """Number of set bits of a non-negative ``int64`` below ``2**56``."""
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (m * 0x0101010101010101) >> 56


@njit(cache=True, nogil=True)
def propagate(c, queue, queued, peers, npeers, units, full, ctx):
    """Naked and hidden singles from the ``queued`` cells of ``queue`` until nothing changes.

    False on a contradiction (a cell without candidates, a digit without a place, two digits
    that need the same cell). Each cell enters the queue at most once per call.
    """
    n = units.shape[1]
    forced = 0
    while True:
        while queued > 0:
            queued -= 1
            i = queue[queued]
            b = c[i]
            for k in range(npeers[i]):
                p = peers[i, k]
                m = c[p]
                if m & b:
                    m ^= b
                    if m == 0:
                        ctx[PROPAGATIONS] += forced
                        return False
                    c[p] = m
                    if m & (m - 1) == 0:
                        queue[queued] = p
                        queued += 1
                        forced += 1
        for u in range(units.shape[0]):
            once = 0
            twice = 0
            solved = 0
            for k in range(n):
                m = c[units[u, k]]
                twice |= once & m
                once |= m
                if m & (m - 1) == 0:
                    solved |= m
            if once != full:
                ctx[PROPAGATIONS] += forced
                return False
            hidden = once & ~twice & ~solved
            if hidden:
                for k in range(n):
                    i = units[u, k]
                    h = c[i] & hidden
                    if h:
                        if h & (h - 1):
                            ctx[PROPAGATIONS] += forced
                            return False
                        c[i] = h
                        queue[queued] = i
                        queued += 1
                        forced += 1
        if queued == 0:
            ctx[PROPAGATIONS] += forced
            return True


@njit(cache=True, nogil=True)
def locked(c, queue, peers, npeers, units, full, segments, ctx):
    """Pointing and claiming, then singles, until nothing changes; False on a contradiction.

    Row ``s`` of ``segments`` lists the cells where a box meets a line, then the rest of the box,
    then the rest of the line (``m`` cells each, ``m`` = ``n`` minus the segment's length, then
    the segment's length in the last column). A digit of the box found only in the segment leaves
    the rest of the line; a digit of the line found only in the segment leaves the rest of the box.
    """
    n = units.shape[1]
    last = segments.shape[1] - 1
    changed = True
    while changed:
        changed = False
        queued = 0
        for s in range(segments.shape[0]):
            inside = 0
            length = segments[s, last]
            rest = n - length
            for k in range(length):
                inside |= c[segments[s, k]]
            box = 0
            line = 0
            for k in range(rest):
                box |= c[segments[s, length + k]]
                line |= c[segments[s, length + rest + k]]
            for side in range(2):
                gone = inside & ~(box if side == 0 else line)
                if gone == 0:
                    continue
                first = length + rest if side == 0 else length
                for k in range(first, first + rest):
                    i = segments[s, k]
                    m = c[i]
                    if m & gone:
                        m &= ~gone
                        if m == 0:
                            return False
                        c[i] = m
                        changed = True
                        if m & (m - 1) == 0:
                            queue[queued] = i
                            queued += 1
        if changed and not propagate(c, queue, queued, peers, npeers, units, full, ctx):
            return False
    return True


@njit(cache=True, nogil=True)
def choose(c, units, mixed, level, where, digit, left):
    """Set up the branching of state ``c`` at ``level``; False when every cell is filled.

    A cell branching stores ``where`` = the cell, ``digit`` = 0 and ``left`` = its candidates; a
    unit branching stores the unit, the digit's bit and ``left`` = the digit's places in the unit.
    """
    best = -1
    best_count = 64
    for i in range(c.shape[0]):
        m = c[i]
        if m & (m - 1):
            k = popcount(m)
            if k < best_count:
                best = i
                best_count = k
                if k == 2:
                    break
    if best < 0:
        return False
    where[level] = best
    digit[level] = 0
    left[level] = c[best]
    if not mixed or best_count < 3:
        return True
    n = units.shape[1]
    chosen = -1
    places = best_count  # a unit branching must have fewer choices than the best cell
    bits = 0
    for u in range(units.shape[0]):
        ge1 = 0  # digits with at least one place in the unit so far, at least two, ...
        ge2 = 0
        ge3 = 0
        ge4 = 0
        ge5 = 0
        ge6 = 0
        for k in range(n):
            m = c[units[u, k]]
            ge6 |= ge5 & m
            ge5 |= ge4 & m
            ge4 |= ge3 & m
            ge3 |= ge2 & m
            ge2 |= ge1 & m
            ge1 |= m
        for count, exact in ((2, ge2 & ~ge3), (3, ge3 & ~ge4), (4, ge4 & ~ge5), (5, ge5 & ~ge6)):
            if count >= places:
                break
            if exact:
                chosen = u
                places = count
                bits = exact
                break
        if places == 2:
            break
    if chosen >= 0:
        _unit_branch(c, units, chosen, bits & -bits, level, where, digit, left)
    return True


@njit(cache=True, nogil=True)
def _unit_branch(c, units, u, bit, level, where, digit, left):
    places = 0
    for k in range(units.shape[1]):
        if c[units[u, k]] & bit:
            places |= 1 << k
    where[level] = u
    digit[level] = bit
    left[level] = places


@njit(cache=True, nogil=True)
def _leaf(c, exclude, out, limit, ctx):
    """Count the complete state ``c`` unless it is excluded, storing it when there is room."""
    size = c.shape[0]
    for e in range(exclude.shape[0]):
        same = True
        for i in range(size):
            if c[i] != exclude[e, i]:
                same = False
                break
        if same:
            return
    slot = ctx[STORED]
    if slot < out.shape[0]:
        for i in range(size):
            out[slot, i] = popcount(c[i] - 1) + 1
        ctx[STORED] = slot + 1
    ctx[FOUND] += 1


@njit(cache=True, nogil=True)
def open_root(
    stack, where, digit, left, queue, queued, ctx, peers, npeers, units, full, segments, exclude,
    out, limit, mixed, pointing,
):  # fmt: skip
    """Start the search at the root ``stack[0]``, which has no empty candidate set and whose
    singles not yet removed from their peers are the ``queued`` cells of ``queue``: propagate
    (then pointing and claiming too, with ``pointing``), then set up the first branching or count
    a complete root. :func:`search` carries on from there."""
    ctx[STARTED] = 1
    ctx[DEPTH] = -1
    ctx[NODES] += 1
    root = stack[0]
    if not propagate(root, queue, queued, peers, npeers, units, full, ctx) or (
        pointing and not locked(root, queue, peers, npeers, units, full, segments, ctx)
    ):
        ctx[CONFLICTS] += 1
    elif choose(root, units, mixed, 0, where, digit, left):
        ctx[DEPTH] = 0
    else:
        _leaf(root, exclude, out, limit, ctx)


@njit(cache=True, nogil=True)
def search(
    stack,
    where,
    digit,
    left,
    queue,
    ctx,
    peers,
    npeers,
    units,
    full,
    segments,
    exclude,
    out,
    limit,
    budget,
    mixed,
    pause_when_full,
):
    """Run (or resume) the search whose root state is ``stack[0]``; returns what stopped it.

    ``ctx`` carries the depth, the counters and the number of solutions found (see the slot
    names above); the root also gets locked candidates (``segments``, see :func:`locked`);
    ``exclude`` holds complete states (bit masks) that do not count; solutions go to ``out``
    while it has room. It returns :data:`DONE` once ``limit`` solutions (0: all) are
    found or none is left, :data:`BUDGET_SPENT` after ``budget`` nodes, and, with
    ``pause_when_full``, :data:`BUFFER_FULL` when ``out`` is full and the caller should empty it
    (reset ``ctx[STORED]``) before calling again.
    """
    if ctx[STARTED] == 0:
        root = stack[0]
        queued = 0
        for i in range(root.shape[0]):
            m = root[i]
            if m == 0:
                ctx[STARTED] = 1
                ctx[DEPTH] = -1
                ctx[CONFLICTS] += 1
                return DONE
            if m & (m - 1) == 0:
                queue[queued] = i
                queued += 1
        open_root(
            stack, where, digit, left, queue, queued, ctx, peers, npeers, units, full, segments,
            exclude, out, limit, mixed, True,
        )  # fmt: skip
    spent = 0
    while ctx[DEPTH] >= 0:
        if limit > 0 and ctx[FOUND] >= limit:
            ctx[DEPTH] = -1
            return DONE
        if pause_when_full and ctx[STORED] >= out.shape[0]:
            return BUFFER_FULL
        d = ctx[DEPTH]
        rest = left[d]
        if rest == 0:
            ctx[DEPTH] = d - 1
            if d > 0:
                ctx[BACKTRACKS] += 1
            continue
        if spent >= budget:
            return BUDGET_SPENT
        bit = rest & -rest
        left[d] = rest ^ bit
        child = stack[d + 1]
        child[:] = stack[d]
        if digit[d] == 0:
            cell = where[d]
            child[cell] = bit
        else:
            cell = units[where[d], popcount(bit - 1)]
            child[cell] = digit[d]
        ctx[GUESSES] += 1
        queue[0] = cell
        if not propagate(child, queue, 1, peers, npeers, units, full, ctx):
            ctx[CONFLICTS] += 1
            ctx[BACKTRACKS] += 1
            continue
        ctx[NODES] += 1
        spent += 1
        if choose(child, units, mixed, d + 1, where, digit, left):
            ctx[DEPTH] = d + 1
        else:
            _leaf(child, exclude, out, limit, ctx)
            ctx[BACKTRACKS] += 1
    if limit > 0 and ctx[FOUND] >= limit:
        ctx[DEPTH] = -1
    return DONE


@njit(cache=True, nogil=True)
def solve_rows(
    grids,
    first,
    stop,
    peers,
    npeers,
    units,
    full,
    segments,
    limit,
    node_limit,
    mixed,
    counts,
    solutions,
    counters,
    finished,
):
    """Solve ``grids[first:stop]`` (digits, 0 for empty) one after another, to ``limit`` each.

    Writes each row's count, its first ``solutions.shape[1]`` solutions, its counters (nodes,
    guesses, backtracks, propagations, conflicts) and whether it finished within ``node_limit``
    nodes (0: no limit). Work arrays are allocated once for the whole slice.
    """
    size = grids.shape[1]
    stack = np.empty((size + 1, size), dtype=np.int64)
    where = np.zeros(size + 1, dtype=np.int64)
    digit = np.zeros(size + 1, dtype=np.int64)
    left = np.zeros(size + 1, dtype=np.int64)
    queue = np.zeros(size, dtype=np.int64)
    ctx = np.zeros(CONTEXT_SLOTS, dtype=np.int64)
    exclude = np.zeros((0, size), dtype=np.int64)
    budget = node_limit if node_limit > 0 else np.iinfo(np.int64).max
    for row in range(first, stop):
        for i in range(size):
            g = grids[row, i]
            stack[0, i] = full if g == 0 else 1 << (g - 1)
        ctx[:] = 0
        status = search(
            stack,
            where,
            digit,
            left,
            queue,
            ctx,
            peers,
            npeers,
            units,
            full,
            segments,
            exclude,
            solutions[row],
            limit,
            budget,
            mixed,
            False,
        )
        counts[row] = ctx[FOUND]
        finished[row] = status == DONE
        counters[row, 0] = ctx[NODES]
        counters[row, 1] = ctx[GUESSES]
        counters[row, 2] = ctx[BACKTRACKS]
        counters[row, 3] = ctx[PROPAGATIONS]
        counters[row, 4] = ctx[CONFLICTS]


@njit(cache=True, nogil=True)
def _clue_options(i, held, cell_units, full):
    """Digits no clue in a unit of cell ``i`` rules out."""
    return full & ~(held[cell_units[i, 0]] | held[cell_units[i, 1]] | held[cell_units[i, 2]])


@njit(cache=True, nogil=True)
def _forced(i, bit, cells, held, cell_units, units, full):
    """Whether the clues alone put digit ``bit`` in the empty cell ``i`` (a naked or hidden
    single of the clues, without any propagation)."""
    if _clue_options(i, held, cell_units, full) == bit:
        return True
    for k in range(cell_units.shape[1]):
        alone = True
        for j in units[cell_units[i, k]]:
            if j != i and cells[j] == 0 and _clue_options(j, held, cell_units, full) & bit:
                alone = False
                break
        if alone:
            return True
    return False


@njit(cache=True, nogil=True)
def dig(
    grid, orbit_cells, orbit_starts, floor, cell_units, peers, npeers, units, full, segments, mixed
):
    """One digging pass over the orbits in compiled code, as :func:`sudoku_models.generator.dig`.

    ``grid`` holds digits; orbit ``o`` is ``orbit_cells[orbit_starts[o]:orbit_starts[o + 1]]``;
    ``cell_units`` gives each cell's row, column and box as rows of ``units``. Returns the clues
    left, which orbits went, whether the pass was complete, the removals tested and those that
    the clues alone settled.
    """
    size = grid.shape[0]
    cells = grid.copy()
    held = np.full(units.shape[0], full, dtype=np.int64)
    bits = np.empty(size, dtype=np.int64)
    for i in range(size):
        bits[i] = 1 << (grid[i] - 1)
    stack = np.empty((size + 1, size), dtype=np.int64)
    where = np.zeros(size + 1, dtype=np.int64)
    digit = np.zeros(size + 1, dtype=np.int64)
    left = np.zeros(size + 1, dtype=np.int64)
    queue = np.zeros(size, dtype=np.int64)
    ctx = np.zeros(CONTEXT_SLOTS, dtype=np.int64)
    none = np.zeros((0, size), dtype=np.int64)
    whole = bits.reshape(1, size)
    out = np.zeros((1, size), dtype=np.uint8)
    gone = np.zeros(orbit_starts.shape[0] - 1, dtype=np.bool_)
    count = size
    tested = 0
    settled = 0
    complete = True
    for o in range(orbit_starts.shape[0] - 1):
        first = orbit_starts[o]
        stop = orbit_starts[o + 1]
        if count - (stop - first) < floor:
            complete = False
            continue
        tested += 1
        for k in range(first, stop):
            i = orbit_cells[k]
            for u in cell_units[i]:
                held[u] &= ~bits[i]
            cells[i] = 0
        forced = True
        for k in range(first, stop):
            i = orbit_cells[k]
            if not _forced(i, bits[i], cells, held, cell_units, units, full):
                forced = False
                break
        if forced:
            settled += 1
        else:
            # The root: the clues' digits, each empty cell's digits left by the clues (so only
            # the empty cells' singles still need propagating), a lone removed cell without
            # its digit; no pointing and claiming, which costs more than it saves here.
            lone = stop - first == 1
            exclude = none if lone else whole
            root = stack[0]
            queued = 0
            dead = False
            for i in range(size):
                if cells[i]:
                    root[i] = bits[i]
                    continue
                m = _clue_options(i, held, cell_units, full)
                if lone and i == orbit_cells[first]:
                    m &= ~bits[i]
                root[i] = m
                if m & (m - 1) == 0:
                    dead = dead or m == 0
                    queue[queued] = i
                    queued += 1
            ctx[:] = 0
            if not dead:
                open_root(
                    stack, where, digit, left, queue, queued, ctx, peers, npeers, units, full,
                    segments, exclude, out, 1, mixed, False,
                )  # fmt: skip
                search(
                    stack, where, digit, left, queue, ctx, peers, npeers, units, full, segments,
                    exclude, out, 1, 2**62, mixed, False,
                )  # fmt: skip
            if ctx[FOUND] > 0:
                for k in range(first, stop):
                    i = orbit_cells[k]
                    for u in cell_units[i]:
                        held[u] |= bits[i]
                    cells[i] = grid[i]
                continue
        gone[o] = True
        count -= stop - first
    return cells, gone, complete, tested, settled


# --- the generator's random grids, drawn as sudoku_models.generator.grids draws them ----------


@njit(cache=True, nogil=True)
def next64(rng):
    """The next number of the SplitMix64 state ``rng[0]`` (see :mod:`sudoku_models.splitmix`),
    which moves on."""
    z = rng[0] + np.uint64(GAMMA)
    rng[0] = z
    z = (z ^ (z >> np.uint64(SHIFT1))) * np.uint64(MIX1)
    z = (z ^ (z >> np.uint64(SHIFT2))) * np.uint64(MIX2)
    return z ^ (z >> np.uint64(SHIFT3))


@njit(cache=True, nogil=True)
def below(rng, k):
    """A number from 0 to ``k - 1``, as :meth:`sudoku_models.splitmix.SplitMix64.randrange`."""
    return np.int64(((next64(rng) >> np.uint64(32)) * np.uint64(k)) >> np.uint64(32))


@njit(cache=True, nogil=True)
def uniform(rng):
    """A float in ``[0, 1)``, as :meth:`sudoku_models.splitmix.SplitMix64.random`."""
    return np.float64(next64(rng) >> np.uint64(11)) * 2.0**-53


@njit(cache=True, nogil=True)
def shuffle(rng, items, length):
    """Shuffle ``items[:length]`` in place, as :meth:`sudoku_models.splitmix.SplitMix64.shuffle`."""
    for i in range(length - 1, 0, -1):
        j = below(rng, i + 1)
        t = items[i]
        items[i] = items[j]
        items[j] = t


@njit(cache=True, nogil=True)
def _fill(rng, n, br, bc, budget, in_order, grid):
    """One randomized depth-first fill of ``grid``, as ``grids._search``; False when ``budget``
    placements run out first. Cells go in reading order with ``in_order``, else the tightest
    (the first of the list of empty cells with the fewest digits left) first."""
    size = n * n
    row_used = np.zeros(n, dtype=np.int64)
    col_used = np.zeros(n, dtype=np.int64)
    box_used = np.zeros(n, dtype=np.int64)
    grid[:] = 0
    empty = np.empty(size, dtype=np.int64)  # a list whose last entry is the next in reading order
    for k in range(size):
        empty[k] = size - 1 - k
    nempty = size
    cells = np.empty(size, dtype=np.int64)  # the stack: a filled cell and its digits left
    choices = np.empty((size, n), dtype=np.int64)
    nchoices = np.zeros(size, dtype=np.int64)
    depth = 0
    while nempty > 0:
        if in_order:
            nempty -= 1
            cell = empty[nempty]
        else:
            at = nempty - 1
            best_used = -1
            for k in range(nempty):
                i = empty[k]
                r = i // n
                c = i % n
                used = popcount(row_used[r] | col_used[c] | box_used[r // br * br + c // bc])
                if used > best_used:
                    at = k
                    best_used = used
                    if used == n:
                        break
            cell = empty[at]
            for k in range(at, nempty - 1):
                empty[k] = empty[k + 1]
            nempty -= 1
        r = cell // n
        c = cell % n
        used = row_used[r] | col_used[c] | box_used[r // br * br + c // bc]
        count = 0
        for d in range(1, n + 1):
            if not (used >> d) & 1:
                choices[depth, count] = d
                count += 1
        shuffle(rng, choices[depth], count)
        nchoices[depth] = count
        cells[depth] = cell
        depth += 1
        while True:
            if depth == 0:
                return False
            cell = cells[depth - 1]
            r = cell // n
            c = cell % n
            b = r // br * br + c // bc
            if grid[cell]:
                keep = ~(1 << grid[cell])
                row_used[r] &= keep
                col_used[c] &= keep
                box_used[b] &= keep
                grid[cell] = 0
            if nchoices[depth - 1] > 0:
                budget -= 1
                if budget < 0:
                    return False
                nchoices[depth - 1] -= 1
                d = choices[depth - 1, nchoices[depth - 1]]
                grid[cell] = d
                row_used[r] |= 1 << d
                col_used[c] |= 1 << d
                box_used[b] |= 1 << d
                break
            depth -= 1
            empty[nempty] = cell
            nempty += 1
    return True


@njit(cache=True, nogil=True)
def _nested_order(rng, groups, width):
    """Line indices with the groups of ``width`` lines permuted, then the lines inside each."""
    group_order = np.arange(groups)
    shuffle(rng, group_order, groups)
    order = np.empty(groups * width, dtype=np.int64)
    inside = np.empty(width, dtype=np.int64)
    for k in range(groups):
        g = group_order[k]
        for w in range(width):
            inside[w] = g * width + w
        shuffle(rng, inside, width)
        order[k * width : (k + 1) * width] = inside
    return order


@njit(cache=True, nogil=True)
def random_grid(rng, n, br, bc, steps_per_cell, in_order_up_to):
    """A random complete grid of digits drawn from the SplitMix64 state ``rng``: the one
    :func:`sudoku_models.generator.grids.random_grid` draws from the same state, given its
    ``STEPS_PER_CELL`` and ``IN_ORDER_UP_TO``."""
    size = n * n
    found = np.zeros(size, dtype=np.int64)
    while not _fill(rng, n, br, bc, steps_per_cell * size, n <= in_order_up_to, found):
        pass
    labels = np.arange(1, n + 1)
    shuffle(rng, labels, n)
    rows = _nested_order(rng, n // br, br)
    cols = _nested_order(rng, n // bc, bc)
    transpose = br == bc and uniform(rng) < 0.5
    grid = np.empty(size, dtype=np.int64)
    for r in range(n):
        for c in range(n):
            source = cols[c] * n + rows[r] if transpose else rows[r] * n + cols[c]
            grid[r * n + c] = labels[found[source] - 1]
    return grid


@njit(cache=True, nogil=True)
def draw_and_dig(
    rng, br, bc, steps_per_cell, in_order_up_to, orbit_cells, orbit_starts, floor, cell_units,
    peers, npeers, units, full, segments, mixed,
):  # fmt: skip
    """One attempt of the generator in compiled code: a random grid, the orbits in a random
    order, one digging pass (:func:`dig`), all drawn from the SplitMix64 state ``rng`` as the
    Python side draws them. Returns the grid, the order (orbit numbers) and what :func:`dig`
    returns."""
    grid = random_grid(rng, br * bc, br, bc, steps_per_cell, in_order_up_to)
    count = orbit_starts.shape[0] - 1
    order = np.arange(count)
    shuffle(rng, order, count)
    flat = np.empty(orbit_cells.shape[0], dtype=np.int64)
    starts = np.zeros(count + 1, dtype=np.int64)
    for k in range(count):
        o = order[k]
        length = orbit_starts[o + 1] - orbit_starts[o]
        flat[starts[k] : starts[k] + length] = orbit_cells[orbit_starts[o] : orbit_starts[o + 1]]
        starts[k + 1] = starts[k] + length
    cells, gone, complete, tested, settled = dig(
        grid, flat, starts, floor, cell_units, peers, npeers, units, full, segments, mixed
    )
    return grid, order, cells, gone, complete, tested, settled
