"""The fast strategy: candidate bitmasks, naked and hidden singles, most-constrained cell first.

State is one list of bitmasks: the candidates of every cell, then, for every full group (row,
column, box, or an extra group of ``n`` cells), the digits already placed in it. Every change is
recorded on a trail as ``(index, old mask)``; a failed branch is undone by replaying the trail back
to its mark, so no grid is copied at a node.

Digit ``d`` is the bit ``1 << (w * (d - 1))``: each digit owns a field of ``w`` bits, wide enough
that adding up the masks of a group's cells counts, in each field, how many cells still allow that
digit. One sum per group then finds its hidden singles (count 1) and its dead digits (count 0).

Propagation repeats two rules until nothing changes:

- *naked single*: a cell with one candidate removes it from all its peers;
- *hidden single*: a digit with one possible cell in a full group goes there.

Before the search starts, a third rule joins them: *locked candidates* (a digit of a box confined
to one row or column of it leaves the rest of that line, and the other way round). It prunes much
of the tree but costs as much as a guess, so it only runs on the givens: measured on top95 it made
the whole solve 1.8x faster at the root alone, and slower when repeated at every node.

Search then branches on the tightest choice, as exact cover does: the empty cell with the fewest
candidates, or, when that cell has more than two, a digit with fewer places in some unit (each
place is one branch). Branching on cells alone left a heavy tail: on sparse puzzles (a 9x9 with
22 givens and many solutions) a cell of three or four candidates picked early could lead into a
subtree without a solution that took 330,000 nodes to leave, where a digit with two places in a
row settled it in a few dozen. Two more defences against such subtrees:

- *last conflict*: a choice whose every branch failed is taken first again, while it stays open,
  so the search climbs back to the decision that caused the failure instead of re-proving it;
- *restarts*: after ``RESTART_WORK / cells`` conflicts the search starts again from the root with
  ties between equally tight choices broken at random (seeded, so runs repeat), and twice the
  allowance each time, so it stays complete. Grids found before a restart are kept and skipped
  afterwards, so counts stay exact. Ordinary 9x9 puzzles end long before the first restart.

The search keeps its own stack of open nodes instead of recursing, so its depth is not bounded by
Python's recursion limit.
"""

from __future__ import annotations

import functools
import operator
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import compress
from operator import not_, or_

from ...board import Board, groups_of_cells
from ...model import AllDifferent, Model, SumCage, classic_groups
from ..base import Grid, SearchTimeout, Stats
from .common import bits_of
from .recorder import Recorder, trail_removals

#: How many nodes pass between two looks at the clock.
CLOCK_EVERY = 64

#: Conflicts times cells a search may meet before it starts again with ties broken at random
#: (1,234 conflicts on 9x9, 160 on 25x25); each restart doubles the allowance.
RESTART_WORK = 100_000

#: Fetches the masks of a fixed tuple of indices from a list in one call (an ``itemgetter``).
Getter = Callable[[list[int]], tuple[int, ...]]
#: A locked-candidate check: segments getter, placed-digits index, cells to clear per segment.
LockedCheck = tuple[Getter, int, tuple[tuple[int, tuple[int, ...]], ...]]


@dataclass(frozen=True)
class _Layout:
    """Everything the search needs about a model's shape, computed once per shape."""

    size: int
    width: int  # bits per digit field
    full: int  # every digit
    low: int  # bit 0 of every field
    high: int  # bits 1 .. width - 2 of every field
    peers: tuple[tuple[int, ...], ...]
    units: tuple[tuple[int, ...], ...]  # full groups, for hidden singles
    unit_checks: tuple[tuple[tuple[int, ...], Getter, int], ...]  # cells, their masks, state index
    cell_units: tuple[tuple[int, ...], ...]  # state indices of the units holding each cell
    covered: bool  # every cell lies in a full group, so all groups complete means all cells set
    # Every group and cage, the full groups first (as in ``units``): fetch its cells' masks.
    group_cells: tuple[Getter, ...]
    # How many groups lead ``group_cells`` as the rows then the columns (``2 n``), or 0: their
    # masks are the grid's rows and columns, read off without fetching cell by cell.
    lines: int
    # Column k: for each cell, its k-th group (or the empty group after the last, as padding).
    group_columns: tuple[tuple[int, ...], ...]
    segment_masks: tuple[Getter, ...]  # fetch the cell masks of each box-line intersection
    locked_checks: tuple[LockedCheck, ...]
    bit_of: tuple[int, ...]  # digit -> bit (index 0 unused)
    digit_of: dict[int, int]  # bit -> digit


