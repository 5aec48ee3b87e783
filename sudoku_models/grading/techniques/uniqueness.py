"""Uniqueness techniques: deductions that hold because the puzzle has only one solution.

*Unique rectangle*: four empty cells on two rows, two columns and two boxes that all end up
holding the same two digits ``a`` and ``b`` form a *deadly pattern*: the two digits could be
swapped and the puzzle would have two solutions. So something else must happen in them
(the rectangles are scanned as HoDoKu scans them, see ``_deadly_pairs``; a corner "holds only
the pair" when it has no other candidate):

- type 1: three corners hold only the pair; the fourth cannot be a or b, it loses both;
- type 2: one or two corners hold only the pair, the other two (on one row or column) add the
  same one digit x; one of them is x, so every cell seeing both loses x;
- type 3: the two other corners share a unit and add digits; one of them holds one of those, so
  the two act as one cell with just those digits, which can join a naked subset of the unit;
- type 4: two corners hold only the pair; where the other two both see, ``a`` fits nowhere
  else, so one of them is a and neither may be b: both lose b;
- type 5: like type 2 with the corners adding x on a diagonal (or three of them): cells seeing
  all of them lose x;
- type 6: two diagonal corners hold only the pair; in the rectangle's rows and columns ``a``
  fits only the rectangle, so it sits on one diagonal, and the other diagonal would be deadly:
  the two other corners lose a.

*Hidden rectangle*: one corner (or two diagonal ones) holds only ``{a, b}``; in the row and
the column of the opposite corner, ``a`` fits only the rectangle; were the opposite corner b,
the rest would be forced into the deadly pattern, so it loses b.

*BUG+1* (bivalue universal grave): when every empty cell has two candidates except one with
three, and every digit appears twice in every unit, the grid would have no or several
solutions; so the three-candidate cell keeps only the digit that appears three times in its
units (it loses the other two, as HoDoKu counts it; a naked single follows).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from ... import deadline
from ..candidates import CandidateGrid, digits_of, memo
from ..step import Step, eliminations_in


def _allowed(grid: CandidateGrid) -> list[int]:
    """For each empty cell, the digits no placed digit of its units rules out (its candidates,
    plus any a technique struck there)."""
    geo, values = grid.geo, grid.values
    placed = []
    for unit in geo.units:
        m = 0
        for i in unit:
            if values[i]:
                m |= 1 << (values[i] - 1)
        placed.append(m)
    full = (1 << geo.n) - 1
    return [
        0 if values[i] else full & ~(placed[u] | placed[v] | placed[w])
        for i, (u, v, w) in enumerate(geo.cell_units)
    ]


def _deadly_pairs(grid: CandidateGrid) -> list[tuple[tuple[int, int, int, int], int]]:
    """Rectangles that could become deadly, with their pair of digits (see ``_scan``), worked
    out once for each position (shared by the techniques: not to be changed)."""
    by_values = memo(grid, _by_values)
    values = tuple(grid.values)
    if values not in by_values:  # a cell emptied of candidates is not a placed digit
        by_values[values] = list(_scan(grid))
    return by_values[values]


def _by_values(
    grid: CandidateGrid,
) -> dict[tuple[int, ...], list[tuple[tuple[int, int, int, int], int]]]:
    return {}


def _scan(grid: CandidateGrid) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """Rectangles that could become deadly, with their pair of digits as a mask, in HoDoKu's
    scan order.

    A rectangle starts at a two-candidate cell (in cell order) holding the pair; a second
    corner is in its box, on its row or column; the other two corners lie along the lines
    through the first two, in another box. Every corner must be empty and still allow both
    digits (a digit struck there by a technique is allowed: the deadly pattern is about
    solutions, not pencil marks). Each rectangle is looked at once, with the first pair found.
    """
    board, geo, masks = grid.board, grid.geo, grid.masks
    n = geo.n
    allowed = _allowed(grid)
    seen: set[frozenset[int]] = set()
    for first in range(len(masks)):
        pair = masks[first]
        if pair.bit_count() != 2:
            continue
        r0, c0 = board.row_col(first)
        box = geo.cell_units[first][2]
        for second in geo.units[box]:
            if second == first or allowed[second] & pair != pair:
                continue
            r1, c1 = board.row_col(second)
            if r1 != r0 and c1 != c0:
                continue
            for k in range(n):
                if r1 == r0:
                    third, fourth = board.cell(k, c0), board.cell(k, c1)
                else:
                    third, fourth = board.cell(r0, k), board.cell(r1, k)
                if geo.cell_units[third][2] == box:
                    continue
                if allowed[third] & pair != pair or allowed[fourth] & pair != pair:
                    continue
                key = frozenset((first, second, third, fourth))
                if key in seen:
                    continue
                seen.add(key)
                rect = cast(tuple[int, int, int, int], tuple(sorted(key)))
                yield rect, pair


def _split(masks: list[int], rect, pair: int) -> tuple[list[int], list[int]]:
    """The corners holding only digits of the pair, and the corners holding more."""
    two = [i for i in rect if not masks[i] & ~pair]
    return two, [i for i in rect if masks[i] & ~pair]


def _in_line(geo, p: int, q: int) -> bool:
    """Whether cells ``p`` and ``q`` share a row or a column."""
    return bool(set(geo.cell_units[p][:2]) & set(geo.cell_units[q][:2]))


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
    """Three corners hold only the pair: the fourth corner loses both digits."""
    masks = grid.masks
    for rect, pair in _deadly_pairs(grid):
        two, extra = _split(masks, rect, pair)
        if len(two) == 3:
            elims = eliminations_in(masks, extra, pair)
            if elims:
                yield _ur_step(grid, "1", rect, pair, elims, "the fourth corner cannot")


def _one_extra(grid: CandidateGrid, rect, pair: int) -> Iterator[tuple[str, int, tuple]]:
    """Types 2 and 5: one or two corners hold only the pair and the others add the same one
    digit x: one of them is x, so cells seeing all of them lose x."""
    geo, masks = grid.geo, grid.masks
    two, extra = _split(masks, rect, pair)
    if len(two) not in (1, 2):
        return
    x = 0
    for i in extra:
        x |= masks[i] & ~pair
    if x.bit_count() != 1:
        return
    elims = eliminations_in(masks, geo.common_peers(extra).difference(rect), x)
    if elims:
        kind = "2" if len(extra) == 2 and _in_line(geo, *extra) else "5"
        yield kind, x, elims


def unique_rectangle_2(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners on one line add the same one digit x: cells seeing both lose x."""
    for rect, pair in _deadly_pairs(grid):
        for kind, x, elims in _one_extra(grid, rect, pair):
            if kind == "2":
                why = f"{grid.geo.digit_name(x.bit_length())} is in one of the two others"
                yield _ur_step(grid, "2", rect, pair, elims, why)


