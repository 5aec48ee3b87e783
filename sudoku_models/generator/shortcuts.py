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

import itertools
from collections.abc import Sequence

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
    n, size, givens = model.n, model.size, model.givens
    units = [g.cells for g in model.groups] + [c.cells for c in model.cages]
    units += [c.cells for c in model.constraints]
    units_of: list[list[int]] = [[] for _ in range(size)]
    for u, cells in enumerate(units):
        for i in cells:
            units_of[i].append(u)
    where: list[list[int]] = [[] for _ in range(n + 1)]
    for i, d in enumerate(grid):
        where[d].append(i)
    checks = list(model.cages) + list(model.constraints)
    near_cells = set(near)
    touched_digits = {grid[i] for i in near_cells}
    for x, y in itertools.combinations(range(1, n + 1), 2):
        if near and x not in touched_digits and y not in touched_digits:
            continue
        pair = where[x] + where[y]
        root = {i: i for i in pair}
        first: dict[int, int] = {}
        for i in pair:
            for u in units_of[i]:
                j = first.setdefault(u, i)
                root[_find(root, i)] = _find(root, j)
        parts: dict[int, list[int]] = {}
        for i in pair:
            parts.setdefault(_find(root, i), []).append(i)
        for part in parts.values():
            if any(givens[i] for i in part) or (near and near_cells.isdisjoint(part)):
                continue
            other = list(grid)
            for i in part:
                other[i] = x + y - grid[i]
            touched = set(part)
            if all(c.holds(other) for c in checks if touched.intersection(c.cells)):
                return tuple(other)
    return None


def _find(root: dict[int, int], i: int) -> int:
    """The representative of ``i`` in the union-find forest ``root``, halving the path."""
    while root[i] != i:
        root[i] = root[root[i]]
        i = root[i]
    return i
