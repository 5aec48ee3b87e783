"""Tier 1: full house, naked single, hidden single."""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid
from ..step import Step


def full_house(grid: CandidateGrid) -> Iterator[Step]:
    """The last empty cell of a unit takes the one digit missing there."""
    geo, values, masks = grid.geo, grid.values, grid.masks
    units = geo.units
    for i, m in enumerate(masks):
        if not m or m & (m - 1):
            continue
        for u in geo.cell_units[i]:
            if all(values[j] or j == i for j in units[u]):
                d = m.bit_length()
                yield Step(
                    "Full House",
                    placements=((i, d),),
                    cells=(i,),
                    digits=(d,),
                    reason=f"{geo.cell_name(i)} is the last empty cell of {geo.unit_name(u)}",
                )
                break


def naked_single(grid: CandidateGrid) -> Iterator[Step]:
    """A cell with one candidate left takes it."""
    geo, masks = grid.geo, grid.masks
    for i, m in enumerate(masks):
        if m and not m & (m - 1):
            d = m.bit_length()
            yield Step(
                "Naked Single",
                placements=((i, d),),
                cells=(i,),
                digits=(d,),
                reason=f"{geo.digit_name(d)} is the only candidate left in {geo.cell_name(i)}",
            )


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
            d = low.bit_length()
            i = next(i for i in units[u] if masks[i] & low)
            yield Step(
                "Hidden Single",
                placements=((i, d),),
                cells=(i,),
                digits=(d,),
                reason=f"in {geo.unit_name(u)}, {geo.digit_name(d)} fits only {geo.cell_name(i)}",
            )
