"""Sue de Coq: two or three cells where a line crosses a box, with help from both sides.

Take ``C``, two or three empty cells where a row (or column) crosses a box, holding between
them the digits ``V``, at least two more digits than cells. Pick a set ``A`` of other cells of
the line and a set ``B`` of other cells of the box such that:

- ``A`` holds some digit of ``V`` and has more cells than *extra* digits (digits not in ``V``),
  and so does ``B``;
- no digit of ``V`` that ``A`` holds is in ``B``;
- the cells of ``A`` beyond its extra digits, plus those of ``B`` beyond its own, make up for
  the digits ``V`` has beyond the cells of ``C``.

Then ``C``, ``A`` and ``B`` together have exactly as many cells as the times their digits can
appear in them: a digit of ``V`` at most once (all its places share the line, or the box), an
extra digit of ``A`` once in the line, one of ``B`` once in the box, an extra digit of both once
in each. So every digit takes all its places: the rest of the line loses ``V`` and ``A``'s
digits except ``B``'s, the rest of the box loses ``V`` and ``B``'s digits except ``A``'s, and
both lose the extra digits ``A`` and ``B`` share.

Example: ``r1c1``, ``r1c2`` hold ``1 2 3 4``; ``r1c7`` holds ``1 2`` and ``r2c3`` holds
``3 4``. The four cells hold four digits: 1 and 2 lie in row 1 (in ``r1c1``, ``r1c2`` or
``r1c7``), 3 and 4 in box 1. So the rest of row 1 loses 1 and 2, the rest of box 1 loses 3
and 4.

The scan follows HoDoKu's (rows then columns, boxes in order, cells in index order, smaller sets
first in each branch), and the solver takes the first Sue de Coq found.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from ... import deadline
from ..candidates import CandidateGrid, digits_of
from ..step import Step, eliminations_in


@functools.lru_cache(maxsize=1 << 12)
def _subsets(
    pool: tuple[int, ...], masks: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every set of cells of ``pool`` (whose candidates are ``masks``) with the union of their
    candidates, depth first: each set is followed by its extensions by later cells of the
    pool. Remembered, since most lines keep their candidates from one position to the next."""
    out: list[tuple[tuple[int, ...], int]] = []

    def grow(start: int, cells: tuple[int, ...], union: int) -> None:
        deadline.check()  # a long line of a large grid has millions of sets
        for k in range(start, len(pool)):
            grown, merged = (*cells, pool[k]), union | masks[k]
            out.append((grown, merged))
            grow(k + 1, grown, merged)

    grow(0, (), 0)
    return tuple(out)


def _digits_beyond(cells: tuple[int, ...], union: int, v: int) -> int:
    """How many digits of ``v`` the cells take up: their number less their extra digits."""
    return len(cells) - (union & ~v).bit_count()


def _line_sets(
    subsets: tuple[tuple[tuple[int, ...], int], ...], v: int, need: int
) -> Iterator[tuple[tuple[int, ...], int]]:
    """The sets ``A`` of line cells (among ``subsets``, of :func:`_subsets`) that may help:
    with a digit of ``v``, more cells than extra digits, and still leaving some of ``need`` to
    the box."""
    for cells, union in subsets:
        if union & v and 0 < len(cells) - (union & ~v).bit_count() < need:
            yield cells, union


def _box_sets(masks, pool, v, need, banned, start=0, cells=()):
    """The sets ``B`` of box cells, free of the digits ``banned``, that take exactly ``need``
    digits of ``v``."""
    deadline.check()
    for k in range(start, len(pool)):
        if masks[pool[k]] & banned:
            continue
        grown = (*cells, pool[k])
        union = 0
        for i in grown:
            union |= masks[i]
        took = _digits_beyond(grown, union, v)
        if union & v and took == need:
            yield grown, union
        if took <= need:
            yield from _box_sets(masks, pool, v, need, banned, k + 1, grown)


