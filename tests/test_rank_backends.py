"""The rank primitive on the cpsat, mip, smt and asp backends and in the MiniZinc export: exact
solution sets of random 4x4 models against brute force, comparisons shared between rules, and
a rank among the 36 lines of an empty 9x9 grid."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_models import testing
from sudoku_models.constraints import Rank, deciding_positions
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.export import write
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.mip_constraints import formulate

SEEDS = range(12)
#: Each backend with the seeds it solves (the MIP engines enumerate by re-solving with a cut
#: per grid found, a second or more per model on these often many-solution models).
RUNS = [
    (backend, seed)
    for backend, seeds in (
        ("cpsat", SEEDS),
        ("cpsat:boolean", SEEDS),
        ("mip", range(6)),
        ("mip:highs", range(3)),
        ("smt", SEEDS),
        ("smt:lia", range(3)),
        ("asp", SEEDS),
    )
    for seed in seeds
]


def _bounds(rng: random.Random, many: int) -> tuple[int, int]:
    low = rng.randint(0, many)
    return low, rng.choice((-1, rng.randint(low, many)))


def _sequence(rng: random.Random, length: int, line: tuple[int, ...]) -> tuple[int, ...]:
    """Random cells (repeats allowed), or the line itself, reversed or with a cell changed, so
    that sequences often share cells."""
    pick = rng.random()
    if pick < 0.15:
        return line[::-1]
    if pick < 0.25:
        return line
    if pick < 0.45:
        changed = list(line)
        changed[rng.randrange(length)] = rng.randrange(16)
        return tuple(changed)
    return tuple(rng.choices(range(16), k=length))


def _rank(rng: random.Random, grid: tuple[int, ...], line: tuple[int, ...] | None = None) -> Rank:
    """A random rank that ``grid`` meets, so the model has a solution."""
    while True:
        length = len(line) if line else rng.randint(1, 4)
        mine = line or tuple(rng.choices(range(16), k=length))
        others = tuple(_sequence(rng, length, mine) for _ in range(rng.randint(1, 5)))
        many = len(others)
        try:
            rule = Rank(mine, others, _bounds(rng, many), _bounds(rng, many), _bounds(rng, many))
        except InvalidPuzzleError:
            continue
        if rule.holds(grid):
            return rule


def _model(seed: int) -> tuple[Model, tuple[int, ...]]:
    """One or two random ranks met by a random grid; a second rank often ranks one of the
    lines the first compares with, against the first's line (a comparison made both ways)."""
    rng = random.Random(seed)
    grid = rng.choice(testing.all_grids_4x4())
    first = _rank(rng, grid)
    rules = [first]
    if rng.random() < 0.6:
        second = _rank(rng, grid, rng.choice(first.others))
        others = list(second.others)
        others[rng.randrange(len(others))] = first.line
        try:
            swapped = Rank(second.line, tuple(others), second.smaller, second.equal, second.larger)
            rules.append(swapped if swapped.holds(grid) else second)
        except InvalidPuzzleError:
            rules.append(second)
    return Model.from_puzzle(Puzzle.empty((2, 2)), constraints=rules), grid


def _brute_force(model: Model) -> list[tuple[int, ...]]:
    return sorted(g for g in testing.all_grids_4x4() if model.is_solution(g))


@pytest.mark.heavy
@pytest.mark.parametrize(("backend", "seed"), RUNS)
def test_random_ranks_on_4x4_have_exactly_the_brute_force_solutions(
    backend: str, seed: int
) -> None:
    solver = get_solver(backend.split(":")[0])
    if not solver.is_available():
        pytest.skip(f"{backend} is not installed")
    model, grid = _model(seed)
    want = _brute_force(model)
    got = sorted(s.cells for s in get_solver(backend).solve(model, limit=0).solutions)
    assert got == want and grid in got


@pytest.mark.parametrize("seed", SEEDS)
def test_random_ranks_exported_to_minizinc_have_the_brute_force_solutions(
    seed: int, tmp_path: Path, minizinc_solutions
) -> None:
    model, grid = _model(seed)
    path = tmp_path / "rank.mzn"
    write(model, path)
    found = minizinc_solutions(path)
    assert found == _brute_force(model) and grid in found


def test_deciding_positions_leave_out_what_earlier_positions_settle() -> None:
    assert deciding_positions((0, 1, 2, 3), (3, 2, 1, 0)) == [(3, 0), (2, 1)]
    assert deciding_positions((0, 1), (0, 1)) == []
    # cells 4 and 5 equal after the first two positions, so the third cannot decide
    assert deciding_positions((4, 6, 5), (6, 5, 4)) == [(6, 4), (5, 6)]


def test_a_comparison_asked_for_both_ways_is_made_once() -> None:
    row, column = (0, 1, 2, 3), (0, 4, 8, 12)
    one = Rank(row, (column,), smaller=(1, 1))
    both = (one, Rank(column, (row,), larger=(1, 1)))
    board = Puzzle.empty((2, 2))
    alone = formulate(Model.from_puzzle(board, constraints=(one,)))
    twice = formulate(Model.from_puzzle(board, constraints=both))
    assert len(twice.aux_vars) == len(alone.aux_vars) == 3 * 3  # three deciding positions
    model = Model.from_puzzle(board, constraints=both)
    assert _brute_force(model) == sorted(
        s.cells for s in get_solver("cpsat").solve(model, limit=0).solutions
    )


def lines_of_nine() -> list[tuple[int, ...]]:
    """The 36 lines of a 9x9 grid: rows and columns, each read both ways."""
    rows = [tuple(9 * r + c for c in range(9)) for r in range(9)]
    columns = [tuple(9 * r + c for r in range(9)) for c in range(9)]
    return [*rows, *columns, *(line[::-1] for line in rows + columns)]


@pytest.mark.parametrize("rank", [0, 17, 35])
def test_a_rank_among_the_36_lines_of_an_empty_9x9_grid_is_met_on_cpsat(rank: int) -> None:
    lines = lines_of_nine()
    rule = Rank(lines[0], tuple(lines[1:]), smaller=(rank, rank), equal=(0, 0), name="top row")
    model = Model.from_puzzle(Puzzle.empty((3, 3)), constraints=(rule,))
    result = get_solver("cpsat").solve(model, limit=1, time_limit=60)
    assert result.solution is not None
    assert rule.holds(result.solution.cells) and rule.tally(result.solution.cells)[0] == rank
