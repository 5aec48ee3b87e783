"""Avoidable rectangles: uniqueness deductions from digits the solver placed, not the givens.

Four cells on two rows, two columns and two boxes holding ``a`` and ``b`` crosswise (a deadly
pattern) could swap the two digits and stay a solution, unless one of them is a given: the
swap keeps every given then, so a puzzle with one solution never ends in such a pattern of
solved cells. The solver's own placements are solved cells (never givens) and are already
known to be right; so the pattern must be avoided in the cells still empty:

- type 1: three corners are solved (``a``, ``b``, ``b`` or ``b``, ``a``, ``a``); the empty
  fourth corner cannot take the digit that completes the pattern;
- type 2: two corners in one box are solved with ``a`` and ``b``; the two empty corners
  opposite them hold the digit completing the pattern plus the same extra digit ``x``; were
  neither x, the pattern would be complete, so one of them is x: every cell seeing both
  loses x.

As in HoDoKu, the empty corners must have just two candidates, and the rectangles are scanned
as HoDoKu scans them: from each solved cell (in cell order) to a solved cell of its box on its
row or column, then to the two cells along the other lines in another box. Valid only when
the givens have one solution (:func:`~sudoku_models.grading.rate` checks that first).

>>> from sudoku_models.grading import rate
>>> r = rate(".....3.......7..2...8..2.7..1........7...4......5....6....1......5.....83.6.....4")
>>> r.count("Avoidable Rectangle Type 1")
1
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid, memo
from ..step import Step

#: A rectangle found: its four corners (the two solved ones first, then the corners opposite
#: them, each on a line with its solved one), the digits ``a`` and ``b`` of the solved ones.
Rectangle = tuple[tuple[int, int, int, int], int, int]


def _rectangles(grid: CandidateGrid) -> list[Rectangle]:
    """Rectangles that could become deadly with the solved cells, in HoDoKu's scan order,
    worked out once for each position (shared by the two types: not to be changed)."""
    by_position = memo(grid, _by_position)
    key = (tuple(grid.values), grid.givens)
    if key not in by_position:
        by_position[key] = list(_scan(grid))
    return by_position[key]


def _by_position(grid: CandidateGrid) -> dict[object, list[Rectangle]]:
    return {}


def _scan(grid: CandidateGrid) -> Iterator[Rectangle]:
    """Two solved cells ``p`` (digit a) and ``q`` (digit b) in one box and on one line; along
    the other lines through them, in another box, ``r`` (with ``p``) and ``s`` (with ``q``),
    which would complete the pattern as b and a: each solved with that digit (not a given) or
    empty with that digit among exactly two candidates, at least one of them empty."""
    board, geo, masks, values, givens = grid.board, grid.geo, grid.masks, grid.values, grid.givens

    def solved(i: int) -> bool:
        return bool(values[i]) and i not in givens

    def fits(i: int, d: int) -> bool:
        if values[i]:
            return values[i] == d and i not in givens
        return masks[i] >> (d - 1) & 1 == 1 and masks[i].bit_count() == 2

    seen: set[frozenset[int]] = set()
    for p in range(len(values)):
        if not solved(p):
            continue
        a = values[p]
        rp, cp = board.row_col(p)
        box = geo.cell_units[p][2]
        for q in geo.units[box]:
            rq, cq = board.row_col(q)
            if q == p or not solved(q) or (rq != rp and cq != cp):
                continue
            b = values[q]
            for k in range(geo.n):
                if rq == rp:
                    r, s = board.cell(k, cp), board.cell(k, cq)
                else:
                    r, s = board.cell(rp, k), board.cell(rq, k)
                if geo.cell_units[r][2] == box or (values[r] and values[s]):
                    continue
                if not (fits(r, b) and fits(s, a)):
                    continue
                key = frozenset((p, q, r, s))
                if key not in seen:
                    seen.add(key)
                    yield (p, q, r, s), a, b


def _ar_step(grid: CandidateGrid, kind: str, rect, a: int, b: int, elims, why: str) -> Step:
    geo = grid.geo
    p, q, r, s = rect
    return Step(
        f"Avoidable Rectangle Type {kind}",
        eliminations=tuple(sorted(elims)),
        cells=tuple(sorted(rect)),
        digits=(min(a, b), max(a, b)),
        reason=(
            f"{geo.cell_name(p)}={geo.digit_name(a)} and {geo.cell_name(q)}="
            f"{geo.digit_name(b)} were solved; {geo.cell_name(r)}={geo.digit_name(b)} with "
            f"{geo.cell_name(s)}={geo.digit_name(a)} would let the four swap (two "
            f"solutions); {why}"
        ),
    )


def avoidable_rectangle_1(grid: CandidateGrid) -> Iterator[Step]:
    """Three corners solved (none a given): the empty fourth corner loses the digit that would
    make the four cells swappable.

    E.g. r1c1=1 and r1c2=2 solved, r5c1=2 solved: r5c2 cannot be 1.
    """
    values = grid.values
    for rect, a, b in _rectangles(grid):
        r, s = rect[2:]
        if values[r]:
            cell, d = s, a
        elif values[s]:
            cell, d = r, b
        else:
            continue
        why = f"{grid.geo.cell_name(cell)} cannot be {grid.geo.digit_name(d)}"
        yield _ar_step(grid, "1", rect, a, b, ((cell, d),), why)


def avoidable_rectangle_2(grid: CandidateGrid) -> Iterator[Step]:
    """Two corners solved (none a given), the two empty ones holding the missing digit plus
    the same extra digit x: one of them is x, so every cell seeing both loses x.

    E.g. r1c1=1 and r1c2=2 solved, r5c1 holding 2/7 and r5c2 holding 1/7: the other cells of
    row 5 and of their box lose 7.
    """
    geo, masks, values = grid.geo, grid.masks, grid.values
    for rect, a, b in _rectangles(grid):
        r, s = rect[2:]
        if values[r] or values[s]:
            continue
        x = masks[r] & ~(1 << (b - 1))
        if not masks[s] & x:
            continue
        seers = geo.common_peers((r, s))
        elims = [(i, x.bit_length()) for i in sorted(seers) if masks[i] & x]
        if elims:
            why = f"{geo.digit_name(x.bit_length())} is in one of the two empty corners"
            yield _ar_step(grid, "2", rect, a, b, elims, why)
