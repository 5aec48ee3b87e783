"""Cheap exact answers to "is ``grid`` the only solution of this model?", asked before an oracle.

Three checks, each exact when it answers and silent (None or False) when it cannot tell:

- :func:`forced`: after one given is removed from a puzzle known to be unique, the puzzle stays
  unique when that cell is a naked single (the givens among its peers rule out every other
  digit) or a hidden single (in one of its full groups, every other open cell sees the digit);
- :func:`settles`: the propagators of the ``backtracking:constraint`` search (cage digit sets,
  innie and outie sums, hidden singles, ...) run to a fixpoint without a guess; they are sound,
  so when they leave one digit in every cell, that grid is the only solution;
- :func:`swap`: a two-digit swap, the classic deadly pattern. Exchange the digits ``x`` and
  ``y`` on a set of cells closed under "shares a group, a cage or a constraint with": every
  all-different group still holds; the new grid is checked against the sums and other
  constraints, and when it keeps them all it is a second solution.

They depend only on the model and the grid, never on a backend, so a generator that asks them
first still makes the same puzzle on every backend.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

from ..constraints import AllDifferent
from ..model import Model
from ..solvers.backtracking.constraint import root_candidates


def forced(
    peers: Sequence[Sequence[int]],
    full_groups: Sequence[Sequence[int]],
    givens: Sequence[int],
    grid: Sequence[int],
    i: int,
) -> bool:
    """Whether the open cell ``i`` must hold ``grid[i]`` by a naked or hidden single on
    ``givens``: ``peers`` are each cell's cells that must differ from it (its all-different
    peers and "differ" relations: ``network_of(model).peers`` of the constraint strategy),
    ``full_groups`` the groups that hold every digit.

    >>> from sudoku_models.puzzle import Puzzle
    >>> from sudoku_models.solvers.backtracking.constraint import network_of
    >>> model = Model.from_puzzle(Puzzle.empty((2, 2)))
    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> peers, units = network_of(model).peers, model.full_groups()
    >>> forced(peers, units, (0,) + grid[1:], grid, 0), forced(peers, units, (0,) * 16, grid, 0)
    (True, False)
    """
    d = grid[i]
    seen = {givens[p] for p in peers[i]}
    if len(seen - {0, d}) == len(full_groups[0]) - 1:
        return True
    for group in full_groups:
        if i in group and all(
            j == i or givens[j] or any(givens[p] == d for p in peers[j]) for j in group
        ):
            return True
    return False


def settles(model: Model) -> bool:
    """Whether propagation alone, with no guess, leaves one digit in every cell of ``model``.

    >>> from sudoku_models.puzzle import Puzzle
    >>> settles(Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3), ((2, 3), 7)]))
    False
    """
    cand = root_candidates(model)
    return cand is not None and settled(cand)


def settled(candidates: Sequence[int]) -> bool:
    """Whether every cell's candidate mask (bit ``d - 1`` for digit ``d``) holds one digit.

    >>> settled([1, 2, 4]), settled([1, 6])
    (True, False)
    """
    return all(not m & (m - 1) for m in candidates)


def swap(model: Model, grid: Sequence[int], near: Sequence[int] = ()) -> tuple[int, ...] | None:
    """A second solution of ``model`` that differs from the solution ``grid`` by exchanging two
    digits on some open cells, or None when no such swap keeps every rule.

    ``near``: the cells of a clue just removed from a puzzle that the grid was the only
    solution of with it; a second solution then changes one of them, so only the swaps that do
    are tried (the answer is the same, found sooner).

    >>> from sudoku_models.puzzle import Puzzle
    >>> grid = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    >>> swap(Model.from_puzzle(Puzzle(Puzzle.empty((2, 2)).board, grid)), grid)
    >>> swap(Model.from_puzzle(Puzzle.empty((2, 2))), grid)[:4]
    (2, 1, 3, 4)
    """
    n = model.n
    given = {i for i, d in enumerate(model.givens) if d}
    checks = list(model.cages) + list(model.constraints)
    group_parts = _group_parts(model.groups, tuple(grid), n)
    ties = _ties([c.cells for c in checks], grid, n)
    near_cells = set(near)
    touched_digits = {grid[i] for i in near_cells}
    for x, y in itertools.combinations(range(1, n + 1), 2):
        if near and x not in touched_digits and y not in touched_digits:
            continue
        for part in _joined_parts(group_parts[x, y], ties.get((x, y), ())):
            if not given.isdisjoint(part) or (near and near_cells.isdisjoint(part)):
                continue
            other = list(grid)
            for i in part:
                other[i] = x + y - grid[i]
            touched = set(part)
            if all(c.holds(other) for c in checks if touched.intersection(c.cells)):
                return tuple(other)
    return None


@functools.lru_cache(maxsize=8)
def _group_parts(
    groups: tuple[AllDifferent, ...], grid: tuple[int, ...], n: int
) -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """For each pair of digits ``x < y``, the cells of ``grid`` holding either, split into the
    parts that the groups alone tie together (two cells in one group are tied), in the order of
    their first cell among those of ``x`` then those of ``y`` (kept per grid: a generator asks
    about one grid with the groups fixed and the cages changing)."""
    where: list[list[int]] = [[] for _ in range(n + 1)]
    for i, d in enumerate(grid):
        where[d].append(i)
    groups_of: dict[int, list[int]] = {}
    for u, group in enumerate(groups):
        for i in group.cells:
            groups_of.setdefault(i, []).append(u)
    out = {}
    for x, y in itertools.combinations(range(1, n + 1), 2):
        pair = where[x] + where[y]
        root = list(range(len(grid)))
        first: dict[int, int] = {}
        for i in pair:
            for u in groups_of.get(i, ()):
                j = first.setdefault(u, i)
                root[_find(root, i)] = _find(root, j)
        parts: dict[int, list[int]] = {}
        for i in pair:
            parts.setdefault(_find(root, i), []).append(i)
        out[x, y] = tuple(map(tuple, parts.values()))
    return out


def _ties(
    units: Sequence[Sequence[int]], grid: Sequence[int], n: int
) -> dict[tuple[int, int], list[list[int]]]:
    """For each pair of digits ``x < y``, the cells holding either in each of ``units`` that has
    two such cells (which a swap of ``x`` and ``y`` must then change together)."""
    ties: dict[tuple[int, int], list[list[int]]] = {}
    for cells in units:
        holding: dict[int, list[int]] = {}
        for i in cells:
            holding.setdefault(grid[i], []).append(i)
        for x, y in itertools.combinations(sorted(holding), 2):
            ties.setdefault((x, y), []).append(holding[x] + holding[y])
        for d, same in holding.items():
            if len(same) > 1:
                for e in range(1, n + 1):
                    if e != d:
                        ties.setdefault((min(d, e), max(d, e)), []).append(same)
    return ties


def _joined_parts(
    parts: Sequence[tuple[int, ...]], ties: Sequence[Sequence[int]]
) -> list[tuple[int, ...]]:
    """``parts`` with those that share a tie joined, each in the place of its first part."""
    if not ties:
        return list(parts)
    part_of = {i: k for k, part in enumerate(parts) for i in part}
    root = list(range(len(parts)))
    for tie in ties:
        a = _find(root, part_of[tie[0]])
        for i in tie[1:]:
            b = _find(root, part_of[i])
            if a != b:
                a, b = min(a, b), max(a, b)
                root[b] = a
    joined: dict[int, list[int]] = {}
    for k, part in enumerate(parts):
        joined.setdefault(_find(root, k), []).extend(part)
    return [tuple(cells) for cells in joined.values()]


def _find(root: list[int], i: int) -> int:
    """The representative of ``i`` in the union-find forest ``root``, halving the path."""
    while root[i] != i:
        root[i] = root[root[i]]
        i = root[i]
    return i
