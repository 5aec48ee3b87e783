"""Uniqueness techniques: deductions that hold because the puzzle has only one solution.

*Unique rectangle*: four empty cells on two rows, two columns and two boxes that could all
hold only the same two digits ``a`` and ``b`` form a *deadly pattern*: the two digits could be
swapped and the puzzle would have two solutions. So something else must happen in them:

- type 1: three cells are ``{a, b}``; the fourth cannot be a or b, it loses both;
- type 2: two cells are ``{a, b}``, the other two (sharing a unit) are ``{a, b, x}``; one of
  them is x, so every cell seeing both loses x;
- type 4: two cells are ``{a, b}``; in a unit holding the other two, ``a`` fits only in those
  two, so one of them is a and neither may be b: both lose b;
- type 5: two diagonal (or three) cells are ``{a, b, x}``: one of them is x, so cells seeing
  all of them lose x;
- type 6: two diagonal cells are ``{a, b}``; in both rows (or both columns) ``a`` fits only the
  rectangle, so it sits on one diagonal, and the other diagonal would be deadly: the two other
  cells lose a.

*Hidden rectangle*: one corner is ``{a, b}``; in the row and the column of the opposite corner,
``a`` fits only the rectangle; were the opposite corner b, the rest would be forced into the
deadly pattern, so it loses b.

*BUG+1* (bivalue universal grave): when every empty cell has two candidates except one with
three, and every digit appears twice in every unit, the grid would have no or several
solutions; so the three-candidate cell keeps only the digit that appears three times in its
units (it loses the other two, as HoDoKu counts it; a naked single follows).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from ...board import Board
from ..candidates import CandidateGrid, digits_of, geometry, memo
from ..step import Step, eliminations_in


@functools.cache
def _rectangles(board: Board) -> tuple[tuple[int, int, int, int], ...]:
    """Cells (top-left, top-right, bottom-left, bottom-right) of rectangles in two boxes."""
    geo = geometry(board)
    n = board.n
    out = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            for c1 in range(n):
                for c2 in range(c1 + 1, n):
                    cells = (
                        board.cell(r1, c1),
                        board.cell(r1, c2),
                        board.cell(r2, c1),
                        board.cell(r2, c2),
                    )
                    if len({geo.cell_units[i][2] for i in cells}) == 2:
                        out.append(cells)
    return tuple(out)


@functools.cache
def _rectangles_of(board: Board) -> tuple[tuple[int, ...], ...]:
    """For each cell, the indices in :func:`_rectangles` of the rectangles holding it."""
    out: list[list[int]] = [[] for _ in range(board.size)]
    for k, rect in enumerate(_rectangles(board)):
        for i in rect:
            out[i].append(k)
    return tuple(tuple(ks) for ks in out)


def _deadly_pairs(grid: CandidateGrid) -> list[tuple[tuple[int, int, int, int], int]]:
    """Rectangles whose four cells all hold the same two digits (and at least two cells hold
    only them), with that pair of digits as a mask (shared by the uniqueness techniques
    looking at the same position)."""
    return memo(grid, _find_deadly_pairs)


def _find_deadly_pairs(grid: CandidateGrid) -> list[tuple[tuple[int, int, int, int], int]]:
    masks = grid.masks
    rectangles = _rectangles(grid.board)
    # only rectangles with two cells holding just two digits can qualify
    count: dict[int, int] = {}
    for k, rects in enumerate(_rectangles_of(grid.board)):
        if masks[k].bit_count() == 2:
            for r in rects:
                count[r] = count.get(r, 0) + 1
    out = []
    for r in sorted(r for r, c in count.items() if c >= 2):
        rect = rectangles[r]
        common = masks[rect[0]] & masks[rect[1]] & masks[rect[2]] & masks[rect[3]]
        if common.bit_count() < 2:
            continue
        for a in digits_of(common):
            for b in digits_of(common):
                if b <= a:
                    continue
                pair = (1 << (a - 1)) | (1 << (b - 1))
                if sum(masks[i] == pair for i in rect) >= 2:
                    out.append((rect, pair))
    return out


def _ur_step(grid: CandidateGrid, kind: str, rect, pair: int, elims, why: str) -> Step:
    geo = grid.geo
    a, b = digits_of(pair)
    return Step(
        f"Uniqueness Test {kind}",
        eliminations=elims,
        cells=rect,
        digits=(a, b),
        reason=(
            f"{', '.join(geo.cell_name(i) for i in rect)} would hold only "
            f"{geo.digit_name(a)}/{geo.digit_name(b)} (two solutions); {why}"
        ),
    )


def unique_rectangle_1(grid: CandidateGrid) -> Iterator[Step]:
    """Three corners are exactly the pair: the fourth corner loses both digits."""
    masks = grid.masks
    for rect, pair in _deadly_pairs(grid):
        extra = [i for i in rect if masks[i] != pair]
        if len(extra) == 1:
            elims = eliminations_in(masks, extra, pair)
            if elims:
                yield _ur_step(grid, "1", rect, pair, elims, "the fourth corner cannot")


def _roofs(grid: CandidateGrid, rect, pair: int) -> tuple[int, int] | None:
    """The two corners holding more than the pair, when they share a row or column."""
    masks = grid.masks
    extra = [i for i in rect if masks[i] != pair]
    if len(extra) != 2:
        return None
    p, q = extra
    shared = set(grid.geo.cell_units[p]) & set(grid.geo.cell_units[q])
    return (p, q) if shared else None


def unique_rectangle_2(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners sharing a unit hold the pair and the same one extra digit x: cells seeing
    both lose x."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        roofs = _roofs(grid, rect, pair)
        if roofs is None:
            continue
        p, q = roofs
        extra = masks[p] & ~pair
        if masks[p] != masks[q] or extra.bit_count() != 1:
            continue
        elims = eliminations_in(masks, geo.common_peers([p, q]), extra)
        if elims:
            x = geo.digit_name(extra.bit_length())
            yield _ur_step(grid, "2", rect, pair, elims, f"{x} is in one of the two others")


def unique_rectangle_4(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners sharing a unit, where one digit of the pair fits only them: they lose the
    other digit of the pair."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        roofs = _roofs(grid, rect, pair)
        if roofs is None:
            continue
        p, q = roofs
        for u in sorted(set(geo.cell_units[p]) & set(geo.cell_units[q])):
            for a in digits_of(pair):
                bit_a = 1 << (a - 1)
                if any(masks[i] & bit_a for i in geo.units[u] if i not in (p, q)):
                    continue
                elims = eliminations_in(masks, (p, q), pair & ~bit_a)
                if elims:
                    why = f"in {geo.unit_name(u)}, {geo.digit_name(a)} fits only those two"
                    yield _ur_step(grid, "4", rect, pair, elims, why)


def bug_plus_one(grid: CandidateGrid) -> Iterator[Step]:
    """All empty cells bivalue but one trivalue cell: it keeps only the digit seen three times."""
    geo, masks = grid.geo, grid.masks
    odd = [i for i, m in enumerate(masks) if m and m.bit_count() != 2]
    if len(odd) != 1 or masks[odd[0]].bit_count() != 3:
        return
    cell = odd[0]
    for u, unit in enumerate(geo.units):
        for d in range(1, geo.n + 1):
            k = sum(1 for i in unit if masks[i] & (1 << (d - 1)))
            if k not in (0, 2) and (k != 3 or u not in geo.cell_units[cell]):
                return
    for d in digits_of(masks[cell]):
        b = 1 << (d - 1)
        if all(sum(1 for i in geo.units[u] if masks[i] & b) == 3 for u in geo.cell_units[cell]):
            yield Step(
                "Bivalue Universal Grave + 1",
                eliminations=tuple((cell, e) for e in digits_of(masks[cell]) if e != d),
                cells=(cell,),
                digits=(d,),
                reason=(
                    f"every other empty cell has two candidates; without {geo.digit_name(d)} "
                    f"{geo.cell_name(cell)} would leave a grid with two solutions"
                ),
            )
            return


def unique_rectangle_5(grid: CandidateGrid) -> Iterator[Step]:
    """Two or three corners (not all sharing a unit) hold the pair and the same one extra digit
    x: one of them is x, so cells seeing all of them lose x."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        extra = [i for i in rect if masks[i] != pair]
        if len(extra) not in (2, 3) or len({masks[i] for i in extra}) != 1:
            continue
        x = masks[extra[0]] & ~pair
        if x.bit_count() != 1 or (len(extra) == 2 and _roofs(grid, rect, pair)):
            continue
        elims = eliminations_in(masks, geo.common_peers(extra), x)
        if elims:
            why = f"{geo.digit_name(x.bit_length())} is in one of the others"
            yield _ur_step(grid, "5", rect, pair, elims, why)


