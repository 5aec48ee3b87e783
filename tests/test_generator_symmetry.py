"""Orbits of cells under each symmetry of a clue layout."""

from __future__ import annotations

import pytest

from sudoku_models.generator.symmetry import SYMMETRIES, orbits

# Each symmetry's maps written out again here, as the whole group rather than its generators.
GROUPS = {
    "none": [],
    "rot180": [lambda r, c, m: (m - r, m - c)],
    "rot90": [
        lambda r, c, m: (c, m - r),
        lambda r, c, m: (m - r, m - c),
        lambda r, c, m: (m - c, r),
    ],
    "mirror": [lambda r, c, m: (r, m - c)],
    "flip": [lambda r, c, m: (m - r, c)],
    "diagonal": [lambda r, c, m: (c, r)],
    "antidiagonal": [lambda r, c, m: (m - c, m - r)],
    "dihedral": [
        lambda r, c, m: (c, m - r),
        lambda r, c, m: (m - r, m - c),
        lambda r, c, m: (m - c, r),
        lambda r, c, m: (r, m - c),
        lambda r, c, m: (m - r, c),
        lambda r, c, m: (c, r),
        lambda r, c, m: (m - c, m - r),
    ],
}


def test_every_symmetry_is_listed():
    assert set(SYMMETRIES) == set(GROUPS)


@pytest.mark.parametrize("n", [4, 6, 9])
@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_orbits_are_the_classes_of_the_group(n, symmetry):
    found = orbits(n, symmetry)
    cells = sorted(i for orbit in found for i in orbit)
    assert cells == list(range(n * n))
    m = n - 1
    for orbit in found:
        r, c = divmod(orbit[0], n)
        images = {orbit[0]} | {a * n + b for a, b in (f(r, c, m) for f in GROUPS[symmetry])}
        assert set(orbit) == images


def test_orbit_counts_on_nine_by_nine():
    # Burnside: the number of orbits is the mean number of cells each group element fixes.
    assert len(orbits(9, "none")) == 81
    assert len(orbits(9, "rot180")) == (81 + 1) // 2
    assert len(orbits(9, "mirror")) == (81 + 9) // 2
    assert len(orbits(9, "rot90")) == (81 + 1 + 1 + 1) // 4
    assert len(orbits(9, "dihedral")) == (81 + 1 + 1 + 1 + 9 + 9 + 9 + 9) // 8


def test_unknown_symmetry():
    with pytest.raises(ValueError, match="known: none, rot180"):
        orbits(9, "spiral")