@functools.lru_cache(maxsize=64)
def _layout(board: Board, groups: tuple[AllDifferent, ...], cages: tuple[SumCage, ...]) -> _Layout:
    shape = Model(board, (0,) * board.size, groups, cages)
    n, size = board.n, board.size
    width = n.bit_length() + 1  # room to count up to n, plus one guard bit
    bit_of = (0, *(1 << (width * (d - 1)) for d in range(1, n + 1)))
    low = sum(bit_of)
    high = sum(((1 << (width - 1)) - 2) << (width * k) for k in range(n))
    units = shape.full_groups()
    others = tuple(g.cells for g in groups if len(g.cells) != n)
    all_groups = units + others + tuple(c.cells for c in cages)
    lines = 2 * n if all_groups[: 2 * n] == board.rows + board.cols else 0
    segment_masks, locked_checks = _locked_candidates(board, units, size)
    units_of = groups_of_cells(units, size)
    return _Layout(
        size=size,
        width=width,
        full=low,
        low=low,
        high=high,
        peers=shape.peers(),
        units=units,
        unit_checks=tuple(
            (unit, operator.itemgetter(*unit), size + k) for k, unit in enumerate(units)
        ),
        cell_units=tuple(tuple(size + u for u in us) for us in units_of),
        covered=all(units_of),
        group_cells=tuple(map(_tuple_getter, all_groups)),
        lines=lines,
        group_columns=_group_columns(groups_of_cells(all_groups, size), len(all_groups)),
        segment_masks=segment_masks,
        locked_checks=locked_checks,
        bit_of=bit_of,
        digit_of={b: d for d, b in enumerate(bit_of) if d},
    )


def _locked_candidates(
    board: Board, units: tuple[tuple[int, ...], ...], size: int
) -> tuple[tuple[Getter, ...], tuple[LockedCheck, ...]]:
    """Box-line intersections (segments) and the locked-candidate checks built on them.

    A check is a box (one per direction) or a line: the getter of its segments' masks, the state
    index of its placed digits, and per segment the cells to clear when a digit is confined to that
    segment: the rest of the line for a box (pointing), the rest of the box for a line (claiming).
    There are no checks unless the board's rows, columns and boxes are all full groups, nor on a
    Latin square (boxes one cell high or wide are whole rows or columns: nothing to lock).
    """
    unit_index = {cells: size + k for k, cells in enumerate(units)}
    if 1 in (board.box_rows, board.box_cols) or not all(u in unit_index for u in board.units):
        return (), ()
    segments = []  # (cells, box, line)
    for box in board.boxes:
        for line in board.rows + board.cols:
            cells = tuple(i for i in line if i in box)
            if cells:
                segments.append((cells, box, line))
    checks = []
    for box in board.boxes:
        for lines in (board.rows, board.cols):
            ids = [k for k, (_, b, line) in enumerate(segments) if b == box and line in lines]
            rests = tuple((k, tuple(i for i in segments[k][2] if i not in box)) for k in ids)
            checks.append((ids, unit_index[box], rests))
    for line in board.rows + board.cols:
        ids = [k for k, (_, _, on) in enumerate(segments) if on == line]
        rests = tuple((k, tuple(i for i in segments[k][1] if i not in segments[k][0])) for k in ids)
        checks.append((ids, unit_index[line], rests))
    return (
        tuple(operator.itemgetter(*cells) for cells, _, _ in segments),
        tuple((operator.itemgetter(*ids), u, rests) for ids, u, rests in checks if len(ids) > 1),
    )


