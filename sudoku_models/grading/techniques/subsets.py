"""Naked and hidden subsets: pairs, triples and quads inside one unit.

*Naked*: k cells of a unit whose candidates together are k digits; those digits leave the rest
of the unit (of every unit the k cells share: a *locked* pair or triple also sits in one box and
one line). *Hidden*: k digits of a unit that fit only in the same k cells; those cells lose every
other candidate.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence

from ..candidates import (
    CandidateGrid,
    Geometry,
    digit_cells,
    digits_of,
    memo,
    unit_bits,
    unit_places,
)
from ..step import Step, eliminations_in

_NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


@functools.lru_cache(maxsize=1 << 14)
def combos(
    items: tuple[tuple[int, int], ...], k: int, most: int | None = None
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Choices of ``k`` items ``(key, mask)`` whose masks together have at most ``most`` bits
    (``k`` unless given), with that union, in the order of ``items`` (lexicographically).

    The answers are remembered: from one position to the next most units and lines are
    unchanged.

    >>> combos(((1, 0b011), (2, 0b110), (3, 0b011)), 2)
    (((1, 3), 3),)
    """
    return tuple(_combos(items, k, k if most is None else most))


@functools.lru_cache(maxsize=1 << 15)
def cell_combos(
    geo: Geometry, u: int, k: int, masks: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """:func:`combos` of ``k`` cells of unit ``u`` with 2 to ``k`` candidates each, given the
    unit's ``masks``: the cells, and their candidates together.

    >>> from sudoku_models import Puzzle
    >>> grid = CandidateGrid.from_puzzle(Puzzle.parse(".1.....4....34.."))
    >>> cell_combos(grid.geo, 0, 2, grid.geo.unit_entries[0](grid.masks))  # r1c3, r1c4: 2/3
    (((2, 3), 6),)
    """
    unit = geo.units[u]
    return combos(tuple((i, m) for i, m in zip(unit, masks) if 2 <= m.bit_count() <= k), k)


@functools.lru_cache(maxsize=1 << 15)
def place_combos(
    where: tuple[int, ...], k: int, least: int = 2
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """:func:`combos` of ``k`` digits with ``least`` to ``k`` places each in one unit, given the
    unit's places of each digit (``where[d]``, as
    :func:`~sudoku_models.grading.candidates.unit_places` gives them): the digits, and their
    places together.

    >>> place_combos((0, 0b011, 0b110, 0b011), 2)
    (((1, 3), 3),)
    """
    return combos(tuple((d, w) for d, w in enumerate(where) if least <= w.bit_count() <= k), k)


def _combos(
    items: tuple[tuple[int, int], ...], k: int, most: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    size = len(items)
    if size < k:
        return
    if k == 2:  # the commonest cases, without the bookkeeping
        for x in range(size - 1):
            key, mask = items[x]
            if mask.bit_count() > most:
                continue
            for y in range(x + 1, size):
                merged = mask | items[y][1]
                if merged.bit_count() <= most:
                    yield (key, items[y][0]), merged
        return
    if k == 3:
        for x in range(size - 2):
            key, mask = items[x]
            if mask.bit_count() > most:
                continue
            for y in range(x + 1, size - 1):
                key2, mask2 = items[y]
                two = mask | mask2
                if two.bit_count() > most:
                    continue
                for z in range(y + 1, size):
                    merged = two | items[z][1]
                    if merged.bit_count() <= most:
                        yield (key, key2, items[z][0]), merged
        return
    keys = [key for key, _ in items]
    masks = [mask for _, mask in items]
    chosen: list[int] = []
    unions = [0]
    j = 0
    while True:
        if j <= size - k + len(chosen):
            merged = unions[-1] | masks[j]
            if merged.bit_count() <= most:
                if len(chosen) == k - 1:
                    yield (*(keys[x] for x in chosen), keys[j]), merged
                else:
                    chosen.append(j)
                    unions.append(merged)
            j += 1
        elif chosen:
            j = chosen.pop() + 1
            unions.pop()
        else:
            return


def naked_subset(grid: CandidateGrid, k: int, locked: bool | None = False) -> Iterator[Step]:
    """Naked subsets of size ``k``, boxes first, then rows, then columns (HoDoKu's order).

    A subset whose cells share a box and a line and which eliminates in both (outside each
    other) is *locked* (k < 4); with ``locked`` only those are found, with ``locked=False`` only
    the others, with None both.
    """
    n = grid.geo.n
    found = memo(grid, _NAKED[k])
    for u in range(2 * n, 3 * n) if locked else [*range(2 * n, 3 * n), *range(2 * n)]:
        for is_locked, step in found[u]:
            if locked is None or is_locked == locked:
                yield step


def _naked_sets(grid: CandidateGrid, k: int) -> list[list[tuple[bool, Step]]]:
    """For each unit, its naked subsets of size ``k`` that eliminate something, each with
    whether it is locked (the locked and the plain technique ask in turn on one position)."""
    geo, masks = grid.geo, grid.masks
    holders = digit_cells(grid)
    small = 0  # the cells a naked set can use: with 2 to k candidates
    for i, m in enumerate(masks):
        if 2 <= m.bit_count() <= k:
            small |= 1 << i
    out: list[list[tuple[bool, Step]]] = []
    for u, (entries, bits) in enumerate(zip(geo.unit_entries, unit_bits(geo), strict=True)):
        found: list[tuple[bool, Step]] = []
        out.append(found)
        if (small & bits).bit_count() < k:
            continue
        for cells, union in cell_combos(geo, u, k, entries(masks)):
            shared, around, around_bits = _surroundings(geo, cells)
            if not any(holders[d] & around_bits for d in digits_of(union)):
                continue
            elims = eliminations_in(masks, around, union)
            box = geo.cell_units[cells[0]][2]
            hit_box = any(geo.cell_units[i][2] == box for i, _ in elims)
            hit_line = any(geo.cell_units[i][2] != box for i, _ in elims)
            is_locked = k < 4 and box in shared and len(shared) == 2 and hit_box and hit_line
            kind = "Locked" if is_locked else "Naked"
            names = ", ".join(geo.cell_name(i) for i in cells)
            ds = digits_of(union)
            step = Step(
                f"{kind} {_NAMES[k]}",
                eliminations=elims,
                cells=tuple(cells),
                digits=tuple(ds),
                reason=(
                    f"{names} hold only {_digit_list(geo, ds)} in "
                    f"{' and '.join(geo.unit_name(s) for s in sorted(shared))}"
                ),
            )
            found.append((is_locked, step))
    return out


_NAKED = {k: functools.partial(_naked_sets, k=k) for k in _NAMES}


@functools.lru_cache(maxsize=1 << 14)
def _surroundings(
    geo: Geometry, cells: tuple[int, ...]
) -> tuple[tuple[int, ...], frozenset[int], int]:
    """The units every cell of ``cells`` lies in, and the other cells of those units (as a set
    and as a bit set)."""
    shared = set(geo.cell_units[cells[0]]).intersection(*(geo.cell_units[i] for i in cells[1:]))
    around = {i for s in shared for i in geo.units[s]}.difference(cells)
    return tuple(sorted(shared)), frozenset(around), sum(1 << i for i in around)


def hidden_subset(grid: CandidateGrid, k: int) -> Iterator[Step]:
    """The first hidden subset of size ``k`` that eliminates something."""
    geo, masks = grid.geo, grid.masks
    n = geo.n
    places = unit_places(grid)
    for u in [*range(2 * n, 3 * n), *range(2 * n)]:
        unit = geo.units[u]
        for ds, where in place_combos(tuple(places[u]), k):
            keep = sum(1 << (d - 1) for d in ds)
            cells = [unit[pos - 1] for pos in digits_of(where)]
            elims = eliminations_in(masks, cells, ~keep & ((1 << n) - 1))
            if elims:
                names = ", ".join(geo.cell_name(i) for i in cells)
                yield Step(
                    f"Hidden {_NAMES[k]}",
                    eliminations=elims,
                    cells=tuple(cells),
                    digits=tuple(ds),
                    reason=(f"in {geo.unit_name(u)}, {_digit_list(geo, ds)} fit only in {names}"),
                )


def _digit_list(geo: Geometry, ds: Sequence[int]) -> str:
    return "/".join(geo.digit_name(d) for d in ds)
