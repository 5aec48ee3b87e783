"""Tier 1: full house, naked single, hidden single."""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid
from ..step import Step


def full_house_step(grid: CandidateGrid, i: int, d: int, u: int) -> Step:
    """The step placing ``d`` in ``i``, the last empty cell of unit ``u``."""
    geo = grid.geo
    return Step(
        "Full House",
        placements=((i, d),),
        cells=(i,),
        digits=(d,),
        reason=f"{geo.cell_name(i)} is the last empty cell of {geo.unit_name(u)}",
    )


def naked_single_step(grid: CandidateGrid, i: int, d: int) -> Step:
    """The step placing ``d``, the last candidate of cell ``i``."""
    geo = grid.geo
    return Step(
        "Naked Single",
        placements=((i, d),),
        cells=(i,),
        digits=(d,),
        reason=f"{geo.digit_name(d)} is the only candidate left in {geo.cell_name(i)}",
    )


def hidden_single_step(grid: CandidateGrid, i: int, d: int, u: int) -> Step:
    """The step placing ``d`` in ``i``, its only place in unit ``u``."""
    geo = grid.geo
    return Step(
        "Hidden Single",
        placements=((i, d),),
        cells=(i,),
        digits=(d,),
        reason=f"in {geo.unit_name(u)}, {geo.digit_name(d)} fits only {geo.cell_name(i)}",
    )


def full_house(grid: CandidateGrid) -> Iterator[Step]:
    """The last empty cell of a unit takes the one digit missing there."""
    geo, values, masks = grid.geo, grid.values, grid.masks
    units = geo.units
    for i, m in enumerate(masks):
        if not m or m & (m - 1):
            continue
        for u in geo.cell_units[i]:
            if all(values[j] or j == i for j in units[u]):
                yield full_house_step(grid, i, m.bit_length(), u)
                break


def naked_single(grid: CandidateGrid) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    for i, m in enumerate(grid.masks):
        if m and not m & (m - 1):
            yield naked_single_step(grid, i, m.bit_length())


def hidden_single(grid: CandidateGrid) -> Iterator[Step]:
    """A digit with one possible cell in a unit goes there (boxes first, as players look)."""
    geo, masks = grid.geo, grid.masks
    n = geo.n
    units = geo.units
    for u in [*range(2 * n, 3 * n), *range(2 * n)]:
        once = twice = 0
        for i in units[u]:
            m = masks[i]
            twice |= once & m
            once |= m
        single = once & ~twice
        while single:
            low = single & -single
            single ^= low
            i = next(i for i in units[u] if masks[i] & low)
            yield hidden_single_step(grid, i, low.bit_length(), u)
