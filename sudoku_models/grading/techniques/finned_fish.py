"""Finned and sashimi fish: X-Wing, Swordfish and Jellyfish with extra candidates (fins).

Take k base lines (rows, say) and k cover columns holding most of a digit's candidates in those
rows; the candidates of the base rows outside the cover columns are the *fins*. When every fin
lies in one box, either a fin holds the digit or the fish is a real fish. Both cases remove the
digit from the cells of the cover columns that are outside the base rows and inside the fins'
box. A fish is *sashimi* when some base row keeps fewer than two candidates once its fins are
left out (it would not be a fish at all without them).

Lines are bit sets of positions (bit ``c`` for column ``c`` of a row), so the search is a few
ANDs per choice of lines: the fins' columns must fit in one box's band, which leaves few
choices of cover lines.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator

from ..candidates import CandidateGrid, Geometry, line_places, memo
from ..step import Step
from .subsets import combos

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


@functools.lru_cache(maxsize=1 << 16)
def _bits(mask: int) -> tuple[int, ...]:
    """The positions of the bits set in ``mask`` (a line's positions), lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


@functools.lru_cache(maxsize=1 << 16)
def _lows(mask: int) -> tuple[int, ...]:
    """The bits set in ``mask``, lowest first."""
    return tuple(1 << p for p in _bits(mask))


def finned_fish(grid: CandidateGrid, k: int, sashimi: bool) -> Iterator[Step]:
    """Finned (or, with ``sashimi``, sashimi) fish of size ``k``, rows as base then columns."""
    name = f"{'Sashimi' if sashimi else 'Finned'} {_NAMES[k]}"
    yield from (step for step in _all_finned(grid, k) if step.technique == name)


def _all_finned(grid: CandidateGrid, k: int) -> list[Step]:
    """Every finned and sashimi fish of size ``k``; the finned and the sashimi technique ask
    in turn on the same position, so the answer is kept."""
    return memo(grid, _SEARCHES[k])


def _search(grid: CandidateGrid, k: int) -> list[Step]:
    out: list[Step] = []
    for d, base_kind, at in line_places(grid):
        out.extend(_digit_search(grid.geo, k, d, base_kind, at))
    return out


@functools.lru_cache(maxsize=1 << 14)
def _digit_search(
    geo: Geometry, k: int, d: int, base_kind: int, at: tuple[int, ...]
) -> tuple[Step, ...]:
    """The fish of digit ``d`` with base lines of kind ``base_kind`` (0: rows, 1: columns),
    where ``at[line]`` is the bit set of positions in base line ``line`` that allow ``d``;
    remembered, since most digits keep their places from one position to the next."""
    board = geo.board
    n = geo.n
    # across: the cover lines' box width; along: the base lines' box height
    across = board.box_cols if base_kind == 0 else board.box_rows
    along = board.box_rows if base_kind == 0 else board.box_cols

    def cell(line: int, pos: int, rows: bool = base_kind == 0) -> int:
        return line * n + pos if rows else pos * n + line

    out = []
    lines = [(line, w) for line, w in enumerate(at) if w]
    for base, union in combos(tuple(lines), k, k + across):
        if union.bit_count() <= k:
            continue
        chosen = [(line, at[line]) for line in base]
        for band in range(n // across):
            band_mask = ((1 << across) - 1) << (band * across)
            outside = union & ~band_mask
            inside = _lows(union & band_mask)
            need = k - outside.bit_count()
            if need < 0 or need >= len(inside):
                continue
            for extra in itertools.combinations(inside, need):
                covers = outside | sum(extra)
                fin_cols = union & ~covers
                fin_band = -1
                for line, w in chosen:
                    if w & fin_cols:
                        if fin_band not in (-1, line // along):
                            break
                        fin_band = line // along
                else:
                    # some cell of the fins' box, outside the base lines, in a cover
                    # line, must hold the digit
                    hit = 0
                    for line in range(fin_band * along, (fin_band + 1) * along):
                        if line not in base:
                            hit |= at[line]
                    if not hit & covers & band_mask:
                        continue
                    body = min((w & covers).bit_count() for _, w in chosen)
                    if body == 0:
                        continue
                    name = f"{'Sashimi' if body < 2 else 'Finned'} {_NAMES[k]}"
                    step = _step(
                        geo,
                        name,
                        d,
                        base_kind,
                        chosen,
                        covers,
                        fin_cols,
                        fin_band,
                        cell,
                        along,
                        at,
                    )
                    if step is not None:
                        out.append(step)
    return tuple(out)


_SEARCHES = {k: functools.partial(_search, k=k) for k in _NAMES}


def _step(geo, name, d, base_kind, chosen, covers, fin_cols, fin_band, cell, along, at):
    n = geo.n
    base = {line for line, _ in chosen}
    box_lines = range(fin_band * along, (fin_band + 1) * along)
    fin_box = geo.cell_units[cell(fin_band * along, _bits(fin_cols)[0])][2]
    targets = [
        cell(line, pos)
        for pos in _bits(covers)
        for line in box_lines
        if line not in base
        and at[line] >> pos & 1
        and geo.cell_units[cell(line, pos)][2] == fin_box
    ]
    if not targets:
        return None
    base_cells = sorted(cell(line, p) for line, where in chosen for p in _bits(where))
    fins = [cell(line, p) for line, where in chosen for p in _bits(where & fin_cols)]
    cover_kind = 1 - base_kind
    base_names = ", ".join(geo.unit_name(base_kind * n + line) for line in sorted(base))
    cover_names = ", ".join(geo.unit_name(cover_kind * n + p) for p in _bits(covers))
    return Step(
        name,
        eliminations=tuple((i, d) for i in sorted(targets)),
        cells=tuple(base_cells),
        digits=(d,),
        reason=(
            f"{geo.digit_name(d)} in {base_names} lies in {cover_names} except the fins "
            f"{', '.join(geo.cell_name(i) for i in fins)} in {geo.unit_name(fin_box)}"
        ),
    )