def unique_rectangle_6(grid: CandidateGrid) -> Iterator[Step]:
    """Two diagonal corners are exactly the pair; a digit of the pair fits, in both rows (or
    both columns), only the rectangle: it goes in the two pair-only corners, so the other two
    corners lose it."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        tl, tr, bl, br = rect
        for pure, extra in (((tl, br), (tr, bl)), ((tr, bl), (tl, br))):
            if masks[pure[0]] != pair or masks[pure[1]] != pair:
                continue
            if masks[extra[0]] == pair or masks[extra[1]] == pair:
                continue
            for a in digits_of(pair):
                b = 1 << (a - 1)
                for kind in (0, 1):
                    lines = {geo.cell_units[i][kind] for i in rect}
                    if all(all(i in rect for i in geo.units[u] if masks[i] & b) for u in lines):
                        elims = eliminations_in(masks, extra, b)
                        if elims:
                            why = f"{geo.digit_name(a)} is locked into the rectangle's lines"
                            yield _ur_step(grid, "6", rect, pair, elims, why)


def hidden_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """A corner holds only the pair; at the opposite corner, one digit of the pair fits only
    the rectangle in that corner's row and in its column: the opposite corner loses the other."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        for corner in rect:
            if masks[corner] != pair:
                continue
            opposite = next(
                i for i in rect if not set(geo.cell_units[i][:2]) & set(geo.cell_units[corner][:2])
            )
            for a in digits_of(pair):
                b = 1 << (a - 1)
                row, col = geo.cell_units[opposite][:2]
                if all(i in rect for u in (row, col) for i in geo.units[u] if masks[i] & b):
                    elims = eliminations_in(masks, (opposite,), pair & ~b)
                    if elims:
                        yield Step(
                            "Hidden Rectangle",
                            eliminations=elims,
                            cells=rect,
                            digits=tuple(digits_of(pair)),
                            reason=(
                                f"{', '.join(geo.cell_name(i) for i in rect)} would hold only "
                                f"{'/'.join(geo.digit_name(d) for d in digits_of(pair))}; "
                                f"{geo.digit_name(a)} fits only the rectangle in the row and "
                                f"column of {geo.cell_name(opposite)}"
                            ),
                        )
