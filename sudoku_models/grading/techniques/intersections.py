"""Tier 2: locked candidates, where a box and a line cross.

*Pointing*: inside a box, a digit's candidates all lie on one line, so the rest of that line
loses it. *Claiming* (box/line reduction): inside a line, a digit's candidates all lie in one
box, so the rest of that box loses it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from ...board import Board
from ..candidates import CandidateGrid, digit_cells, geometry, memo, unit_places
from ..step import Step, eliminations_in

Crossing = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


@functools.cache
def crossings(board: Board, from_boxes: bool) -> tuple[Crossing, ...]:
    """(base unit, target unit, cells in both, rest of the base, rest of the target)."""
    geo = geometry(board)
    n = board.n
    out = []
    for u in range(2 * n, 3 * n) if from_boxes else range(2 * n):
        base = set(geo.units[u])
        kinds = (0, 1) if from_boxes else (2,)
        targets = sorted({geo.cell_units[i][k] for i in base for k in kinds})
        for t in targets:
            target = set(geo.units[t])
            out.append(
                (
                    u,
                    t,
                    tuple(sorted(base & target)),
                    tuple(sorted(base - target)),
                    tuple(sorted(target - base)),
                )
            )
    return tuple(out)


@functools.cache
def target_rest_bits(board: Board, from_boxes: bool) -> tuple[int, ...]:
    """For each crossing of :func:`crossings`, the rest of its target unit as a bit set (bit
    ``i`` for cell ``i``): a quick test of whether a confined digit strikes anything."""
    return tuple(sum(1 << i for i in rest) for *_, rest in crossings(board, from_boxes))


@functools.cache
def _confined(board: Board, from_boxes: bool) -> tuple[tuple[int, dict[int, list[int]]], ...]:
    """For each base unit of :func:`crossings`: the unit, and for each set of its positions
    (bit ``k``: its ``k``-th cell) lying inside crossings, the indices of those crossings."""
    units = board.units
    tables: dict[int, dict[int, list[int]]] = {}
    for k, (u, _, inside, _, _) in enumerate(crossings(board, from_boxes)):
        table = tables.setdefault(u, {})
        spots = [units[u].index(i) for i in inside]
        for size in range(1, len(spots) + 1):
            for chosen in itertools.combinations(spots, size):
                table.setdefault(sum(1 << p for p in chosen), []).append(k)
    return tuple(tables.items())


def confined_digits(grid: CandidateGrid, from_boxes: bool) -> list[int]:
    """For each crossing of :func:`crossings`, the digits possible in the base unit only in
    the cells of both units, as a mask (shared by the techniques looking at the same
    position: not to be changed)."""
    return memo(grid, _CONFINED[from_boxes])


def _confined_digits(grid: CandidateGrid, from_boxes: bool) -> list[int]:
    places = unit_places(grid)
    only = [0] * len(crossings(grid.board, from_boxes))
    for u, table in _confined(grid.board, from_boxes):
        for d, ks in enumerate(map(table.get, places[u])):
            if ks:
                for k in ks:
                    only[k] |= 1 << (d - 1)
    return only


_CONFINED = {side: functools.partial(_confined_digits, from_boxes=side) for side in (True, False)}


def _locked(grid: CandidateGrid, from_boxes: bool) -> Iterator[Step]:
    """Unit by unit, digit by digit (HoDoKu's order)."""
    geo, masks = grid.geo, grid.masks
    holders = digit_cells(grid)
    by_base: dict[int, list[tuple[Crossing, int, int]]] = {}
    for crossing, digits, rest_bits in zip(
        crossings(geo.board, from_boxes),
        confined_digits(grid, from_boxes),
        target_rest_bits(geo.board, from_boxes),
        strict=True,
    ):
        by_base.setdefault(crossing[0], []).append((crossing, digits, rest_bits))
    for u, group in by_base.items():
        found = []
        for (_, t, inside, _, target_rest), only, rest_bits in group:
            while only:
                low = only & -only
                only ^= low
                if not holders[low.bit_length()] & rest_bits:  # nothing to strike
                    continue
                elims = eliminations_in(masks, target_rest, low)
                if elims:
                    found.append((low.bit_length(), t, inside, elims))
        for d, t, inside, elims in sorted(found, key=lambda f: f[0]):
            b = 1 << (d - 1)
            yield Step(
                "Pointing" if from_boxes else "Claiming",
                eliminations=elims,
                cells=tuple(i for i in inside if masks[i] & b),
                digits=(d,),
                reason=(
                    f"in {geo.unit_name(u)}, {geo.digit_name(d)} lies only in {geo.unit_name(t)}"
                ),
            )


def pointing(grid: CandidateGrid) -> Iterator[Step]:
    """A digit confined to one line inside a box leaves the rest of that line."""
    yield from _locked(grid, from_boxes=True)


def claiming(grid: CandidateGrid) -> Iterator[Step]:
    """A digit confined to one box inside a line leaves the rest of that box."""
    yield from _locked(grid, from_boxes=False)
