"""The box-by-box strategy: list every filling of each box, then combine boxes one at a time.

First, each box's fillings are enumerated: its missing digits permuted over its empty cells,
keeping only the permutations where no digit repeats a given of the cell's row, column or any
other group (the enumeration prunes as it goes rather than filtering afterwards); a box with no
filling at all proves the puzzle unsatisfiable before the rest are listed. Then the boxes are
combined, those with the fewest fillings first: at each level, the fillings of the next box that
clash with no row, column or extra group filled so far are tried in turn.

The digits held by every group live in one wide int, group ``g`` owning bits ``g*n .. g*n+n-1``,
and each filling carries the same kind of int for the digits it adds to the groups it touches
beyond its box; the clash test is then a single AND.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .common import (
    CLOCK_EVERY,
    Counters,
    Solutions,
    counting,
    given_masks,
    options_of,
)
from .recorder import Recorder


@dataclass(frozen=True)
class BoxPlan:
    """One box to fill: its empty cells and the fillings that fit the givens.

    Each filling is the digits of ``cells`` and the wide mask of what they add to the groups
    outside the box.
    """

    cells: tuple[int, ...]
    fillings: tuple[tuple[tuple[int, ...], int], ...]


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
    n = model.n
    groups = model.all_different_cells()
    member = groups_of_cells(groups, model.size)
    used = given_masks(groups, model.givens)
    grid = list(model.givens)
    solutions = Solutions(model, limit, exclude, found, recorder)
    occupied = sum(mask << (g * n) for g, mask in enumerate(used))

    def combine(plans: Sequence[BoxPlan], k: int) -> bool:
        """Fill the boxes ``plans[k:]``; True once ``limit`` solutions are found."""
        nonlocal occupied
        counters.node()
        if k == len(plans):
            return solutions.offer(tuple(grid))
        plan = plans[k]
        fitting = [filling for filling in plan.fillings if not occupied & filling[1]]
        if not fitting:
            counters.conflicts += 1
            return False
        forced = len(fitting) == 1
        for digits, wide in fitting:
            if forced:
                counters.propagations += 1
            else:
                counters.guesses += 1
            occupied |= wide
            for i, d in zip(plan.cells, digits, strict=True):
                grid[i] = d
            if recorder is not None:
                recorder.enter_fill(list(zip(plan.cells, digits, strict=True)))
            if combine(plans, k + 1):
                return True
            occupied ^= wide
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        return False

    with counting(stats, deadline) as counters:
        full = (1 << n) - 1
        boxes = []
        for box in model.board.boxes:
            cells = tuple(i for i in box if not grid[i])
            if cells:
                options = [options_of(member[i], used, full) for i in cells]
                boxes.append((box, cells, options))
        # Smallest boxes first: the product of option counts bounds the number of fillings.
        boxes.sort(key=lambda entry: math.prod(m.bit_count() for m in entry[2]))
        plans = []
        for box, cells, options in boxes:
            inside = set(box)
            shifts = [[g * n for g in member[i] if not inside.issuperset(groups[g])] for i in cells]
            plan = plan_box(cells, options, shifts, counters)
            if not plan.fillings:
                counters.conflicts += 1
                return
            plans.append(plan)
        plans.sort(key=lambda plan: len(plan.fillings))
        stats.extra["box_fillings"] = sum(len(plan.fillings) for plan in plans)
        if recorder is not None:
            recorder.enter(-1, 0)
        combine(plans, 0)


def plan_box(
    cells: tuple[int, ...],
    options: Sequence[int],
    shifts: Sequence[Sequence[int]],
    counters: Counters,
) -> BoxPlan:
    """Every filling of a box's empty ``cells`` with distinct digits, each among its ``options``.

    ``shifts[k]`` places the digit of ``cells[k]`` in the wide mask: one shift per group of the
    cell that lies outside the box (groups inside it are met by any filling).
    """
    fillings = []
    bits = [0] * len(cells)
    steps = 0

    def place(k: int, taken: int) -> None:
        """Give ``cells[k:]`` distinct digits outside ``taken``, recording each complete filling."""
        nonlocal steps
        steps += 1
        if steps % CLOCK_EVERY == 0:
            counters.check_clock()
        if k == len(cells):
            wide = 0
            for bit, cell_shifts in zip(bits, shifts, strict=True):
                for shift in cell_shifts:
                    wide |= bit << shift
            fillings.append((tuple(b.bit_length() for b in bits), wide))
            return
        free = options[k] & ~taken
        while free:
            bit = free & -free
            free ^= bit
            bits[k] = bit
            place(k + 1, taken | bit)

    place(0, 0)
    return BoxPlan(cells, tuple(fillings))