def layout_of(model: Model) -> _Layout:
    """The cached layout of a model's shape; classic boards share one per box shape."""
    if model.is_classic:
        return _classic_layout(model.board)
    return _layout(model.board, model.groups, model.cages)


@functools.cache
def _classic_layout(board: Board) -> _Layout:
    return _layout(board, classic_groups(board), ())


def _tuple_getter(indices: Sequence[int]) -> Getter:
    """An ``itemgetter`` that returns a tuple even for one index (and ``(0,)`` for none)."""
    if not indices:
        return lambda values: (0,)
    if len(indices) == 1:
        (only,) = indices
        return lambda values: (values[only],)
    return operator.itemgetter(*indices)


def _group_columns(
    member: tuple[tuple[int, ...], ...], padding: int
) -> tuple[tuple[int, ...], ...]:
    """The groups of every cell as columns: column ``k`` holds each cell's ``k``-th group, and
    ``padding`` (an empty group) for a cell in fewer groups."""
    depth = max(map(len, member))
    return tuple(tuple(gs[k] if k < len(gs) else padding for gs in member) for k in range(depth))


def _start(model: Model, lay: _Layout) -> tuple[list[int], list[int]] | None:
    """Initial state (cell candidates, then placed digits per unit) and the naked singles to
    propagate; None when two givens clash or a cell has no candidate."""
    givens = model.givens
    bits = list(operator.itemgetter(*givens)(lay.bit_of))  # a board has 16 cells or more
    # Adding a group's bits counts each digit in its field: any field above 1 is a clash.
    groups = lay.group_cells
    if lay.lines:
        rows = list(zip(*[iter(bits)] * (lay.lines // 2)))
        used = [*map(sum, rows), *map(sum, zip(*rows))]
        used += map(sum, [masks_of(bits) for masks_of in groups[lay.lines :]])
    else:
        used = list(map(sum, [masks_of(bits) for masks_of in groups]))
    if reduce(or_, used) & ~lay.low:
        return None
    n_units = len(lay.units)
    unit_masks = used[:n_units]
    used.append(0)  # the padding group
    empties = [] if all(givens) else list(compress(range(lay.size), map(not_, givens)))
    columns = lay.group_columns
    taken = map(used.__getitem__, map(columns[0].__getitem__, empties))
    for column in columns[1:]:
        taken = map(or_, taken, map(used.__getitem__, map(column.__getitem__, empties)))
    full = lay.full
    queue = []
    for i, t in zip(empties, taken):
        m = full & ~t
        if not m:
            return None
        if not m & (m - 1):
            queue.append(i)
        bits[i] = m
    bits += unit_masks
    return bits, queue


def search(
    model: Model,
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
    recorder: Recorder | None = None,
) -> None:
    """Append up to ``limit`` solutions (0: all) not in ``exclude`` to ``found``; tell
    ``recorder`` of every node when given."""
    lay = layout_of(model)
    start = _start(model, lay)
    if start is None:
        stats.conflicts += 1
        return
    st, queue = start
    size = lay.size
    peers = lay.peers
    cell_units = lay.cell_units
    unit_checks = lay.unit_checks
    low, high, guard_shift = lay.low, lay.high, lay.width - 1
    below = low | high  # every bit of a field but its guard
    top = 1 << guard_shift  # the guard bit's value within a field
    digit_of = lay.digit_of
    blocked = set(exclude)
    check_cages = bool(model.cages or model.constraints)
    trail: list[tuple[int, int]] = []
    # Per unit (at its state index), the sum of its cells' masks: how many places each digit has.
    counts = [0] * len(st)
    counters = [0, 0, 0, 0, 0]  # nodes, guesses, backtracks, propagations, conflicts
    n_units = len(lay.units)
    culprit = -1  # the key whose every choice failed last, tried first while it stays open
    rng: random.Random | None = None
    cell_order: Sequence[int] = range(size)  # the scan order for the tightest cell
    unit_order: Sequence[int] = range(n_units)

    def propagate(queue: list[int], with_locked: bool = False) -> bool:
        """Apply naked and hidden singles from the cells in ``queue`` (and locked candidates when
        ``with_locked``) until nothing changes; False on a contradiction."""
        forced = 0
        try:
            while True:
                while queue:
                    i = queue.pop()
                    b = st[i]
                    for u in cell_units[i]:
                        trail.append((u, st[u]))
                        st[u] |= b
                    for p in peers[i]:
                        m = st[p]
                        if m & b:
                            m ^= b
                            if not m:
                                return False
                            trail.append((p, st[p]))
                            st[p] = m
                            if not m & (m - 1):
                                queue.append(p)
                                forced += 1
                open_units = 0
                for unit, masks_of, u in unit_checks:
                    if st[u] == low:
                        continue
                    open_units += 1
                    count = sum(masks_of(st))
                    counts[u] = count
                    many = ((count & high) + high) >> guard_shift & low
                    if (count | many) & low != low:
                        return False
                    hidden = count & ~many & ~st[u] & low
                    if hidden:
                        for i in unit:
                            m = st[i]
                            hit = m & hidden
                            if hit:
                                if hit & (hit - 1):
                                    return False
                                trail.append((i, m))
                                st[i] = hit
                                queue.append(i)
                                forced += 1
                if not queue:
                    if not (open_units and with_locked):
                        return True
                    changed = locked(queue)
                    if changed is None:
                        return False
                    if not changed:
                        return True
        finally:
            counters[3] += forced

    segment_masks = lay.segment_masks
    locked_checks = lay.locked_checks

    def locked(queue: list[int]) -> bool | None:
        """Pointing and claiming: a digit confined to one box-line segment of a box (or line)
        leaves the rest of that line (or box). True if a candidate went, None on a contradiction."""
        seg = [reduce(or_, masks_of(st)) for masks_of in segment_masks]
        changed = False
        for masks_of, u, rests in locked_checks:
            count = sum(masks_of(seg))
            many = ((count & high) + high) >> guard_shift & low
            confined = count & ~many & ~st[u] & low
            if confined:
                for k, rest in rests:
                    gone = seg[k] & confined
                    if gone:
                        for p in rest:
                            m = st[p]
                            if m & gone:
                                m &= ~gone
                                if not m:
                                    return None
                                trail.append((p, st[p]))
                                st[p] = m
                                changed = True
                                if not m & (m - 1):
                                    queue.append(p)
        return changed

    def digits_in(mask: int) -> list[int]:
        return [digit_of[b] for b in bits_of(mask)]

    def undo(mark: int) -> None:
        for i, old in reversed(trail[mark:]):
            st[i] = old
        del trail[mark:]

    def leaf() -> bool:
        """Record the complete grid unless it is blocked; True when the limit is reached."""
        grid: Grid = operator.itemgetter(*st[:size])(digit_of)
        if grid in blocked or (check_cages and not model.is_solution(grid)):
            return False
        blocked.add(grid)  # a later restart must not count it again
        found.append(grid)
        if recorder is not None:
            recorder.found()
        return len(found) == limit

    def choices_at(key: int) -> list[tuple[int, int]] | None:
        """The open choices of a branching key, or None when that choice is settled.

        A key is a cell, or for a digit's places in a unit ``size + bit * n_units + unit``."""
        if key < size:
            m = st[key]
            return [(key, b) for b in bits_of(m)] if m & (m - 1) else None
        b, k = divmod(key - size, n_units)
        if st[size + k] & b:
            return None
        return [(i, b) for i in lay.units[k] if st[i] & b]

    def choose() -> tuple[int, list[tuple[int, int]]] | None:
        """The branching key and its choices at the current state; None when every cell is set."""
        nonlocal culprit
        if culprit >= 0:
            choices = choices_at(culprit)
            if choices is not None:
                return culprit, choices
            culprit = -1
        best = -1
        best_count = size
        for i in cell_order:
            m = st[i]
            if m & (m - 1):
                k = m.bit_count()
                if k < best_count:
                    best, best_count = i, k
                    if k == 2:
                        break
        if best < 0:
            return None
        options = None
        if best_count > 2:
            key = tightest_place(best_count)
            if key >= 0:
                best, options = key, choices_at(key)
        if options is None:
            m = st[best]
            options = []
            while m:
                b = m & -m
                options.append((best, b))
                m ^= b
        if rng is not None:
            rng.shuffle(options)
        return best, options

    def tightest_place(fewer_than: int) -> int:
        """The key of a digit with the fewest places in a unit, when fewer than ``fewer_than``;
        -1 when no digit has so few. Reads the counts of the last propagation's final pass."""
        best = -1
        for k in unit_order:
            u = size + k
            open_digits = low & ~st[u]
            if not open_digits:
                continue
            count = counts[u]
            # A field holding c < fewer_than has no guard bit set after adding top - fewer_than.
            if not open_digits & ~((count + (top - fewer_than) * low) >> guard_shift):
                continue
            for places in range(2, fewer_than):
                other = count ^ (places * low)  # fields equal to ``places`` become zero
                exactly = open_digits & ~(((other & below) + below) >> guard_shift)
                if exactly:
                    best, fewer_than = size + (exactly & -exactly) * n_units + k, places
                    break
            if fewer_than == 2:
                break
        return best

    def run(budget: int) -> bool:
        """Depth-first search with an explicit stack, until ``budget`` more conflicts.

        False when the budget ran out first (the state is then back at the root), True when the
        search ended."""
        nonlocal culprit
        stop = counters[4] + budget
        root = len(trail)
        # One frame per open node: key, choices, next choice, trail mark, solutions so far.
        stack: list[list] = []
        descend = True
        if recorder is not None:
            recorder.enter(-1, 0)
        while True:
            if descend:
                counters[0] += 1
                on_the_clock = deadline is not None and not counters[0] % CLOCK_EVERY
                if on_the_clock and time.perf_counter() > deadline:  # type: ignore[operator]
                    raise SearchTimeout
                picked = choose()
                if picked is None:
                    if leaf():
                        return True
                else:
                    stack.append([picked[0], picked[1], 0, len(trail), len(found)])
            descend = False
            if not stack:
                return True
            frame = stack[-1]
            key, choices, k, mark, before = frame
            if k:
                undo(mark)
                counters[2] += 1
                if recorder is not None:
                    recorder.leave()
            if k == len(choices):
                stack.pop()
                if len(found) == before:
                    culprit = key
                continue
            frame[2] = k + 1
            i, b = choices[k]
            counters[1] += 1
            trail.append((i, st[i]))
            st[i] = b
            consistent = propagate([i])
            if recorder is not None:
                removed = trail_removals(trail, mark, st, size, i, digits_in)
                recorder.enter(i, digit_of[b], removed, consistent)
            if consistent:
                descend = True
            else:
                counters[4] += 1
                if counters[4] > stop:
                    # Every value on the path is taken back.
                    counters[2] += len(stack)
                    if recorder is not None:
                        recorder.restart(leaf_open=False)
                    undo(root)
                    return False

    try:
        if not propagate(queue, with_locked=True):
            counters[4] += 1
        elif lay.covered and st[size:].count(low) == n_units:
            # Every group holds every digit, so every cell is set: the root is the only leaf.
            counters[0] += 1
            if recorder is not None:
                recorder.enter(-1, 0)
            leaf()
        else:
            budget = RESTART_WORK // size
            while not run(budget):
                # Start again from the root, breaking ties at random this time.
                rng = random.Random(budget)
                first = rng.randrange(size)
                cell_order = [*range(first, size), *range(first)]
                first = rng.randrange(n_units)
                unit_order = [*range(first, n_units), *range(first)]
                culprit = -1
                budget = budget * 2
                for _, masks_of, u in unit_checks:  # the counts at the root again
                    counts[u] = sum(masks_of(st))
    finally:
        stats.nodes += counters[0]
        stats.guesses += counters[1]
        stats.backtracks += counters[2]
        stats.propagations += counters[3]
        stats.conflicts += counters[4]