def _crossings(grid: CandidateGrid) -> Iterator[tuple[int, int, list[int]]]:
    """Each line and box that cross in two or more empty cells, with those cells."""
    geo, masks = grid.geo, grid.masks
    n = geo.n
    for line in range(2 * n):
        line_cells = set(geo.units[line])
        for box in range(2 * n, 3 * n):
            cross = [i for i in geo.units[box] if i in line_cells and masks[i]]
            if len(cross) >= 2:
                yield line, box, sorted(cross)


def _cores(masks: list[int], cross: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Pairs then (right after each pair) triples of crossing cells holding at least two more
    digits than cells."""
    for x, a in enumerate(cross):
        for y in range(x + 1, len(cross)):
            pair = (a, cross[y])
            v2 = masks[a] | masks[cross[y]]
            if v2.bit_count() >= 4:
                yield pair, v2
            for c in cross[y + 1 :]:
                v3 = v2 | masks[c]
                if v3.bit_count() >= 5:
                    yield (*pair, c), v3


#: Crossings known to hold no Sue de Coq, by their line's and box's candidates (all a crossing
#: reads): a solver asks again after each step, and most crossings keep their candidates.
_BARREN: dict[tuple[Any, ...], None] = {}

#: Most crossings remembered (the memory is emptied when full).
BARREN_SIZE = 1 << 16


def sue_de_coq(grid: CandidateGrid) -> Iterator[Step]:
    """Every Sue de Coq with eliminations, in HoDoKu's scan order."""
    geo, masks = grid.geo, grid.masks
    for line, box, cross in _crossings(grid):
        key = (
            geo,
            line,
            box,
            tuple([masks[i] for i in geo.units[line]]),
            tuple([masks[i] for i in geo.units[box]]),
        )
        if key in _BARREN:
            continue
        found = False
        for step in _crossing_steps(grid, line, box, cross):
            found = True
            yield step
        if not found:
            if len(_BARREN) >= BARREN_SIZE:
                _BARREN.clear()
            _BARREN[key] = None


def _crossing_steps(grid: CandidateGrid, line: int, box: int, cross: list[int]) -> Iterator[Step]:
    """The Sue de Coqs of one crossing of a line and a box."""
    geo, masks = grid.geo, grid.masks
    line_pool = sorted(i for i in geo.units[line] if masks[i] and i not in cross)
    box_pool = sorted(i for i in geo.units[box] if masks[i] and i not in cross)
    line_subsets = None
    for core, v in _cores(masks, cross):
        need = v.bit_count() - len(core)
        if line_subsets is None:
            line_subsets = _subsets(tuple(line_pool), tuple(masks[i] for i in line_pool))
        for a_cells, a_digits in _line_sets(line_subsets, v, need):
            left = need - _digits_beyond(a_cells, a_digits, v)
            for b_cells, b_digits in _box_sets(masks, box_pool, v, left, a_digits & v):
                shared = a_digits & b_digits & ~v
                line_rest = set(line_pool).difference(a_cells)
                box_rest = set(box_pool).difference(b_cells)
                elims = eliminations_in(
                    masks, line_rest, ((v | a_digits) & ~b_digits) | shared
                ) + eliminations_in(masks, box_rest, ((v | b_digits) & ~a_digits) | shared)
                if not elims:
                    continue
                yield Step(
                    "Sue de Coq",
                    eliminations=tuple(sorted(set(elims))),
                    cells=core + a_cells + b_cells,
                    digits=tuple(digits_of(v | a_digits | b_digits)),
                    reason=(
                        f"{_named(grid, core)} where {geo.unit_name(line)} crosses "
                        f"{geo.unit_name(box)}, with {_named(grid, a_cells)} in the line "
                        f"and {_named(grid, b_cells)} in the box, hold as many digits as "
                        "cells"
                    ),
                )


def _named(grid: CandidateGrid, cells: tuple[int, ...]) -> str:
    geo = grid.geo
    digits = 0
    for i in cells:
        digits |= grid.masks[i]
    names = "".join(geo.digit_name(d) for d in digits_of(digits))
    return f"{{{' '.join(geo.cell_name(i) for i in cells)}}} ({names})"
