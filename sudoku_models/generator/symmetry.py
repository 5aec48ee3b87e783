"""Symmetries of a clue layout, and the orbits of cells they group together.

A symmetric puzzle keeps or removes the cells of an orbit together. Each symmetry is named by the
maps of ``(row, column)`` that generate it, on a grid whose last line is ``m = n - 1``:

- ``rot180`` (central): ``(m - r, m - c)``; ``rot90``: ``(c, m - r)``, which includes ``rot180``;
- ``mirror`` (left-right): ``(r, m - c)``; ``flip`` (top-bottom): ``(m - r, c)``;
- ``diagonal``: ``(c, r)``; ``antidiagonal``: ``(m - c, m - r)``;
- ``dihedral``: all of them (``rot90`` with ``mirror`` generate the rest).

The layout of clues is symmetric; the digits are not.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

Map = Callable[[int, int, int], tuple[int, int]]


def _rot180(r: int, c: int, m: int) -> tuple[int, int]:
    return m - r, m - c


def _rot90(r: int, c: int, m: int) -> tuple[int, int]:
    return c, m - r


def _mirror(r: int, c: int, m: int) -> tuple[int, int]:
    return r, m - c


def _flip(r: int, c: int, m: int) -> tuple[int, int]:
    return m - r, c


def _diagonal(r: int, c: int, m: int) -> tuple[int, int]:
    return c, r


def _antidiagonal(r: int, c: int, m: int) -> tuple[int, int]:
    return m - c, m - r


#: Each symmetry's generating maps.
GENERATORS: dict[str, tuple[Map, ...]] = {
    "none": (),
    "rot180": (_rot180,),
    "rot90": (_rot90,),
    "mirror": (_mirror,),
    "flip": (_flip,),
    "diagonal": (_diagonal,),
    "antidiagonal": (_antidiagonal,),
    "dihedral": (_rot90, _mirror),
}

#: Symmetry names, as ``generate(symmetry=...)`` accepts them.
SYMMETRIES: tuple[str, ...] = tuple(GENERATORS)


def check_symmetry(symmetry: str) -> str:
    """``symmetry`` itself when it is known; ValueError naming the known ones otherwise."""
    if symmetry not in GENERATORS:
        raise ValueError(f"unknown symmetry {symmetry!r}; known: {', '.join(SYMMETRIES)}")
    return symmetry


@functools.cache
def orbits(n: int, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The cells of an ``n x n`` grid grouped into orbits, each sorted, ordered by first cell.

    >>> orbits(4, "rot180")[:3]
    ((0, 15), (1, 14), (2, 13))
    >>> len(orbits(9, "rot180")), len(orbits(9, "dihedral"))
    (41, 15)
    """
    maps = GENERATORS[check_symmetry(symmetry)]
    m = n - 1
    seen: set[int] = set()
    found = []
    for start in range(n * n):
        if start in seen:
            continue
        orbit = {start}
        frontier = [start]
        while frontier:
            r, c = divmod(frontier.pop(), n)
            for move in maps:
                rr, cc = move(r, c, m)
                image = rr * n + cc
                if image not in orbit:
                    orbit.add(image)
                    frontier.append(image)
        seen |= orbit
        found.append(tuple(sorted(orbit)))
    return tuple(found)