def unique_rectangle_5(grid: CandidateGrid) -> Iterator[Step]:
    """Two diagonal (or three) corners add the same one digit x: one of them is x, so cells
    seeing all of them lose x."""
    for rect, pair in _deadly_pairs(grid):
        for kind, x, elims in _one_extra(grid, rect, pair):
            if kind == "5":
                why = f"{grid.geo.digit_name(x.bit_length())} is in one of the others"
                yield _ur_step(grid, "5", rect, pair, elims, why)


def _subsets(masks: list[int], pool: list[int], start: int, chosen: list[int], digits: int):
    """Every way to add cells of ``pool`` (from ``start`` on, in order, depth first) to
    ``chosen``: each new set of cells with the union of their digits."""
    deadline.check()
    for k in range(start, len(pool)):
        cells = [*chosen, pool[k]]
        union = digits | masks[pool[k]]
        yield cells, union
        yield from _subsets(masks, pool, k + 1, cells, union)


def unique_rectangle_3(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners sharing a unit hold extra digits: one of them holds one of those, so the
    two act as one cell with just the extra digits. With k more cells of the unit (holding
    neither digit of the pair) they make a naked subset of k + 1 digits in k + 1 cells: the
    rest of the unit loses those digits (and the rest of the box when all lie in one box)."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        two, extra = _split(masks, rect, pair)
        if len(two) != 2:
            continue
        p, q = extra
        digits = (masks[p] | masks[q]) & ~pair
        for kind, u in enumerate(geo.cell_units[p]):
            if u != geo.cell_units[q][kind]:
                continue
            unit = geo.units[u]
            pool = [i for i in unit if masks[i] and not masks[i] & pair and i not in rect]
            for cells, union in _subsets(masks, pool, 0, [p, q], digits):
                rows = {geo.cell_units[i][0] for i in cells}
                cols = {geo.cell_units[i][1] for i in cells}
                if kind == 2 and (len(rows) == 1 or len(cols) == 1):
                    continue  # all on one line: the line's own search has it
                if union.bit_count() != len(cells) - 1:
                    continue
                targets = set(unit)
                boxes = {geo.cell_units[i][2] for i in cells}
                if kind < 2 and len(boxes) == 1:
                    targets.update(geo.units[boxes.pop()])
                elims = eliminations_in(masks, targets.difference(cells), union)
                if elims:
                    names = "/".join(geo.digit_name(d) for d in digits_of(union))
                    why = f"with {', '.join(geo.cell_name(i) for i in cells[2:])} they lock {names}"
                    yield _ur_step(grid, "3", rect, pair, elims, why)


def unique_rectangle_4(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners on one line, where one digit of the pair fits nowhere else among the cells
    seeing both: one of them holds it, so both lose the other digit of the pair."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        two, extra = _split(masks, rect, pair)
        if len(two) != 2 or not _in_line(geo, *extra):
            continue
        seers = geo.common_peers(extra)
        for a in digits_of(pair):
            bit_a = 1 << (a - 1)
            if any(masks[i] & bit_a for i in seers):
                continue
            elims = eliminations_in(masks, extra, pair & ~bit_a)
            if elims:
                why = f"{geo.digit_name(a)} fits only those two where they both see"
                yield _ur_step(grid, "4", rect, pair, elims, why)
            break


def unique_rectangle_6(grid: CandidateGrid) -> Iterator[Step]:
    """Two diagonal corners hold only the pair; a digit of the pair fits, in the rectangle's
    rows and columns, only the rectangle: it sits on one diagonal, and the diagonal of the two
    other corners would be deadly, so they lose it."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        two, extra = _split(masks, rect, pair)
        if len(two) != 2 or _in_line(geo, *extra):
            continue
        lines = {geo.cell_units[i][k] for i in rect for k in (0, 1)}
        for a in digits_of(pair):
            b = 1 << (a - 1)
            if any(masks[i] & b for u in lines for i in geo.units[u] if i not in rect):
                continue
            elims = eliminations_in(masks, extra, b)
            if elims:
                why = f"{geo.digit_name(a)} is locked into the rectangle's lines"
                yield _ur_step(grid, "6", rect, pair, elims, why)
            break


def hidden_rectangle(grid: CandidateGrid) -> Iterator[Step]:
    """One corner (or two diagonal ones) holds only the pair; at the opposite corner, one digit
    of the pair fits only the rectangle in that corner's row and in its column: the opposite
    corner loses the other digit."""
    geo, masks = grid.geo, grid.masks
    for rect, pair in _deadly_pairs(grid):
        two = _split(masks, rect, pair)[0]
        if len(two) not in (1, 2) or (len(two) == 2 and _in_line(geo, *two)):
            continue
        for corner in two:
            opposite = next(i for i in rect if i != corner and not _in_line(geo, i, corner))
            row, col = geo.cell_units[opposite][:2]
            for a in digits_of(pair):
                b = 1 << (a - 1)
                if any(masks[i] & b for u in (row, col) for i in geo.units[u] if i not in rect):
                    continue
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
